"""The trusted model of a constraint search's domains: what forward checking, the degree, MRV and
LCV heuristics, arc consistency, naked and hidden singles and a backtracking search over domains
answer on a board whose cells each hold a value (0: unassigned) and a domain.

Pure functions over frozen data, 0-indexed, any size n = k x k; the supervising process computes
every constraint-search role's expected answer with them (harness/kinds/function_library/declared/
constraint.py), from the puzzle, never from a state a student's process reports.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from harness.puzzles import solver, sudoku
from harness.records.evidence import Grid

Domain = frozenset[int]
Domains = tuple[tuple[Domain, ...], ...]  # row by row
Cell = tuple[int, int]
UNITS: tuple[sudoku.UnitKind, ...] = ("row", "column", "box")


@dataclass(frozen=True)
class State:
    """A board in the middle of a search: each cell's value (0: unassigned) and domain."""

    values: Grid
    domains: Domains

    @property
    def size(self) -> int:
        return len(self.values)

    def domain(self, cell: Cell) -> Domain:
        return self.domains[cell[0]][cell[1]]

    def unassigned(self) -> list[Cell]:
        """The cells with value 0, row-major."""
        return sudoku.empty_cells(self.values)


def constructed(grid: Sequence[Sequence[int]]) -> State:
    """A board as a handout's constructor makes it: a given's domain is {value}, a blank's every
    value (no pruning)."""
    n = len(grid)
    full = frozenset(range(1, n + 1))
    domains = tuple(tuple(frozenset({v}) if v else full for v in row) for row in grid)
    return State(sudoku.freeze(grid), domains)


def pruned(grid: Sequence[Sequence[int]]) -> State:
    """A board whose blanks' domains are their candidates (the givens forward-checked once)."""
    n = len(grid)
    domains = tuple(
        tuple(
            frozenset({grid[r][c]}) if grid[r][c] else frozenset(sudoku.candidates(grid, r, c))
            for c in range(n)
        )
        for r in range(n)
    )
    return State(sudoku.freeze(grid), domains)


def with_domains(state: State, changes: dict[Cell, Domain]) -> State:
    """`state` with some cells' domains replaced."""
    n = state.size
    domains = tuple(
        tuple(changes.get((r, c), state.domains[r][c]) for c in range(n)) for r in range(n)
    )
    return State(state.values, domains)


def assigned(state: State, cell: Cell, value: int) -> State:
    """The board after the handout's assign(row, col, value): the value set, the domain
    {value}; nothing else changes."""
    values = sudoku.placed(state.values, cell[0], cell[1], value)
    return State(values, with_domains(state, {cell: frozenset({value})}).domains)


def unassigned_peers(state: State, cell: Cell) -> list[Cell]:
    """The peers of `cell` (row, column and box, each once) whose value is 0."""
    return [p for p in _peers(state.size, cell) if not state.values[p[0]][p[1]]]


@functools.cache
def _peers(n: int, cell: Cell) -> tuple[Cell, ...]:
    return tuple(sudoku.peers(n, *cell))


# --- forward checking and the heuristics ---------------------------------------------------------


def forward_checked(state: State, cell: Cell, value: int) -> tuple[State, bool]:
    """Forward checking `value` at `cell` (remove mode): the value removed from every unassigned
    peer's domain (the cell itself left as it was), and False when one of them is left empty."""
    changes = {p: state.domain(p) - {value} for p in unassigned_peers(state, cell)}
    return with_domains(state, changes), all(changes.values())


def losing(state: State, cell: Cell, value: int) -> int:
    """Count mode: how many unassigned peers hold `value` in their domain."""
    return sum(value in state.domain(p) for p in unassigned_peers(state, cell))


def degree(state: State, cell: Cell) -> int:
    """The degree heuristic: how many unassigned peers the cell has."""
    return len(unassigned_peers(state, cell))


def fewest_remaining(state: State) -> list[Cell]:
    """MRV: the unassigned cells with the fewest values in their domain (every tied one); empty
    when every cell is assigned."""
    cells = state.unassigned()
    if not cells:
        return []
    least = min(len(state.domain(c)) for c in cells)
    return [c for c in cells if len(state.domain(c)) == least]


def constraining(state: State, cell: Cell) -> dict[int, int]:
    """LCV: for each value of the cell's domain, how many unassigned peers hold it (the values it
    would remove); the domain ordered fewest first is right, ties in any order."""
    return {v: losing(state, cell, v) for v in sorted(state.domain(cell))}


