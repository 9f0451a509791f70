"""A CSV file the teacher keeps (extensions, timestamps, adjustments), read into rows that know
their file and line.

The first row names the columns, in any order and any case; every column the file needs must be
there, and no other (a misspelt `delta` must not be silently ignored). Rows with nothing in them
are skipped. UTF-8, with or without the byte-order mark spreadsheets write. Every problem is one
line naming the file, the line and the column: `adjustments.csv:4: marks: 'ten' is not a number`.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from harness.errors import BadInput
from harness.text import one_line
from harness.textfile import read_text


class _Reader(Protocol):
    """What of csv.reader is used: its rows, and the last line it read."""

    line_num: int

    def __iter__(self) -> Iterator[list[str]]: ...

    def __next__(self) -> list[str]: ...


@dataclass(frozen=True)
class Row:
    where: str  # "FILE:LINE", the line the row starts on
    values: Mapping[str, str]  # column -> its text, stripped; "" when empty

    def text(self, column: str) -> str:
        return self.values.get(column, "")

    def error(self, column: str, message: str) -> BadInput:
        return BadInput.at(self.where, f"{column}: {message}")

    def number(self, column: str) -> float | None:
        """The column as a number; None when empty."""
        text = self.text(column)
        if not text:
            return None
        try:
            value = float(text)
        except ValueError:
            raise self.error(column, f"{one_line(text)!r} is not a number") from None
        if not math.isfinite(value):
            raise self.error(column, f"{one_line(text)!r} is not a finite number")
        return value


def read_sheet(
    path: Path, required: Collection[str], optional: Collection[str] = ()
) -> tuple[Row, ...]:
    """The file's rows; BadInput naming the file (and line) for anything unreadable."""
    reader: _Reader = csv.reader(io.StringIO(read_text(path, bom=True), newline=""))
    try:
        header = _header(path, next(reader, []), required, optional)
        return tuple(_rows(path, reader, header))
    except csv.Error as err:
        raise BadInput.at(str(path), f"not a CSV file: {err}") from None


def _header(
    path: Path, cells: list[str], required: Collection[str], optional: Collection[str]
) -> tuple[str, ...]:
    header = tuple(cell.strip().lower() for cell in cells)
    where = f"{path}:1"
    for column in filter(None, header):  # a column with no name may only be empty
        if column not in (*required, *optional):
            known = ", ".join([*required, *optional])
            raise BadInput.at(where, f"unknown column {one_line(column)!r} (known: {known})")
        if header.count(column) > 1:
            raise BadInput.at(where, f"the column {column!r} is there twice")
    missing = [column for column in required if column not in header]
    if missing:
        first = ",".join(required)
        raise BadInput.at(where, f"no {missing[0]!r} column: the first line names them ({first})")
    return header


def _rows(path: Path, reader: _Reader, header: tuple[str, ...]) -> Iterator[Row]:
    for cells in reader:
        start = reader.line_num - sum(cell.count("\n") for cell in cells)
        values = [cell.strip() for cell in cells]
        if any(values):
            yield Row(f"{path}:{start}", _named(path, start, header, values))


def _named(path: Path, line: int, header: tuple[str, ...], values: list[str]) -> dict[str, str]:
    """The row's values by column; a value under no column's name is an error (a row shifted
    by a stray comma, say), an empty cell there is not (spreadsheets add them)."""
    padded = values + [""] * (len(header) - len(values))
    names = [*header, *[""] * (len(padded) - len(header))]
    pairs = list(zip(names, padded, strict=True))
    stray = next((n for n, (name, value) in enumerate(pairs) if value and not name), None)
    if stray is not None:
        message = f"a value in column {stray + 1}, which the first line does not name"
        raise BadInput.at(f"{path}:{line}", message)
    return {name: value for name, value in pairs if name}
