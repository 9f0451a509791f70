"""Time-outs in a row, per item: which of an item's cases are not run, and how far each case may
run past its limit.

An item's cases run from the cheapest to the hardest by the reference's time on each
(`Probe.cost`, harness/grading/costs.py; the stages' runner orders them,
harness/grading/stages.py). After `limits.timeouts_before_skip` time-outs in a row, a case is
not run (outcome `skipped`, shown as "not run") when the reference finds it at least as hard as
the easiest of those time-outs and as every case of the item answered in time: a case the
reference finds easier than one the submission answered is always run. Within one run, whose
cases are in order, that is the rest of the item; in a later stage (the hidden cases), the
cases easier than those are still run. Only cases that ran count: one never started (skipped,
not run once the budget was spent, its function missing) neither adds to a streak nor ends one.
A case of unknown cost (no reference) counts as the hardest.

How far a case runs: a case of an item with a time limit of its own (a solver's: its stage is
timed, harness/grading/plan.py) runs to `HIGH_LIMIT` times its CPU limit (problemtools' high
limit), so that a time-out's CPU time says whether it was close to the limit (within that factor:
the submission is then graded again alone, harness/grading/run.py) or far past it; the verdict
still uses the exact limit. After a time-out far past the high limit, the item's next cases,
harder for the reference, are stopped at the usual kill point (`KILL_FACTOR`,
harness/sandbox/process.py) until one does not time out: an exponential solver's streak costs
one high limit, not one each. Other items' cases (helpers the reference answers at once, under
the assignment's limit) are stopped at the usual kill point: a time-out there is a hang.

A function library's calls, a program's runs and a driver's runs skip so. Board scenarios do
not skip within their run (`after` 0): a search that times out on two boards can solve the next
one the reference finds harder (submissions/board-solver/wrong_space would lose competency
marks). Across a submission's runs (stages) every shape's time-outs count.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field

from harness.limits import Limits
from harness.records.outcomes import HIGH_LIMIT, CallOutcome
from harness.records.probes import Probe, Stage
from harness.sandbox.process import KILL_FACTOR

Cost = tuple[float, int]  # the reference's time, then the puzzle's work (Probe.work)
HARDEST: Cost = (math.inf, sys.maxsize)
EASIEST: Cost = (-math.inf, -1)
TIMED = frozenset({Stage.TIMED, Stage.HIDDEN_TIMED})  # items with a time limit of their own


@dataclass
class _Item:
    """What an item's cases so far say: its time-outs in a row and how hard they were."""

    row: int = 0  # time-outs in a row, of cases that ran
    easiest: Cost = HARDEST  # the least cost among those time-outs
    answered: Cost = EASIEST  # the greatest cost of a case that returned in time
    far: bool = False  # the last case timed out past the high limit


@dataclass
class Streaks:
    after: int  # time-outs in a row before skipping (0: never skip)
    what: str  # what timed out, plural, for the message: "calls", "runs", "cases"
    items: dict[str, _Item] = field(default_factory=dict)

    def skipped(self, probe: Probe) -> CallOutcome | None:
        """The outcome for a case that is not run, or None to run it."""
        state = self.items.get(probe.item)
        if not self.after or state is None or state.row < self.after:
            return None
        if cost_of(probe) < max(state.easiest, state.answered):
            return None  # the reference finds it easier than a case timed out or answered
        return CallOutcome(
            "skipped",
            message=f"not run: {state.row} {self.what} in a row timed out, on cases the "
            "reference finds no harder",
        )

    def running(self, probe: Probe, limits: Limits) -> Limits:
        """The limits to run a case under: for a timed item's case, its CPU limit raised so
        that it is stopped at the high limit, unless the item's last case timed out far past
        that."""
        state = self.items.get(probe.item)
        if probe.stage not in TIMED or (state is not None and state.far):
            return limits
        return limits.with_time(limits.time * HIGH_LIMIT / KILL_FACTOR)

    def record(
        self, probe: Probe, outcome: CallOutcome, cpu_limit: float, ran: Limits | None = None
    ) -> CallOutcome:
        """Count `outcome` of a case made under `ran` (the limits `running` gave; None: the
        case's own), and return it, marked when it ran to the high limit. `cpu_limit` is the
        exact limit, the verdict's."""
        high = ran is not None and ran.time > cpu_limit
        if not outcome.ran:
            return outcome
        state = self.items.setdefault(probe.item, _Item())
        if outcome.over_time(cpu_limit):
            state.row += 1
            state.easiest = min(state.easiest, cost_of(probe))
            state.far = not high or (outcome.cpu_seconds or 0.0) > HIGH_LIMIT * cpu_limit
        else:
            state.row, state.easiest, state.far = 0, HARDEST, False
            if outcome.kind == "returned":
                state.answered = max(state.answered, cost_of(probe))
        return outcome.at_high_limit() if high else outcome


def cost_of(probe: Probe) -> Cost:
    """The reference's time on a case, then its puzzle's work to break ties; an unknown time
    counts as the hardest."""
    return (math.inf if probe.cost is None else probe.cost, probe.work)
