"""The ways a returned value can be right, each accepting every reading the handout allows.

Comparison is tolerant where Python's own `==` would be, or where the handout is loose: a list is
accepted where a tuple was asked for, 1/0 where True/False was; the feedback says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from harness.kinds.course import PLAIN, Course
from harness.puzzles import sudoku
from harness.records.evidence import Grid, Grids
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, NoGrids, Probe, readings

SHOW_CHARS = 120


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= SHOW_CHARS else text[: SHOW_CHARS - 3] + "..."


def alike(expected: Any, got: Any, notes: set[str]) -> bool:
    """Equal up to the tolerated differences, which are added to `notes`."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return _alike_bool(expected, got, notes)
    if isinstance(expected, (list, tuple)):
        if not isinstance(got, (list, tuple)) or len(got) != len(expected):
            return False
        if type(got) is not type(expected):
            notes.add(container_note(expected, got))
        return all(alike(e, g, notes) for e, g in zip(expected, got, strict=True))
    return type(got) is type(expected) and bool(got == expected)


def first_difference(expected: Any, got: Any, path: str = "") -> str:
    """Where two nested lists first differ (", first difference at [3][4]: 0 where 7 was
    expected"), for a detail whose shortened values would hide it; "" when none is found."""
    if not isinstance(expected, (list, tuple)) or not isinstance(got, (list, tuple)):
        if path and not alike(expected, got, set()):
            return f", first difference at {path}: {show(got)} where {show(expected)} was expected"
        return ""
    if len(expected) != len(got):
        return f", first difference at {path or 'the top'}: {len(got)} items, not {len(expected)}"
    for index, (want, have) in enumerate(zip(expected, got, strict=True)):
        found = first_difference(want, have, f"{path}[{index}]")
        if found:
            return found
    return ""


def container_note(expected: Any, got: Any) -> str:
    return f"a {type(got).__name__} where the handout shows a {type(expected).__name__}"


def _alike_bool(expected: Any, got: Any, notes: set[str]) -> bool:
    if type(got) is type(expected):
        return bool(got == expected)
    if isinstance(expected, bool) and type(got) is int and got in (0, 1):
        notes.add(f"{got} for {expected}")
        return bool(got == expected)
    return False


def _accepted(notes: set[str]) -> tuple[str, ...]:
    return readings(*sorted(notes))


@dataclass(frozen=True)
class Equal(NoGrids):
    """The value itself is the answer."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    expected: Any

    def judge(self, outcome: CallOutcome) -> Judgement:
        notes: set[str] = set()
        if alike(self.expected, outcome.value, notes):
            return Judgement(True, accepted=_accepted(notes))
        where = first_difference(self.expected, outcome.value)
        shown = f"returned {show(outcome.value)}, expected {show(self.expected)}"
        return Judgement(False, f"{shown}{where}")


@dataclass(frozen=True)
class SameMembers(NoGrids):
    """A list of values in any order, each once (candidates)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    expected: tuple[int, ...]

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = outcome.value
        want = f"expected {show(list(self.expected))} in any order"
        if not isinstance(got, (list, tuple)) or any(type(v) is not int for v in got):
            return Judgement(False, f"returned {show(got)}, {want}")
        if len(set(got)) != len(got):
            return Judgement(False, f"returned {show(got)} with repeated values, {want}")
        if set(got) != set(self.expected):
            return Judgement(False, f"returned {show(got)}, {want}")
        order = "" if list(got) == list(self.expected) else "values in another order than ascending"
        return Judgement(True, accepted=readings(order))


def grid_difference(expected: Grid, got: Any, course: Course = PLAIN) -> str:
    """Why `got` is not the grid `expected` (written as `course` writes grids), in words; empty
    when it is."""
    if not course.plain:
        return _course_difference(expected, got, course)
    if not _is_grid(got, len(expected)):
        return f"returned {show(got)}, which is not a {len(expected)}x{len(expected)} grid"
    for r, (want_row, got_row) in enumerate(zip(expected, got, strict=True), 1):
        for c, (want, value) in enumerate(zip(want_row, got_row, strict=True), 1):
            if type(value) is not int or value != want:
                return f"row {r}, column {c} holds {show(value)}, expected {want}"
    return ""


