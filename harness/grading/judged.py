"""Run a submission through its shape and judge every outcome: the one run-then-judge that
grading, leagues and calibration share.

What happened (the shape's raw SubmissionRun) and what each call came to (a CaseResult per probe)
travel together; what they are worth is decided later, by whoever asked (marks for grading, times
for a league, limits for calibration).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from harness.grading.judge import judge
from harness.grading.stages import run_in_stages
from harness.kinds.base import RunContext, SubmissionRun
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.records.results import CaseResult
from harness.submissions import Submission

TimeLimit = Callable[[Probe], float]  # the CPU limit a probe's verdict is decided on


@dataclass(frozen=True)
class JudgedCase:
    probe: Probe
    outcome: CallOutcome
    result: CaseResult


@dataclass(frozen=True)
class JudgedRun:
    run: SubmissionRun
    cases: tuple[JudgedCase, ...]  # empty when the submission did not load

    @property
    def loaded(self) -> bool:
        return self.run.load.loaded

    @property
    def over_budget(self) -> bool:
        """Some call was not run, or was stopped, because the wall-clock budget ran out."""
        return any(case.outcome.kind == "over_budget" for case in self.cases)

    @property
    def cpu_seconds(self) -> float:
        """CPU its calls used, by the kernel's accounting."""
        return sum(case.outcome.cpu_seconds or 0.0 for case in self.cases)

    def budget_stops_on_the_wall(self) -> JudgedRun:
        """The cases the budget stopped, marked as stopped on the wall clock with CPU to spare:
        the submission is then graded again alone (harness/grading/run.py) rather than kept."""
        cases = tuple(
            replace(case, result=replace(case.result, wall_only=True))
            if case.outcome.kind == "over_budget"
            else case
            for case in self.cases
        )
        return replace(self, cases=cases)


def run_and_judge(submission: Submission, context: RunContext, limit: TimeLimit) -> JudgedRun:
    """Run every probe of `context` on `submission` and judge each outcome on `limit(probe)`.
    Each probe runs in its item's shape (the assignment's, unless config.yaml gives the item
    one: a notebook) and in its stage's run (harness/grading/stages.py), the assignment's own
    first; the others only once its submission loaded.
    Raises SubmissionProblem when the submission cannot be run at all."""
    run = run_in_stages(submission, context)
    if not run.load.loaded:
        return JudgedRun(run, ())
    pairs = zip(context.probes, run.outcomes, strict=True)
    return JudgedRun(run, tuple(JudgedCase(p, o, judge(p, o, limit(p))) for p, o in pairs))
