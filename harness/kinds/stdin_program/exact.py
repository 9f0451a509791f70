"""The output compared as exact text (config.yaml's `program.compare: exact`): the answer in
`program.answer`'s format, character for character, as a handout that prints a boxed grid asks.
What no printed handout shows is no difference, and is said: a final newline missing, CRLF line
ends, spaces at the end of a line, blank lines after the answer. Where a puzzle has
several solutions, any valid completion printed exactly so is right.

A wrong answer says where: the first cell whose value differs, else the first character where the
layout does (`line 4, column 9: expected '|', got ' '`).
"""

from __future__ import annotations

from harness.kinds.stdin_program.answer import FormattedAnswer
from harness.kinds.stdin_program.completion import lenient_lines
from harness.kinds.stdin_program.formats import common_start, written
from harness.kinds.stdin_program.output import Compared, Difference, quoted

NO_FINAL_NEWLINE = "no newline at the end"
SHOWN = 12  # characters quoted on each side of a difference


def compare_exact(answer: FormattedAnswer, text: str) -> Compared:
    kept, notes = lenient_lines(text)
    found = _compare(answer, "\n".join(kept) + "\n" if kept else "")
    if isinstance(found, Difference):
        return found
    ends = "\n" in text[len(text.rstrip()) :] or not text
    return (*notes, *(() if ends else (NO_FINAL_NEWLINE,)), *found)


def _compare(answer: FormattedAnswer, text: str) -> Compared:
    """`text` (CRLF, trailing spaces and blank lines at the end gone) against the answer."""
    if text == answer.text:
        return ()
    lines = text.split("\n")
    if answer.solution is None:
        got = quoted(lines[0]) if text else "nothing"
        return Difference(f"the puzzle has no solution: expected {answer.no_solution!r}, got {got}")
    reading = answer.solved_grid(lines)
    if isinstance(reading, Difference):
        return reading
    mine = written(reading.grid, answer.form, answer.values)  # the grid right: its layout?
    return () if mine == text else first_difference(mine, text)


def first_difference(expected: str, text: str) -> Difference:
    """The first character where two texts differ, said with its line and column."""
    want = expected.removesuffix("\n").split("\n")
    got = text.removesuffix("\n").split("\n")
    for index, (line, other) in enumerate(zip(want, got, strict=False)):
        if line != other:
            column = common_start(line, other)
            detail = f"line {index + 1}, column {column + 1}: expected "
            detail += f"{_at(line, column)}, got {_at(other, column)}"
            return Difference(detail, (index, column, len(other)), (index, column, len(line)))
    if len(got) > len(want):
        extra = len(want)
        detail = f"line {extra + 1}: unexpected {quoted(got[extra])} after the answer"
        return Difference(detail, (extra, 0, len(got[extra])), None)
    missing = len(got)
    detail = f"line {missing + 1}: missing (the output ends after {missing} lines)"
    return Difference(detail, None, (missing, 0, len(want[missing])))


def _at(line: str, column: int) -> str:
    return repr(line[column : column + SHOWN]) if column < len(line) else "the end of the line"
