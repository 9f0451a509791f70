"""Shape `function-library`: a Python module of functions, called one probe at a time.

Files the probes read are written into the private working copy first. A probe may name a
driver (harness/sandbox/child/script_driver.py): a scenario around one function, run in the child.
All of a submission's calls run in order in one child interpreter, as a course grader importing
the module once would (so an answer that depends on stale module state is caught). A call that
ends the child (time-out, crash, exit, output flood) gets its outcome, and a fresh child loads
the module again for the next call.

A probe whose driver is `notebook` is not a call: the submission's notebook runs, in the same
working copy, in a kernel of its own (harness/shapes/notebook_run.py). A submission without a
notebook is not graded on those items unless config.yaml's `notebook.required` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.config import AssignmentConfig, LanguageConfig
from harness.records.notebook import DRIVER as NOTEBOOK_DRIVER
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox.child import codec
from harness.sandbox.process import Launch
from harness.sandbox.workdir import CopyRefused, private_copy
from harness.shapes.base import RunContext, SubmissionRun, call_limits
from harness.shapes.notebook_run import Found, find_notebook, run_notebook
from harness.shapes.rules import check_source
from harness.shapes.session import Session, copied_entry, cpu_budget, launch_in, write_files
from harness.submissions import Submission, SubmissionProblem, entry_file


class FunctionLibrary:
    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        return (".py",)

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        assignment = context.assignment
        entry = entry_file(submission, assignment.entry, ".py")
        flags = tuple(check_source(_read(entry), _function_items(assignment), assignment.rules))
        notebook = find_notebook(submission, assignment.notebook)
        try:
            with private_copy(submission.path, context.workdir_base) as workdir:
                write_files(workdir, context.probes)
                copied = copied_entry(submission, entry, workdir)
                calls = _Calls(launch_in(context, workdir), copied, context, notebook)
                load, outcomes, names = calls.run_all()
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None
        notebook_items = _notebook_items(context)
        ungraded, notes = _notebook_notes(notebook_items, assignment, notebook)
        functions = [i for i in assignment.items if i not in notebook_items]
        missing = tuple(item for item in functions if item not in names)
        return SubmissionRun(load, outcomes, names, flags, missing, notes, ungraded)


def _notebook_notes(
    items: set[str], assignment: AssignmentConfig, notebook: Found
) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """Items that run the notebook: not graded when there is none and none is required; else
    which file ran (and why, when it was a choice)."""
    config = assignment.notebook
    if notebook.path is None and not config.required:
        reason = f"the submission has no notebook ({config.file})"
        return dict.fromkeys(items, reason), {}
    return {}, {item: (notebook.note,) for item in items if notebook.note}


def _notebook_items(context: RunContext) -> set[str]:
    return {p.item for p in context.probes if p.driver == NOTEBOOK_DRIVER}


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        raise SubmissionProblem(f"cannot read {path.name}: {err}") from None


def _function_items(assignment: AssignmentConfig) -> dict[str, str]:
    """Each function name that counts as a graded item (aliases included) -> the item."""
    return {name: item for item, cfg in assignment.items.items() for name in (item, *cfg.aliases)}


def resolve_names(assignment: AssignmentConfig, defined: frozenset[str]) -> dict[str, str]:
    """item -> the name the module defines for it: the item's own name (or the function it is
    configured to call), else an alias."""
    found: dict[str, str] = {}
    for item, cfg in assignment.items.items():
        for name in (cfg.function or item, *cfg.aliases):
            if name in defined:
                found[item] = name
                break
    return found


@dataclass
class _Calls:
    """Runs a plan's probes in order against one submission, restarting the child as needed."""

    launch: Launch
    entry: Path
    context: RunContext
    notebook: Found

    def __post_init__(self) -> None:
        assignment = self.context.assignment
        self.session = Session(
            self.launch,
            self.entry,
            assignment.limits,
            cpu_budget(self.context),
            assignment.salvage,
            self.context.drivers,
        )
        self.timeouts: dict[str, int] = {}

    def run_all(self) -> tuple[LoadOutcome, tuple[CallOutcome, ...], dict[str, str]]:
        try:
            load = self.session.load()
            if not load.loaded:
                return load, (), {}
            names = resolve_names(self.context.assignment, load.names)
            outcomes = tuple(self._one(probe, names) for probe in self.context.probes)
            return load, outcomes, names
        finally:
            self.session.close()

    def _one(self, probe: Probe, names: Mapping[str, str]) -> CallOutcome:
        assignment = self.context.assignment
        if probe.driver == NOTEBOOK_DRIVER:  # not a call: a run of the notebook beside the module
            return self._notebook(probe)
        if probe.item not in names:
            return CallOutcome("not_loaded", message=f"{probe.item} is not defined in the module")
        streak = self.timeouts.get(probe.item, 0)
        skip_after = assignment.limits.timeouts_before_skip
        if skip_after and streak >= skip_after:
            return CallOutcome("skipped", message=f"not run: {streak} calls in a row timed out")
        limits = call_limits(assignment, probe)
        args = [codec.encode(arg) for arg in probe.args]
        request: dict[str, Any] = {"name": names[probe.item], "args": args}
        if probe.driver:  # a scenario around the function, given the name the module uses
            request = {"driver": probe.driver, "args": [names[probe.item], *args]}
        request["return_args"] = probe.expect.inspects_arguments
        outcome = self.session.call(request, limits)
        self.timeouts[probe.item] = streak + 1 if outcome.over_time(limits.time) else 0
        return outcome

    def _notebook(self, probe: Probe) -> CallOutcome:
        assignment = self.context.assignment
        config = assignment.notebook
        if self.notebook.path is None:
            return CallOutcome("not_loaded", message=f"no notebook ({config.file}) submitted")
        limits = call_limits(assignment, probe)
        context = self.context
        workdir, path = self.launch.workdir, self.notebook.path
        return run_notebook(context.python, workdir, path, config, limits, context.isolation)
