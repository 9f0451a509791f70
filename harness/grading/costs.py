"""The reference's time on each case (`Probe.cost`): each item's cases run from the cheapest to
the hardest by it (harness/grading/stages.py), and a streak of time-outs skips only cases the
reference finds no easier than those and than every case the submission answered
(harness/kinds/streaks.py).

Before anything is graded, every reference submission (a reference folder may hold one per
language) makes the plan's calls in the sandbox as a student's, under the same limits (a
compiled driver's untimed items in runs of several, their time then shared alike); the runs
calibration makes for `time_from_reference` are reused. A call's time is what it took: its CPU
time, or its wall-clock time when that is less (a Python worker's CPU time is counted in the
kernel's ticks of 10 ms, the wall clock to the microsecond, and load only lengthens it). With
several references, a case's time is the slowest one's. Times are kept by content, as answers
are (cache.py): measured once on a machine, they are the same at every grading there.

Among cases of equal cost, and where no cost is known, a measured tie-break orders them: the
work a plain row-major backtracker does on the call's puzzle (`Probe.work`: the values it places,
counted to WORK_CAP; harness/puzzles/rating.py), the same on every machine. A solved grid is 0,
so an exponential solver given one answers it first even where a C reference answers every case
at once.

A case's cost is its time to the resolution a busy machine allows, so that noise never reorders
cases: an item's unit is FLOOR (50 ms: a program's start, a tick, a preemption), or twice its
cheapest case when that is more (a JVM's start); a case under the unit costs 0, and one above it
the unit times the power of 2 below its time. Cases of equal cost keep the suites' order: a
reference that answers every case at once (the C reference of c-functions solves each shipped
puzzle in under 4 ms) orders nothing. A call the reference does not answer has no cost, nor has
any when there is no reference or it does not load: such a case runs last and counts as the
hardest, so an item none of whose costs is known keeps the suites' order and the plain rule
(skip after the streak).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from harness.config import Config
from harness.grading import cache
from harness.grading.plan import Plan
from harness.grading.stages import run_in_stages
from harness.kinds.base import RunContext
from harness.kinds.registry import KINDS
from harness.puzzles.rating import plain_tries
from harness.records.evidence import Grid
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.sandbox.process import CLOCK_TICKS
from harness.submissions import Submission, SubmissionProblem, discover

log = logging.getLogger(__name__)
FLOOR = 0.05  # seconds: an item's least unit of cost (below it, times are noise)
WORK_CAP = 20_000  # placements a puzzle's work is counted to (about 15 ms a puzzle at most)
TICK = 1 / CLOCK_TICKS  # the resolution of a Python worker's CPU time
KIND = "cost"  # what the cache keeps (cache.call_key)
Key = tuple[str, str]  # a probe's item and id


def key_of(probe: Probe) -> Key:
    return (probe.item, probe.id)


def cost(outcome: CallOutcome) -> float | None:
    """What a reference's call took, or None when it did not answer."""
    if outcome.kind != "returned":
        return None
    cpu = outcome.cpu_seconds
    return outcome.seconds if cpu is None else min(outcome.seconds, cpu + TICK)


def with_work(plan: Plan) -> Plan:
    """The plan with each probe's work: a plain backtracker's on its puzzle, where it has one."""
    found: dict[Grid, int] = {}

    def work(probe: Probe) -> int:
        puzzle = puzzle_of(probe)
        if puzzle is None:
            return 0
        if puzzle not in found:
            tries = plain_tries(puzzle, WORK_CAP)
            found[puzzle] = WORK_CAP + 1 if tries is None else tries
        return found[puzzle]

    return replace(plan, probes=tuple(replace(p, work=work(p)) for p in plan.probes))


def puzzle_of(probe: Probe) -> Grid | None:
    """The puzzle a call is judged on (a solver's, a program's), read off its expectation."""
    expect = probe.expect
    puzzle = getattr(expect, "puzzle", None)
    if puzzle is None:
        puzzle = getattr(getattr(expect, "answer", None), "puzzle", None)
    if isinstance(puzzle, tuple) and puzzle and all(isinstance(row, tuple) for row in puzzle):
        return puzzle
    return None