def least_constraining_first(state: State, cell: Cell, order: Sequence[int]) -> bool:
    """Whether `order` is the cell's domain ordered by the values it removes, fewest first."""
    counts = constraining(state, cell)
    if sorted(order) != sorted(counts) or len(set(order)) != len(order):
        return False
    removed = [counts[v] for v in order]
    return all(a <= b for a, b in itertools.pairwise(removed))


# --- propagation ---------------------------------------------------------------------------------


def arc_consistent(state: State) -> State | None:
    """AC-3 over the all-different constraints of every unit: a value stays in a cell's domain
    only while every peer's domain holds another value. The closure is unique; None when a
    domain empties. (For these constraints it is what naked singles propagate.)"""
    domains = _mutable(state)
    n = state.size
    queue = [(r, c) for r in range(n) for c in range(n) if len(domains[r][c]) == 1]
    while queue:
        r, c = queue.pop()
        if not domains[r][c]:
            return None
        if len(domains[r][c]) != 1:
            continue
        [value] = domains[r][c]
        for pr, pc in _peers(n, (r, c)):
            if value in domains[pr][pc]:
                domains[pr][pc] = domains[pr][pc] - {value}
                if len(domains[pr][pc]) <= 1:
                    if not domains[pr][pc]:
                        return None
                    queue.append((pr, pc))
    return _frozen(state, domains)


def singles(state: State, hidden: bool = True) -> State | None:
    """Naked singles to their fixed point, and with `hidden` hidden singles too (a value only one
    cell of a unit can take is that cell's); None when a domain empties, or a unit loses a value
    every cell of it may no longer take."""
    current: State | None = state
    while current is not None:
        current = arc_consistent(current)
        if current is None or not hidden:
            return current
        changes = _hidden_singles(current)
        if changes is None:
            return None
        if not changes:
            return current
        current = with_domains(current, changes)
    return None


def _hidden_singles(state: State) -> dict[Cell, Domain] | None:
    n, changes = state.size, dict[Cell, Domain]()
    for kind in UNITS:
        for index in range(n):
            cells = sudoku.unit_cells(n, kind, index)
            for value in range(1, n + 1):
                holders = [c for c in cells if value in changes.get(c, state.domain(c))]
                if not holders:
                    return None
                cell = holders[0]
                if len(holders) == 1 and len(changes.get(cell, state.domain(cell))) > 1:
                    changes[cell] = frozenset({value})
    return changes


def _mutable(state: State) -> list[list[Domain]]:
    return [list(row) for row in state.domains]


def _frozen(state: State, domains: list[list[Domain]]) -> State:
    return State(state.values, tuple(tuple(row) for row in domains))


# --- search --------------------------------------------------------------------------------------


def solution(state: State) -> Grid | None:
    """A completion of the board's values within its domains, or None when there is none (found
    by the trusted solver, each cell restricted to its domain)."""
    reduced = arc_consistent(state)
    if reduced is None:
        return None
    grid = [[next(iter(d)) if len(d) == 1 else 0 for d in row] for row in reduced.domains]
    if not sudoku.is_valid(grid):
        return None
    return _within(reduced, grid)


def _within(state: State, grid: list[list[int]]) -> Grid | None:
    """The solver's completion when it keeps to the domains; otherwise a search of our own."""
    found = solver.solve(grid)
    if found is None:
        return None
    if all(found[r][c] in state.domains[r][c] for r, c in _cells(state.size)):
        return found
    return _search(state)


def _search(state: State) -> Grid | None:
    reduced = arc_consistent(state)
    if reduced is None:
        return None
    open_cells = [c for c in _cells(state.size) if len(reduced.domain(c)) > 1]
    if not open_cells:
        grid = tuple(tuple(next(iter(d)) for d in row) for row in reduced.domains)
        return grid if sudoku.is_valid(grid) else None
    cell = min(open_cells, key=lambda c: len(reduced.domain(c)))
    for value in sorted(reduced.domain(cell)):
        found = _search(with_domains(reduced, {cell: frozenset({value})}))
        if found is not None:
            return found
    return None


def _cells(n: int) -> list[Cell]:
    return [(r, c) for r in range(n) for c in range(n)]


def is_completion(state: State, grid: Sequence[Sequence[int]]) -> bool:
    """Whether `grid` solves the board: full, legal, keeping every assigned value, each value in
    its cell's domain."""
    n = state.size
    if len(grid) != n or any(len(row) != n for row in grid):
        return False
    if not sudoku.is_valid(grid) or any(0 in row for row in grid):
        return False
    return all(
        grid[r][c] in state.domains[r][c]
        and (not state.values[r][c] or grid[r][c] == state.values[r][c])
        for r, c in _cells(n)
    )
