"""The trusted Sudoku model: geometry, validity and candidates (the solver is `solver.py`).

Everything here is 0-indexed and works for any size n = k * k. The supervising process uses it to
check suites and to compute expected answers; it never comes near student code. Assignments that
count from 1 translate at their own edge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from harness.records.evidence import Grid

UnitKind = Literal["row", "column", "box"]


def box_side(n: int) -> int:
    """k for an n = k * k grid; ValueError when n is not a positive square."""
    k = math.isqrt(n)
    if n < 1 or k * k != n:
        raise ValueError(f"size {n} is not a square number (4, 9, 16, 25, 36, ...)")
    return k


def box_of(n: int, row: int, col: int) -> int:
    k = box_side(n)
    return (row // k) * k + col // k


def box_cells(n: int, box: int) -> list[tuple[int, int]]:
    """The cells of a box, row-major inside the box."""
    k = box_side(n)
    top, left = (box // k) * k, (box % k) * k
    return [(top + i, left + j) for i in range(k) for j in range(k)]


def unit_cells(n: int, kind: UnitKind, index: int) -> list[tuple[int, int]]:
    if kind == "row":
        return [(index, c) for c in range(n)]
    if kind == "column":
        return [(r, index) for r in range(n)]
    return box_cells(n, index)


def peers(n: int, row: int, col: int) -> list[tuple[int, int]]:
    """The other cells of the cell's row, column and box, each once, in row-major order."""
    box = set(box_cells(n, box_of(n, row, col)))
    return [
        (r, c)
        for r in range(n)
        for c in range(n)
        if (r, c) != (row, col) and (r == row or c == col or (r, c) in box)
    ]


def unit_values(grid: Sequence[Sequence[int]], kind: UnitKind, index: int) -> list[int]:
    return [grid[r][c] for r, c in unit_cells(len(grid), kind, index)]


def has_repeat(values: Sequence[int]) -> bool:
    """True when a non-zero value occurs twice."""
    filled = [v for v in values if v != 0]
    return len(filled) != len(set(filled))


@dataclass(frozen=True)
class Conflict:
    kind: UnitKind
    index: int


def conflicts(grid: Sequence[Sequence[int]]) -> list[Conflict]:
    """Every row, column and box holding a repeated non-zero value."""
    n = len(grid)
    kinds: tuple[UnitKind, ...] = ("row", "column", "box")
    return [
        Conflict(kind, i)
        for kind in kinds
        for i in range(n)
        if has_repeat(unit_values(grid, kind, i))
    ]


def is_valid(grid: Sequence[Sequence[int]]) -> bool:
    return not conflicts(grid)


def candidates(grid: Sequence[Sequence[int]], row: int, col: int) -> list[int]:
    """Values that can go in (row, col) without repeating in its row, column or box, ascending."""
    n = len(grid)
    seen = {grid[row][c] for c in range(n)} | {grid[r][col] for r in range(n)}
    seen |= {grid[r][c] for r, c in box_cells(n, box_of(n, row, col))}
    return [v for v in range(1, n + 1) if v not in seen]


def placed(grid: Grid, row: int, col: int, value: int) -> Grid:
    """`grid` with `value` in (row, col) (0 blanks it)."""
    return tuple(
        tuple(value if (r, c) == (row, col) else v for c, v in enumerate(cells))
        for r, cells in enumerate(grid)
    )


def empty_cells(grid: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """Empty cells in row-major order."""
    return [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == 0]


def freeze(grid: Sequence[Sequence[int]]) -> Grid:
    return tuple(tuple(row) for row in grid)


def thaw(grid: Grid) -> list[list[int]]:
    return [list(row) for row in grid]


def keeps_givens(puzzle: Sequence[Sequence[int]], solution: Sequence[Sequence[int]]) -> bool:
    return all(
        given in (0, solved)
        for p_row, s_row in zip(puzzle, solution, strict=True)
        for given, solved in zip(p_row, s_row, strict=True)
    )


def is_solution_of(puzzle: Sequence[Sequence[int]], grid: Sequence[Sequence[int]]) -> bool:
    """A complete, valid grid of the puzzle's size that keeps every given."""
    n = len(puzzle)
    shaped = len(grid) == n and all(len(row) == n for row in grid)
    complete = shaped and all(1 <= v <= n for row in grid for v in row)
    return complete and is_valid(grid) and keeps_givens(puzzle, grid)
