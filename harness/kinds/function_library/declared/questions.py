"""The yes/no roles: asked both ways, and marked by groups.

A function that answers yes or no (a value in a unit, a valid move, a legal list, unit or grid,
a filled grid, a solution) is asked about as many questions whose answer is yes as no, and its
marks are shared over groups (Probe.group): the questions of one aspect of its work, a unit or a
kind of conflict, asked both ways. A group counts only when the function is right on all of it,
so a constant answer fails every group; a check right for one box in nine keeps about a ninth;
a check that forgets one kind of conflict loses that kind's groups, not the rest.

Every unit is asked, at every size the assignment declares: with the values at its borders (1
and n), through its first and last cells, on the course's own puzzle, on a half-blank grid, on
a grid with one blank per unit, and on a solved one; a grid is broken at each end of its units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from harness.kinds.function_library.declared import samples
from harness.kinds.function_library.declared.calls import At, Spec
from harness.kinds.function_library.declared.role_base import (
    RoleBase,
    cell_id,
    name_of,
    sized,
    unit_group,
    unit_of,
    value_answer,
)
from harness.kinds.function_library.declared.samples import Named
from harness.puzzles import sudoku
from harness.puzzles.sudoku import UnitKind
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.probes import Expectation

GRID_SAMPLES = 2  # cases whose units a unit's role is asked on, per size
GRID_CASES = 3  # cases a whole grid's role is asked on, per size
YES_PER_GROUP = 2  # a valid move's groups: as many yes as no

Cell = tuple[int, int]
Question = tuple[int, Cell]  # a value, and the cell of the unit it is asked through
Chooser = Callable[[int, list[Cell]], list[Question]]


def border_first(values: set[int], n: int) -> list[int]:
    """`values`, those at a unit's borders (1 and n) first, then the rest ascending."""
    ends = [v for v in (1, n) if v in values]
    return ends + sorted(values - set(ends))


def _both_ways(yes: list[int], no: list[int]) -> list[int]:
    """As many of each as the fewer has (at least two of one where the other has none),
    interleaved, yes first."""
    k = min(len(yes), len(no)) or 2
    picked = [v for pair in zip(yes[:k], no[:k], strict=False) for v in pair]
    return picked + (yes[len(no) : k] if len(yes) > len(no) else no[len(yes) : k])


# --- a value in a unit --------------------------------------------------------------------------


class InUnit(RoleBase):
    """Each unit asked about values in it and not in it, on four grids a case gives: its puzzle
    (each value it holds, as many it lacks, the borders first), its solution half blank (every
    value), its solution with one blank per unit (the blank's value, and one it holds) and its
    solution (the values at the unit's two ends). A unit is asked by its number, or (where
    `args:` gives a cell) through a cell of it, each question through another cell, the first
    and the last among them. The group of a unit is every question about it."""

    label = "case"

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        by_cell, kind = _by_cell(spec), unit_of(spec)
        found: list[At] = []
        for case in samples.per_size(cases, spec.sizes, spec.count(1)):
            for grid, choose in _unit_grids(self, spec, case, kind):
                found += _asked(spec, case, grid, choose, kind, by_cell)
        return found

    def ident(self, spec: Spec, at: At) -> str:
        where = cell_id(spec, at.cell) if at.cell else f"#{spec.course.index(at.index or 0)}"
        return f"{name_of(at)}{where}={at.value}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.value is not None
        n, kind = at.size, unit_of(spec)
        index = at.index if at.cell is None else _unit_through(n, kind, at.cell)
        assert index is not None
        values = sudoku.unit_values(at.grid.grid, kind, index)
        return value_answer(spec, at, at.value in values)


def _asked(
    spec: Spec, case: Case, grid: Named, choose: Chooser, kind: UnitKind, by_cell: bool
) -> list[At]:
    found: list[At] = []
    n = case.size
    for u in range(n):
        group = unit_group(spec, n, kind, u)
        for value, through in choose(u, sudoku.unit_cells(n, kind, u)):
            cell, index = (through, None) if by_cell else (None, u)
            found.append(At(grid, case, cell, index, value=value, group=group))
    return found


