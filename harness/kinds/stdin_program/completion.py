"""The output compared as "a valid completion printed in the course's format"
(config.yaml's `program.compare: completion`): a grid in `program.answer`'s format at the start
of the output, which the harness's model finds a valid completion keeping the givens (any one,
where the puzzle has several), then the handout's label, if it asks for one (labels.py).

Line ends are read leniently, and the feedback says how: CRLF as LF, trailing spaces and blank
lines at the end left out; a final newline, there or not, is no difference at all.
"""

from __future__ import annotations

from harness.kinds.stdin_program.answer import FormattedAnswer
from harness.kinds.stdin_program.formats import rest_of
from harness.kinds.stdin_program.labels import judge_label
from harness.kinds.stdin_program.output import Compared, Difference, quoted
from harness.records.probes import readings


def compare_completion(answer: FormattedAnswer, text: str) -> Compared:
    lines, notes = lenient_lines(text)
    if answer.solution is None:
        return _no_solution(answer, lines, notes)
    reading = answer.solved_grid(lines)
    if isinstance(reading, Difference):
        return reading
    label = judge_label(rest_of(lines, reading.end), answer.label, answer.puzzle)
    if label.problem:
        return Difference(label.problem)
    return readings(*notes, *label.readings)


def lenient_lines(text: str) -> tuple[list[str], tuple[str, ...]]:
    """The output's lines with CRLF as LF, trailing spaces and blank lines at the end left out;
    and what was left out, said."""
    raw = [line.removesuffix("\r") for line in text.split("\n")]
    lines = [line.rstrip(" \t") for line in raw]
    crlf = "\r\n" in text
    spaces = any(line != kept for line, kept in zip(raw, lines, strict=True))
    notes = [
        "CRLF line ends read as LF" if crlf else "",
        "trailing spaces left out" if spaces else "",
    ]
    while lines and not lines[-1]:
        lines.pop()
    if len(raw) - len(lines) > 1:  # more than the final newline's empty string
        notes.append("blank lines after the answer left out")
    return lines, tuple(note for note in notes if note)


def _no_solution(answer: FormattedAnswer, lines: list[str], notes: tuple[str, ...]) -> Compared:
    if "\n".join(lines).strip() == answer.no_solution:
        return notes
    expected = f"the puzzle has no solution: expected {answer.no_solution!r}"
    got = quoted(lines[0]) if lines else "nothing"
    return Difference(f"{expected}, got {got}")
