"""What lateness costs, by config.yaml's `deadline` (harness/config.py's DeadlineConfig).

- Up to `grace_minutes` after the due date is on time. Past it, lateness counts from the due
  date itself: the grace forgives a slow upload, it does not move the deadline.
- Every day (or hour: `per`) begun late costs `percent`: 1 day 2 hours late is 2 days.
- At most `cap` percent is taken in all.
- More than `refuse_after_days` days late (when given): every mark is taken.

The percent is of the submission's maximum (`of: max`) or of the marks it earned (`of: earned`):
late.py takes it. Nothing here knows marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from harness.config import DeadlineConfig, LateUnit

UNITS: dict[LateUnit, timedelta] = {"day": timedelta(days=1), "hour": timedelta(hours=1)}


@dataclass(frozen=True)
class Charge:
    """What a late hand-in costs."""

    late: timedelta  # after the due date
    units: int  # days or hours begun late
    per: LateUnit
    rate: float  # percent per unit
    percent: float  # percent taken, after the cap; 100 when refused
    capped: bool  # the cap took less than the rate would have
    refused: bool  # later than refuse_after_days: no marks

    @property
    def uncapped(self) -> float:
        return self.units * self.rate


def charge(deadline: DeadlineConfig, late: timedelta) -> Charge | None:
    """The cost of handing in `late` after the due date; None: on time (grace included)."""
    if late <= timedelta(minutes=deadline.grace_minutes):
        return None
    penalty = deadline.penalty
    units = math.ceil(late / UNITS[penalty.per])
    limit = penalty.refuse_after_days
    refused = limit is not None and late > timedelta(days=limit)
    uncapped = units * penalty.percent
    percent = 100.0 if refused else min(uncapped, penalty.cap)
    capped = not refused and uncapped > penalty.cap
    return Charge(late, units, penalty.per, penalty.percent, percent, capped, refused)
