"""What a program must print, judged in the supervisor: the solved grid, or the handout's
message for a puzzle without one (`No Solution`).

The output (its stdout, or the file config.yaml's `program.output` names) is compared with the
answer as `program.compare` says: as tokens (tokens.py, the default: whitespace-separated values
in order, as Kattis and DOMjudge compare) or line by line (lines.py), where a value written as a
letter (A = 10) or as a number is the same value (PrintedGrid); or in the course's own format
(FormattedGrid): as exact text (exact.py), or as a valid completion, then a label
(completion.py). A wrong answer keeps the output beside the expected one, the first difference
marked, for the feedback page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from harness.kinds.stdin_program.answer import FormattedAnswer
from harness.kinds.stdin_program.completion import compare_completion
from harness.kinds.stdin_program.exact import compare_exact
from harness.kinds.stdin_program.lines import compare_lines
from harness.kinds.stdin_program.output import NO_SOLUTION, Compared, Difference, tokens_of
from harness.kinds.stdin_program.tokens import compare_tokens
from harness.kinds.stdin_program.values import Answer, value_of
from harness.program_io import Comparison
from harness.puzzles.suites import ValueStyle
from harness.records.evidence import Grid, Grids, Printed
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, Probe

COMPARISONS: dict[Comparison, Callable[[Answer, str], Compared]] = {
    "tokens": compare_tokens,
    "lines": compare_lines,
}
FORMATTED: dict[Comparison, Callable[[FormattedAnswer, str], Compared]] = {
    "exact": compare_exact,
    "completion": compare_completion,
}


@dataclass(frozen=True)
class PrintedGrid:
    """The expected output for one puzzle; `solution` None: the puzzle has none."""

    puzzle: Grid
    solution: Grid | None
    style: ValueStyle = "decimal"
    multiple_solutions: bool = False
    compare: Comparison = "tokens"
    no_solution: str = NO_SOLUTION
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.puzzle)

    @property
    def stub_replies(self) -> tuple[str, ...]:
        """What a program that does nothing prints besides nothing (grading/stub_answers.py):
        the handout's no-solution message."""
        return (self.no_solution,) if self.no_solution else ()

    @property
    def answer(self) -> Answer:
        return Answer(
            self.puzzle, self.solution, self.style, self.multiple_solutions, self.no_solution
        )

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if self.multiple_solutions:
            return None
        printed = printed_grid(str(outcome.value), self.size)
        return Grids.from_values(self.puzzle, self.solution, printed)

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, lambda text: COMPARISONS[self.compare](self.answer, text), self)

    def printed(self, text: str, found: Difference) -> Printed | None:
        """The output beside the expected one; none when several solutions are right (one of
        them beside the output would mislead), as for the grids."""
        if self.multiple_solutions:
            return None
        return Printed.from_texts(self.answer.text, text, found.expected_at, found.received_at)


@dataclass(frozen=True)
class FormattedGrid:
    """The expected output in the course's own format (`compare: exact` or `completion`)."""

    answer: FormattedAnswer
    compare: Comparison = "completion"
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if self.answer.multiple_solutions or not isinstance(outcome.value, str):
            return None
        reading = self.answer.read(outcome.value.replace("\r\n", "\n").split("\n"))
        printed = [list(row) for row in reading.grid] if not reading.problem else []
        return Grids.from_values(self.answer.puzzle, self.answer.solution, printed)

    @property
    def stub_replies(self) -> tuple[str, ...]:
        """The handout's no-solution message, as a program that does nothing may print it."""
        said = self.answer.no_solution
        return (said,) if said else ()

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, lambda text: FORMATTED[self.compare](self.answer, text), self)

    def printed(self, text: str, found: Difference) -> Printed | None:
        if self.answer.multiple_solutions:
            return None
        return Printed.from_texts(self.answer.text, text, found.expected_at, found.received_at)


class _Shows(Protocol):
    def printed(self, text: str, found: Difference) -> Printed | None: ...


def judged(outcome: CallOutcome, compare: Callable[[str], Compared], shows: _Shows) -> Judgement:
    """A run's answer compared: its text (stdout, or the output file the shape read), or why
    there is none (a file not written, or a link: the shape's message). What the shape read
    through to get the answer (another exit status, a stdout beside the file) is in its
    message, a line each: accepted readings too."""
    if not isinstance(outcome.value, str):
        return Judgement(False, outcome.message or "no answer was read")
    read_through = tuple(line for line in outcome.message.splitlines() if line)
    compared = compare(outcome.value)
    if not isinstance(compared, Difference):
        return Judgement(True, accepted=(*read_through, *compared))
    return Judgement(False, compared.detail, printed=shows.printed(outcome.value, compared))


def printed_grid(text: str, n: int) -> list[list[int | None]]:
    """The values a program printed, its first n * n tokens row by row (fewer: none); a token
    that is not a value reads as None, which no grid holds."""
    values = [value_of(found.text) for found in tokens_of(text)[: n * n]]
    return [values[r * n : (r + 1) * n] for r in range(n)] if len(values) == n * n else []
