"""Grading: each submission run and judged (harness/grading/judged.py), its marks allocated
(marks.py) and its feedback worded (feedback.py), into the records every writer reads.

Submissions are graded in parallel by worker processes (harness/executors/pool.py: forked, trusted
supervisors; student code only ever runs in the exec'd children they start).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

from harness.executors.base import Executor
from harness.executors.local import LocalExecutor
from harness.grading import feedback, readings, undefined
from harness.grading.judged import JudgedRun, run_and_judge
from harness.grading.marks import Allocation, allocate, grouped, max_marks, rounded
from harness.grading.plan import Plan
from harness.kinds.base import SubmissionRun
from harness.kinds.budget import Budget
from harness.records.results import (
    LOAD_CASE,
    CaseResult,
    CriterionResult,
    HelperReadings,
    ItemResult,
    Report,
    SubmissionResult,
)
from harness.records.verdicts import Verdict
from harness.submissions import Submission, SubmissionProblem

log = logging.getLogger(__name__)
OnResult = Callable[[SubmissionResult], None]  # told of each submission as it is finished


def chain(*callbacks: OnResult | None) -> OnResult:
    """One callback calling each of `callbacks` in turn."""
    present = [c for c in callbacks if c is not None]

    def call(result: SubmissionResult) -> None:
        for callback in present:
            callback(result)

    return call


def grade_all(
    plan: Plan,
    submissions: Sequence[Submission],
    jobs: int = 1,
    on_result: Callable[[SubmissionResult], None] | None = None,
    executor: Executor | None = None,
) -> Report:
    """Grade every submission, `jobs` at a time on this machine (or on `executor`); `on_result`
    sees each final result once, as it finishes.

    A submission graded beside others (`jobs` above 1) with a case stopped on the wall clock
    while it had CPU time to spare (the machine was busy, or it slept), or with a time-out close
    to its limit (under twice it: CaseResult.close, harness/kinds/streaks.py), is graded once
    more after the others, one at a time with nothing else of ours running, and only that second
    result counts: a TLE must not depend on how busy the machine was. One that spent its
    wall-clock budget (harness/kinds/budget.py) is not: that is final at once."""
    executor = executor or LocalExecutor(jobs)
    failed = functools.partial(_failed, plan)
    results, again, why = [], [], {}
    by_name = {s.name: s for s in submissions}
    for result in executor.map(grade_one, plan, submissions, failed):
        reason = _again(result) if executor.concurrent else ""
        if reason:
            again.append(by_name[result.name])  # final only once graded again, alone
            why[result.name] = reason
            continue
        if on_result:
            on_result(result)
        results.append(result)
    for result in executor.alone().map(grade_one, plan, again, failed):
        note = feedback.joined([result.note, why[result.name]])
        result = replace(result, note=note, graded_again=True)
        if on_result:
            on_result(result)
        results.append(result)
    ordered = tuple(sorted(results, key=lambda r: r.name))
    return Report(plan.name, rounded(plan.max_marks), ordered)


def _again(result: SubmissionResult) -> str:
    """Why a submission graded beside others is graded again alone ("": it is not)."""
    if result.budget_spent:
        return ""
    if result.timed_on_the_wall:
        return feedback.AGAIN
    close = (c for item in result.items for c in item.cases if c.close)
    return feedback.AGAIN_CLOSE if any(c.verdict is Verdict.TLE for c in close) else ""


def _failed(plan: Plan, submission: Submission, why: str) -> SubmissionResult:
    """The row of a submission the executor could not get graded: the harness's failure."""
    return _unrun(plan, submission, Verdict.IE, f"internal error: {why}")


