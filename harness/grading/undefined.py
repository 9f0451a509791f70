"""Undefined behaviour named, after a compiled submission is graded: when it lost marks on cases
that ran to a wrong answer or a run-time error (WA, RE), its sanitizer build runs those cases
again (harness/kinds/sanitizer/), and what it found becomes a feedback line of the item and a
short note of the submission.

Only submissions that lost marks pay for it (config.yaml's `sanitize: false` turns it off).
Time-outs, memory and output limits are not run again: a rerun several times slower would cost
most where it tells least. Nothing here changes a verdict or a mark, and a failure of the step
itself is logged, never an IE: the result is then the one graded.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from harness.grading import feedback
from harness.grading.judged import JudgedCase, JudgedRun
from harness.grading.plan import Plan, shape_of
from harness.kinds import sanitizer_step as step
from harness.kinds.sanitizer_step import Examined, Failed
from harness.records.results import ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.submissions import Submission

log = logging.getLogger(__name__)

RUN_AGAIN = frozenset({Verdict.WA, Verdict.RE})


def named(
    plan: Plan, submission: Submission, judged: JudgedRun, result: SubmissionResult
) -> SubmissionResult:
    """`result` with what the sanitizer build found on its failed cases, if anything."""
    if result.status != "graded" or not plan.assignment.sanitize:
        return result
    by_shape = _failed(plan, judged.cases, _lost(result))
    examined = [_examined(plan, submission, shape, failed) for shape, failed in by_shape.items()]
    found = [each for each in examined if each.findings]
    return _with_findings(result, found) if found else result


def _lost(result: SubmissionResult) -> frozenset[str]:
    return frozenset(
        item.name for item in result.items if item.graded and item.marks < item.max_marks
    )


def _failed(
    plan: Plan, cases: Sequence[JudgedCase], lost: frozenset[str]
) -> dict[str, list[Failed]]:
    """Each compiled shape's failed cases (WA, RE) of the items that lost marks, in order."""
    by_shape: dict[str, list[Failed]] = {}
    for case in cases:
        item = case.probe.item
        shape = shape_of(plan.assignment, item)
        if item not in lost or case.result.verdict not in RUN_AGAIN:
            continue
        if step.sanitizable(shape) and case.probe.reading == "own":
            failed = Failed(case.probe, case.outcome.cpu_seconds or 0.0)
            by_shape.setdefault(shape, []).append(failed)
    return by_shape


def _examined(plan: Plan, submission: Submission, shape: str, failed: list[Failed]) -> Examined:
    try:
        return step.examine(submission, plan.context(), shape, failed)
    except Exception as err:  # the step's own failure: logged, never the student's, never an IE
        log.warning("the sanitizer step of %s failed: %s", submission.name, err, exc_info=True)
        return step.NOTHING


def _with_findings(result: SubmissionResult, examined: Sequence[Examined]) -> SubmissionResult:
    items = tuple(_item(item, examined) for item in result.items)
    texts = list(dict.fromkeys(f.text for each in examined for f in each.findings.values()))
    note = feedback.undefined_note(texts, examined[0].optimisation)
    return replace(result, items=items, note=feedback.joined([result.note, note]))


def _item(item: ItemResult, examined: Sequence[Examined]) -> ItemResult:
    for each in examined:
        finding = each.findings.get(item.name)
        if finding is not None:
            line = feedback.undefined_item_note(finding.text, finding.detail, each.optimisation)
            return replace(item, feedback=(*item.feedback, line))
    return item
