"""Evidence of a failed case: the grids involved, the output it printed, and for a program judged
on what it printed, that text beside the expected one, for feedback pages.

What happened, not what it is worth: evidence never changes a verdict or a mark. It is kept only
for failed cases whose details are shown (never for hidden cases) and it is small: three grids of
at most 36x36, the first 2,000 characters of the captured output and the first 6,000 of a
program's printed answer (a 36x36 grid in decimal is under 4,000).

In the JSON report a case carries it as optional keys, present only when there is something:
"grids": {"puzzle": [str], "expected": [str], "received": [str]} (one string per row, values
separated by spaces, 0 for a blank), "output": str, and "printed": {"expected": [str],
"received": [str], "expected_at": [line, start, end] | null, "received_at": ..., "cut": bool} (one
string per line; the first difference's place on each side, 0-indexed, end exclusive).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from harness.records.outcomes import OUTPUT_CHARS

LARGEST = 36  # the largest grid kept (n x n)
OUTPUT_KEPT = OUTPUT_CHARS  # characters of captured output kept (the capture's own cap)
PRINTED_KEPT = 6000  # characters of a program's printed answer kept
VALUE_LIMIT = 10**6  # a received value further from 0 than this is not kept as a grid
Cell = tuple[int, int]  # (row, column), 0-indexed
Span = tuple[int, int, int]  # (line, first column, column after it), 0-indexed
_GRID_KEYS = ("puzzle", "expected", "received")

Grid = tuple[tuple[int, ...], ...]  # row by row; 0 is a blank


def as_grid(value: Any, n: int) -> Grid | None:
    """`value` as an n x n grid of ints (lists or tuples), else None. Only 1 <= n <= 36."""
    if not 1 <= n <= LARGEST or not isinstance(value, (list, tuple)) or len(value) != n:
        return None
    if not all(isinstance(row, (list, tuple)) and len(row) == n for row in value):
        return None
    if not all(type(v) is int and abs(v) < VALUE_LIMIT for row in value for v in row):
        return None
    return tuple(tuple(row) for row in value)


def box_side(n: int) -> int | None:
    """The side of a box of an n x n grid (3 for 9x9), None when n is not a square."""
    k = math.isqrt(n)
    return k if k > 1 and k * k == n else None


@dataclass(frozen=True)
class Grids:
    """The puzzle the case was about, the answer it should have got and the one it got."""

    puzzle: Grid  # the case's puzzle (in JSON a string per row, values spaced, 0 a blank)
    expected: Grid  # the answer it should have got (the same)
    received: Grid  # the answer it got (the same)

    @property
    def size(self) -> int:
        return len(self.expected)

    @property
    def differing(self) -> tuple[Cell, ...]:
        """The cells where the received grid differs from the expected one, row by row."""
        return tuple(
            (r, c)
            for r, (want, got) in enumerate(zip(self.expected, self.received, strict=True))
            for c, (w, g) in enumerate(zip(want, got, strict=True))
            if w != g
        )

    @classmethod
    def from_values(cls, puzzle: Any, expected: Any, received: Any) -> Grids | None:
        """The three grids, when all three are grids of the same size and the received one
        differs from the expected one (otherwise they explain nothing); else None."""
        n = len(expected) if isinstance(expected, (list, tuple)) else 0
        grids = [as_grid(value, n) for value in (puzzle, expected, received)]
        if grids[0] is None or grids[1] is None or grids[2] is None or grids[1] == grids[2]:
            return None
        return cls(grids[0], grids[1], grids[2])


@dataclass(frozen=True)
class Printed:
    """What a program printed beside what it should have printed, line by line, with the first
    difference's place on each side (None: nothing there to mark, e.g. a line the output lacks).
    """

    expected: tuple[str, ...]  # the lines it should have printed
    received: tuple[str, ...]  # the lines it printed (their first PRINTED_KEPT characters)
    # The first difference's place on each side: [line, start, end], 0-indexed, end exclusive;
    # None: nothing there to mark (a line the output lacks).
    expected_at: Span | None = None
    received_at: Span | None = None  # the same, in what it printed
    cut: bool = False  # the received text was longer than PRINTED_KEPT characters

    @classmethod
    def from_texts(
        cls, expected: str, received: str, expected_at: Span | None, received_at: Span | None
    ) -> Printed:
        """The two texts as lines (CRLF as LF, the received one cut to size); a place beyond
        what is kept is dropped."""
        kept = lines_of(received[:PRINTED_KEPT])
        inside = received_at is not None and _within(received_at, kept)
        cut = len(received) > PRINTED_KEPT
        return cls(lines_of(expected), kept, expected_at, received_at if inside else None, cut)


def lines_of(text: str) -> tuple[str, ...]:
    """The text's lines, CRLF read as LF, without the empty string after a final newline."""
    lines = text.replace("\r\n", "\n").split("\n")
    return tuple(lines[:-1] if lines and not lines[-1] else lines)


