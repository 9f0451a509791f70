"""Each change made to a submission's computed marks, as one line every output shows: the score
table's notes, the JUnit properties, Gradescope's output and the feedback pages.

    late penalty 85 -> 55: 2 days 3 hours late (due 2026-03-02 23:59 UTC): 3 days x 10% = ...
    override of get_row 3 -> 5: regraded by hand
    override of the total 50 -> 60: bonus for the extension task
    late: marked late in the download, and no time is known: no penalty applied; ...
"""

from __future__ import annotations

from harness.records.adjustments import Adjustment
from harness.records.results import SubmissionResult
from harness.text import one_line

LABELS = {"late": "late penalty", "override": "override of"}


def adjustment_lines(result: SubmissionResult) -> list[str]:
    return [adjustment_line(adjustment) for adjustment in result.adjustments]


def adjustment_line(adjustment: Adjustment) -> str:
    if adjustment.kind == "late" and not adjustment.delta:
        return one_line(f"late: {adjustment.comment}")
    label = LABELS[adjustment.kind]
    if adjustment.kind == "override":
        label += f" {adjustment.item}" if adjustment.item is not None else " the total"
    change = f"{adjustment.before:g} -> {adjustment.after:g}"
    return one_line(f"{label} {change}: {adjustment.comment}")
