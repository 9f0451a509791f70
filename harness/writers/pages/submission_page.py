"""A submission's feedback page: who handed it in, its marks and each change made to them after
grading, each item's marks and verdicts (hidden cases only counted), the feedback with every rubric
row in the handout's words, and the failed cases, grouped (failed_cases.py). A submission whose
code did not load says why once, at the top (not_loaded.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from harness.records.results import CaseResult, CriterionResult, ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers.pages.adjusted import adjustment_blocks
from harness.writers.pages.document import (
    Block,
    Bullets,
    Cell,
    Heading,
    Link,
    Page,
    Paragraph,
    Table,
)
from harness.writers.pages.failed_cases import failed_cases
from harness.writers.pages.failures import did_not_load, hidden
from harness.writers.pages.figures import percent
from harness.writers.pages.not_loaded import item_cell, not_loaded
from harness.writers.pages.text import marks_text, percent_text


def submission_page(result: SubmissionResult, up: Link | None = None) -> Page:
    """The page; `up` links the page it belongs to (the class page), none on a student's own."""
    unloaded = did_not_load(result)
    blocks = [
        *_header(result, unloaded),
        *(not_loaded(result) if unloaded else []),
        *_items(result, unloaded),
        *_flags(result),
        *_feedback(result),
        *([] if unloaded else failed_cases(result)),
    ]
    return Page(f"{result.student.name or result.name}: feedback", tuple(blocks), up)


def _header(result: SubmissionResult, unloaded: bool) -> list[Block]:
    share = percent(result)
    shown = f" ({percent_text(share)})" if share is not None else ""
    marks = f"{marks_text(result.marks)} / {marks_text(result.max_marks)}{shown}"
    named = [Paragraph(result.name, "submission")] if result.student.name else []
    note = [Paragraph(result.note, "note")] if result.note and not unloaded else []
    return [
        Heading(1, result.student.name or result.name),
        *named,
        Paragraph(marks, "marks"),
        Paragraph(result.status, "status"),
        *note,
        *adjustment_blocks(result),
    ]


def verdict_counts(cases: Sequence[CaseResult]) -> str:
    """'AC 79, WA 2', in the verdicts' own order; '-' without cases."""
    counts = Counter(c.verdict for c in cases)
    return ", ".join(f"{v.value} {counts[v]}" for v in Verdict if counts[v]) or "-"


def _items(result: SubmissionResult, unloaded: bool) -> list[Block]:
    with_hidden = any(hidden(item) for item in result.items)
    headers = ("item", "marks", "max", "verdicts") + (("hidden cases",) if with_hidden else ())
    rows = tuple(_item_row(result, item, unloaded, with_hidden) for item in result.items)
    return [Heading(2, "Items"), Table(headers, rows)]


def _item_row(
    result: SubmissionResult, item: ItemResult, unloaded: bool, with_hidden: bool
) -> tuple[Cell, ...]:
    marks = marks_text(item.marks) if item.graded else "not graded"
    visible = [c for c in item.cases if not c.hidden]
    verdicts = item_cell(result) if unloaded and item.graded else verdict_counts(visible)
    found = hidden(item)
    counted = ((found.text if found else "-"),) if with_hidden else ()
    return (item.name, marks, marks_text(item.max_marks), verdicts, *counted)


def _flags(result: SubmissionResult) -> list[Block]:
    if not result.flags:
        return []
    rows = tuple(
        (f.rule, f.item or "-", str(f.line) if f.line else "-", f.message) for f in result.flags
    )
    return [Heading(2, "Rules flagged"), Table(("rule", "item", "line", "message"), rows)]


def _feedback(result: SubmissionResult) -> list[Block]:
    blocks = [block for item in result.items for block in _item_feedback(result, item)]
    return [Heading(2, "Feedback"), *blocks] if blocks else []


def _item_feedback(result: SubmissionResult, item: ItemResult) -> Iterator[Block]:
    if not item.feedback and not item.criteria:
        return
    yield Heading(3, item.name)
    if item.feedback:
        yield Bullets(item.feedback)
    if item.criteria:
        rows = tuple(_criterion_row(result, c) for c in item.criteria)
        yield Table(("criterion", "marks", "max", "why marks were lost"), rows)


def _criterion_row(result: SubmissionResult, criterion: CriterionResult) -> tuple[str, ...]:
    """A rubric row in the handout's words (its config key when it has none); a reason already
    said at the top of the page (the file did not load) is not said again."""
    why = criterion.message or "-"
    if criterion.message and criterion.message == result.note:
        why = "see above"
    marks = (marks_text(criterion.marks), marks_text(criterion.max_marks))
    return (criterion.text or criterion.name, *marks, why)
