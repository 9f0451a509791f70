"""What happened when a notebook ran: its cells, in order, with what each printed and raised.

Read from the notebook runner's reply (harness/sandbox/child/notebook_runner.py), which comes out of
the sandbox: it is parsed as JSON and checked field by field, never trusted further.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

CellKind = Literal["code", "markdown", "raw"]
KINDS: dict[str, CellKind] = {"code": "code", "markdown": "markdown", "raw": "raw"}


@dataclass(frozen=True)
class CellError:
    name: str  # the exception's type, e.g. NameError
    message: str
    line: str = ""  # the line in the cell, when the traceback says


@dataclass(frozen=True)
class CellRun:
    number: int  # position in the notebook, from 1
    kind: CellKind
    source: str
    ran: bool = False  # code cells only: markdown is never run
    seconds: float = 0.0  # wall-clock
    timed_out: bool = False  # interrupted at the per-cell limit
    flooded: bool = False  # printed more than the runner keeps (the rest was dropped)
    stdout: str = ""  # printed text and shown results, capped
    error: CellError | None = None


@dataclass(frozen=True)
class NotebookRun:
    file: str  # the notebook's name in the submission
    cells: tuple[CellRun, ...]
    stopped: str = ""  # why the later cells did not run ("": every code cell ran)

    @property
    def code(self) -> tuple[CellRun, ...]:
        return tuple(cell for cell in self.cells if cell.kind == "code")

    @property
    def markdown(self) -> tuple[CellRun, ...]:
        return tuple(cell for cell in self.cells if cell.kind == "markdown")

    @property
    def printed(self) -> str:
        return "".join(cell.stdout for cell in self.code)


class ReplyError(ValueError):
    """The runner's reply is not what the runner writes."""


def parse_cells(file: str, data: Any) -> NotebookRun:
    """A successful reply ({"ok": true, "cells": [...], "died": str}) as a NotebookRun."""
    cells = _field(data, "cells", list)
    return NotebookRun(
        file,
        tuple(_cell(number, cell) for number, cell in enumerate(cells, start=1)),
        _field(data, "died", str),
    )


def read_reply(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ReplyError(f"not JSON ({err})") from None
    if not isinstance(data, dict):
        raise ReplyError("not a JSON object")
    return data


def _cell(number: int, data: Any) -> CellRun:
    name = _field(data, "type", str)
    if name not in KINDS:
        raise ReplyError(f"cell {number}: unknown cell type {name!r}")
    kind = KINDS[name]
    if not _field(data, "ran", bool):
        return CellRun(number, kind, _field(data, "source", str))
    seconds = _field(data, "seconds", (int, float))
    return CellRun(
        number,
        kind,
        _field(data, "source", str),
        True,
        float(seconds),
        _field(data, "timed_out", bool),
        _field(data, "flooded", bool),
        _field(data, "stdout", str),
        _error(data.get("error")),
    )


def _error(data: Any) -> CellError | None:
    if data is None:
        return None
    return CellError(
        _field(data, "ename", str), _field(data, "evalue", str), _field(data, "line", str)
    )


def _field(data: Any, name: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get(name), kind):
        raise ReplyError(f"field {name!r} is missing or of the wrong type")
    return data[name]
