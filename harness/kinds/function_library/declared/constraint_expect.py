"""What a constraint-search call's answer must be, judged in the supervisor on what the object
driver reported (harness/sandbox/child/object_driver.py): the value returned (a cell read back as
its position, a board as its grid), every cell's domain after the call, and whether the object
changed. The expected answers come from the trusted model of domains (harness/puzzles/domains.py)
computed from the puzzle, never from a state the student's process reports.

Readings accepted, and said: 1 or 0 for True or False; a tuple where a list is asked; forward
checking that also sets the cell's own domain to {value}; a degree that counts the cell itself
once (it adds one to every cell's and changes no ranking); after a wipe-out (False), the domains
left as they are (a search undoes them); MRV and LCV ties in any order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from harness.kinds.course import Course
from harness.kinds.expectations import alike, show
from harness.puzzles import domains as model
from harness.puzzles.domains import Cell, Domains, State
from harness.records.evidence import Grid
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, NoGrids, readings

OWN_DOMAIN = "the cell's own domain set to {value} as well"
SELF_COUNTED = "the cell itself counted among its peers (one more for every cell)"


def _report(outcome: CallOutcome) -> dict[str, Any]:
    report = outcome.value
    return report if isinstance(report, dict) else {}


def _returned(report: dict[str, Any]) -> Any:
    """The plain value returned; a cell, a board or another object as the driver described."""
    found = report.get("return")
    if isinstance(found, dict) and found.get("kind") == "plain":
        return found.get("value")
    return found


def _shown(value: Any) -> str:
    if isinstance(value, dict) and "kind" in value:
        kind = value["kind"]
        if kind == "plain":
            return show(value.get("value"))
        if kind == "cell":
            return f"a cell at {tuple(value.get('at') or ())}"
        if kind == "board":
            return "a board"
        return str(value.get("repr", "an object"))[:120]
    return show(value)


def _flag(expected: bool, report: dict[str, Any]) -> Judgement | None:
    """None when the return value says `expected` (1 or 0 too); else the failure."""
    got, notes = _returned(report), set[str]()
    if alike(expected, got, notes):
        return None
    return Judgement(False, f"returned {_shown(got)}, expected {expected}")


def domain_difference(
    expected: Domains, got: Any, course: Course, allowed: dict[Cell, frozenset[int]] | None = None
) -> str:
    """Where the reported domains first differ from the model's ("" when they agree); `allowed`
    gives a cell a second right domain (a reading)."""
    n = len(expected)
    if (
        not isinstance(got, list)
        or len(got) != n
        or any(not isinstance(row, list) or len(row) != n for row in got)
    ):
        return "the domains could not be read as a grid of sets"
    for r in range(n):
        for c in range(n):
            have = got[r][c]
            want = expected[r][c]
            other = (allowed or {}).get((r, c))
            if isinstance(have, list) and (frozenset(have) == want or frozenset(have) == other):
                continue
            at = course.position(r, c)
            return (
                f"after the call, the domain of ({at[0]}, {at[1]}) is {_domain_text(have)}, "
                f"expected {sorted(want)}"
            )
    return ""


def _domain_text(value: Any) -> str:
    return str(sorted(value)) if isinstance(value, list) else str(value)[:60]


def _unchanged(report: dict[str, Any]) -> Judgement | None:
    if report.get("changed"):
        return Judgement(False, "changed the board (a value or a domain); it should change nothing")
    return None


@dataclass(frozen=True)
class ForwardChecked(NoGrids):
    """Remove mode: the value gone from every unassigned peer's domain, nothing else changed;
    False when a peer is left empty (its domains then not judged)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    state: State
    cell: Cell
    value: int
    course: Course

    def judge(self, outcome: CallOutcome) -> Judgement:
        report = _report(outcome)
        after, ok = model.forward_checked(self.state, self.cell, self.value)
        wrong = _flag(ok, report)
        if wrong is not None:
            return wrong
        if not ok:
            return Judgement(True, accepted=readings(_bool_note(report)))
        own = {self.cell: frozenset({self.value})}
        problem = domain_difference(after.domains, report.get("domains"), self.course, own)
        if problem:
            return Judgement(False, problem)
        mine = report.get("domains")[self.cell[0]][self.cell[1]]  # type: ignore[index]
        changed_own = frozenset(mine) != self.state.domain(self.cell)
        return Judgement(
            True, accepted=readings(_bool_note(report), OWN_DOMAIN if changed_own else "")
        )


def _bool_note(report: dict[str, Any]) -> str:
    got = _returned(report)
    return f"{got} for {bool(got)}" if type(got) is int else ""


