"""A submission page's account of the changes made to its computed marks (a late penalty, a
teacher's override), one line each as every output words them (harness/writers/adjusted.py)."""

from __future__ import annotations

from harness.records.results import SubmissionResult
from harness.writers.adjusted import adjustment_lines
from harness.writers.pages.document import Block, Bullets, Heading, Paragraph
from harness.writers.pages.text import marks_text


def adjustment_blocks(result: SubmissionResult) -> list[Block]:
    """Nothing when the marks are as computed."""
    lines = adjustment_lines(result)
    if not lines:
        return []
    computed = Paragraph(marks_text(result.computed_marks), "computed by the harness")
    return [Heading(2, "Changes to the computed marks"), computed, Bullets(tuple(lines))]
