"""A course's way of writing a grid (the assignment's `conventions:`), both ways: the trusted
model's grids (rows of ints, 0 for a blank, positions from 0) into the course's representation
for a call's arguments and its expected answers, and a returned value back into the model's,
with why not when it cannot be read.

Plain conventions (rows of ints, 0 for a blank, digits) are the model's own: nothing is
translated, and every message reads as the shipped handouts' always have.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harness.puzzles import sudoku
from harness.records.evidence import Grid
from harness.vocabulary import Conventions

ROW_LETTERS = "ABCDEFGHI"  # the dict representation's rows (Columbia: A1..I9)
LETTERS = "123456789" + string.ascii_uppercase  # values from 1; A = 10


PLAIN_CONVENTIONS = Conventions()


@dataclass(frozen=True)
class Course:
    conventions: Conventions = PLAIN_CONVENTIONS

    @property
    def plain(self) -> bool:
        c = self.conventions
        return c.representation == "rows" and c.values == "digits" and c.blank == 0

    @property
    def base(self) -> int:
        return self.conventions.index_base

    # --- the model's into the course's -------------------------------------------------------

    def value(self, value: int) -> Any:
        """A cell's value (0: blank) as the course writes it."""
        c = self.conventions
        if value == 0:
            return c.blank
        if c.values == "zero-based":
            return value - 1
        if c.values == "letters" or c.representation == "string":
            return LETTERS[value - 1]
        return value

    def grid(self, grid: Grid) -> Any:
        """A fresh grid in the course's representation (never shared between calls)."""
        representation = self.conventions.representation
        if self.plain:
            return sudoku.thaw(grid)
        if representation == "rows":
            return [[self.value(v) for v in row] for row in grid]
        if representation == "flat":
            return [self.value(v) for row in grid for v in row]
        if representation == "string":
            return "".join(str(self.value(v)) for row in grid for v in row)
        return {key: self.value(grid[r][c]) for key, (r, c) in _keys(len(grid))}

    def values(self, values: Sequence[int]) -> list[Any]:
        return [self.value(v) for v in values]

    def index(self, index: int) -> int:
        return index + self.base

    def position(self, row: int, column: int) -> tuple[int, int]:
        return (row + self.base, column + self.base)

    # --- the course's into the model's -------------------------------------------------------

    def read_value(self, value: Any) -> int | None:
        """The model's value (0: blank) of a course's cell, None when it is none of them."""
        c = self.conventions
        blank = str(c.blank) if c.representation == "string" else c.blank
        if value == blank and type(value) is type(blank):
            return 0
        if c.values == "letters" or c.representation == "string":
            return LETTERS.index(value) + 1 if isinstance(value, str) and value in LETTERS else None
        if type(value) is not int:
            return None
        return value + 1 if c.values == "zero-based" else value

    def read_grid(self, value: Any, size: int) -> Grid | str:
        """The model's grid of a returned value, or why it is not a size x size grid here."""
        rows = self._rows(value, size)
        if isinstance(rows, str):
            return rows
        read = [[self.read_value(v) for v in row] for row in rows]
        for r, row in enumerate(read):
            for c, cell in enumerate(row):
                if cell is None or not 0 <= cell <= size:
                    return f"row {r + 1}, column {c + 1} holds {rows[r][c]!r}, no value of the grid"
        return tuple(tuple(v or 0 for v in row) for row in read)

    def _rows(self, value: Any, size: int) -> list[list[Any]] | str:
        representation = self.conventions.representation
        what = f"{size}x{size} grid"
        if representation == "rows":
            ok = isinstance(value, (list, tuple)) and len(value) == size
            if ok and all(isinstance(row, (list, tuple)) and len(row) == size for row in value):
                return [list(row) for row in value]
            return f"returned {_short(value)}, which is not a {what}"
        if representation == "dict":
            keys = dict(_keys(size))
            if not isinstance(value, dict) or set(value) != set(keys):
                return f"returned {_short(value)}, which is not a {what} keyed A1..I9"
            rows: list[list[Any]] = [[None] * size for _ in range(size)]
            for key, (r, c) in keys.items():
                rows[r][c] = value[key]
            return rows
        cells = list(value) if isinstance(value, (str, list, tuple)) else None
        if cells is None or len(cells) != size * size:
            kind = "string" if representation == "string" else "list"
            return f"returned {_short(value)}, which is not a {kind} of {size * size} cells"
        return [cells[r * size : (r + 1) * size] for r in range(size)]

    # --- how a call is shown ---------------------------------------------------------------------

    def shown_position(self, row: int, column: int) -> str:
        r, c = self.position(row, column)
        return f"({r}, {c})"


def _keys(size: int) -> list[tuple[str, tuple[int, int]]]:
    return [(f"{ROW_LETTERS[r]}{c + 1}", (r, c)) for r in range(size) for c in range(size)]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


PLAIN = Course()
