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
    source, target = shift % n, (shift + 4) % n
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
