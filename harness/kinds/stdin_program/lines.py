"""The output compared line by line (config.yaml's `program.compare: lines`): one row per line,
as the handout prints it. Trailing spaces, the final newline and CRLF do not matter, and a value
written as a letter (A = 10) or as a number is the same value. Anything beyond the grid (a blank
first line, a timing line) is a wrong answer, and the detail shows the first difference. The grid
on one line is accepted too (the handout asks only for "values separated by spaces") and the
feedback says so.
"""

from __future__ import annotations

from harness.kinds.stdin_program.output import (
    ANY_SPACE,
    Compared,
    Difference,
    Token,
    output_lines,
    quoted,
    raw_lines,
    tokens_of,
    whole_line,
)
from harness.kinds.stdin_program.values import Answer, Place
from harness.records.probes import readings

Rows = list[list[Token]]


def compare_lines(answer: Answer, text: str) -> Compared:
    lines = output_lines(text)
    if answer.solution is None:
        return _no_solution(answer, text, lines)
    if answer.no_solution and [line.split() for line in lines] == [answer.no_solution.split()]:
        detail = f"printed {answer.no_solution!r}, but the puzzle has a solution"
        return Difference(detail, whole_line(lines, 0), whole_line(_lines(answer), 0))
    rows, accepted = grid_rows(text, answer.size)
    found = _layout(answer, lines, rows)
    grid = [token for row in rows for token in row]
    found = found or answer.wrong_value(grid, _place(answer.size))
    found = found or answer.completion_problem(grid)
    return found if found is not None else readings(accepted, answer.style_note(grid))


def grid_rows(text: str, n: int) -> tuple[Rows, str]:
    """The output's tokens line by line (trailing empty lines dropped), and a note when the
    grid came on one line (split into its rows)."""
    tokens = tokens_of(text, ANY_SPACE)
    count = len(output_lines(text))
    rows: Rows = [[t for t in tokens if t.line == index] for index in range(count)]
    if len(rows) == 1 and len(rows[0]) == n * n:
        return [rows[0][r * n : (r + 1) * n] for r in range(n)], "the grid on one line"
    return rows, ""


def _place(n: int) -> Place:
    def place(index: int, found: Token) -> str:
        return f"line {index // n + 1}, value {index % n + 1}"

    return place


def _lines(answer: Answer) -> list[str]:
    return output_lines(answer.text)


def _layout(answer: Answer, lines: list[str], rows: Rows) -> Difference | None:
    n = answer.size
    expected = _lines(answer)
    for index in range(max(n, len(rows))):
        if index >= len(rows):
            detail = f"line {index + 1}: missing (the output ends after {len(rows)} lines)"
            return Difference(detail, None, whole_line(expected, index))
        received = whole_line(lines, index) if index < len(lines) else None
        if index >= n:
            detail = f"line {index + 1}: unexpected {quoted(lines[index])} after the grid"
            return Difference(detail, received, None)
        if len(rows[index]) != n:
            shown = quoted(lines[index]) if len(lines) > index else repr(_joined(rows[index]))
            detail = f"line {index + 1}: expected {n} values, got {shown}"
            return Difference(detail, received, whole_line(expected, index))
    return None


def _joined(row: list[Token]) -> str:
    return " ".join(token.text for token in row)


def _no_solution(answer: Answer, text: str, lines: list[str]) -> Compared:
    wanted = answer.no_solution.split()
    if [line.split() for line in lines] == [wanted]:
        return ()
    got = "nothing" if not lines else quoted(lines[0])
    more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
    detail = f"the puzzle has no solution: expected {answer.no_solution!r}, got {got}{more}"
    index = 1 if lines and lines[0].split() == wanted else 0
    received = whole_line(raw_lines(text), index) if lines else None
    return Difference(detail, received, whole_line(_lines(answer), index))
