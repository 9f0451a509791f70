"""What `sudoku-script` (COSC 130 Project 02) answers must be, judged in the supervisor.

display_puzzle is judged by the structure the handout describes, not its exact text: the
handout's border string (5 dashes) and its own algorithm (rows 7 characters wide per block)
disagree, and real submissions use 5, 6 or 7 dashes; any run of dashes is accepted, trailing
whitespace ignored, and the feedback says when the text differs from the handout's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from harness.assignments.expectations import grid_difference, show
from harness.records.evidence import Grid, Grids
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, NoGrids, Probe, readings

BORDER = re.compile(r"^\+-+\+-+\+-+\+$")
HANDOUT_BORDER = "+-----+-----+-----+"
BORDERS_BEFORE = (0, 3, 6)


def handout_text(grid: Grid) -> list[str]:
    """What the handout's algorithm prints, with its border string and `.` for a blank."""
    lines = []
    for r, row in enumerate(grid):
        if r in BORDERS_BEFORE:
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
    """The printed puzzle: borders at the top, after rows 3 and 6 and at the bottom; each row's
    nine values in order, `.` for a blank, `|` at the block boundaries."""

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
class Copied(NoGrids):
    """copy_puzzle: the same content in a new outer list and new rows (checked by changing the
    copy and looking at the original)."""

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
class SolvedUnchanged:
    """solve(puzzle): the solution (None when there is none), the puzzle it was given unchanged."""

    inspects_arguments = True
    criteria: ClassVar[tuple[str, ...]] = ()

    puzzle: Grid
    solution: Grid | None

    def judge(self, outcome: CallOutcome) -> Judgement:
        if self.solution is None and outcome.value is not None:
            return Judgement(False, f"returned {show(outcome.value)}; the puzzle has no solution")
        if self.solution is not None:
            difference = grid_difference(self.solution, outcome.value)
            if difference:
                return Judgement(False, difference)
        given = outcome.args_after[0] if outcome.args_after else None
        if given is not None and grid_difference(self.puzzle, given):
            return Judgement(False, "changed the puzzle it was given (copy before each move)")
        return Judgement(True)

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        return Grids.from_values(self.puzzle, self.solution, outcome.value)
