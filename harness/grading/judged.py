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
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.records.results import CaseResult
from harness.shapes import SHAPES
from harness.shapes.base import RunContext, SubmissionRun
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


def run_and_judge(submission: Submission, context: RunContext, limit: TimeLimit) -> JudgedRun:
    """Run every probe of `context` on `submission` and judge each outcome on `limit(probe)`.
    Each probe runs in its item's shape (the assignment's, unless config.yaml gives the item
    one: a notebook), the assignment's own first; the others only once its submission loaded.
    Raises SubmissionProblem when the submission cannot be run at all."""
    assignment = context.assignment
    probes = context.probes
    shapes = [assignment.items[p.item].shape or assignment.shape for p in probes]
    outcomes: dict[int, CallOutcome] = {}

    def ran(shape: str) -> SubmissionRun:
        mine = [i for i, s in enumerate(shapes) if s == shape]
        run = SHAPES[shape].run(submission, replace(context, probes=tuple(probes[i] for i in mine)))
        outcomes.update(zip(mine, run.outcomes, strict=False))  # none when it did not load
        return run

    run = ran(assignment.shape)
    if not run.load.loaded:
        return JudgedRun(run, ())
    for shape in dict.fromkeys(s for s in shapes if s != assignment.shape):
        run = _beside(run, ran(shape))
    ordered = tuple(outcomes[i] for i in range(len(probes)))
    judged = (JudgedCase(p, o, judge(p, o, limit(p))) for p, o in zip(probes, ordered, strict=True))
    return JudgedRun(replace(run, outcomes=ordered), tuple(judged))


def _beside(run: SubmissionRun, other: SubmissionRun) -> SubmissionRun:
    """The assignment's run with what another shape's run says about its own items."""
    return replace(
        run,
        notes={**run.notes, **other.notes},
        ungraded={**run.ungraded, **other.ungraded},
        flags=(*run.flags, *other.flags),
        stubs={**run.stubs, **other.stubs},
    )
