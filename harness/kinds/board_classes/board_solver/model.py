"""The trusted side's picture of a B351 `Board`: what its attributes must hold for a grid.

The handout's Board keeps `board` as a dict (r, c) -> value (0-indexed, no key for an empty
space), `unsolvedSpaces` as a set of (r, c), and `valsInRows`, `valsInCols`, `valsInBoxes` as
lists of sets, boxes numbered row-major (its `spaceToBox`). A driver's snapshot of the student's
board (see harness/sandbox/child/board_driver.py) is read here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from harness.puzzles import sudoku
from harness.records.evidence import Grid

Space = tuple[int, int]
MISSING = {"missing": True}  # the driver's marker for an attribute the board does not have


@dataclass(frozen=True)
class BoardState:
    board: dict[Space, int]
    valsInRows: list[set[int]]
    valsInCols: list[set[int]]
    valsInBoxes: list[set[int]]
    unsolvedSpaces: set[Space]

    @classmethod
    def of(cls, grid: Grid) -> BoardState:
        n = len(grid)
        filled = {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row) if v}
        return cls(
            board=filled,
            valsInRows=[{v for (r, _), v in filled.items() if r == i} for i in range(n)],
            valsInCols=[{v for (_, c), v in filled.items() if c == i} for i in range(n)],
            valsInBoxes=[
                {v for (r, c), v in filled.items() if sudoku.box_of(n, r, c) == i} for i in range(n)
            ],
            unsolvedSpaces={(r, c) for r in range(n) for c in range(n) if not grid[r][c]},
        )


def as_dict(grid: Grid) -> dict[Space, int]:
    return BoardState.of(grid).board


def domain(grid: Grid, space: Space) -> list[int]:
    return sudoku.candidates(grid, *space)


def most_constrained(grid: Grid) -> tuple[int, set[Space]]:
    """The smallest domain size among the empty spaces, and the spaces that have it."""
    sizes = {(r, c): len(domain(grid, (r, c))) for r, c in sudoku.empty_cells(grid)}
    if not sizes:
        return 0, set()
    fewest = min(sizes.values())
    return fewest, {space for space, size in sizes.items() if size == fewest}


def csv_text(grid: Grid) -> str:
    """The course's CSV: one row per line, empty field for a blank, no final newline."""
    return "\n".join(",".join(str(v) if v else "" for v in row) for row in grid)


class Missing(Exception):
    """The student's board lacks an attribute the handout's Board has; the message says so."""


@dataclass(frozen=True)
class Seen:
    """One snapshot of the student's board, as the driver reported it."""

    state: Mapping[str, Any]
    attrs: tuple[str, ...]

    @classmethod
    def from_report(cls, data: Any) -> Seen | None:
        if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
            return None
        attrs = data.get("attrs")
        names = tuple(a for a in attrs if isinstance(a, str)) if isinstance(attrs, list) else ()
        return cls(data["state"], names)

    def get(self, name: str) -> Any:
        value = self.state.get(name, MISSING)
        if value == MISSING:
            others = ", ".join(a for a in self.attrs if a not in self.state) or "none"
            raise Missing(f"the board has no attribute {name} (its other attributes: {others})")
        return value

    def space(self, name: str, n: int, index: int) -> Any:
        """Element `index` of a list attribute (valsInRows[3]); Missing when it is not there."""
        values = self.get(name)
        if not isinstance(values, list) or len(values) != n:
            raise Missing(f"{name} is not a list of {n} sets")
        return values[index]


def unit_difference(seen: Seen, want: BoardState, n: int) -> str:
    """Why the student's row/column/box sets are not the expected ones; empty when they are."""
    for name in ("valsInRows", "valsInCols", "valsInBoxes"):
        expected = getattr(want, name)
        for index in range(n):
            got = seen.space(name, n, index)
            if not isinstance(got, (set, frozenset)) or set(got) != expected[index]:
                return f"{name}[{index}] is {show_set(got)}, expected {show_set(expected[index])}"
    return ""


def show_set(value: Any) -> str:
    if isinstance(value, (set, frozenset)):
        try:
            return "{" + ", ".join(map(str, sorted(value))) + "}" if value else "set()"
        except TypeError:
            pass
    return repr(value)[:80]


def board_difference(got: Any, want: Mapping[Space, int]) -> str:
    """The first space where the student's board dict differs from `want`; empty when equal."""
    if not isinstance(got, dict):
        return f"board is {repr(got)[:60]}, not a dict"
    for space in sorted(set(got) | set(want), key=repr):
        if space not in want:
            return f"board has {space} = {got[space]!r}, which should not be there"
        if space not in got:
            return f"board has no value at {space}, expected {want[space]}"
        if type(got[space]) is not int or got[space] != want[space]:
            return f"board[{space}] is {got[space]!r}, expected {want[space]}"
    return ""
