"""A submission none of whose code ran (a syntax error, an import that failed, a compile error):
said once, at the top of its page, with the student's line the error points at as Python shows
it (the line, a caret under the column), instead of once per item."""

from __future__ import annotations

from harness.records.outcomes import SourceLine
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers.pages.document import Block, Heading, Paragraph, Preformatted

TAB = 8  # columns a tab advances to a multiple of
WIDTH = 5  # columns of a line number, at least
WHY: dict[Verdict, str] = {  # what the one case of each item says, in words
    Verdict.CE: "the file did not load",
    Verdict.IE: "the harness failed on it (not the submission's fault)",
}


def why_not_graded(result: SubmissionResult) -> str:
    """'the file did not load', from the verdict every item got."""
    verdict = next(item.cases[0].verdict for item in result.items if item.graded)
    return WHY.get(verdict, "it was not run")


def item_cell(result: SubmissionResult) -> str:
    """What each item's row says: one line, pointing at the block at the top."""
    return f"not graded: {why_not_graded(result)} (see above)"


def not_loaded(result: SubmissionResult) -> list[Block]:
    """The block at the top: why, the line it points at, and a compiler's output in full."""
    detail = next(item.cases[0].detail for item in result.items if item.graded)
    blocks: list[Block] = [
        Heading(2, f"Not graded: {why_not_graded(result)}"),
        Paragraph(result.note or detail.splitlines()[0], "error"),
    ]
    line = result.source_line
    if line is not None:
        where = f"line {line.number} of {line.file}" if line.file else f"line {line.number}"
        blocks.append(Preformatted(where, source_text(line)))
    if "\n" in detail:
        blocks.append(Preformatted("detail", detail))
    return blocks


def source_text(line: SourceLine) -> str:
    """`   97 | def f(x)` and, when the column is known, a caret under it on the next line."""
    number = str(line.number).rjust(WIDTH)
    shown = f"{number} | {line.text.expandtabs(TAB)}".rstrip()
    if not line.column:
        return shown
    before = len(line.text[: line.column - 1].expandtabs(TAB))
    return f"{shown}\n{' ' * len(number)} | {' ' * before}^"
