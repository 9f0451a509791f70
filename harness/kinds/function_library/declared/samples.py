"""Which of the suites' cases, grids and cells a declared item is asked about.

Grids come from the suites' cases of the assignment's sizes (a case with several solutions only
where any completion is accepted); a puzzle without a solution only where the role defines an
answer for it. Grids built from a case (a unit broken on purpose, a few cells emptied) are named
after what was done to them, and the feedback shows those names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from harness.puzzles import sudoku
from harness.puzzles.sudoku import UnitKind
from harness.puzzles.suites import Case
from harness.records.evidence import Grid

UNIT_KINDS: tuple[UnitKind, ...] = ("row", "column", "box")


@dataclass(frozen=True)
class Named:
    """A grid to call with, what the feedback calls it, and whether its case is hidden."""

    label: str
    grid: Grid
    hidden: bool = False


def pool(cases: Sequence[Case], sizes: Sequence[int], several: bool = False) -> list[Case]:
    """The cases of the given sizes; those with several solutions only when `several`."""
    return [c for c in cases if c.size in sizes and (several or not c.multiple_solutions)]


def solvable(cases: Sequence[Case]) -> list[Case]:
    return [c for c in cases if c.solution is not None]


def first(cases: Sequence[Case], sizes: Sequence[int]) -> Case:
    found = solvable(pool(cases, sizes))
    if not found:
        shown = ", ".join(f"{n}x{n}" for n in sizes)
        raise ValueError(f"the suites hold no {shown} case with a solution")
    return found[0]


def per_size(
    cases: Sequence[Case], sizes: Sequence[int], count: int, with_solution: bool = True
) -> list[Case]:
    """The first `count` cases of each size in turn (with a solution, unless told otherwise),
    so that every size the assignment declares is asked; ValueError when no size has one."""
    found: list[Case] = []
    for n in sizes:
        own = pool(cases, (n,))
        found += (solvable(own) if with_solution else own)[:count]
    if not found:
        first(cases, sizes)  # raises, saying which sizes have no case
    return found


def firsts(cases: Sequence[Case], sizes: Sequence[int]) -> list[Case]:
    """The first case with a solution of each size that has one."""
    return per_size(cases, sizes, 1)


def solved(case: Case) -> Grid:
    if case.solution is None:
        raise ValueError(f"{case.label} has no solution")
    return case.solution


def puzzles_and_solutions(cases: Sequence[Case]) -> Iterator[Named]:
    """Each case's puzzle, then its solution (where it has one)."""
    for case in cases:
        yield Named(f"{case.label} puzzle", case.puzzle, case.hidden)
        if case.solution is not None:
            yield Named(f"{case.label} solution", case.solution, case.hidden)


def emptied(grid: Grid, *cells: tuple[int, int]) -> Grid:
    """`grid` with the given (0-indexed) cells blanked."""
    return tuple(
        tuple(0 if (r, c) in cells else v for c, v in enumerate(row)) for r, row in enumerate(grid)
    )


def edge_grids(case: Case, shown: Callable[[int, int], str]) -> list[Named]:
    """Full and nearly full grids whose first blank a row-major scan must get right: none, the
    very last cell, and two blanks where a column-major scan finds the other one first.
    `shown` writes a (0-indexed) position as the feedback does."""
    full = solved(case)
    n, last = len(full), len(full) - 1
    middle = n // 2
    pairs = (((0, last), (1, 0)), ((1, 0), (0, middle)))
    grids = [
        Named("a solved grid", full),
        Named(f"a grid whose only blank is {shown(last, last)}", emptied(full, (last, last))),
    ]
    for one, two in pairs:
        label = f"a grid with blanks at {shown(*one)} and {shown(*two)}"
        grids.append(Named(label, emptied(full, one, two)))
    return grids


def broken_in(solution: Grid, kind: UnitKind, index: int, at_end: bool) -> tuple[Grid, str]:
    """The solution with exactly one repeat, in one unit and nothing else: the unit's first
    cell (its last, `at_end`) takes the value of the cell at its other end, and every other
    copy of that value among the changed cell's peers is blanked. The two ends of a row or
    column lie in different boxes, and those of a box in different rows and columns, so no
    other unit repeats. Returns the grid and what was done, in words (0-indexed cells)."""
    n = len(solution)
    cells = sudoku.unit_cells(n, kind, index)
    target, source = (cells[-1], cells[0]) if at_end else (cells[0], cells[-1])
    value = solution[source[0]][source[1]]
    peers = set(sudoku.peers(n, *target)) - {source}
    grid = tuple(
        tuple(
            value if (r, c) == target else 0 if (r, c) in peers and v == value else v
            for c, v in enumerate(row)
        )
        for r, row in enumerate(solution)
    )
    return grid, f"{kind} {index}"


def half_blank(solution: Grid, parity: int = 1) -> Grid:
    """The solution with every other cell blank, as a chessboard: each row, column and box
    keeps about half its values, so asking each value of a unit gets as many yes as no."""
    return tuple(
        tuple(0 if (r + c) % 2 == parity else v for c, v in enumerate(row))
        for r, row in enumerate(solution)
    )


def one_blank_per_unit(solution: Grid, kind: UnitKind) -> tuple[Grid, list[tuple[int, int]]]:
    """The solution with one blank in each unit of `kind` (unit u's cell u), and the blanks."""
    n = len(solution)
    blanks = [sudoku.unit_cells(n, kind, u)[u] for u in range(n)]
    return emptied(solution, *blanks), blanks


def broken_only_in(puzzle: Grid, kind: UnitKind) -> Grid:
    """Fill one blank so that exactly one unit of `kind` repeats a value, and nothing else."""
    n = len(puzzle)
    for r, c in sudoku.empty_cells(puzzle):
        for value in range(1, n + 1):
            grid = sudoku.placed(puzzle, r, c, value)
            if {conflict.kind for conflict in sudoku.conflicts(grid)} == {kind}:
                return grid
    raise ValueError(f"no way to break only a {kind} of this puzzle")


def with_repeat(values: tuple[int, ...], shift: int) -> tuple[int, ...]:
    """The same values with one copied over another (which one varies with `shift`)."""
    n = len(values)
    source, target = shift % n, (shift + n // 2) % n
    return tuple(values[source] if k == target else v for k, v in enumerate(values))


def cells(grid: Grid, which: str) -> list[tuple[int, int]]:
    """The (0-indexed) cells asked about: every one, the empty ones, or the filled ones."""
    n = len(grid)
    every = [(r, c) for r in range(n) for c in range(n)]
    if which == "empty":
        return [(r, c) for r, c in every if not grid[r][c]]
    if which == "filled":
        return [(r, c) for r, c in every if grid[r][c]]
    return every
