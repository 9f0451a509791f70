"""The output compared as exact text (config.yaml's `program.compare: exact`): the answer in
`program.answer`'s format, character for character, as a handout that prints a boxed grid asks.
Only a final newline, there or not, is no difference (and said when missing). Where a puzzle has
several solutions, any valid completion printed exactly so is right.

A wrong answer says where: the first cell whose value differs, else the first character where the
layout does (`line 4, column 9: expected '|', got ' '`).
"""

from __future__ import annotations

from harness.assignments.stdin_program.answer import FormattedAnswer
from harness.assignments.stdin_program.formats import common_start, written
from harness.assignments.stdin_program.output import Compared, Difference, quoted

NO_FINAL_NEWLINE = "no newline at the end"
SHOWN = 12  # characters quoted on each side of a difference


def compare_exact(answer: FormattedAnswer, text: str) -> Compared:
    same = _same(answer.text, text)
    if same is not None:
        return same
    lines = text.split("\n")  # a CR is a character like any other here
    if answer.solution is None:
        got = quoted(lines[0]) if text else "nothing"
        return Difference(f"the puzzle has no solution: expected {answer.no_solution!r}, got {got}")
    if text.strip() == answer.no_solution:
        return Difference(f"printed {answer.no_solution!r}, but the puzzle has a solution")
    reading = answer.read(lines)
    if reading.problem:
        return Difference(reading.problem, reading.at)
    found = answer.grid_problem(reading)
    if found is not None:
        return found
    mine = written(reading.grid, answer.form, answer.values)  # the grid right: its layout?
    return _same(mine, text) or first_difference(mine, text)


def _same(expected: str, text: str) -> tuple[str, ...] | None:
    if text == expected:
        return ()
    if text + "\n" == expected:
        return (NO_FINAL_NEWLINE,)
    return None


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
