"""What a declared item's answers must be, beyond a value compared whole (expectations.py):
a puzzle solved in each form the courses ask for, a grid printed, an independent copy, a list
of grids in any order. Judged in the supervisor; each accepts every reading the handout allows
and says which.

The boxed display is judged by the structure COSC 130's handout describes, not its exact text:
that handout's border string (5 dashes) and its own algorithm (rows 7 characters wide per block)
disagree, and real submissions use 5, 6 or 7 dashes; any run of dashes is accepted, trailing
whitespace ignored, and the feedback says when the text differs from the handout's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from harness.kinds.course import PLAIN, Course
from harness.kinds.expectations import alike, grid_difference, read_grid, show, solution_problem
from harness.records.evidence import Grid, Grids
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, NoGrids, Probe, readings

BORDER = re.compile(r"^\+-+\+-+\+-+\+$")
HANDOUT_BORDER = "+-----+-----+-----+"
BLANKS = frozenset({"0", ".", "_", "x", "X", "-"})  # what a printed blank may be
FRAME = re.compile(r"[|+\-=]+")  # borders and bars between printed values


@dataclass(frozen=True)
class SolvedGrid:
    """solve(puzzle) returning the solved grid (a new one, or the one it was given), None where
    there is no solution; with `keeps_input`, the puzzle it was given must be unchanged."""

    inspects_arguments = True
    criteria: ClassVar[tuple[str, ...]] = ()

    puzzle: Grid
    solution: Grid | None  # None: no solution exists
    keeps_input: bool = False
    any_completion: bool = False
    course: Course = PLAIN

    def judge(self, outcome: CallOutcome) -> Judgement:
        if self.solution is None and outcome.value is not None:
            return Judgement(False, f"returned {show(outcome.value)}; the puzzle has no solution")
        if self.solution is not None:
            problem = solution_problem(
                self.puzzle, self.solution, outcome.value, self.any_completion, self.course
            )
            if problem:
                return Judgement(False, problem)
        given = outcome.args_after[0] if outcome.args_after else None
        changed = given is not None and grid_difference(self.puzzle, given, self.course)
        if self.keeps_input and changed:
            return Judgement(False, "changed the puzzle it was given (copy before each move)")
        return Judgement(True)

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if self.any_completion or not self.course.plain:
            return None
        return Grids.from_values(self.puzzle, self.solution, outcome.value)


@dataclass(frozen=True)
class SolvedInPlace:
    """solve(grid) solving the grid it is given and saying whether it did: True or False, or a
    C-style status (0 solved, 1 not: `inverted`). With `restores`, a grid without a solution is
    left as it was given."""

    inspects_arguments = True
    criteria: ClassVar[tuple[str, ...]] = ()

    puzzle: Grid
    solution: Grid | None
    inverted: bool = False
    restores: bool = False
    any_completion: bool = False
    course: Course = PLAIN

    def judge(self, outcome: CallOutcome) -> Judgement:
        said = self._said(outcome.value)
        if said is None:
            return Judgement(False, f"returned {show(outcome.value)}, expected {self._flag(True)}"
                             f" or {self._flag(False)}")  # fmt: skip
        solvable = self.solution is not None
        if said != solvable:
            return Judgement(
                False, f"returned {show(outcome.value)}, expected {self._flag(solvable)}"
            )
        given = outcome.args_after[0] if outcome.args_after else None
        if self.solution is not None:
            problem = solution_problem(
                self.puzzle, self.solution, given, self.any_completion, self.course
            )
            return (
                Judgement(False, f"the grid it was given, after: {problem}")
                if problem
                else (Judgement(True, accepted=self._readings(outcome.value)))
            )
        if self.restores and grid_difference(self.puzzle, given, self.course):
            return Judgement(False, "left the grid changed though it has no solution (restore it)")
        return Judgement(True, accepted=self._readings(outcome.value))

    def _said(self, value: Any) -> bool | None:
        notes: set[str] = set()
        for flag in (True, False):
            if alike(self._flag(flag), value, notes):
                return flag
        return None

    def _flag(self, solved: bool) -> Any:
        return int(not solved) if self.inverted else solved

    def _readings(self, value: Any) -> tuple[str, ...]:
        notes: set[str] = set()
        alike(self._flag(self.solution is not None), value, notes)
        return readings(*sorted(notes))

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if self.any_completion or not self.course.plain or not outcome.args_after:
            return None
        return Grids.from_values(self.puzzle, self.solution, outcome.args_after[0])


@dataclass(frozen=True)
class AnyEmpty(NoGrids):
    """Any empty cell of the grid, as a position in the course's index base; `otherwise` when
    the grid is full."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    grid: Grid
    base: int
    otherwise: Any = None

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = outcome.value
        cell = _as_cell(got, self.base, len(self.grid))
        if cell is not None and not self.grid[cell[0]][cell[1]]:
            return Judgement(True)
        return Judgement(False, f"returned {show(got)}, which is not an empty cell")


def _as_cell(value: Any, base: int, n: int) -> tuple[int, int] | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    if any(type(v) is not int for v in value):
        return None
    r, c = value[0] - base, value[1] - base
    return (r, c) if 0 <= r < n and 0 <= c < n else None