def _within(span: Span, lines: tuple[str, ...]) -> bool:
    line, start, end = span
    return 0 <= line < len(lines) and 0 <= start <= end <= len(lines[line])


@dataclass(frozen=True)
class Evidence:
    grids: Grids | None = None  # the puzzle, the expected and the received answer
    output: str = ""  # the start of what the call printed (a program's stderr)
    printed: Printed | None = None  # a program's answer (its stdout) beside the expected one

    @classmethod
    def from_parts(
        cls, grids: Grids | None, output: str, printed: Printed | None = None
    ) -> Evidence | None:
        """The evidence, with the output cut to size; None when there is none."""
        if grids is None and not output and printed is None:
            return None
        return cls(grids, output[:OUTPUT_KEPT], printed)


def evidence_to_json(evidence: Evidence | None) -> dict[str, Any]:
    """The keys a case's JSON gets for its evidence: none when there is no evidence."""
    if evidence is None:
        return {}
    data: dict[str, Any] = {}
    if evidence.grids is not None:
        grids = evidence.grids
        data["grids"] = {
            "puzzle": _rows(grids.puzzle),
            "expected": _rows(grids.expected),
            "received": _rows(grids.received),
        }
    if evidence.output:
        data["output"] = evidence.output
    if evidence.printed is not None:
        data["printed"] = _printed_to_json(evidence.printed)
    return data


def _printed_to_json(printed: Printed) -> dict[str, Any]:
    return {
        "expected": list(printed.expected),
        "received": list(printed.received),
        "expected_at": None if printed.expected_at is None else list(printed.expected_at),
        "received_at": None if printed.received_at is None else list(printed.received_at),
        "cut": printed.cut,
    }


def evidence_from_json(case: dict[str, Any]) -> Evidence | None:
    """The evidence `evidence_to_json` wrote into a case; raises KeyError, TypeError or
    ValueError for anything else."""
    output = case.get("output", "")
    if not isinstance(output, str):
        raise TypeError("a case's output must be a string")
    grids = _grids_from_json(case["grids"]) if "grids" in case else None
    printed = _printed_from_json(case["printed"]) if "printed" in case else None
    return Evidence.from_parts(grids, output, printed)


def _rows(grid: Grid) -> list[str]:
    return [" ".join(str(v) for v in row) for row in grid]


def _grids_from_json(data: dict[str, Any]) -> Grids:
    puzzle, expected, received = (_grid_from_rows(data[key]) for key in _GRID_KEYS)
    grids = Grids.from_values(puzzle, expected, received)
    if grids is None:
        raise ValueError("a case's grids must be three different-answer grids of one size")
    return grids


def _grid_from_rows(rows: list[str]) -> Grid:
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise TypeError("a grid must be a list of row strings")
    return tuple(tuple(int(v) for v in row.split()) for row in rows)


def _printed_from_json(data: dict[str, Any]) -> Printed:
    expected, received = (_strings(data[key]) for key in ("expected", "received"))
    expected_at, received_at = (_span(data[key]) for key in ("expected_at", "received_at"))
    cut = data.get("cut", False)
    if not isinstance(cut, bool):
        raise TypeError("printed.cut must be true or false")
    return Printed(expected, received, expected_at, received_at, cut)


def _strings(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(line, str) for line in value):
        raise TypeError("printed text must be a list of line strings")
    return tuple(value)


def _span(value: Any) -> Span | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 3 or not all(type(v) is int for v in value):
        raise TypeError("a place in printed text must be [line, start, end]")
    return value[0], value[1], value[2]
