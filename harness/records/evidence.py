"""Evidence of a failed case: the grids involved and the output it printed, for feedback pages.

What happened, not what it is worth: evidence never changes a verdict or a mark. It is kept only
for failed cases whose details are shown (never for hidden cases) and it is small: three grids of
at most 36x36 and the first 2,000 characters of the captured output.

In the JSON report a case carries it as optional keys, present only when there is something:
"grids": {"puzzle": [str], "expected": [str], "received": [str]} (one string per row, values
separated by spaces, 0 for a blank) and "output": str.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from harness.records.outcomes import OUTPUT_CHARS

LARGEST = 36  # the largest grid kept (n x n)
OUTPUT_KEPT = OUTPUT_CHARS  # characters of captured output kept (the capture's own cap)
VALUE_LIMIT = 10**6  # a received value further from 0 than this is not kept as a grid
Cell = tuple[int, int]  # (row, column), 0-indexed
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

    puzzle: Grid
    expected: Grid
    received: Grid

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
class Evidence:
    grids: Grids | None = None
    output: str = ""  # the start of what the call printed (a program's stderr)

    @classmethod
    def from_parts(cls, grids: Grids | None, output: str) -> Evidence | None:
        """The evidence, with the output cut to size; None when there is none."""
        if grids is None and not output:
            return None
        return cls(grids, output[:OUTPUT_KEPT])


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
    return data


def evidence_from_json(case: dict[str, Any]) -> Evidence | None:
    """The evidence `evidence_to_json` wrote into a case; raises KeyError, TypeError or
    ValueError for anything else."""
    output = case.get("output", "")
    if not isinstance(output, str):
        raise TypeError("a case's output must be a string")
    grids = _grids_from_json(case["grids"]) if "grids" in case else None
    return Evidence.from_parts(grids, output)


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
