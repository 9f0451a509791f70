"""Shape `function-library`: a Python module of functions, called one probe at a time.

Files the probes read are written into the private working copy first. A probe may name a
driver (harness/sandbox/child/script_driver.py): a scenario around one function, run in the child.
All of a submission's calls run in order in one child interpreter, as a course grader importing
the module once would (so an answer that depends on stale module state is caught). A call that
ends the child (time-out, crash, exit, output flood) gets its outcome, and a fresh child loads
the module again for the next call.

Items with a shape of their own in config.yaml (a notebook: harness/kinds/notebook/kind.py) are run
by that shape; this one never sees their probes.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.config import AssignmentConfig
from harness.kinds.base import KindDefaults, RunContext, SubmissionRun, call_limits
from harness.kinds.entries import function_needs, graded_file, python2_reading, static_text
from harness.kinds.rules import check_source
from harness.kinds.session import Session, copied_entry, cpu_budget, launch_in, write_files
from harness.kinds.streaks import Streaks
from harness.kinds.stubs import item_stubs, stubs
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox.child import codec
from harness.sandbox.child.object_driver import REFERENCE_PREFIX
from harness.sandbox.process import Launch
from harness.sandbox.workdir import CopyRefused, private_copy
from harness.submissions import Submission, SubmissionProblem


class FunctionLibrary(KindDefaults):
    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        assignment = context.assignment
        found = graded_file(submission, assignment, function_needs(assignment))
        entry = found.path
        source = static_text(_read(entry), assignment.readings)
        flags = tuple(check_source(source, _function_items(assignment), assignment.rules))
        try:
            cap = context.assignment.limits.disk
            with private_copy(submission.path, context.workdir_base, cap) as workdir:
                write_files(workdir, context.probes)
                copied = copied_entry(submission, entry, workdir)
                calls = _Calls(launch_in(context, workdir), copied, context)
                load, outcomes, names = calls.run_all()
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None
        functions = [item for item, cfg in assignment.items.items() if cfg.shape is None]
        missing = tuple(item for item in functions if item not in names)
        stubbed = item_stubs(stubs(source), names)
        return SubmissionRun(load, outcomes, names, flags, missing, stubs=stubbed, note=found.note)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        raise SubmissionProblem(f"cannot read {path.name}: {err}") from None


def _function_items(assignment: AssignmentConfig) -> dict[str, str]:
    """Each function name that counts as a graded item (aliases included) -> the item."""
    return {name: item for item, cfg in assignment.items.items() for name in (item, *cfg.aliases)}


def resolve_names(
    assignment: AssignmentConfig,
    defined: frozenset[str],
    members: Mapping[str, frozenset[str]] | None = None,
) -> dict[str, str]:
    """item -> the name the module defines for it: the item's own name (or the function it is
    configured to call), else an alias; a method of an `objects:` class, "Class.method" under
    the class's name the module uses (or an alias), where the class has it."""
    found: dict[str, str] = {}
    for item, cfg in assignment.items.items():
        if cfg.method and cfg.object is not None:
            method = _method(assignment, item, defined, members or {})
            if method:
                found[item] = method
            continue
        for name in (cfg.function or item, *cfg.aliases):
            if name in defined:
                found[item] = name
                break
    return found


def _method(
    assignment: AssignmentConfig,
    item: str,
    defined: frozenset[str],
    members: Mapping[str, frozenset[str]],
) -> str:
    cfg = assignment.items[item]
    assert cfg.object is not None
    for owner in assignment.objects[cfg.object].names(cfg.object):
        for name in (cfg.function or item, *cfg.aliases):
            if owner in defined and name in members.get(owner, frozenset()):
                return f"{owner}.{name}"
    return ""


def _substitutes(
    assignment: AssignmentConfig, probe: Probe, names: Mapping[str, str]
) -> dict[str, str]:
    """The module's names the reference stands in for during the call, each -> the reference's
    name. A class of `objects:` is sent under a name of its own, for the object driver to graft
    the item's method onto (harness/sandbox/child/object_driver.py)."""
    found = {}
    for name in probe.substitutes:
        item = assignment.items.get(name)
        if item is not None and item.method:  # a method: the class grafted stands in for it
            continue
        if name in assignment.objects:
            found[f"{REFERENCE_PREFIX}{name}"] = name
        else:
            found[names.get(name, name)] = name
    return found


@dataclass
class _Calls:
    """Runs a plan's probes in order against one submission, restarting the child as needed."""

    launch: Launch
    entry: Path
    context: RunContext

    def __post_init__(self) -> None:
        assignment = self.context.assignment
        self.session = Session(
            self.launch,
            self.entry,
            assignment.limits,
            cpu_budget(self.context),
            assignment.salvage,
            self.context.drivers,
            self.context.reference_needed,
            python2_reading(self.entry, assignment.readings),
        )
        self.streaks = Streaks(assignment.limits.timeouts_before_skip, "calls")

    def run_all(self) -> tuple[LoadOutcome, tuple[CallOutcome, ...], dict[str, str]]:
        try:
            load = self.session.load()
            if not load.loaded:
                return load, (), {}
            names = resolve_names(self.context.assignment, load.names, load.members)
            outcomes = tuple(self._one(probe, names) for probe in self.context.probes)
            return load, outcomes, names
        finally:
            self.session.close()

    def _one(self, probe: Probe, names: Mapping[str, str]) -> CallOutcome:
        assignment = self.context.assignment
        if probe.item not in names:
            return CallOutcome("not_loaded", message=f"{probe.item} is not defined in the module")
        if skipped := self.streaks.skipped(probe):
            return skipped
        exact = call_limits(assignment, probe)
        limits = self.streaks.running(probe, exact)
        args = [codec.encode(arg) for arg in probe.args]
        request: dict[str, Any] = {"name": names[probe.item], "args": args}
        if probe.driver:  # a scenario around the function, given the name the module uses
            request = {"driver": probe.driver, "args": [names[probe.item], *args]}
        if probe.defaults and not probe.driver:  # added only where the function lacks them
            request["defaults"] = [codec.encode(value) for value in probe.defaults]
        if probe.substitutes:  # the reference's helpers under the names the module uses
            request["substitutes"] = _substitutes(assignment, probe, names)
        request["return_args"] = probe.expect.inspects_arguments
        call = functools.partial(self.session.call, request, limits)
        outcome = self.context.budget.run(call, limits.wall_seconds)
        return self.streaks.record(probe, outcome, exact.time, limits)
