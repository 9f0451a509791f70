"""What a stdin program must print, judged in the supervisor: the solved grid, or `No Solution`.

The output is compared with the answer as config.yaml's `program.compare` says: as tokens
(tokens.py, the default: whitespace-separated values in order, as Kattis and DOMjudge compare)
or line by line (lines.py). Either way a value written as a letter (A = 10) or as a number is
the same value, and a wrong answer keeps the output beside the expected one, the first
difference marked, for the feedback page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from harness.assignments.stdin_program.lines import compare_lines
from harness.assignments.stdin_program.output import Compared, Difference, tokens_of
from harness.assignments.stdin_program.tokens import compare_tokens
from harness.assignments.stdin_program.values import Answer, value_of
from harness.config import Comparison
from harness.puzzles.suites import ValueStyle
from harness.records.evidence import Grid, Grids, Printed
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, Probe

COMPARISONS: dict[Comparison, Callable[[Answer, str], Compared]] = {
    "tokens": compare_tokens,
    "lines": compare_lines,
}


@dataclass(frozen=True)
class PrintedGrid:
    """The expected output for one puzzle; `solution` None: the puzzle has none."""

    puzzle: Grid
    solution: Grid | None
    style: ValueStyle = "decimal"
    multiple_solutions: bool = False
    compare: Comparison = "tokens"
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.puzzle)

    @property
    def answer(self) -> Answer:
        return Answer(self.puzzle, self.solution, self.style, self.multiple_solutions)

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if self.multiple_solutions:
            return None
        printed = printed_grid(str(outcome.value), self.size)
        return Grids.from_values(self.puzzle, self.solution, printed)

    def judge(self, outcome: CallOutcome) -> Judgement:
        text = str(outcome.value)
        compared = COMPARISONS[self.compare](self.answer, text)
        if not isinstance(compared, Difference):
            return Judgement(True, accepted=compared)
        return Judgement(False, compared.detail, printed=self._printed(text, compared))

    def _printed(self, text: str, found: Difference) -> Printed | None:
        """The output beside the expected one; none when several solutions are right (one of
        them beside the output would mislead), as for the grids."""
        if self.multiple_solutions:
            return None
        return Printed.from_texts(self.answer.text, text, found.expected_at, found.received_at)


def printed_grid(text: str, n: int) -> list[list[int | None]]:
    """The values a program printed, its first n * n tokens row by row (fewer: none); a token
    that is not a value reads as None, which no grid holds."""
    values = [value_of(found.text) for found in tokens_of(text)[: n * n]]
    return [values[r * n : (r + 1) * n] for r in range(n)] if len(values) == n * n else []
