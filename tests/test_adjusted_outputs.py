"""A late penalty and an override are each their own line in every output: the table's notes,
the JUnit properties, Gradescope's output and the feedback pages (reports built here)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from harness.records.adjustments import Adjustment
from harness.records.results import ItemResult, Report, SubmissionResult
from harness.writers import gradescope, junit, table
from harness.writers.adjusted import adjustment_lines
from harness.writers.pages import to_html, to_markdown
from harness.writers.pages.document import Bullets, Heading, Paragraph
from harness.writers.pages.submission_page import submission_page
from tests.test_gradescope import valid

LATE = (
    "2 days 3 hours late (due 2026-03-02 23:59 UTC): 3 days x 10% = 30% of the maximum (19) taken"
)
ADJUSTMENTS = (
    Adjustment("override", "get_row", 9, 7, "prints a debug line\n<b>see me</b>"),
    Adjustment("override", None, 17, 18, "bonus"),
    Adjustment("late", None, 18, 12.3, LATE),
    Adjustment("late", None, 12.3, 12.3, "marked late in the download, and no time is known"),
)
LINES = [
    "override of get_row 9 -> 7: prints a debug line <b>see me</b>",
    "override of the total 17 -> 18: bonus",
    f"late penalty 18 -> 12.3: {LATE}",
    "late: marked late in the download, and no time is known",
]
ITEMS = (ItemResult("get_block_num", 10, 10, ()), ItemResult("get_row", 7, 9, ()))
ADJUSTED = SubmissionResult("jane", 12.3, 19, "graded", "", ITEMS, adjustments=ADJUSTMENTS)
PLAIN = SubmissionResult("raj", 19, 19, "graded", "", ITEMS)
REPORT = Report("verdicts", 19, (ADJUSTED, PLAIN))


def test_each_adjustment_is_one_line() -> None:
    assert adjustment_lines(ADJUSTED) == LINES
    assert adjustment_lines(PLAIN) == []
    assert ADJUSTED.computed_marks == 19


def test_the_table_notes_each_adjustment() -> None:
    text = table.render(REPORT, 200)  # wide enough for every line whole
    assert "jane" in text and "12.3" in text
    notes = text.split("notes (")[1]
    jane, raj = notes.split("\n  raj ")
    jane += "\n"
    for line in LINES:
        assert f"{line}\n" in jane
    assert "override" not in raj and "late" not in raj


def test_junit_has_a_property_per_adjustment() -> None:
    root = ET.fromstring(junit.to_xml(REPORT))
    jane, raj = root.findall("testsuite")
    found = [p.get("value") for p in jane.iter("property") if p.get("name") == "adjustment"]
    assert found == LINES
    assert not [p for p in raj.iter("property") if p.get("name") == "adjustment"]


def test_gradescope_output_has_a_line_per_adjustment() -> None:
    data = valid(gradescope.results(Report("verdicts", 19, (ADJUSTED,)), 1.0))
    first, *rest = data["output"].split("\n")
    assert first.startswith("12.3 / 19 marks")
    assert rest == LINES and data["score"] == 12.3
    assert "\n" not in valid(gradescope.results(Report("verdicts", 19, (PLAIN,)), 1.0))["output"]


def test_the_feedback_page_lists_the_changes_under_the_marks() -> None:
    blocks = submission_page(ADJUSTED).blocks
    heading = blocks.index(Heading(2, "Changes to the computed marks"))
    assert blocks[heading + 1] == Paragraph("19", "computed by the harness")
    assert blocks[heading + 2] == Bullets(tuple(LINES))
    assert heading < blocks.index(Heading(2, "Items"))
    page = submission_page(ADJUSTED)
    assert "&lt;b&gt;see me&lt;/b&gt;" in to_html.render(page)
    assert "late penalty 18 -\\> 12.3" in to_markdown.render(page)
    assert not any("Changes" in str(block) for block in submission_page(PLAIN).blocks)