def _unit_grids(
    role: RoleBase, spec: Spec, case: Case, kind: UnitKind
) -> list[tuple[Named, Chooser]]:
    """The grids a case gives an in-unit item, each with how it chooses a unit's questions."""
    full, n, hidden = samples.solved(case), case.size, case.hidden
    half = samples.half_blank(full)
    sparse, blanks = samples.one_blank_per_unit(full, kind)

    def on_puzzle(u: int, cells: list[Cell]) -> list[Question]:
        held = {case.puzzle[r][c] for r, c in cells} - {0}
        picked = _both_ways(border_first(held, n), border_first(set(range(1, n + 1)) - held, n))
        return [(v, cells[i % n]) for i, v in enumerate(picked)]

    def on_half(u: int, cells: list[Cell]) -> list[Question]:
        return [(v, cells[n - v]) for v in range(1, n + 1)]  # value 1 through the last cell

    def on_sparse(u: int, cells: list[Cell]) -> list[Question]:
        blank = blanks[u]
        other = cells[-1] if cells[-1] != blank else cells[0]
        return [(full[other[0]][other[1]], cells[0]), (full[blank[0]][blank[1]], cells[-1])]

    def on_full(u: int, cells: list[Cell]) -> list[Question]:
        first, last = cells[0], cells[-1]
        return [(full[last[0]][last[1]], first), (full[first[0]][first[1]], last)]

    label = case.label
    return [
        (role.grid_of(spec, case), on_puzzle),
        (Named(f"{label} solution, half blank", half, hidden), on_half),
        (Named(f"{label} solution, one blank per {kind}", sparse, hidden), on_sparse),
        (Named(f"{label} solution", full, hidden), on_full),
    ]


def _by_cell(spec: Spec) -> bool:
    """Whether `args:` asks about a unit through a cell of it, rather than by its number."""
    kinds = set(spec.kinds)
    if "value" not in kinds or not kinds & {"index", "position", "row", "column"}:
        raise ValueError("args: in-unit needs a value, and the unit's index or a cell in it")
    return "index" not in kinds


def _unit_through(n: int, kind: UnitKind, cell: Cell) -> int:
    r, c = cell
    return r if kind == "row" else c if kind == "column" else sudoku.box_of(n, r, c)


# --- a valid move -------------------------------------------------------------------------------


class ValidMove(RoleBase):
    """Every box of the first puzzle of each size, its first and last cells emptied where they
    are not: at each of those two cells, a value taken only by its row (only by its column, only
    by its box), which is not a valid move; and values the box's empty cells can take, which
    are. A group is one box and one kind of conflict, asked both ways: a check that forgets the
    box keeps the row and column groups."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for case in samples.per_size(cases, spec.sizes, spec.count(1)):
            for box in range(case.size):
                found += self._box(spec, case, box)
        return found

    def _box(self, spec: Spec, case: Case, box: int) -> list[At]:
        n = case.size
        cells = sudoku.box_cells(n, box)
        ends = [cells[0], cells[-1]]
        grid = samples.emptied(case.puzzle, *ends)
        named = self._named(spec, case, grid, ends)
        yes = [(cell, v) for cell in _empty_first(grid, cells, ends)
               for v in sudoku.candidates(grid, *cell)]  # fmt: skip
        found: list[At] = []
        for k, kind in enumerate(samples.UNIT_KINDS):
            group = sized(spec, n, f"box {spec.course.index(box)}, {kind} conflicts")
            wrong = [(cell, _taken_only_by(grid, cell, kind)) for cell in ends]
            right = yes[k :: len(samples.UNIT_KINDS)][:YES_PER_GROUP]
            found += [
                At(named, case, cell, value=v, group=group)
                for cell, v in [*right, *wrong]
                if v is not None
            ]
        return found

    def _named(self, spec: Spec, case: Case, grid: Grid, ends: list[Cell]) -> Named:
        if grid == case.puzzle:
            return self.grid_of(spec, case)
        shown = " and ".join(cell_id(spec, cell) for cell in ends)
        return Named(f"{case.label} puzzle, {shown} emptied", grid, case.hidden)

    def ident(self, spec: Spec, at: At) -> str:
        return f"{name_of(at)}@{cell_id(spec, at.cell)}={at.value}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None and at.value is not None
        return value_answer(spec, at, at.value in sudoku.candidates(at.grid.grid, *at.cell))


def _empty_first(grid: Grid, cells: list[Cell], ends: list[Cell]) -> list[Cell]:
    """A box's empty cells, its two ends first."""
    return ends + [(r, c) for r, c in cells if not grid[r][c] and (r, c) not in ends]


