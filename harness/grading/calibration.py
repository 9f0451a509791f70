"""Time limits derived from the reference solver's own runs (the Kattis rule).

For an item with `time_from_reference: F` in config.yaml, every reference submission (a
reference folder may hold several, e.g. one per language) is run on the item's probes, on this
machine, before anything is graded; the item's limit becomes the smallest whole number of
seconds at least F times the slowest reference run, and never less
than the item's configured `time` (its floor). A reference that fails a probe, or takes longer
than the generous calibration limit, is a setup problem: grading does not start.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field

from harness.config import AssignmentConfig, Config
from harness.errors import BadInput
from harness.grading.answers import answered
from harness.grading.costs import Key, cost, key_of, slowest_time, with_costs, with_work
from harness.grading.judged import run_and_judge
from harness.grading.plan import Plan, make_plan
from harness.grading.reference_check import verify_reference
from harness.grading.stub_answers import with_constants
from harness.kinds.base import RunContext
from harness.kinds.registry import KINDS
from harness.records.verdicts import Verdict
from harness.sandbox.isolation import Isolation
from harness.submissions import SubmissionProblem, discover

log = logging.getLogger(__name__)

RESOLUTION = 1.0  # seconds: limits are whole seconds (Kattis' default resolution)
CALIBRATION_TIME = 120.0  # CPU seconds the reference may take per probe while being timed


@dataclass(frozen=True)
class Calibrated:
    assignment: AssignmentConfig  # with each timed item's limit set
    notes: dict[str, tuple[str, ...]]  # item -> feedback lines saying the limit
    # (item, id) -> the slowest reference's time on each probe it ran (costs.py)
    costs: dict[Key, float | None] = field(default_factory=dict)


def calibrated_plan(config: Config, name: str, isolation: Isolation | None = None) -> Plan:
    """The plan for assignment `name` (harness/grading/plan.py), the reference's answers to the
    calls no role judges (answers.py), the groups a constant answer gets right
    (stub_answers.py), the reference found sound where it stands in for students' helpers
    (reference_check.py), its limits measured on the reference, then the reference's time on
    each case (costs.py): the steps every grading command runs."""
    plan = with_constants(answered(config, make_plan(config, name, isolation)))
    verify_reference(config, plan)
    timed = calibrate(config, plan)
    plan = with_work(plan.with_limits(timed.assignment, timed.notes))
    return with_costs(config, plan, timed.costs)


def calibrate(config: Config, plan: Plan) -> Calibrated:
    """Run the reference on the probes of every item with `time_from_reference` and derive
    each one's limit; the plan's own assignment if no item asks for it."""
    name, probes, python, base = plan.name, plan.probes, plan.python, plan.workdir_base
    assignment = plan.assignment
    timed = [n for n, cfg in assignment.items.items() if cfg.time_from_reference]
    if not timed:
        return Calibrated(assignment, {})
    context = RunContext(
        _generous(assignment, timed),
        tuple(p for p in probes if p.item in timed),
        python,
        base,
        config.languages,
        drivers=plan.drivers,
    )
    slowest, times = _slowest_runs(context, config, name, timed)
    items = dict(assignment.items)
    notes: dict[str, tuple[str, ...]] = {}
    for item in timed:
        cfg = items[item]
        factor = cfg.time_from_reference or 1.0
        limit = max(cfg.time or 0.0, math.ceil(factor * slowest[item] / RESOLUTION) * RESOLUTION)
        log.info("%s: limit %g s (%g x the reference's %.3f s)", item, limit, factor, slowest[item])
        items[item] = cfg.model_copy(update={"time": limit})
        notes[item] = (_note(limit, factor),)
    return Calibrated(assignment.model_copy(update={"items": items}), notes, times)


def _note(limit: float, factor: float) -> str:
    return (
        f"time limit {limit:g} s of CPU per puzzle: at least {factor:g} times the slowest "
        f"reference run on the grading machine"
    )


def _slowest_runs(
    context: RunContext, config: Config, name: str, timed: list[str]
) -> tuple[dict[str, float], dict[Key, float | None]]:
    """Each timed item's slowest reference run, and each probe's cost (costs.py)."""
    where = f"{config.source}: assignments.{name}.reference"
    reference = context.assignment.reference
    if reference is None:
        raise BadInput(f"{where}: time_from_reference needs a reference solver")
    shape = KINDS[context.assignment.shape]
    slowest = dict.fromkeys(timed, 0.0)
    times: dict[Key, list[float | None]] = {key_of(p): [] for p in context.probes}
    for found in discover(
        config.path(reference), shape.suffixes(context.assignment, context.languages)
    ):
        try:
            judged = run_and_judge(found, context, lambda probe: CALIBRATION_TIME)
        except SubmissionProblem as problem:
            raise BadInput(
                f"{where}: the reference {found.name} cannot be run: {problem}"
            ) from None
        if not judged.loaded:
            raise BadInput(
                f"{where}: the reference {found.name} did not load: {judged.run.load.message}"
            )
        for case in judged.cases:
            seconds = case.outcome.cpu_seconds
            if case.result.verdict is not Verdict.AC or seconds is None:
                what = case.result.detail or case.probe.call
                raise BadInput(f"{where}: the reference {found.name} fails {what}")
            slowest[case.probe.item] = max(slowest[case.probe.item], seconds)
            times[key_of(case.probe)].append(cost(case.outcome))
    return slowest, {at: slowest_time(each) for at, each in times.items()}


def _generous(assignment: AssignmentConfig, timed: list[str]) -> AssignmentConfig:
    items = {
        name: cfg.model_copy(update={"time": CALIBRATION_TIME}) if name in timed else cfg
        for name, cfg in assignment.items.items()
    }
    return assignment.model_copy(update={"items": items})