@dataclass(frozen=True)
class Counted(NoGrids):
    """Count mode: how many unassigned peers hold the value; nothing changes."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    expected: int

    def judge(self, outcome: CallOutcome) -> Judgement:
        report = _report(outcome)
        got = _returned(report)
        if type(got) is not int or got != self.expected:
            return Judgement(False, f"returned {_shown(got)}, expected {self.expected}")
        return _unchanged(report) or Judgement(True)


@dataclass(frozen=True)
class Degree(NoGrids):
    """The number of unassigned peers (one more, counting the cell itself, accepted)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    expected: int

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = _returned(_report(outcome))
        if type(got) is int and got == self.expected:
            return Judgement(True)
        if type(got) is int and got == self.expected + 1:
            return Judgement(True, accepted=(SELF_COUNTED,))
        return Judgement(False, f"returned {_shown(got)}, expected {self.expected}")


@dataclass(frozen=True)
class FewestRemaining(NoGrids):
    """MRV: a cell (returned as a cell object) among the tied fewest; None on a full board."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    cells: tuple[Cell, ...]
    least: int
    course: Course

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = _report(outcome).get("return")
        if not self.cells:
            if _returned(_report(outcome)) is None:
                return Judgement(True)
            return Judgement(False, f"returned {_shown(got)}; every cell is assigned: None")
        at = read_cell(got, self.course)
        if at in self.cells:
            return Judgement(True)
        shown = ", ".join(str(self.course.position(*c)) for c in self.cells[:4])
        more = " ..." if len(self.cells) > 4 else ""
        return Judgement(
            False,
            f"returned {_shown(got)}; a cell with {_values(self.least)} left is expected: "
            f"{shown}{more}",
        )


def _values(count: int) -> str:
    return "1 value" if count == 1 else f"{count} values"


def read_cell(got: Any, course: Course) -> Cell | None:
    """The 0-indexed position of a cell the driver read back (by identity, or by its row and
    column in the course's index base)."""
    if not isinstance(got, dict) or got.get("kind") != "cell":
        return None
    at = got.get("at")
    if not isinstance(at, list) or len(at) != 2 or any(type(v) is not int for v in at):
        return None
    shift = 0 if got.get("by") == "identity" else course.base
    return at[0] - shift, at[1] - shift


@dataclass(frozen=True)
class LeastConstraining(NoGrids):
    """LCV: the cell's domain, ordered by the values each removes from unassigned peers,
    fewest first (ties in any order)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    state: State
    cell: Cell

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = _returned(_report(outcome))
        counts = model.constraining(self.state, self.cell)
        if not isinstance(got, (list, tuple)) or any(type(v) is not int for v in got):
            return Judgement(False, f"returned {_shown(got)}, expected a list of values")
        if model.least_constraining_first(self.state, self.cell, list(got)):
            note = "a tuple where the handout shows a list" if isinstance(got, tuple) else ""
            return Judgement(True, accepted=readings(note))
        if sorted(got) != sorted(counts):
            return Judgement(False, f"returned {show(got)}; the domain is {sorted(counts)}")
        shown = ", ".join(f"{v}: {counts[v]}" for v in got)
        return Judgement(False, f"returned {show(got)}; values removed ({shown}) not fewest first")


@dataclass(frozen=True)
class Propagated(NoGrids):
    """AC-3 or singles: every domain after propagation (None: a domain empties, answered
    False, the domains then not judged); True otherwise."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    after: Domains | None
    course: Course

    def judge(self, outcome: CallOutcome) -> Judgement:
        report = _report(outcome)
        wrong = _flag(self.after is not None, report)
        if wrong is not None:
            return wrong
        if self.after is None:
            return Judgement(True, accepted=readings(_bool_note(report)))
        problem = domain_difference(self.after, report.get("domains"), self.course)
        return (
            Judgement(False, problem)
            if problem
            else Judgement(True, accepted=readings(_bool_note(report)))
        )


@dataclass(frozen=True)
class Searched(NoGrids):
    """Backtracking: a solved board (a new one), or None when there is none; the board it was
    given left as it was."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    state: State
    solvable: bool

    def judge(self, outcome: CallOutcome) -> Judgement:
        report = _report(outcome)
        got = report.get("return")
        if not self.solvable:
            if _returned(report) is not None:
                return Judgement(False, f"returned {_shown(got)}; the board has no solution: None")
            return _unchanged(report) or Judgement(True)
        if not isinstance(got, dict) or got.get("kind") != "board":
            return Judgement(False, f"returned {_shown(got)}, expected a solved board")
        grid = got.get("grid")
        if not _grid_like(grid, self.state.size) or not model.is_completion(self.state, grid or ()):
            return Judgement(False, f"returned a board whose values {show(grid)} do not solve it")
        if report.get("changed"):
            return Judgement(False, "changed the board it was given (search on a copy)")
        return Judgement(True)


def _grid_like(grid: Any, n: int) -> bool:
    return (
        isinstance(grid, list)
        and len(grid) == n
        and all(isinstance(row, list) and len(row) == n for row in grid)
        and all(type(v) is int for row in grid for v in row)
    )


def grid_of(values: Sequence[Sequence[int]]) -> Grid:
    return tuple(tuple(row) for row in values)