def _course_difference(expected: Grid, got: Any, course: Course) -> str:
    read = course.read_grid(got, len(expected))
    if isinstance(read, str):
        return read
    for r, (want_row, got_row) in enumerate(zip(expected, read, strict=True), 1):
        for c, (want, value) in enumerate(zip(want_row, got_row, strict=True), 1):
            if value != want:
                held, wanted = show(course.value(value)), show(course.value(want))
                return f"row {r}, column {c} holds {held}, expected {wanted}"
    return ""


def read_grid(value: Any, size: int, course: Course = PLAIN) -> Grid | None:
    """The model's grid of a returned value (None: not a grid of this size as `course` writes
    grids)."""
    if course.plain:
        if not _is_grid(value, size) or any(type(v) is not int for row in value for v in row):
            return None
        return sudoku.freeze(value)
    read = course.read_grid(value, size)
    return None if isinstance(read, str) else read


def _is_grid(value: Any, n: int) -> bool:
    rows_ok = isinstance(value, (list, tuple)) and len(value) == n
    return rows_ok and all(isinstance(row, (list, tuple)) and len(row) == n for row in value)


def in_place_note(outcome: CallOutcome, path: str) -> str:
    if (path, 0) in outcome.same:
        return "works in place (returns the grid it was given)"
    return "returns a new grid"


@dataclass(frozen=True)
class GridAfter:
    """The returned grid must be `expected`; in place or as a new grid, both are accepted."""

    inspects_arguments = True  # to say when the grid was changed but not returned
    criteria: ClassVar[tuple[str, ...]] = ()

    expected: Grid
    course: Course = PLAIN

    def judge(self, outcome: CallOutcome) -> Judgement:
        difference = grid_difference(self.expected, outcome.value, self.course)
        if difference and outcome.value is None and outcome.args_after:
            changed = not grid_difference(self.expected, outcome.args_after[0], self.course)
            hint = " (it changed the grid in place but must also return it)" if changed else ""
            return Judgement(False, f"returned None{hint}")
        if difference:
            return Judgement(False, difference)
        return Judgement(True, accepted=readings(in_place_note(outcome, "")))

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if not self.course.plain:
            return None  # the feedback's grids are drawn from rows of ints
        given = probe.args[0] if probe.args else None  # the grid the call was given
        return Grids.from_values(given, self.expected, outcome.value)


@dataclass(frozen=True)
class Solves:
    """(True, solved grid) for a solvable puzzle, (False, ...) for one with no solution."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    puzzle: Grid
    solution: Grid | None  # None: no solution exists
    any_completion: bool = False  # several solutions allowed: any valid completion is right
    course: Course = PLAIN

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = outcome.value
        if not isinstance(got, (list, tuple)) or len(got) != 2:
            return Judgement(False, f"returned {show(got)}, expected a pair (solved, grid)")
        solved, grid = got
        notes: set[str] = set()
        if not alike(self.solution is not None, solved, notes):
            return Judgement(
                False, f"said solved={show(solved)}, expected {self.solution is not None}"
            )
        if self.solution is None:
            return Judgement(True, accepted=_accepted(notes))
        problem = self._grid_problem(self.solution, grid)
        if problem:
            return Judgement(False, problem)
        notes.add(in_place_note(outcome, "1"))
        if isinstance(got, list):
            notes.add(container_note((), got))
        return Judgement(True, accepted=_accepted(notes))

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        value = outcome.value
        if self.any_completion or not isinstance(value, (list, tuple)) or len(value) != 2:
            return None
        return Grids.from_values(self.puzzle, self.solution, value[1])

    def _grid_problem(self, solution: Grid, grid: Any) -> str:
        return solution_problem(self.puzzle, solution, grid, self.any_completion, self.course)


def solution_problem(
    puzzle: Grid, solution: Grid, got: Any, any_completion: bool, course: Course = PLAIN
) -> str:
    """Why `got` does not solve `puzzle` ("" when it does): it must be `solution`, or, where the
    puzzle has several, any valid completion that keeps the givens."""
    read = read_grid(got, len(puzzle), course) if any_completion else None
    if read is not None:
        ok = sudoku.is_solution_of(puzzle, read)
        return "" if ok else "the returned grid is not a valid completion of the puzzle"
    return grid_difference(solution, got, course)
