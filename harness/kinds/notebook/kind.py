"""Shape `notebook`: a Jupyter notebook handed in beside a module, run whole in a kernel.

An item takes this shape with `shape: notebook` in config.yaml (sudoku-script's `notebook` item);
the assignment's own shape runs its other items. The notebook runs in a private working copy of
the submission, so it imports the student's module as the course's "Restart and Run All" would,
with the probes' puzzle files beside it (harness/kinds/notebook/run.py runs it, in the sandbox).
A submission without a notebook is not graded on these items unless config.yaml's
`notebook.required` says so; which file ran, when it was a choice, is said in the feedback.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from harness.config import AssignmentConfig, LanguageConfig
from harness.kinds.base import KindDefaults, RunContext, SubmissionRun, call_limits
from harness.kinds.notebook.run import Found, find_notebook, run_notebook, unavailable
from harness.kinds.session import write_files
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox import quota
from harness.sandbox.workdir import CopyRefused, private_copy
from harness.submissions import Submission, SubmissionProblem

FOUND = LoadOutcome("loaded")  # a notebook is not imported: each run stands alone


class Notebook(KindDefaults):
    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        return (".ipynb",)

    def cannot_run(self, python: Path) -> str:
        return unavailable(python)

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        config = context.assignment.notebook
        found = find_notebook(submission, config)
        items = {probe.item for probe in context.probes}
        if found.path is None and not config.required:
            reason = f"the submission has no notebook ({config.file})"
            missing = tuple(_missing(config.file) for _ in context.probes)
            return SubmissionRun(FOUND, missing, missing=(), ungraded=dict.fromkeys(items, reason))
        try:
            cap = context.assignment.limits.disk
            with private_copy(submission.path, context.workdir_base, cap) as workdir:
                write_files(workdir, context.probes)
                disk = quota.watch(workdir, cap)
                outcomes = tuple(
                    _run(probe, context, workdir, found, disk) for probe in context.probes
                )
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None
        notes = {item: (found.note,) for item in items if found.note}
        return SubmissionRun(FOUND, outcomes, missing=(), notes=notes)


def _run(
    probe: Probe, context: RunContext, workdir: Path, found: Found, disk: quota.DiskWatch
) -> CallOutcome:
    config = context.assignment.notebook
    if found.path is None:
        return _missing(config.file)
    limits = call_limits(context.assignment, probe)
    run = functools.partial(
        run_notebook, context.python, workdir, found.path, config, limits, context.isolation, disk
    )
    return context.budget.run(run, limits.wall_seconds)


def _missing(pattern: str) -> CallOutcome:
    return CallOutcome("not_loaded", message=f"no notebook ({pattern}) submitted")