def grade_one(plan: Plan, submission: Submission) -> SubmissionResult:
    """Grade one submission. Never raises for anything the submission does."""
    log.debug("grading %s", submission.name)
    budget = plan.budget()
    try:
        judged = run_and_judge(submission, plan.context(budget=budget), plan.time_limit)
        judged = readings.read_again(plan, submission, judged, budget)
        worked = judged.over_budget and budget.worked(judged.cpu_seconds)
        if worked:  # the machine may have been busy: graded again alone, like a wall-clock stop
            judged = judged.budget_stops_on_the_wall()
    except SubmissionProblem as problem:
        return _unrun(plan, submission, Verdict.CE, str(problem))
    except Exception as err:  # the harness's own failure: an IE row, never the student's
        log.exception("internal error grading %s", submission.name)
        return _unrun(plan, submission, Verdict.IE, f"internal error: {err}")
    run = judged.run
    if not judged.loaded:
        verdict = Verdict.IE if run.load.kind == "internal" else Verdict.CE
        return _unrun(
            plan,
            submission,
            verdict,
            feedback.load_note(run.load),
            run,
            feedback.load_detail(run.load),
        )
    result = _graded(plan, submission, judged, budget, judged.over_budget and not worked)
    return undefined.named(plan, submission, judged, result)  # its sanitizer build's findings


def _unrun(
    plan: Plan,
    submission: Submission,
    verdict: Verdict,
    note: str,
    run: SubmissionRun | None = None,
    detail: str = "",
) -> SubmissionResult:
    """A submission none of whose calls ran: every item gets one case with the reason (in full
    in the case's detail, in one line in the note)."""
    ungraded = _ungraded(plan, run)
    items = tuple(
        _ungraded_item(name, cfg.marks, ungraded[name])
        if name in ungraded
        else ItemResult(
            name,
            0.0,
            rounded(cfg.marks),
            (CaseResult(LOAD_CASE, verdict, detail or note, 0.0),),
            criteria=tuple(
                CriterionResult(c, 0.0, rounded(k.marks), note, k.text)
                for c, k in cfg.criteria.items()
            ),
        )
        for name, cfg in plan.assignment.items.items()
    )
    flags = run.flags if run else ()
    most = max_marks(plan.assignment, ungraded)
    line = run.load.source if run else None
    return SubmissionResult(
        submission.name, 0.0, most, "error", note, items, flags, source_line=line
    )


def _ungraded(plan: Plan, run: SubmissionRun | None) -> dict[str, str]:
    """Items left out of this submission's marks and maximum, with why: the plan's (the machine
    cannot grade them) and the run's (an optional part the submission does not have)."""
    return {**plan.ungraded, **(run.ungraded if run else {})}


def _ungraded_item(name: str, max_marks: float, reason: str) -> ItemResult:
    feedback = (f"not graded: {reason}",)
    return ItemResult(
        name, 0.0, rounded(max_marks), (), feedback, graded=False, ungraded_reason=reason
    )


def _graded(
    plan: Plan, submission: Submission, judged: JudgedRun, budget: Budget, final_spent: bool
) -> SubmissionResult:
    assignment, run = plan.assignment, judged.run
    printed: dict[str, str] = {}  # item -> what its first visible case printed
    for case in judged.cases:
        item, outcome, probe = case.probe.item, case.outcome, case.probe
        shown = probe.reading == "own" and not probe.hidden
        if outcome.output and outcome.kind != "output_limit" and shown:
            printed.setdefault(item, outcome.output)
    ungraded = _ungraded(plan, run)
    cases, both = _marked_readings(plan, judged, ungraded)
    worth = allocate(assignment, cases, run.flags, ungraded, run.stubs)
    items = tuple(
        _ungraded_item(name, cfg.marks, ungraded[name])
        if name in ungraded
        else _item(plan, run, name, cases[name], worth, both.get(name))
        for name, cfg in assignment.items.items()
    )
    items = tuple(_with_output(item, printed.get(item.name, "")) for item in items)
    spent = feedback.budget_note(budget.seconds, final_spent) if judged.over_budget else ""
    result = SubmissionResult(
        submission.name,
        rounded(worth.total),
        max_marks(assignment, ungraded),
        "graded",
        feedback.joined([spent, _note(plan, run, worth.taken.get(None, 0.0))]),
        items,
        run.flags,
        budget_spent=final_spent,
    )
    return _with_internal_errors(_with_forged_report(result, judged))


