"""The class page: how many submissions and how they did (mean, median, a histogram of percent
marks), each submission with a link to its page (and its student's name, when known), the students
on the roster with no submission, pass rates per item and the slowest cases (a hidden case not
named)."""

from __future__ import annotations

from collections.abc import Sequence

from harness.records.results import Report, SubmissionResult
from harness.writers.pages.document import (
    Bar,
    Block,
    Bullets,
    Cell,
    Heading,
    Histogram,
    Link,
    Page,
    Paragraph,
    Table,
)
from harness.writers.pages.figures import (
    BINS,
    ItemRate,
    bin_label,
    histogram,
    item_rates,
    percent,
    slowest,
    summary,
)
from harness.writers.pages.submission_page import verdict_counts
from harness.writers.pages.text import marks_text, percent_text


def class_page(report: Report, stems: Sequence[str]) -> Page:
    """The class page; `stems[i]` is the file stem of submission i's page."""
    blocks = [
        *_summary(report),
        *_review(report, stems),
        *_histogram(report),
        *_submissions(report, stems),
        *_absent(report),
        *_rates(report),
        *_slowest(report, stems),
    ]
    return Page(f"{report.assignment}: class results", tuple(blocks))


def _summary(report: Report) -> list[Block]:
    figures = summary(report)
    top = marks_text(report.max_marks)
    errors = figures.submissions - figures.graded - figures.forged
    forged = f", {figures.forged} with a forged report" if figures.forged else ""
    counts = f"{figures.submissions} ({figures.graded} graded, {errors} with errors{forged})"
    return [
        Heading(1, f"{report.assignment}: class results"),
        Paragraph(counts, "submissions"),
        Paragraph(
            f"{marks_text(figures.mean)} / {top} ({percent_text(figures.mean_percent)})", "mean"
        ),
        Paragraph(f"{marks_text(figures.median)} / {top}", "median"),
    ]


def _review(report: Report, stems: Sequence[str]) -> list[Block]:
    """The submissions a person should look at: those with a forged report of the course's
    tests (status "forged": that run's tests earned nothing)."""
    rows = tuple(
        (Link(result.name, f"{stem}.html"), marks_text(result.marks), result.note or "-")
        for result, stem in zip(report.submissions, stems, strict=True)
        if result.status == "forged"
    )
    if not rows:
        return []
    said = (
        "A run of the course's tests reported what its tests did not do: a test the harness "
        "adds to every run, whose outcome it knows, came out otherwise. That run's tests earn "
        "nothing; look at the code before the marks are final."
    )
    heading = Heading(2, f"For review: forged reports ({len(rows)})")
    return [heading, Paragraph(said), Table(("submission", "marks", "note"), rows)]


def _histogram(report: Report) -> list[Block]:
    bars = tuple(Bar(bin_label(i), n) for i, n in zip(range(BINS), histogram(report), strict=True))
    return [Heading(2, "Marks distribution"), Histogram("submissions by percent mark", bars)]


def _submissions(report: Report, stems: Sequence[str]) -> list[Block]:
    named = any(result.student.name for result in report.submissions)
    rows = tuple(
        _submission_row(result, stem, named)
        for result, stem in zip(report.submissions, stems, strict=True)
    )
    headers = ("submission", "marks", "max", "percent", "status", "verdicts", "note")
    return [Heading(2, "Submissions"), Table(("student",) * named + headers, rows)]


def _submission_row(result: SubmissionResult, stem: str, named: bool) -> tuple[Cell, ...]:
    share = percent(result)
    cases = [c for item in result.items for c in item.cases]
    return (
        *((result.student.name or "-",) * named),
        Link(result.name, f"{stem}.html"),
        marks_text(result.marks),
        marks_text(result.max_marks),
        percent_text(share) if share is not None else "-",
        result.status,
        verdict_counts(cases),
        result.note or "-",
    )


def _absent(report: Report) -> list[Block]:
    if not report.absent:
        return []
    names = tuple(s.name or s.login or s.email or s.lms_id or "-" for s in report.absent)
    return [Heading(2, f"On the roster, no submission ({len(names)})"), Bullets(names)]


def _rates(report: Report) -> list[Block]:
    headers = ("item", "max", "full marks", "pass rate", "cases accepted", "AC rate")
    rows = tuple(_rate_row(rate) for rate in item_rates(report))
    explained = "pass rate: graded submissions with full marks on the item; AC rate: its cases"
    return [Heading(2, "Pass rate per item"), Paragraph(explained), Table(headers, rows)]


def _rate_row(rate: ItemRate) -> tuple[str, ...]:
    return (
        rate.item,
        marks_text(rate.max_marks),
        f"{rate.full_marks}/{rate.graded}",
        percent_text(100 * rate.pass_rate) if rate.graded else "-",
        f"{rate.accepted}/{rate.cases}",
        percent_text(100 * rate.accepted_rate) if rate.cases else "-",
    )


def _slowest(report: Report, stems: Sequence[str]) -> list[Block]:
    rows = tuple(
        (
            Link(t.submission, f"{stems[t.position]}.html"),
            t.item,
            "(a hidden case)" if t.hidden else t.case,
            f"{t.seconds:.3f}",
        )
        for t in slowest(report)
    )
    table = Table(("submission", "item", "case", "seconds"), rows)
    return [Heading(2, f"Slowest cases ({len(rows)})"), table]
