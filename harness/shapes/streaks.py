"""Time-outs in a row, per item: after `limits.timeouts_before_skip` of them, an item's other
cases are not run (outcome `skipped`, shown as "not run").

A function library's calls and a program's runs follow it: their suites put the easy cases of
an item first, so a submission that times out on them would time out on the rest, and one whose
code never returns costs a few time-outs per item instead of one per case. Board scenarios do
not count within their run: the board-solver's boards are not in order of difficulty, and a
search that times out on two boards can solve the next (submissions/board-solver/wrong_space
loses 8 of its competency marks if they are skipped). Across a submission's runs (stages,
harness/grading/stages.py) every shape's time-outs count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from harness.records.outcomes import CallOutcome


@dataclass
class Streaks:
    after: int  # time-outs in a row before skipping (0: never skip)
    what: str  # what timed out, plural, for the message: "calls", "runs", "cases"
    counts: dict[str, int] = field(default_factory=dict)

    def skipped(self, item: str) -> CallOutcome | None:
        """The outcome for a case of `item` that is not run, or None to run it."""
        streak = self.counts.get(item, 0)
        if self.after and streak >= self.after:
            return CallOutcome(
                "skipped", message=f"not run: {streak} {self.what} in a row timed out"
            )
        return None

    def record(self, item: str, outcome: CallOutcome, cpu_limit: float) -> CallOutcome:
        """Count `outcome` of a case of `item`, and return it. A skipped case (skipped by a
        shape within its run) keeps the streak going."""
        if outcome.kind != "skipped":
            timed_out = outcome.over_time(cpu_limit)
            self.counts[item] = self.counts.get(item, 0) + 1 if timed_out else 0
        return outcome
