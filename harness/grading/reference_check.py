"""The teacher's reference, found sound before any mark is given.

Where an item is judged again with the reference's helpers standing in for a student's failing
ones (`helpers:`, harness/grading/readings.py), a reference that does not load, or whose helper
raises, would lower that student's marks without a word. So before grading, the reference must
compile, and then pass every case of the items it stands in for, run in its own sandboxed worker
as a submission is (the supervisor never imports it), under generous limits. A reference that
does not is the teacher's mistake: one line naming its file and line, and nothing is graded.
The finding is kept by content (harness/grading/cache.py): a class is graded without running the
reference again until it, the calls or the driver change.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from harness.config import Config
from harness.errors import BadInput
from harness.grading import cache, feedback
from harness.grading.judged import JudgedRun, run_and_judge
from harness.grading.plan import Plan, reference_entry
from harness.grading.readings import helper_items
from harness.kinds.registry import KINDS
from harness.records.probes import Probe
from harness.records.verdicts import Verdict
from harness.submissions import Submission, SubmissionProblem, discover

GENEROUS = 60.0  # CPU seconds the reference may take per call here
SOUND = "sound"  # what the cache keeps for a reference that passed
FIX = "fix the reference before grading: it stands in for students' failing helpers"


def verify_reference(config: Config, plan: Plan) -> None:
    """BadInput when a reference the plan's items lean on does not compile, load or pass."""
    if not plan.helpers:
        return
    where = f"{config.source}: assignments.{plan.name}.reference"
    entry = reference_entry(config, plan.name)
    _compiles(plan.reference, entry, where)
    reference = _the_reference(config, plan, where)
    probes = _standing_in(plan)
    key = _key(reference, plan, probes)
    if cache.read(key) == SOUND:
        return
    judged = _run(plan, reference, probes, where)
    _passes(judged, entry, where)
    cache.store(key, SOUND)


def _the_reference(config: Config, plan: Plan, where: str) -> Submission:
    folder = config.path(plan.assignment.reference or Path())
    shape = KINDS[plan.assignment.shape]
    found = discover(folder, shape.suffixes(plan.assignment, plan.languages))
    if len(found) != 1:
        raise BadInput(f"{where}: cannot tell the reference solution ({len(found)} found)")
    return found[0]


def _compiles(source: str, entry: Path, where: str) -> None:
    """The reference's Python parses (compiled here, never run: compiling executes nothing)."""
    try:
        compile(source, str(entry), "exec", dont_inherit=True)
    except SyntaxError as err:
        line = f" line {err.lineno}" if err.lineno else ""
        raise BadInput(f"{where}: {entry}{line}: syntax error: {err.msg}: {FIX}") from None
    except ValueError as err:  # a null byte in the source
        raise BadInput(f"{where}: {entry}: cannot be compiled: {err}: {FIX}") from None


def _standing_in(plan: Plan) -> tuple[Probe, ...]:
    items = {helper for item in plan.helpers for helper in helper_items(plan, item)}
    return tuple(p for p in plan.probes if p.item in items and p.reading == "own")


def _run(plan: Plan, reference: Submission, probes: Sequence[Probe], where: str) -> JudgedRun:
    assignment = plan.assignment
    items = {p.item: assignment.items[p.item].model_copy(update={"time": GENEROUS}) for p in probes}
    generous = assignment.model_copy(update={"items": {**assignment.items, **items}})
    context = replace(plan.context(tuple(probes)), assignment=generous)
    try:
        return run_and_judge(reference, context, lambda probe: GENEROUS)
    except SubmissionProblem as problem:
        raise BadInput(f"{where}: the reference cannot be run: {problem}") from None


def _passes(judged: JudgedRun, entry: Path, where: str) -> None:
    if not judged.loaded:
        said = feedback.load_note(judged.run.load)
        raise BadInput(f"{where}: {entry} does not load: {said}: {FIX}")
    for case in judged.cases:
        if case.result.verdict is not Verdict.AC:
            raise BadInput(f"{where}: {entry} fails {case.result.detail}: {FIX}")


def _key(reference: Submission, plan: Plan, probes: Sequence[Probe]) -> str:
    folder = reference.path if reference.path.is_dir() else reference.path.parent
    digest = cache.reference_digest(folder, plan)
    calls = [cache.call_key(digest, p, "sound") for p in probes]
    return hashlib.sha256(json.dumps(["reference-check", calls]).encode()).hexdigest()