def _taken_only_by(grid: Grid, cell: Cell, kind: UnitKind) -> int | None:
    """A value the cell's unit of `kind` holds and its other units do not (the borders first);
    else one that unit holds; None when it holds none."""
    n = len(grid)
    units = {
        k: set(sudoku.unit_values(grid, k, _unit_through(n, k, cell))) - {0}
        for k in samples.UNIT_KINDS
    }
    others = set().union(*(values for k, values in units.items() if k != kind))
    only = border_first(units[kind] - others, n) or border_first(units[kind], n)
    return only[0] if only else None


# --- legal values, units and grids --------------------------------------------------------------


class LegalValues(RoleBase):
    """Each row of the first case of each size: its solution's and its puzzle's (legal), its
    solution's with a value repeated inside and with its first value repeated last (not). The
    group of a row is those four."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for case in samples.firsts(cases, spec.sizes):
            found += self._rows(spec, case)
        return found

    def _rows(self, spec: Spec, case: Case) -> list[At]:
        b, n, found = spec.course.base, case.size, []
        for i in range(n):
            full, partial = samples.solved(case)[i], case.puzzle[i]
            row, group = f"{case.label} solution row {i + b}", sized(spec, n, f"row {i + b}")
            lists = [
                (full, row),
                (partial, f"{case.label} puzzle row {i + b}"),
                (samples.with_repeat(full, i), f"{row} with a repeat"),
                ((*full[:-1], full[0]), f"{row} with its first value repeated last"),
            ]
            found += [At(case=case, values=v, label=text, group=group) for v, text in lists]
        return found

    def expect(self, spec: Spec, at: At) -> Expectation:
        return value_answer(spec, at, not sudoku.has_repeat(at.values or ()))


class LegalUnit(RoleBase):
    """Each unit of the first cases of each size: in its puzzle and its solution (legal), and
    in its solution broken at the unit's first cell and at its last, nowhere else (not). The
    group of a unit is every question about it."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        kind, found = unit_of(spec), []
        for case in samples.per_size(cases, spec.sizes, spec.count(GRID_SAMPLES)):
            for u in range(case.size):
                group = unit_group(spec, case.size, kind, u)
                grids = [*samples.puzzles_and_solutions([case]), *_broken(spec, case, kind, u)]
                found += [At(g, case, index=u, group=group) for g in grids]
        return found

    def ident(self, spec: Spec, at: At) -> str:
        return f"{name_of(at)}#{spec.course.index(at.index or 0)}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.index is not None
        values = sudoku.unit_values(at.grid.grid, unit_of(spec), at.index)
        return value_answer(spec, at, not sudoku.has_repeat(values))


def _broken(spec: Spec, case: Case, kind: UnitKind, u: int) -> list[Named]:
    """The case's solution broken in unit u alone, at its first cell and at its last."""
    found = []
    for at_end in (False, True):
        grid, _ = samples.broken_in(samples.solved(case), kind, u, at_end)
        where = "last" if at_end else "first"
        label = f"{case.label} solution, {kind} {spec.course.index(u)} broken at its {where} cell"
        found.append(Named(label, grid, case.hidden))
    return found