def _marked_readings(
    plan: Plan, judged: JudgedRun, ungraded: dict[str, str]
) -> tuple[dict[str, list[CaseResult]], dict[str, HelperReadings]]:
    """Each item's cases from the reading its policy marks, and both readings' marks for the
    items read again with the reference's helpers (harness/grading/readings.py)."""
    assignment, flags, stubs = plan.assignment, judged.run.flags, judged.run.stubs
    by_reading = readings.split(assignment, judged.cases)
    first = allocate(assignment, by_reading.own, flags, ungraded, stubs)
    cases = dict(by_reading.own)
    both: dict[str, HelperReadings] = {}
    for item, theirs in by_reading.reference.items():
        second = allocate(assignment, {**by_reading.own, item: theirs}, flags, ungraded, stubs)
        own, reference = rounded(first.kept[item]), rounded(second.kept[item])
        use = readings.choose(assignment.items[item].helpers, own, reference)
        problem = readings.helper_problem(plan, item, by_reading.own, stubs)
        both[item] = HelperReadings(own, reference, "reference" if use else "own", problem)
        if use:
            cases[item] = theirs
    return cases, both


def _item(
    plan: Plan,
    run: SubmissionRun,
    name: str,
    cases: list[CaseResult],
    worth: Allocation,
    both: HelperReadings | None,
) -> ItemResult:
    cfg = plan.assignment.items[name]
    taken = worth.taken.get(name, 0.0)
    groups = grouped(() if cfg.criteria else cases)
    lines = [
        *feedback.informative_note(cfg.marks, cases),
        *feedback.evidence_note(groups.unproven, groups.passed - groups.counted),
        *feedback.stub_note(name, run.stubs.get(name)),
        *feedback.close_note(cases),
        *feedback.helper_readings_note(both, rounded(worth.kept[name]), rounded(cfg.marks)),
        *feedback.alias_note(cfg.function or name, run.names.get(name)),
        *feedback.accepted_readings(cases),
        *feedback.dependency_notes(name, cfg.depends_on, worth.lost),
        *feedback.penalty_notes(name, run.flags, taken),
        *feedback.adaptation_notes(cases, worth.adapted.get(name, 0.0)),
        *plan.notes.get(name, ()),
        *run.notes.get(name, ()),
    ]
    marks, most = rounded(worth.kept[name]), rounded(cfg.marks)
    return ItemResult(
        name, marks, most, tuple(cases), tuple(lines), worth.rubrics[name], helpers=both
    )


def _with_output(item: ItemResult, output: str) -> ItemResult:
    if not output or not _prints_matter(item):
        return item
    return replace(item, feedback=(*item.feedback, feedback.output_note(output)))


def _prints_matter(item: ItemResult) -> bool:
    """Output is worth a note where it was not already judged: rubric items."""
    return bool(item.criteria)


def _note(plan: Plan, run: SubmissionRun, module_penalty: float) -> str:
    missing = run.missing
    if missing is None:
        missing = tuple(item for item in plan.assignment.items if item not in run.names)
    missing = tuple(item for item in missing if item not in _ungraded(plan, run))
    said = feedback.submission_note(run.load.skipped, missing, run.flags, module_penalty)
    return feedback.joined([run.note, feedback.reading_note(run.load.reading), said])


def _with_forged_report(result: SubmissionResult, judged: JudgedRun) -> SubmissionResult:
    """A submission whose course tests' report was forged
    (harness/kinds/unit_tests/frameworks/canaries.py): flagged for review; the tests of that run are
    WA already."""
    count = sum(case.outcome.kind == "forged" for case in judged.cases)
    if not count:
        return result
    note = feedback.joined([feedback.forged_note(count), result.note])
    return replace(result, status="forged", note=note)


def _with_internal_errors(result: SubmissionResult) -> SubmissionResult:
    if not result.internal_error:
        return result
    count = sum(c.verdict is Verdict.IE for item in result.items for c in item.cases)
    note = feedback.joined([feedback.internal_error_note(count), result.note])
    return replace(result, status="error", note=note)
