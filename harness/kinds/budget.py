"""A submission's wall-clock budget: one clock for all of its calls, whatever their shape.

Verdicts use CPU time, and each call has a wall-clock backstop of its own. A submission that
sleeps (no CPU) on every other call is stopped by that backstop each time, but never times out
twice in a row, so `timeouts_before_skip` never stops it. Grading a submission therefore starts
a budget (`Limits.budget_seconds`: config.yaml's `limits.wall_budget` times the sum of its calls'
CPU limits, plus `load_time`), and every shape runs each call through it: a call gets at most
what is left of the budget, and once it is spent the other calls are not run. Both are the
outcome `over_budget` (TLE, saying so), and such a submission is not graded again, unless it
`worked` through its budget: a budget that ran out while the submission used the CPU for at least
WORKED of it may have run out because the machine was busy, so it is graded again alone, as a
case stopped on the wall clock is. A sleeper uses almost none, and is final at once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from harness.records.outcomes import CallOutcome

Call = Callable[[float], CallOutcome]  # one call, given its wall-clock backstop in seconds
WORKED = 0.25  # of the budget's wall clock spent on the CPU: it was working, not sleeping


@dataclass(frozen=True)
class Budget:
    seconds: float  # the whole budget
    deadline: float  # time.monotonic() when it is spent

    @classmethod
    def start(cls, seconds: float) -> Budget:
        """A budget of `seconds`, starting now."""
        return cls(seconds, time.monotonic() + seconds)

    @property
    def left(self) -> float:
        return self.deadline - time.monotonic()

    @property
    def spent(self) -> bool:
        return self.left <= 0

    def worked(self, cpu_seconds: float) -> bool:
        """Whether a submission that used `cpu_seconds` of CPU spent its budget working."""
        return cpu_seconds >= WORKED * self.seconds

    def run(self, call: Call, wall: float) -> CallOutcome:
        """`call` with its backstop `wall` cut to what is left of the budget: not run once the
        budget is spent, and stopped when the budget runs out during it."""
        left = self.left
        if left <= 0:
            return CallOutcome("over_budget", message=f"not run: {self._said} was spent")
        outcome = call(min(wall, left))
        if outcome.kind != "timeout" or wall <= left or not self.spent:
            return outcome  # stopped on its own limits, not by the budget
        message = f"stopped: {self._said} ran out during it"
        return replace(outcome, kind="over_budget", message=message)

    @property
    def _said(self) -> str:
        return f"the submission's wall-clock budget of {round(self.seconds, 1):g} s"


UNLIMITED = Budget(math.inf, math.inf)  # for trusted runs: the reference's, calibration's