def with_costs(config: Config, plan: Plan, measured: Mapping[Key, float | None]) -> Plan:
    """The plan with each probe's cost: kept, else `measured` (calibration's runs), else
    measured now."""
    folder = config.path(plan.assignment.reference) if plan.assignment.reference else None
    if folder is None or not folder.is_dir() or not plan.probes:
        return plan
    digest = cache.reference_digest(folder, plan)
    keys = {key_of(p): cache.call_key(digest, p, KIND) for p in plan.probes}
    known = {at: value for at, key in keys.items() if _usable(value := cache.read(key))}
    fresh = {at: measured[at] for at in keys if at not in known and at in measured}
    asked = [p for p in plan.probes if key_of(p) not in known and key_of(p) not in fresh]
    if asked:
        fresh.update(_measured(folder, plan, asked))
    for at, value in fresh.items():
        cache.store(keys[at], value)
    costs = quantized(plan.probes, {**known, **fresh})
    probes = tuple(replace(p, cost=costs.get(key_of(p))) for p in plan.probes)
    return replace(plan, probes=probes)


def quantized(probes: Sequence[Probe], times: Mapping[Key, float | None]) -> dict[Key, float]:
    """Each probe's cost: its time rounded down to its item's resolution (see the docstring);
    none for a probe whose time is not known."""
    by_item: dict[str, list[Key]] = {}
    for probe in probes:
        by_item.setdefault(probe.item, []).append(key_of(probe))
    costs: dict[Key, float] = {}
    for keys in by_item.values():
        known = {at: time for at in keys if (time := times.get(at)) is not None}
        unit = max(FLOOR, 2 * min(known.values())) if known else FLOOR
        costs.update({at: _rounded(time, unit) for at, time in known.items()})
    return costs


def _rounded(time: float, unit: float) -> float:
    """0 under `unit`; else `unit` times the power of 2 at or below time / unit."""
    return 0.0 if time < unit else unit * 2 ** math.floor(math.log2(time / unit))


def _usable(value: object) -> bool:
    """A kept cost: seconds, or None (the reference did not answer)."""
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def _measured(folder: Path, plan: Plan, probes: Sequence[Probe]) -> dict[Key, float | None]:
    """Each probe's time: the slowest reference's on it (None if one did not answer), each
    made as a student's would be, under the item's own limits (run to the high limit: a
    reference slower than that has the case's time unknown)."""
    context = plan.context(tuple(probes))
    shape = KINDS[plan.assignment.shape]
    found: dict[Key, list[float | None]] = {key_of(p): [] for p in probes}
    for reference in discover(folder, shape.suffixes(plan.assignment, plan.languages)):
        for probe, outcome in zip(probes, _outcomes(reference, context), strict=True):
            found[key_of(probe)].append(cost(outcome))
    return {at: slowest_time(times) for at, times in found.items()}


def slowest_time(times: Sequence[float | None]) -> float | None:
    """The slowest reference's time; None if there is none, or one did not answer."""
    known = [time for time in times if time is not None]
    return max(known) if known and len(known) == len(times) else None


def _outcomes(reference: Submission, context: RunContext) -> tuple[CallOutcome, ...]:
    """The reference's outcomes on the context's probes; none answered when it cannot be run
    or does not load (said in the log: `check` says why)."""
    unanswered = (CallOutcome("internal", message="not timed"),) * len(context.probes)
    try:
        run = run_in_stages(reference, context)
    except SubmissionProblem as problem:
        log.warning("the reference %s cannot be timed: %s", reference.name, problem)
        return unanswered
    if not run.load.loaded:
        log.warning("the reference %s did not load: %s", reference.name, run.load.message)
        return unanswered
    return run.outcomes
