"""A submission's failed cases as page blocks (grouped in failures.py): per item and verdict one
heading ("get_block_num: 81 of 81 cases wrong (WA); first 3 shown"), the first cases in full
(detail, grids with the differing cells marked, what a program printed beside what it should
have, the start of its output), the others by id on one line, the cases never run in one
sentence, and the hidden cases only as counts."""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.records.evidence import OUTPUT_KEPT, Grids
from harness.records.results import CaseResult, ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers.pages.document import (
    Block,
    GridFigure,
    Heading,
    Paragraph,
    Preformatted,
    PrintedFigure,
)
from harness.writers.pages.failures import SHOWN, Failures, failures, hidden

CELLS_LISTED = 12  # differing cells named in words before "and N more"
CASES_LISTED = 20  # ids of cases not shown in full, named before "and N more"
NOT_RUN = re.compile(r"not run: .*$")  # a case never started says why, after its call
VERDICT_WORDS: dict[Verdict, str] = {
    Verdict.AC: "accepted",
    Verdict.WA: "wrong",
    Verdict.TLE: "over the time limit",
    Verdict.MLE: "over the memory limit",
    Verdict.OLE: "over the output limit",
    Verdict.RE: "crashed",
    Verdict.CE: "could not run",
    Verdict.IE: "failed in the harness",
}


def verdict_words(verdict: Verdict) -> str:
    """'wrong (WA)'."""
    return f"{VERDICT_WORDS[verdict]} ({verdict.value})"


def failed_cases(result: SubmissionResult) -> list[Block]:
    groups = failures(result)
    hidden_failed = [
        Paragraph(f"{found.text} (hidden cases are graded, not shown)", item.name)
        for item in result.items
        if (found := hidden(item)) is not None and found.failed
    ]
    if not groups and not hidden_failed:
        return [Heading(2, "Failed cases"), Paragraph("none: every case was accepted")]
    count = sum(group.count for group in groups)
    blocks: list[Block] = [Heading(2, f"Failed cases ({count})")]
    for group in groups:
        blocks += _group(group)
    return blocks + hidden_failed


def item_label(item: ItemResult) -> str:
    return item.name if item.max_marks else f"{item.name} (informative: costs nothing)"


def _group(group: Failures) -> list[Block]:
    label = item_label(group.item)
    if group.count == 1 and group.ran:
        return failed_case(label, group.ran[0])
    blocks: list[Block] = [Heading(3, _title(label, group))]
    if group.alike:
        blocks += [Paragraph(group.ran[0].detail, "detail"), Paragraph(_ids(group.ran), "cases")]
    else:
        for case in group.ran[:SHOWN]:
            blocks += failed_case(label, case, 4)
        rest = group.ran[SHOWN:]
        if rest:
            words = verdict_words(group.verdict)
            blocks.append(Paragraph(f"{len(rest)} more {words} cases not shown: {_ids(rest)}"))
    if group.not_run:
        blocks.append(Paragraph(_not_run(group)))
    return blocks


def _title(label: str, group: Failures) -> str:
    """'get_block_num: 81 of 81 cases wrong (WA); first 3 shown'."""
    shown = f"; first {SHOWN} shown" if len(group.ran) > SHOWN and not group.alike else ""
    return f"{label}: {group.count} of {group.of} cases {verdict_words(group.verdict)}{shown}"


def _ids(cases: Sequence[CaseResult]) -> str:
    ids = ", ".join(case.id for case in cases[:CASES_LISTED])
    more = f" and {len(cases) - CASES_LISTED} more" if len(cases) > CASES_LISTED else ""
    return f"{ids}{more}"


def _not_run(group: Failures) -> str:
    """'160 cases not run: 3 calls in a row timed out, ...': why the first was not run, as the
    harness said it (cases run in the reference's order, not the page's: its own words say how
    many timed out in a row)."""
    count = len(group.not_run)
    cases = "1 case" if count == 1 else f"{count} cases"
    detail = group.not_run[0].detail
    said = NOT_RUN.search(detail)
    return f"{cases} {said.group(0)}" if said else f"{cases} not run; the first: {detail}"


def failed_case(item: str, case: CaseResult, level: int = 3) -> list[Block]:
    """A failed case: its verdict, its detail, its grids, its printed answer beside the expected
    one and its output (when it has them)."""
    blocks: list[Block] = [Heading(level, f"{item} / {case.id}: {case.verdict.value}")]
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
