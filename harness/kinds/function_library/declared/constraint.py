"""The constraint-search roles: forward checking, the degree, MRV and LCV heuristics, AC-3, naked
and hidden singles, and backtracking over domains, each on one of the student's objects
(`object:`). Their situations are states of a search built from the suites' cases by the trusted
model (harness/puzzles/domains.py): the givens forward-checked once, then a fifth of the blanks
assigned their solution's value and forward-checked, so that domains differ from cell to cell;
the object driver writes each state's domains into the student's object before the call.

Stubs earn nothing: the questions about one state are one group (harness/grading/marks.py), and
each group is chosen so that no constant answer, and no first cell or first value, is right on
all of it (a count of 0 beside counts that are not; a degree spread at least 2 apart, since one
more is a reading; a full board's MRV None beside a state's cell; a wipe-out's False beside
moves that change the domains).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from harness.kinds.function_library.declared import samples
from harness.kinds.function_library.declared.calls import At, Spec
from harness.kinds.function_library.declared.constraint_expect import (
    Counted,
    Degree,
    FewestRemaining,
    ForwardChecked,
    LeastConstraining,
    Propagated,
    Searched,
)
from harness.kinds.function_library.declared.role_base import RoleBase, cell_id, name_of, sized
from harness.kinds.function_library.declared.samples import Named
from harness.puzzles import domains as model
from harness.puzzles import sudoku
from harness.puzzles.domains import Cell, State
from harness.puzzles.suites import Case
from harness.records.probes import Expectation

STATE_CASES = 2  # cases per size whose states a role is asked on
ASKED = 4  # cells asked per state
ASSIGNED_SHARE = 5  # one blank in this many is assigned (and forward-checked) mid-search


def states(spec: Spec, cases: Sequence[Case]) -> list[At]:
    """Two states of each chosen case: its givens forward-checked, and mid-search."""
    found: list[At] = []
    for case in samples.per_size(cases, spec.sizes, spec.count(STATE_CASES)):
        checked = model.pruned(case.puzzle)
        middle, count = mid_search(case)
        found.append(_at(spec, case, checked, "forward-checked"))
        found.append(_at(spec, case, middle, f"{count} cells assigned"))
    return found


def mid_search(case: Case) -> tuple[State, int]:
    """The case's givens forward-checked, then every fifth blank assigned its solution's value
    and forward-checked in turn."""
    state, solution = model.pruned(case.puzzle), samples.solved(case)
    chosen = sudoku.empty_cells(case.puzzle)[::ASSIGNED_SHARE]
    for r, c in chosen:
        state = model.assigned(state, (r, c), solution[r][c])
        state, _ = model.forward_checked(state, (r, c), solution[r][c])
    return state, len(chosen)


def _at(spec: Spec, case: Case, state: State, how: str) -> At:
    label = f"{case.label} puzzle, {how}"
    grid = Named(label, state.values, case.hidden)
    return At(grid, case, state=state, group=sized(spec, case.size, label))


def spread(cells: Sequence[Cell], count: int = ASKED) -> list[Cell]:
    """`count` cells evenly spread over `cells`, the first and last among them."""
    if len(cells) <= count:
        return list(cells)
    step = (len(cells) - 1) / (count - 1)
    return [cells[round(k * step)] for k in range(count)]


class _StateRole(RoleBase):
    def ident(self, spec: Spec, at: At) -> str:
        value = f"={at.value}" if at.value is not None else ""
        return f"{name_of(at)}{cell_id(spec, at.cell)}{value}"


class ForwardCheck(_StateRole):
    """On each state, four unassigned cells, each with a value of its domain (in remove mode the
    one most of its peers hold that empties none of their domains; in count mode values in
    turn); in remove mode, a wipe-out too: a peer's domain narrowed to the value first."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        count = spec.config.mode == "count"
        for at in states(spec, cases):
            assert at.state is not None
            cells = spread(at.state.unassigned())
            asked = [
                replace(at, cell=cell, value=_value(at.state, cell, k, count))
                for k, cell in enumerate(cells)
            ]
            found += asked
            if not count and asked:
                found += _wipe_out(asked[0])
        return found

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.state is not None and at.cell is not None and at.value is not None
        if spec.config.mode == "count":
            return Counted(model.losing(at.state, at.cell, at.value))
        return ForwardChecked(at.state, at.cell, at.value, spec.course)


def _value(state: State, cell: Cell, k: int, count: bool) -> int:
    """Count mode: the domain's values in turn. Remove mode: the value most peers hold among
    those that empty no peer's domain (a wipe-out is asked once a state, on purpose), so that
    no state's moves are all answered False."""
    values = sorted(state.domain(cell))
    if count:
        return values[k % len(values)]
    safe = [v for v in values if model.forward_checked(state, cell, v)[1]] or values
    return max(safe, key=lambda v: (model.losing(state, cell, v), -v))


def _wipe_out(at: At) -> list[At]:
    """The same move, one of the peers holding the value narrowed to it first."""
    assert at.state is not None and at.cell is not None and at.value is not None
    holders = [
        p for p in model.unassigned_peers(at.state, at.cell) if at.value in at.state.domain(p)
    ]
    if not holders:
        return []
    narrowed = model.with_domains(at.state, {holders[0]: frozenset({at.value})})
    assert at.grid is not None
    label = f"{at.grid.label}, a peer narrowed to {at.value}"
    return [replace(at, state=narrowed, grid=replace(at.grid, label=label))]


