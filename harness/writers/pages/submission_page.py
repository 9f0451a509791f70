"""A submission's feedback page: its marks, each item's marks and verdicts, the feedback, and every
failed case with its detail, its grids (differing cells marked), what a program printed beside
what it should have (the first difference marked) and the start of its output. Cases of one item
that failed alike (one interface mismatch, say) are shown once, with their ids."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from harness.records.evidence import OUTPUT_KEPT, Grids
from harness.records.results import CaseResult, ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers.pages.adjusted import adjustment_blocks
from harness.writers.pages.document import (
    Block,
    Bullets,
    GridFigure,
    Heading,
    Link,
    Page,
    Paragraph,
    Preformatted,
    PrintedFigure,
    Table,
)
from harness.writers.pages.figures import percent
from harness.writers.pages.names import INDEX
from harness.writers.pages.text import marks_text, percent_text

CELLS_LISTED = 12  # differing cells named in words before "and N more"
CASES_LISTED = 20  # ids of cases failed alike, named before "and N more"
BACK = Link("class page", f"{INDEX}.html")


def submission_page(result: SubmissionResult) -> Page:
    blocks = [*_header(result), *_items(result), *_flags(result), *_feedback(result)]
    return Page(f"{result.name}: feedback", (*blocks, *_failed(result)), BACK)


def _header(result: SubmissionResult) -> list[Block]:
    share = percent(result)
    shown = f" ({percent_text(share)})" if share is not None else ""
    marks = f"{marks_text(result.marks)} / {marks_text(result.max_marks)}{shown}"
    note = [Paragraph(result.note, "note")] if result.note else []
    return [
        Heading(1, result.name),
        Paragraph(marks, "marks"),
        Paragraph(result.status, "status"),
        *note,
        *adjustment_blocks(result),
    ]


def verdict_counts(cases: Sequence[CaseResult]) -> str:
    """'AC 79, WA 2', in the verdicts' own order; '-' without cases."""
    counts = Counter(c.verdict for c in cases)
    return ", ".join(f"{v.value} {counts[v]}" for v in Verdict if counts[v]) or "-"


def _items(result: SubmissionResult) -> list[Block]:
    rows = tuple(
        (
            i.name,
            marks_text(i.marks) if i.graded else "not graded",
            marks_text(i.max_marks),
            verdict_counts(i.cases),
        )
        for i in result.items
    )
    return [Heading(2, "Items"), Table(("item", "marks", "max", "verdicts"), rows)]


def _flags(result: SubmissionResult) -> list[Block]:
    if not result.flags:
        return []
    rows = tuple(
        (f.rule, f.item or "-", str(f.line) if f.line else "-", f.message) for f in result.flags
    )
    return [Heading(2, "Rules flagged"), Table(("rule", "item", "line", "message"), rows)]


def _feedback(result: SubmissionResult) -> list[Block]:
    blocks = [block for item in result.items for block in _item_feedback(item)]
    return [Heading(2, "Feedback"), *blocks] if blocks else []


def _item_feedback(item: ItemResult) -> Iterator[Block]:
    if not item.feedback and not item.criteria:
        return
    yield Heading(3, item.name)
    if item.feedback:
        yield Bullets(item.feedback)
    if item.criteria:
        rows = tuple(
            (c.name, marks_text(c.marks), marks_text(c.max_marks), c.message or "-")
            for c in item.criteria
        )
        yield Table(("criterion", "marks", "max", "why marks were lost"), rows)


def _failed(result: SubmissionResult) -> list[Block]:
    failed = [(item, c) for item in result.items for c in item.cases if c.verdict is not Verdict.AC]
    if not failed:
        return [Heading(2, "Failed cases"), Paragraph("none: every case was accepted")]
    blocks: list[Block] = [Heading(2, f"Failed cases ({len(failed)})")]
    for item, cases in _grouped(failed):
        label = item.name if item.max_marks else f"{item.name} (informative: costs nothing)"
        blocks += failed_case(label, cases[0]) if len(cases) == 1 else _same_failure(label, cases)
    return blocks


def _grouped(
    failed: Sequence[tuple[ItemResult, CaseResult]],
) -> list[tuple[ItemResult, list[CaseResult]]]:
    """Failed cases of one item that say the same thing and show nothing more, together (one
    interface mismatch is one problem, not 48); the others one by one, in order."""
    groups: dict[tuple[str, str, str, int], tuple[ItemResult, list[CaseResult]]] = {}
    for index, (item, case) in enumerate(failed):
        same = case.evidence is None and "\n" not in case.detail and not case.hidden
        key = (item.name, case.verdict.value, case.detail, -1 if same else index)
        groups.setdefault(key, (item, []))[1].append(case)
    return list(groups.values())


def _same_failure(item: str, cases: Sequence[CaseResult]) -> list[Block]:
    first = cases[0]
    ids = ", ".join(case.id for case in cases[:CASES_LISTED])
    more = f" and {len(cases) - CASES_LISTED} more" if len(cases) > CASES_LISTED else ""
    return [
        Heading(3, f"{item}: {len(cases)} cases {first.verdict.value}"),
        Paragraph(first.detail, "detail"),
        Paragraph(f"cases: {ids}{more}", "verdict"),
    ]


def failed_case(item: str, case: CaseResult) -> list[Block]:
    """A failed case: its verdict, its detail, its grids, its printed answer beside the expected
    one and its output (when it has them)."""
    blocks: list[Block] = [Heading(3, f"{item} / {case.id}: {case.verdict.value}")]
    blocks.append(Paragraph(f"{case.verdict.value}, {case.seconds:.3f} s", "verdict"))
    if "\n" in case.detail:
        blocks.append(Preformatted("detail", case.detail))
    elif case.detail:
        blocks.append(Paragraph(case.detail, "detail"))
    evidence = case.evidence
    if evidence is not None and evidence.grids is not None:
        blocks += [Paragraph(differing_text(evidence.grids), "grids"), GridFigure(evidence.grids)]
    if evidence is not None and evidence.printed is not None:
        blocks.append(PrintedFigure(evidence.printed))
    if evidence is not None and evidence.output:
        blocks.append(Preformatted(_output_label(evidence.output), evidence.output))
    return blocks


def differing_text(grids: Grids) -> str:
    """'2 cells differ from the expected grid (marked): row 1 column 3, row 4 column 4'."""
    cells = grids.differing
    named = ", ".join(f"row {r + 1} column {c + 1}" for r, c in cells[:CELLS_LISTED])
    more = f" and {len(cells) - CELLS_LISTED} more" if len(cells) > CELLS_LISTED else ""
    noun = "cell differs" if len(cells) == 1 else "cells differ"
    return f"{len(cells)} {noun} from the expected grid (marked): {named}{more}"


def _output_label(output: str) -> str:
    if len(output) >= OUTPUT_KEPT:
        return f"output (the first {OUTPUT_KEPT} characters)"
    return "output"
