"""The output compared as tokens, the way Kattis's default validator and DOMjudge compare: the
whitespace-separated tokens in order, whatever the layout (blank lines, extra spaces, tabs, the
grid on one line). An answer accepted in another layout says how it differed; anything beyond
the answer (a timing line) is a wrong answer naming the first extra token and its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from harness.kinds.stdin_program.output import (
    Compared,
    Difference,
    Token,
    layout_differences,
    quoted,
    raw_lines,
    tokens_of,
)
from harness.kinds.stdin_program.values import Answer, Place


def compare_tokens(answer: Answer, text: str) -> Compared:
    got = tokens_of(text)
    if answer.solution is None:
        return _no_solution(answer, text, got)
    if answer.no_solution and [found.text for found in got] == answer.no_solution.split():
        detail = f"printed {answer.no_solution!r}, but the puzzle has a solution"
        return Difference(detail, got[0].span, _expected(answer, 0))
    n = answer.size
    found = _with_count(answer.wrong_value(got[: n * n], grid_place(n)), len(got), n * n)
    found = found or _count(answer, text, got, "the grid") or answer.completion_problem(got)
    if found is not None:
        return found
    layout = layout_differences(text, [n] * n, "the grid")
    return _readings(layout, "one row per line", answer.style_note(got))


def grid_place(n: int) -> Place:
    def place(index: int, found: Token) -> str:
        """'row 2, column 3', and the output's line when it is not that row's."""
        row, column = divmod(index, n)
        line = f" (output line {found.line + 1})" if found.line != row else ""
        return f"row {row + 1}, column {column + 1}{line}"

    return place


def _with_count(found: Difference | None, count: int, wanted: int) -> Difference | None:
    """A wrong value's detail, saying too when the output has another number of tokens (a 9x9
    grid printed for a 16x16 puzzle)."""
    if found is None or count == wanted:
        return found
    return replace(found, detail=f"{found.detail} (the output has {count} tokens, not {wanted})")


def _count(answer: Answer, text: str, got: Sequence[Token], what: str) -> Difference | None:
    """Too few tokens (the first one missing) or too many (the first extra one, and where)."""
    wanted = len(tokens_of(answer.text))
    if len(got) < wanted:
        ends = f"the output ends after {len(got)} of the {wanted} values"
        return Difference(
            f"{_missing(answer, len(got))}: {ends}", None, _expected(answer, len(got))
        )
    if len(got) > wanted:
        extra = got[wanted]
        line = raw_lines(text)[extra.line].strip()
        shown = f": {quoted(line)}" if line != extra.text else ""
        more = len(got) - wanted
        tokens = f"; {more} extra tokens" if more > 1 else ""
        where = f"(output line {extra.line + 1}{shown}{tokens})"
        return Difference(f"unexpected {extra.text!r} after {what} {where}", extra.span, None)
    return None


def _missing(answer: Answer, index: int) -> str:
    n = answer.size
    return f"row {index // n + 1}, column {index % n + 1}: missing"


def _no_solution(answer: Answer, text: str, got: Sequence[Token]) -> Compared:
    texts = [found.text for found in got]
    message = answer.no_solution
    wanted = message.split()
    pairs = enumerate(zip(texts, wanted, strict=False))
    same = next((i for i, (a, b) in pairs if a != b), None)
    if same is not None or len(got) < len(wanted):
        return _not_no_solution(answer, text, got, same)
    extra = _count(answer, text, got, repr(message))
    if extra is not None:
        return extra
    layout = layout_differences(text, [len(wanted)], repr(message))
    return _readings(layout, f"{message!r} on one line", "")


def _not_no_solution(
    answer: Answer, text: str, got: Sequence[Token], index: int | None
) -> Difference:
    expected = f"the puzzle has no solution: expected {answer.no_solution!r}"
    if not got:
        return Difference(f"{expected}, got nothing", None, _expected(answer, 0))
    at = len(got) if index is None else index
    found = got[min(at, len(got) - 1)]
    line = f" (output line {found.line + 1})" if found.line else ""
    got_text = quoted(raw_lines(text)[found.line].strip())
    received = found.span if index is not None else None
    return Difference(f"{expected}, got {got_text}{line}", received, _expected(answer, at))


def _expected(answer: Answer, index: int) -> tuple[int, int, int] | None:
    expected = answer.expected_at(index)
    return expected.span if expected else None


def _readings(layout: Sequence[str], canonical: str, style: str) -> tuple[str, ...]:
    """The readings an answer in another layout, or another way of writing values, was
    accepted under."""
    notes = []
    if layout:
        said = "; ".join(layout)
        notes.append(f"compared as tokens: the output's layout differs from {canonical} ({said})")
    return (*notes, *([style] if style else []))