class DegreeRole(_StateRole):
    """On each state, four unassigned cells from the fewest unassigned peers to the most (a
    state whose degrees are all within one of each other is left out: one more is a reading)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for at in states(spec, cases):
            assert at.state is not None
            state = at.state
            ranked = sorted(state.unassigned(), key=lambda c: (model.degree(state, c), c))
            cells = spread(ranked)
            degrees = [model.degree(state, c) for c in cells]
            if degrees and max(degrees) - min(degrees) >= 2:
                found += [replace(at, cell=cell) for cell in cells]
        return found

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.state is not None and at.cell is not None
        return Degree(model.degree(at.state, at.cell))


class Mrv(_StateRole):
    """Each state (those whose first unassigned cell is not among the fewest first), and each
    size's first solution, all assigned (None), grouped with the first state of its size."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found = [at for at in states(spec, cases) if _first_not_least(at)] or states(spec, cases)
        for case in samples.firsts(cases, spec.sizes):
            solved = samples.solved(case)
            mates = [at for at in found if at.size == case.size]
            group = mates[0].group if mates else ""
            state = model.pruned(solved)
            label = f"{case.label} solution"
            found.append(At(Named(label, solved, case.hidden), case, state=state, group=group))
        return found

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.state is not None
        cells = model.fewest_remaining(at.state)
        least = len(at.state.domain(cells[0])) if cells else 0
        return FewestRemaining(tuple(cells), least, spec.course)


def _first_not_least(at: At) -> bool:
    assert at.state is not None
    open_cells = at.state.unassigned()
    return bool(open_cells) and open_cells[0] not in model.fewest_remaining(at.state)


class Lcv(_StateRole):
    """On each state, up to four cells whose values remove different numbers of peer values,
    preferring those whose domain in ascending order is not an answer."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for at in states(spec, cases):
            assert at.state is not None
            state = at.state
            telling = [
                c for c in state.unassigned() if len(set(model.constraining(state, c).values())) > 1
            ]
            unsorted = [c for c in telling if not _ascending_right(state, c)]
            found += [replace(at, cell=cell) for cell in spread(unsorted or telling)]
        return found

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.state is not None and at.cell is not None
        return LeastConstraining(at.state, at.cell)


def _ascending_right(state: State, cell: Cell) -> bool:
    return model.least_constraining_first(state, cell, sorted(state.domain(cell)))


class Propagate(_StateRole):
    """Each case's board as constructed (blanks' domains full) and mid-search (where propagation
    changes a domain), and a board two of whose peers are narrowed to one value (a wipe-out:
    False), grouped with the board it came from."""

    hidden = False

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for case in samples.per_size(cases, spec.sizes, spec.count(STATE_CASES)):
            built = _at(spec, case, model.constructed(case.puzzle), "as constructed")
            middle, count = mid_search(case)
            later = _at(spec, case, middle, f"{count} cells assigned")
            found += [at for at in (built, later) if self._changes(at)]
            found += _clash(built)
        return found

    def _changes(self, at: At) -> bool:
        assert at.state is not None
        after = self.propagated(at.state)
        return after is None or after.domains != at.state.domains

    def propagated(self, state: State) -> State | None:
        return model.singles(state, hidden=True) if self.hidden else model.arc_consistent(state)

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.state is not None
        after = self.propagated(at.state)
        return Propagated(after.domains if after is not None else None, spec.course)


def _clash(at: At) -> list[At]:
    """The board with two blanks of one row narrowed to the same value."""
    assert at.state is not None and at.grid is not None
    state = at.state
    for row in range(state.size):
        blanks = [(row, c) for c in range(state.size) if not state.values[row][c]]
        if len(blanks) >= 2:
            value = min(state.domain(blanks[0]) & state.domain(blanks[1]), default=0)
            if value:
                one = frozenset({value})
                clashing = model.with_domains(state, {blanks[0]: one, blanks[1]: one})
                label = f"{at.grid.label}, two cells of row {row} narrowed to {value}"
                return [replace(at, state=clashing, grid=replace(at.grid, label=label))]
    return []


class HiddenSingles(Propagate):
    hidden = True


class Search(_StateRole):
    """Every case of the sizes asked, as constructed; one without a solution (None) is grouped
    with the first case of its size that has one."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        chosen = samples.pool(cases, spec.sizes, several=True)[: spec.config.cases]
        firsts: dict[int, str] = {}
        for case in chosen:
            at = _at(spec, case, model.constructed(case.puzzle), "as constructed")
            if case.solution is not None:
                firsts.setdefault(case.size, at.group)
                found.append(at)
        for case in chosen:
            if case.solution is None:
                at = _at(spec, case, model.constructed(case.puzzle), "as constructed")
                found.append(replace(at, group=firsts.get(case.size, at.group)))
        return found

    def ident(self, spec: Spec, at: At) -> str:
        return at.case.label if at.case is not None else name_of(at)

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.state is not None
        return Searched(at.state, at.case is None or at.case.solution is not None)
