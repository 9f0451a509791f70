"""A submission's failures as a page summarises them: per item and verdict, how many of the item's
cases failed so (the first few shown in full), those never run counted on one line, hidden cases
only counted, and whether the submission's code never ran at all.

Plain groups of records; failed_cases.py and submission_page.py lay them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from harness.records.results import LOAD_CASE, CaseResult, ItemResult, SubmissionResult
from harness.records.verdicts import Verdict

SHOWN = 3  # failed cases of one group shown in full


@dataclass(frozen=True)
class Failures:
    """The failed visible cases of one item with one verdict, in the item's order."""

    item: ItemResult
    verdict: Verdict
    ran: tuple[CaseResult, ...]
    not_run: tuple[CaseResult, ...]  # never started (CaseResult.not_run)
    of: int  # the item's visible cases

    @property
    def count(self) -> int:
        return len(self.ran) + len(self.not_run)

    @property
    def alike(self) -> bool:
        """Several cases that ran and say the same thing, with nothing more to show (one
        interface mismatch is one problem, not 48)."""
        first = self.ran[0] if self.ran else None
        return (
            first is not None
            and len(self.ran) > 1
            and "\n" not in first.detail
            and all(c.detail == first.detail and c.evidence is None for c in self.ran)
        )


@dataclass(frozen=True)
class Hidden:
    """An item's hidden cases, counted: they are graded, and never named or shown."""

    cases: int
    passed: int

    @property
    def failed(self) -> int:
        return self.cases - self.passed

    @property
    def text(self) -> str:
        """'4 hidden cases: 3 passed, 1 failed'."""
        noun = "hidden case" if self.cases == 1 else "hidden cases"
        failed = f", {self.failed} failed" if self.failed else ""
        return f"{self.cases} {noun}: {self.passed} passed{failed}"


def failures(result: SubmissionResult) -> list[Failures]:
    """Every item's failed visible cases, grouped by verdict: items in order, verdicts in the
    order of their first failed case."""
    return [group for item in result.items for group in _item_failures(item)]


def _item_failures(item: ItemResult) -> list[Failures]:
    visible = [c for c in item.cases if not c.hidden]
    failed = [c for c in visible if c.verdict is not Verdict.AC]
    verdicts = list(dict.fromkeys(c.verdict for c in failed))
    return [_group(item, visible, [c for c in failed if c.verdict is v], v) for v in verdicts]


def _group(
    item: ItemResult, visible: Sequence[CaseResult], cases: Sequence[CaseResult], verdict: Verdict
) -> Failures:
    ran = tuple(c for c in cases if not c.not_run)
    not_run = tuple(c for c in cases if c.not_run)
    return Failures(item, verdict, ran, not_run, len(visible))


def hidden(item: ItemResult) -> Hidden | None:
    cases = [c for c in item.cases if c.hidden]
    if not cases:
        return None
    return Hidden(len(cases), sum(c.verdict is Verdict.AC for c in cases))


def did_not_load(result: SubmissionResult) -> bool:
    """None of its code ran: every graded item holds only the case saying why (see
    harness/grading/run.py), the same for all."""
    graded = [item for item in result.items if item.graded]
    return (
        result.status == "error"
        and bool(graded)
        and all(len(item.cases) == 1 and item.cases[0].id == LOAD_CASE for item in graded)
    )
