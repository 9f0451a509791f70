"""What the teacher's reference answers, for the calls no role judges (`role: reference`):
CSP heuristics, lists of grids, whatever a handout asks that the trusted model does not know.

Before anything is graded, the reference solution makes every such call in a worker of its own,
under the same sandbox as a student's (the supervisor never imports it), and each answer becomes
the call's expectation: equal, the same members, or the same grids in any order (`compare:`).
Answers are cached by content (cache.py: the reference's files, the call and its arguments, and
the driver of a compiled assignment, built with the reference: harness/kinds/driven/), so a
class is graded without running the reference again once it has answered. A reference that
fails a call, or returns what cannot be compared, is a setup problem: grading does not start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from harness.config import Config
from harness.errors import BadInput
from harness.grading import cache
from harness.grading.cache import MISSING
from harness.grading.plan import Plan
from harness.grading.stages import run_in_stages
from harness.kinds.expectations import Equal, SameMembers, read_grid
from harness.kinds.function_library.declared.expect import FromReference, SameGrids
from harness.kinds.registry import KINDS
from harness.records.outcomes import CallOutcome
from harness.records.probes import Expectation, Probe
from harness.submissions import SubmissionProblem, discover

GENEROUS = 60.0  # CPU seconds the reference may take per call while it answers


def answered(config: Config, plan: Plan) -> Plan:
    """The plan with every call that waits for the reference's answer given its expectation."""
    waiting = [p for p in plan.probes if isinstance(p.expect, FromReference)]
    if not waiting:
        return plan
    given = {_key_of(p): _given_answer(p) for p in waiting if _given(p)}
    asked = [p for p in waiting if not _given(p)]
    answers = {**given, **_answers(config, plan, asked)} if asked else given
    probes = tuple(_resolved(p, answers) for p in plan.probes)
    return replace(plan, probes=probes)


def _given(probe: Probe) -> bool:
    """Whether the YAML gives the answer (a handout example's): the reference is not asked."""
    return isinstance(probe.expect, FromReference) and probe.expect.given


def _given_answer(probe: Probe) -> Any:
    assert isinstance(probe.expect, FromReference)
    return probe.expect.answer


def _resolved(probe: Probe, answers: dict[tuple[str, str], Any]) -> Probe:
    expect = probe.expect
    if not isinstance(expect, FromReference):
        return probe
    return replace(probe, expect=_expectation(expect, answers[_key_of(probe)], probe))


def _expectation(expect: FromReference, answer: Any, probe: Probe) -> Expectation:
    if expect.compare == "members":
        if not isinstance(answer, (list, tuple, set, frozenset)):
            raise BadInput(f"{probe.item}: the reference answered {probe.call} with {answer!r}, "
                           "not a list to compare as members")  # fmt: skip
        return SameMembers(tuple(answer))
    if expect.compare == "grids":
        grids = [read_grid(g, expect.size, expect.course) for g in answer or ()]
        if not isinstance(answer, (list, tuple)) or any(g is None for g in grids):
            raise BadInput(f"{probe.item}: the reference answered {probe.call} with {answer!r}, "
                           "not a list of grids")  # fmt: skip
        return SameGrids(tuple(g for g in grids if g is not None), expect.size, expect.course)
    return Equal(answer)


def _key_of(probe: Probe) -> tuple[str, str]:
    return (probe.item, probe.id)


def _answers(config: Config, plan: Plan, asked: Sequence[Probe]) -> dict[tuple[str, str], Any]:
    where = f"{config.source}: assignments.{plan.name}.reference"
    folder = config.path(plan.assignment.reference) if plan.assignment.reference else None
    if folder is None or not folder.is_dir():
        raise BadInput(f"{where}: items with role: reference need the teacher's reference")
    digest = cache.reference_digest(folder, plan)
    keys = {_key_of(p): cache.call_key(digest, p) for p in asked}
    found = {at: value for at, key in keys.items() if (value := cache.read(key)) is not MISSING}
    missing = [p for p in asked if _key_of(p) not in found]
    if missing:
        for probe, outcome in zip(missing, _run(config, plan, missing, where), strict=True):
            found[_key_of(probe)] = _answer(probe, outcome, where)
            cache.store(keys[_key_of(probe)], found[_key_of(probe)])
    return found


def _run(config: Config, plan: Plan, probes: Sequence[Probe], where: str) -> list[CallOutcome]:
    """The reference makes the calls, in its own sandboxed worker."""
    assignment = plan.assignment
    items = {p.item: assignment.items[p.item].model_copy(update={"time": GENEROUS}) for p in probes}
    generous = assignment.model_copy(update={"items": {**assignment.items, **items}})
    context = replace(plan.context(tuple(probes)), assignment=generous)
    shape = KINDS[assignment.shape]
    references = discover(config.path(assignment.reference or Path()),
                          shape.suffixes(generous, plan.languages))  # fmt: skip
    if len(references) != 1:
        raise BadInput(f"{where}: cannot tell the reference solution ({len(references)} found)")
    try:
        run = run_in_stages(references[0], context)
    except SubmissionProblem as problem:
        raise BadInput(f"{where}: the reference cannot be run: {problem}") from None
    if not run.load.loaded:
        raise BadInput(f"{where}: the reference did not load: {run.load.message}")
    return list(run.outcomes)


def _answer(probe: Probe, outcome: CallOutcome, where: str) -> Any:
    if outcome.kind != "returned":
        said = outcome.message or outcome.error_type or outcome.kind
        raise BadInput(f"{where}: the reference fails {probe.call}: {said}")
    return outcome.value