def handout_text(grid: Grid) -> list[str]:
    """What COSC 130's handout algorithm prints, with its border string and `.` for a blank."""
    lines = []
    for r, row in enumerate(grid):
        if r in (0, 3, 6):
            lines.append(HANDOUT_BORDER)
        text = "| "
        for c, value in enumerate(row):
            text += ". " if value == 0 else f"{value} "
            text += "| " if c in (2, 5, 8) else ""
        lines.append(text.rstrip())
    lines.append(HANDOUT_BORDER)
    return lines


@dataclass(frozen=True)
class Displayed(NoGrids):
    """The printed puzzle, boxed: borders at the top, after rows 3 and 6 and at the bottom; each
    row's nine values in order, `.` for a blank, `|` at the block boundaries."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    grid: Grid

    def judge(self, outcome: CallOutcome) -> Judgement:
        lines = [line.rstrip() for line in outcome.output.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        expected = handout_text(self.grid)
        if len(lines) != len(expected):
            return Judgement(False, f"printed {len(lines)} lines, expected {len(expected)}")
        for number, (got, want) in enumerate(zip(lines, expected, strict=True), 1):
            problem = self._line_problem(got, want)
            if problem:
                return Judgement(False, f"line {number}: {problem}: {got!r}")
        exact = "" if lines == expected else "a layout other than the handout's exact text"
        return Judgement(True, accepted=readings(exact))

    def _line_problem(self, got: str, want: str) -> str:
        if want.startswith("+"):
            return "" if BORDER.match(got.strip()) else "expected a border like '+-------+...'"
        parts = got.split("|")
        wanted = want.split("|")
        if len(parts) != len(wanted) or parts[0].strip() or parts[-1].strip():
            return "expected '|' before, between and after the three blocks"
        if [p.split() for p in parts] != [w.split() for w in wanted]:
            return f"expected the values {want!r}"
        return ""


@dataclass(frozen=True)
class DisplayedTokens(NoGrids):
    """The printed grid, read as its values in order: borders and bars (| + - =) are layout,
    a blank may print as 0, `.`, `_`, `x` or the course's own blank."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    grid: Grid
    course: Course = PLAIN

    def judge(self, outcome: CallOutcome) -> Judgement:
        tokens = FRAME.sub(" ", outcome.output).split()
        expected = [str(self.course.value(v)) if v else None for row in self.grid for v in row]
        if len(tokens) != len(expected):
            return Judgement(False, f"printed {len(tokens)} values, expected {len(expected)}")
        blank = str(self.course.conventions.blank)
        for index, (got, want) in enumerate(zip(tokens, expected, strict=True)):
            right = got in BLANKS or got == blank if want is None else got == want
            if not right:
                r, c = divmod(index, len(self.grid))
                shown = "a blank" if want is None else repr(want)
                return Judgement(False, f"row {r + 1}, column {c + 1} printed {got!r}, expected "
                                 f"{shown}")  # fmt: skip
        return Judgement(True)


@dataclass(frozen=True)
class Copied(NoGrids):
    """copy: the same content in a new outer list and new rows (checked by changing the copy and
    looking at the original)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    grid: Grid

    def judge(self, outcome: CallOutcome) -> Judgement:
        report: Any = outcome.value
        if not isinstance(report, dict):
            return Judgement(False, f"the check reported {show(report)}")
        difference = grid_difference(self.grid, report.get("copy"))
        if difference:
            return Judgement(False, difference)
        if report.get("same_outer"):
            return Judgement(False, "returned the puzzle it was given, not a copy")
        shared = report.get("shared_rows") or []
        if shared or report.get("original_changed"):
            rows = ", ".join(str(r) for r in shared)
            return Judgement(
                False,
                f"the copy shares rows {rows} with the original: changing the copy changes the "
                "original (copy each row too)",
            )
        return Judgement(True)


@dataclass(frozen=True)
class SameGrids(NoGrids):
    """A list of grids, in any order (the reference's answer to the same call)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    expected: tuple[Grid, ...]
    size: int
    course: Course = PLAIN

    def judge(self, outcome: CallOutcome) -> Judgement:
        got = outcome.value
        if not isinstance(got, (list, tuple)):
            return Judgement(False, f"returned {show(got)}, expected a list of grids")
        read = [read_grid(grid, self.size, self.course) for grid in got]
        if any(grid is None for grid in read):
            return Judgement(False, f"returned {show(got)}: not every item is a grid")
        want, have = Counter(self.expected), Counter(g for g in read if g is not None)
        if have == want:
            order = "" if tuple(read) == self.expected else "the grids in another order"
            return Judgement(True, accepted=readings(order))
        if set(have) == set(want):
            return Judgement(False, "returned the right grids, some of them more than once")
        missing, extra = len(set(want) - set(have)), len(set(have) - set(want))
        return Judgement(False, f"returned {len(got)} grids: {missing} missing, {extra} not "
                         f"expected (expected {len(self.expected)})")  # fmt: skip


@dataclass(frozen=True)
class FromReference(NoGrids):
    """A placeholder until the reference has answered the same call (harness/grading/answers.py
    puts the real expectation in its place before anything is graded)."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = ()

    compare: str = "equal"
    size: int = 9
    course: Course = field(default=PLAIN)
    answer: Any = None
    given: bool = (
        False  # the YAML gives the answer (a handout example's): the reference is not asked
    )

    def judge(self, outcome: CallOutcome) -> Judgement:
        raise RuntimeError("a call judged before the reference answered it")