class _WholeGrids(RoleBase):
    """The first cases of each size, each asked six questions in pairs, one grid the answer is
    yes for and one it is no for: each pair a group."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for case in samples.per_size(cases, spec.sizes, spec.count(GRID_CASES)):
            for k, (yes, no) in enumerate(self.pairs(spec, case), 1):
                group = f"{case.label} pair {k}"
                found += [At(yes, case, group=group), At(no, case, group=group)]
        return found

    def pairs(self, spec: Spec, case: Case) -> list[tuple[Named, Named]]:
        raise NotImplementedError


class LegalGrid(_WholeGrids):
    """Legal grids (the puzzle, the solution, half blank both ways, one blank per row, per
    column) against the solution broken only in its first row (column, box) at its first cell,
    and in its last at its last cell: a check that forgets boxes, or the last row, loses those
    pairs."""

    def pairs(self, spec: Spec, case: Case) -> list[tuple[Named, Named]]:
        full, label, hidden = samples.solved(case), case.label, case.hidden
        by_row, by_column = (samples.one_blank_per_unit(full, k)[0] for k in ("row", "column"))
        legal = [
            Named(f"{label} puzzle", case.puzzle, hidden),
            Named(f"{label} solution", full, hidden),
            Named(f"{label} solution, half blank", samples.half_blank(full, 1), hidden),
            Named(f"{label} solution, the other half blank", samples.half_blank(full, 0), hidden),
            Named(f"{label} solution, one blank per row", by_row, hidden),
            Named(f"{label} solution, one blank per column", by_column, hidden),
        ]
        ends = [(kind, end) for end in (False, True) for kind in samples.UNIT_KINDS]
        broken = [_broken(spec, case, kind, case.size - 1 if end else 0)[end] for kind, end in ends]
        return list(zip(legal, broken, strict=True))

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return value_answer(spec, at, sudoku.is_valid(at.grid.grid))


class Filled(_WholeGrids):
    """Full grids (the solution, its values renamed, its transpose) against the puzzle, and the
    solution with only its last (only its first) cell blank."""

    def pairs(self, spec: Spec, case: Case) -> list[tuple[Named, Named]]:
        full, label, hidden, last = samples.solved(case), case.label, case.hidden, case.size - 1
        return list(zip(_full_grids(case), [
            Named(f"{label} puzzle", case.puzzle, hidden),
            Named(f"{label} solution, its last cell blank",
                  samples.emptied(full, (last, last)), hidden),
            Named(f"{label} solution, its first cell blank", samples.emptied(full, (0, 0)), hidden),
        ], strict=True))  # fmt: skip

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return value_answer(spec, at, not sudoku.empty_cells(at.grid.grid))


class IsSolution(_WholeGrids):
    """Solutions (the case's, its values renamed, its transpose) against the puzzle, the
    solution with its last cell changed (full, not legal), and with its last cell blank (legal,
    not full)."""

    def pairs(self, spec: Spec, case: Case) -> list[tuple[Named, Named]]:
        full, label, hidden, last = samples.solved(case), case.label, case.hidden, case.size - 1
        changed = sudoku.placed(full, last, last, full[last][last - 1])
        return list(zip(_full_grids(case), [
            Named(f"{label} puzzle", case.puzzle, hidden),
            Named(f"{label} solution, its last cell changed", changed, hidden),
            Named(f"{label} solution, its last cell blank",
                  samples.emptied(full, (last, last)), hidden),
        ], strict=True))  # fmt: skip

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        grid = at.grid.grid
        return value_answer(spec, at, not sudoku.empty_cells(grid) and sudoku.is_valid(grid))


def _full_grids(case: Case) -> list[Named]:
    """Three solved grids a case gives: its solution, the same with each value v written as
    v + 1 (n as 1), and its transpose."""
    full, n, label, hidden = samples.solved(case), case.size, case.label, case.hidden
    renamed = tuple(tuple(v % n + 1 for v in row) for row in full)
    flipped = tuple(zip(*full, strict=True))
    return [
        Named(f"{label} solution", full, hidden),
        Named(f"{label} solution, its values renamed", renamed, hidden),
        Named(f"{label} solution, transposed", flipped, hidden),
    ]
