"""The class's figures: marks statistics, the histogram of percent marks, pass rates per item and
the slowest cases. Plain numbers from a report; the class page lays them out."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass

from harness.records.results import ItemResult, Report, SubmissionResult
from harness.records.verdicts import Verdict

BINS = 10  # the histogram's bins: 0-10 %, ..., 90-100 % (100 % in the last)
SLOWEST = 10


@dataclass(frozen=True)
class MarksSummary:
    submissions: int
    graded: int  # with status "graded"
    forged: int  # with status "forged": a report of the course's tests forged, for review
    mean: float  # marks, over every submission with a maximum (an error row counts its marks)
    median: float
    mean_percent: float


@dataclass(frozen=True)
class ItemRate:
    item: str
    max_marks: float
    full_marks: int  # graded submissions with full marks on the item
    graded: int  # graded submissions the item was graded for
    accepted: int  # AC cases of the item over those submissions
    cases: int

    @property
    def pass_rate(self) -> float:
        return self.full_marks / self.graded if self.graded else 0.0

    @property
    def accepted_rate(self) -> float:
        return self.accepted / self.cases if self.cases else 0.0


@dataclass(frozen=True)
class TimedCase:
    position: int  # the submission's place in the report
    submission: str
    item: str
    case: str
    seconds: float
    hidden: bool = False  # a hidden case: pages never name it


def percent(result: SubmissionResult) -> float | None:
    """The submission's marks as a percentage of its own maximum; None without a maximum."""
    return None if result.percent is None else round(result.percent, 6)


def summary(report: Report) -> MarksSummary:
    marked = [s for s in report.submissions if s.max_marks > 0]
    marks = [s.marks for s in marked] or [0.0]
    percents = [p for s in marked if (p := percent(s)) is not None] or [0.0]
    graded = sum(s.status == "graded" for s in report.submissions)
    forged = sum(s.status == "forged" for s in report.submissions)
    mean, median = statistics.fmean(marks), statistics.median(marks)
    return MarksSummary(
        len(report.submissions), graded, forged, mean, median, statistics.fmean(percents)
    )


def histogram(report: Report) -> tuple[int, ...]:
    """How many submissions fall in each tenth of the percent marks (100 % in the last)."""
    counts = [0] * BINS
    for result in report.submissions:
        share = percent(result)
        if share is not None:
            counts[min(max(int(share // (100 / BINS)), 0), BINS - 1)] += 1
    return tuple(counts)


def bin_label(index: int) -> str:
    width = 100 // BINS
    return f"{index * width}-{(index + 1) * width}%"


def item_rates(report: Report) -> tuple[ItemRate, ...]:
    """Per item, over the graded submissions that item was graded for."""
    names = list(dict.fromkeys(i.name for s in report.submissions for i in s.items))
    return tuple(_rate(name, list(_graded_items(report, name))) for name in names)


def _graded_items(report: Report, name: str) -> Iterator[ItemResult]:
    for result in report.submissions:
        if result.status == "graded":
            yield from (i for i in result.items if i.name == name and i.graded)


def _rate(name: str, items: list[ItemResult]) -> ItemRate:
    cases = [c for item in items for c in item.cases]
    return ItemRate(
        name,
        max((i.max_marks for i in items), default=0.0),
        sum(i.marks >= i.max_marks for i in items),
        len(items),
        sum(c.verdict is Verdict.AC for c in cases),
        len(cases),
    )


def slowest(report: Report, count: int = SLOWEST) -> tuple[TimedCase, ...]:
    timed = (
        TimedCase(position, s.name, i.name, c.id, c.seconds, c.hidden)
        for position, s in enumerate(report.submissions)
        for i in s.items
        for c in i.cases
    )
    ordered = sorted(timed, key=lambda t: (-t.seconds, t.position, t.item, t.case))
    return tuple(ordered[:count])
