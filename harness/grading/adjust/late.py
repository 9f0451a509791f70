"""A submission's late penalty: an Adjustment of kind "late" on its total, saying how late it
was and what the policy (policy.py) took.

The time is the submission's `handed.at` (from the download, or --timestamps). The penalty is
`percent` of the submission's own maximum (`of: max`) or of its marks at this point, overrides
included (`of: earned`); marks never go below 0, and are rounded as every mark is
(harness/grading/marks.py). A submission the download marked late (Canvas's LATE) with no time
known cannot be charged: it gets a late Adjustment that takes nothing and says to check it by
hand (or to give its time in --timestamps). One with no time and no mark is taken as on time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from harness.config import DeadlineConfig
from harness.errors import InternalError
from harness.grading.adjust.policy import Charge, charge
from harness.grading.marks import rounded
from harness.records.adjustments import Adjustment
from harness.records.moments import moment_text, parse_moment
from harness.records.results import SubmissionResult

NO_TIME = (
    "marked late in the download, and no time is known: no penalty applied; check it by hand "
    "(or give its time in --timestamps)"
)


@dataclass(frozen=True)
class Due:
    """When a submission was due: the assignment's date, and the student's own if extended."""

    assignment: datetime
    student: datetime

    def text(self) -> str:
        said = f"due {moment_text(self.assignment)}"
        if self.student != self.assignment:
            said += f", extended to {moment_text(self.student)}"
        return said


def with_late_penalty(
    result: SubmissionResult, due: Due, deadline: DeadlineConfig
) -> SubmissionResult:
    """The submission with its late penalty applied and recorded (unchanged when on time, or
    when no time is known and the download did not mark it late)."""
    at = handed_at(result)
    if at is None:
        return _recorded(result, result.marks, NO_TIME) if result.handed.late_marked else result
    cost = charge(deadline, at - due.student)
    if cost is None:
        return result
    base = result.max_marks if deadline.penalty.of == "max" else result.marks
    after = 0.0 if cost.refused else rounded(max(result.marks - base * cost.percent / 100, 0.0))
    taken = _taken(cost, base, deadline)
    return _recorded(result, after, f"{duration_text(cost.late)} late ({due.text()}): {taken}")


def handed_at(result: SubmissionResult) -> datetime | None:
    if not result.handed.at:
        return None
    try:
        return parse_moment(result.handed.at)
    except ValueError as err:
        raise InternalError(f"{result.name}: the time it was handed in: {err}") from None


def _recorded(result: SubmissionResult, after: float, comment: str) -> SubmissionResult:
    change = Adjustment("late", None, result.marks, after, comment)
    return replace(result, marks=after, adjustments=(*result.adjustments, change))


def _taken(cost: Charge, base: float, deadline: DeadlineConfig) -> str:
    """'3 days x 10% = 30% of 100 taken', '... = 60%, capped at 50%: 50% of the 42 earned
    taken', 'more than 7 days late: no marks'."""
    if cost.refused:
        return f"more than {deadline.penalty.refuse_after_days:g} days late: no marks"
    units = f"{cost.units} {cost.per}{'' if cost.units == 1 else 's'}"
    rate = f"{units} x {cost.rate:g}% = {cost.uncapped:g}%"
    if cost.capped:
        rate += f", capped at {cost.percent:g}%: {cost.percent:g}%"
    of = (
        f"the maximum ({base:g})"
        if deadline.penalty.of == "max"
        else f"the marks earned ({base:g})"
    )
    return f"{rate} of {of} taken"


def duration_text(late: timedelta) -> str:
    """'2 days 3 hours 4 minutes', '1 day', '12 minutes', 'under a minute': whole minutes."""
    minutes = int(late.total_seconds()) // 60
    parts = [(minutes // 1440, "day"), (minutes // 60 % 24, "hour"), (minutes % 60, "minute")]
    shown = [f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in parts if n]
    return " ".join(shown) or "under a minute"
