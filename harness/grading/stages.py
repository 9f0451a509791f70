"""Which run each probe is made in, and the runs put back together as one.

A submission's probes are run shape by shape (an item may have a shape of its own: a notebook)
and, within a shape, stage by stage (harness/records/probes.py's Stage, set by the plan). Each
group is one run of its shape: a private working copy and a child process of its own, so nothing a
submission computed or saw in one stage reaches another, neither in module globals, nor in a
thread, nor in a file it wrote:
- no time laundering: a solver's calls, under a limit of their own, cannot have had their search
  done by the cheap calls that were given the same puzzles before them;
- no hidden-case leak: a visible case cannot print or return what a hidden case was given.

The assignment's own shape runs first, its first stage first (with no probe at all, it still
loads the submission); nothing else runs unless that loaded. A later run that does not load makes
its probes' outcomes say so. Within a run, each item's cases are made from the cheapest to the
hardest by the reference's time on each (`Probe.cost`, harness/grading/costs.py; equal or unknown
costs keep the suites' order; the outcomes come back in the plan's order). Time-outs in a row
count across runs (harness/kinds/streaks.py): after `timeouts_before_skip` of them in one stage,
the next stage runs only the item's cases the reference finds easier than those or than a case
the submission answered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from harness.config import Shape
from harness.grading.plan import shape_of
from harness.kinds.base import RunContext, Scope, SubmissionRun, call_limits
from harness.kinds.registry import KINDS
from harness.kinds.streaks import Streaks, cost_of
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe, Stage
from harness.submissions import Submission


@dataclass(frozen=True)
class _Group:
    """The probes made in one run: their indices in the context's probes."""

    shape: Shape
    stage: Stage
    indices: tuple[int, ...]


def _groups(context: RunContext) -> tuple[_Group, ...]:
    """The runs to make, in order: the assignment's shape first, each shape's stages in order."""
    assignment = context.assignment
    keys = [(shape_of(assignment, p.item), p.stage) for p in context.probes]
    shapes = dict.fromkeys([assignment.shape, *(shape for shape, _ in keys)])
    found = [
        _Group(shape, stage, _cheapest_first(context.probes, keys, (shape, stage)))
        for shape in shapes
        for stage in Stage
    ]
    made = tuple(group for group in found if group.indices)
    if made and made[0].shape == assignment.shape:
        return made
    return (_Group(assignment.shape, Stage.OPEN, ()), *made)  # it loads the submission


def _cheapest_first(
    probes: tuple[Probe, ...], keys: list[tuple[Shape, Stage]], key: tuple[Shape, Stage]
) -> tuple[int, ...]:
    """The indices of the probes run under `key`, item by item in the plan's order, each item's
    from the cheapest to the hardest for the reference (unknown last; ties in the plan's
    order)."""
    items = {item: n for n, item in enumerate(dict.fromkeys(probe.item for probe in probes))}
    chosen = [i for i, each in enumerate(keys) if each == key]
    return tuple(sorted(chosen, key=lambda i: (items[probes[i].item], cost_of(probes[i]), i)))


def run_in_stages(submission: Submission, context: RunContext) -> SubmissionRun:
    """Every probe of `context` made in its group's run; one outcome per probe, in their order
    (none when the first run did not load the submission). Raises SubmissionProblem as a shape's
    run does. What a shape keeps for the submission's runs (a build) is kept until the last."""
    with Scope() as scope:
        return _run_groups(submission, replace(context, scope=scope))


def _run_groups(submission: Submission, context: RunContext) -> SubmissionRun:
    outcomes: dict[int, CallOutcome] = {}
    own: list[tuple[SubmissionRun, frozenset[str]]] = []  # the assignment's shape's, loaded
    others: list[SubmissionRun] = []
    streaks = Streaks(context.assignment.limits.timeouts_before_skip, "cases")
    for group in _groups(context):
        indices = _skipped(streaks, context.probes, group.indices, outcomes)
        if group.indices and not indices:
            continue  # every probe of it is skipped
        probes = tuple(context.probes[i] for i in indices)
        run = KINDS[group.shape].run(submission, replace(context, probes=probes))
        if not own and not run.load.loaded:
            return run
        got = _outcomes(run, len(probes))
        outcomes.update(zip(indices, got, strict=True))
        for probe, outcome in zip(probes, got, strict=True):
            streaks.record(probe, outcome, call_limits(context.assignment, probe).time)
        if group.shape != context.assignment.shape:
            others.append(run)
        elif run.load.loaded:
            own.append((run, frozenset(probe.item for probe in probes)))
    ordered = tuple(outcomes[i] for i in range(len(context.probes)))
    return _together(own, others, ordered)


def _skipped(
    streaks: Streaks,
    probes: tuple[Probe, ...],
    indices: tuple[int, ...],
    outcomes: dict[int, CallOutcome],
) -> tuple[int, ...]:
    """The indices still to run: after `timeouts_before_skip` time-outs in a row in an earlier
    run, an item's cases the reference finds no easier are not run; they get the skipped
    outcome in `outcomes`."""
    for i in indices:
        if skipped := streaks.skipped(probes[i]):
            outcomes[i] = skipped
    return tuple(i for i in indices if i not in outcomes)


def _outcomes(run: SubmissionRun, count: int) -> tuple[CallOutcome, ...]:
    if run.load.loaded or len(run.outcomes) == count:
        return run.outcomes
    if run.load.kind == "internal":
        return (CallOutcome("internal", message=run.load.message),) * count
    why = f"the module did not load again for these calls ({run.load.kind}: {run.load.message})"
    return (CallOutcome("not_loaded", message=why),) * count


def _together(
    own: Sequence[tuple[SubmissionRun, frozenset[str]]],
    others: Sequence[SubmissionRun],
    outcomes: tuple[CallOutcome, ...],
) -> SubmissionRun:
    """The runs as one: the first run's load; what the others say about their own items."""
    every = [run for run, _ in own] + list(others)
    return replace(
        own[0][0],
        outcomes=outcomes,
        names=_names(own),
        missing=_missing(own),
        flags=tuple(dict.fromkeys(flag for run in every for flag in run.flags)),
        notes=_lines([run.notes for run in every]),
        ungraded={item: why for run in every for item, why in run.ungraded.items()},
        stubs={item: why for run in every for item, why in run.stubs.items()},
    )


def _names(own: Sequence[tuple[SubmissionRun, frozenset[str]]]) -> dict[str, str]:
    """item -> the name the module uses for it, as every run that made its probes found it (and
    absent if one did not); an item no run made probes of, as the first run says."""
    first = own[0][0].names
    names: dict[str, str] = {}
    for item in dict.fromkeys([*first, *(item for _, items in own for item in items)]):
        found = [run.names for run, items in own if item in items]
        if not found and item in first:
            names[item] = first[item]
        elif found and all(item in each for each in found):
            names[item] = found[-1][item]
    return names


def _missing(own: Sequence[tuple[SubmissionRun, frozenset[str]]]) -> tuple[str, ...] | None:
    said = [run.missing for run, _ in own if run.missing is not None]
    return tuple(dict.fromkeys(name for each in said for name in each)) if said else None


def _lines(notes: Sequence[Mapping[str, tuple[str, ...]]]) -> dict[str, tuple[str, ...]]:
    """Each item's feedback lines from every run, each line once."""
    items = dict.fromkeys(item for each in notes for item in each)
    return {
        item: tuple(dict.fromkeys(line for each in notes for line in each.get(item, ())))
        for item in items
    }
