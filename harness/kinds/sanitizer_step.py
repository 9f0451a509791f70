"""The sanitizer step: a submission's failed cases run again on its sanitizer build, each
compiled shape's by a registry, and the first finding of each item kept.

Bounded, whatever the submission does: at most CASES cases in all and PER_ITEM of an item (its
first failed case first, then each item's next, in the order they ran), none of an item once one
of its cases found something, none once STEP_SECONDS of wall clock have gone by since the step
began (its build included); each run under rerun_limits (settings.py). Nothing here can change a
verdict or a mark: the findings are feedback.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from harness.kinds.base import RunContext, call_limits
from harness.kinds.driven import sanitized as driven
from harness.kinds.programs import run_limits
from harness.kinds.sanitizer.report import Finding, first_finding
from harness.kinds.sanitizer.settings import SanitizerBuild, Sanitizing, rerun_limits
from harness.kinds.stdin_program import kind as stdin_program
from harness.records.probes import Probe
from harness.submissions import Submission

log = logging.getLogger(__name__)

SANITIZING: Mapping[str, Sanitizing] = {
    "driven": driven.sanitized,
    "stdin-program": stdin_program.sanitized,
}
CASES = 4  # failed cases run again at most, per submission
PER_ITEM = 2  # of them, per item
STEP_SECONDS = 30.0  # wall clock the step may take, per submission (its build included)


@dataclass(frozen=True)
class Failed:
    """A case that failed (WA or RE) in an item that lost marks, and the CPU time it took."""

    probe: Probe
    cpu_seconds: float


@dataclass(frozen=True)
class Examined:
    """What the sanitizer build found: each item's first finding, and the course's optimisation
    flag of the normal build the marks come from."""

    findings: Mapping[str, Finding] = field(default_factory=dict)
    optimisation: str = ""


NOTHING = Examined()


def sanitizable(shape: str) -> bool:
    """Whether a shape makes a sanitizer build (a compiled shape's)."""
    return shape in SANITIZING


def examine(
    submission: Submission, context: RunContext, shape: str, failed: Sequence[Failed]
) -> Examined:
    """The failed cases of `shape`'s items run again on the submission's sanitizer build.
    Raises what the shape's build raises (SubmissionProblem, OSError): the caller logs it."""
    chosen = _chosen(failed)
    if shape not in SANITIZING or not chosen:
        return NOTHING
    started = time.monotonic()
    probes = tuple(case.probe for case in chosen)
    with SANITIZING[shape](submission, replace(context, probes=probes)) as build:
        if build.failure:
            log.info("no sanitizer build of %s: %s", submission.name, build.failure)
            return NOTHING
        return _reruns(submission, context, build, chosen, started + STEP_SECONDS)


def _chosen(failed: Sequence[Failed]) -> list[Failed]:
    """At most CASES of the failed cases, PER_ITEM of an item: each item's first, then its
    second, in the order they ran."""
    by_item: dict[str, list[Failed]] = {}
    for case in failed:
        by_item.setdefault(case.probe.item, []).append(case)
    rounds = [[cases[i] for cases in by_item.values() if i < len(cases)] for i in range(PER_ITEM)]
    return [case for each in rounds for case in each][:CASES]


def _reruns(
    submission: Submission,
    context: RunContext,
    build: SanitizerBuild,
    chosen: Sequence[Failed],
    deadline: float,
) -> Examined:
    findings: dict[str, Finding] = {}
    for case in chosen:
        item = case.probe.item
        limits = rerun_limits(run_limits(call_limits(context.assignment, case.probe)),
                              case.cpu_seconds)  # fmt: skip
        if item in findings or time.monotonic() + limits.wall > deadline:
            continue
        rerun = build.rerun(case.probe, limits)
        if rerun is None:
            continue
        finding = first_finding(rerun.stderr, build.sources)
        log.debug("sanitizer rerun of %s, %s: %s; %s", submission.name, case.probe.id,
                  rerun.ending, finding.text if finding else "nothing found")  # fmt: skip
        if finding is not None:
            findings[item] = finding
    return Examined(findings, build.optimisation)
