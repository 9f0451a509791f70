"""Items judged on their own code: a second reading with the reference's helpers.

An item whose calls go through helpers of the student's own (solveBoard through the Board's
makeMove and isValidMove; sudoku_solver through get_candidates) would lose marks for a helper's
bug twice: once in the helper's item, again in its own. When a helper the reference can stand in
for failed a case (an item whose function ProbeSet.helpers names, or a method of a class it
names: the Board's), the item's probes run once more in a fresh worker with the trusted
reference's helpers standing in for each call (the course's own autograder judges solveBoard
the same way, with the student's Solver on its Board). config.yaml's `helpers:` chooses per
item which reading is marked: "own", "reference", or the "better" of the two (the default); the
feedback shows both.
The reference's source reaches a student's process only for that second run.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from harness.config import AssignmentConfig
from harness.grading.judged import JudgedCase, JudgedRun, run_and_judge
from harness.grading.plan import Plan
from harness.kinds.budget import Budget
from harness.records.results import CaseResult
from harness.records.verdicts import Verdict
from harness.submissions import Submission, SubmissionProblem


def read_again(plan: Plan, submission: Submission, judged: JudgedRun, budget: Budget) -> JudgedRun:
    """`judged` with the second reading of every item one of whose helpers failed a case, run
    in what is left of the submission's wall-clock `budget` (none once it is spent)."""
    items = needing_reference(plan, judged.cases)
    if not items or not judged.loaded or budget.spent:
        return judged
    probes = tuple(
        replace(probe, reading="reference", substitutes=plan.helpers[probe.item])
        for probe in plan.probes
        if probe.item in items
    )
    try:
        again = run_and_judge(submission, plan.context(probes, budget), plan.time_limit)
    except SubmissionProblem:  # it ran the first time: then only the own reading counts
        return judged
    return replace(judged, cases=(*judged.cases, *again.cases))


def needing_reference(plan: Plan, cases: Sequence[JudgedCase]) -> list[str]:
    """The items with a reference reading one of whose helpers failed a case."""
    failed = {c.probe.item for c in cases if c.result.verdict is not Verdict.AC}
    return [item for item in plan.helpers if failed & set(helper_items(plan, item))]


def helper_items(plan: Plan, item: str) -> list[str]:
    """The items the reference stands in for when `item` is read again: a helper function it
    names, or a method of a class it names ("Board.makeMove" for "Board"); those `item` depends
    on in config.yaml first, nearest first."""
    assignment, standing_in = plan.assignment, plan.helpers.get(item, ())
    needs = {need for probe in plan.probes for need in probe.needs}
    named = [other for other in assignment.items if other != item]
    return [
        helper
        for helper in dict.fromkeys([*depends_on(assignment, item), *named])
        if (assignment.items[helper].function or helper) in standing_in
        or any(f"{owner}.{helper}" in needs for owner in standing_in)
    ]


def depends_on(assignment: AssignmentConfig, item: str) -> list[str]:
    """Every item `item` depends on, directly or through another, nearest first."""
    found: list[str] = []
    queue = list(assignment.items[item].depends_on)
    while queue:
        needed = queue.pop(0)
        if needed != item and needed not in found and needed in assignment.items:
            found.append(needed)
            queue += assignment.items[needed].depends_on
    return found


@dataclass(frozen=True)
class Split:
    """A graded submission's case results by reading."""

    own: dict[str, list[CaseResult]]
    reference: dict[str, list[CaseResult]]  # only the items read again


def split(assignment: AssignmentConfig, cases: Sequence[JudgedCase]) -> Split:
    own: dict[str, list[CaseResult]] = {item: [] for item in assignment.items}
    reference: dict[str, list[CaseResult]] = {}
    for case in cases:
        item = case.probe.item
        if case.probe.reading == "reference":
            reference.setdefault(item, []).append(case.result)
        else:
            own[item].append(case.result)
    return Split(own, reference)


def choose(policy: str, own: float, reference: float) -> bool:
    """Whether the reference reading is the one marked."""
    return policy == "reference" or (policy == "better" and reference > own)


def helper_problem(
    plan: Plan, item: str, own: Mapping[str, Sequence[CaseResult]], stubs: Mapping[str, str]
) -> str:
    """The first failing helper of `item`, in a few words: "isValidMove raises NameError"."""
    for helper in helper_items(plan, item):
        failures = [c for c in own.get(helper, ()) if c.verdict is not Verdict.AC]
        if helper in stubs:
            return f"{helper} is not implemented"
        if failures:
            return _problem(helper, failures, len(own[helper]))
    return "a helper failed"


def _problem(helper: str, failures: Sequence[CaseResult], cases: int) -> str:
    raised = re.search(r"raised (\w+)", failures[0].detail)
    if raised:
        return f"{helper} raises {raised.group(1)}"
    if failures[0].verdict is Verdict.TLE:
        return f"{helper} runs out of time"
    return f"{helper} fails {len(failures)} of {cases} cases"
