"""Shape `board-classes`: a Python module of classes (a Board and a Solver), run by scenarios.

Each probe names a driver (harness/sandbox/child/board_driver.py) that builds the student's own
Board from a CSV file and exercises its methods in the child. The files the probes read are written
into the private working copy before the child starts. Interface names are resolved against the
classes the module defines, accepting config.yaml's aliases; a probe that needs a name the
module lacks is not run, and its outcome names what was expected and what the class has.

Importing is salvaged: when the module fails at import (driver code outside a `__main__` guard,
a file opened by absolute path), its top-level statements run one at a time and those that raise
are skipped, so the classes it defines can still be graded; the note says what was skipped.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from harness.config import AssignmentConfig
from harness.kinds.base import KindDefaults, RunContext, SubmissionRun, call_limits
from harness.kinds.entries import class_needs, graded_file, python2_reading, static_text
from harness.kinds.session import Session, copied_entry, cpu_budget, launch_in, write_files
from harness.kinds.streaks import Streaks
from harness.kinds.stubs import item_stubs, stubs
from harness.records.outcomes import Adapted, CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox.child import codec
from harness.sandbox.workdir import CopyRefused, private_copy
from harness.submissions import Submission, SubmissionProblem

MEMBERS_SHOWN = 12


class BoardClasses(KindDefaults):
    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        assignment = context.assignment
        found = graded_file(submission, assignment, class_needs(assignment, context.probes))
        entry = found.path
        try:
            cap = context.assignment.limits.disk
            with private_copy(submission.path, context.workdir_base, cap) as workdir:
                write_files(workdir, context.probes)
                copied = copied_entry(submission, entry, workdir)
                text = copied.read_text(encoding="utf-8", errors="replace")
                source = static_text(text, assignment.readings)
                session = _session(context, workdir, copied)
                scenarios = _Scenarios(session, context, source, copied.name)
                return replace(scenarios.run_all(), note=found.note)
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None


def _session(context: RunContext, workdir: Path, entry: Path) -> Session:
    limits = context.assignment.limits
    launch = launch_in(context, workdir)
    budget = cpu_budget(context)
    return Session(
        launch,
        entry,
        limits,
        budget,
        salvage=True,
        drivers=context.drivers,
        reference=context.reference_needed,
        reading=python2_reading(entry, context.assignment.readings),
    )


@dataclass(frozen=True)
class Interface:
    """Each needed name ("Board", "Board.makeMove") -> the name the module uses for it."""

    found: Mapping[str, str]
    members: Mapping[str, frozenset[str]]
    assignment: AssignmentConfig
    probes: tuple[Probe, ...]

    @classmethod
    def of(
        cls, load: LoadOutcome, probes: tuple[Probe, ...], assignment: AssignmentConfig
    ) -> Interface:
        found: dict[str, str] = {}
        for need in sorted({need for probe in probes for need in probe.needs}):
            name = _resolve(need, found, load.members, assignment)
            if name is not None:
                found[need] = name
        return cls(found, load.members, assignment, probes)

    def names(self) -> dict[str, list[str]]:
        """What the driver tries for each interface name: the resolved name, else every alias."""
        names = {
            name: list(self.assignment.accepted_names(name)) for name in self.assignment.aliases
        }
        for need, name in self.found.items():
            names[need.rsplit(".", 1)[-1]] = [name]
        return names

    def missing(self) -> tuple[str, ...]:
        needed = {need for probe in self.probes for need in probe.needs}
        return tuple(sorted(needed - set(self.found)))

    def mismatch(self, need: str) -> str:
        owner, _, method = need.rpartition(".")
        if not owner:
            classes = ", ".join(sorted(self.members)) or "none"
            return (
                f"interface mismatch: the module defines no class {need} (its classes: {classes})"
            )
        if owner not in self.found:
            return self.mismatch(owner)
        members = sorted(self.members.get(self.found[owner], frozenset()))
        shown = ", ".join(members[:MEMBERS_SHOWN]) + (
            ", ..." if len(members) > MEMBERS_SHOWN else ""
        )
        accepted = " or ".join(self.assignment.accepted_names(method))
        return (
            f"interface mismatch: {owner} has no {accepted} (it defines: {shown or 'nothing'}); "
            f"names from another year's starter can be accepted with aliases in config.yaml"
        )


def _resolve(
    need: str,
    found: Mapping[str, str],
    members: Mapping[str, frozenset[str]],
    assignment: AssignmentConfig,
) -> str | None:
    owner, _, name = need.rpartition(".")
    available = frozenset(members) if not owner else members.get(found.get(owner, ""), frozenset())
    return next((n for n in assignment.accepted_names(name) if n in available), None)


@dataclass
class _Scenarios:
    session: Session
    context: RunContext
    source: str  # the entry file's text, read for stubs
    entry: str = ""  # the entry file's name

    def __post_init__(self) -> None:
        # Never skipped within the run (harness/kinds/streaks.py), but each time-out is known
        # close or far past its limit.
        self.streaks = Streaks(0, "scenarios")

    def run_all(self) -> SubmissionRun:
        try:
            load = self.session.load()
            if not load.loaded:
                return SubmissionRun(load, ())
            interface = Interface.of(load, self.context.probes, self.context.assignment)
            entry = self.context.assignment.entry or self.entry
            outcomes = tuple(
                _imported(probe, interface, load, self._one(probe, interface), entry)
                for probe in self.context.probes
            )
            names = _item_names(self.context, interface)
            stubbed = item_stubs(stubs(self.source), _methods(self.context, interface))
            missing = interface.missing() or None
            return SubmissionRun(load, outcomes, names, missing=missing, stubs=stubbed)
        finally:
            self.session.close()

    def _one(self, probe: Probe, interface: Interface) -> CallOutcome:
        needs = _own_needs(probe)
        missing = [need for need in needs if need not in interface.found]
        if missing:
            return CallOutcome("not_loaded", message=interface.mismatch(missing[0]))
        names = interface.names()
        request: dict[str, Any] = {"driver": probe.driver}
        if probe.substitutes:  # the reference's classes under the names the module uses
            request["substitutes"] = {interface.found.get(n, n): n for n in probe.substitutes}
            names = {k: v for k, v in names.items() if k not in _taken(probe)}
        request["args"] = [codec.encode(arg) for arg in (names, *probe.args)]
        exact = call_limits(self.context.assignment, probe)
        limits = self.streaks.running(probe, exact)
        call = functools.partial(self.session.call, request, limits)
        outcome = self.context.budget.run(call, limits.wall_seconds)
        return self.streaks.record(probe, outcome, exact.time, limits)


def _imported(
    probe: Probe,
    interface: Interface,
    load: LoadOutcome,
    outcome: CallOutcome,
    entry_name: str | None,
) -> CallOutcome:
    """The outcome, naming the classes it used that the entry imports from a sibling file
    (`from board import Board` in a2.py): read through, at the adaptation's cost."""
    entry = entry_name or "the entry file"
    used = [
        (need, interface.found[need])
        for need in _own_needs(probe)
        if "." not in need and interface.found.get(need) in load.imported
    ]
    adapted = tuple(
        Adapted(
            "sibling-module",
            f"class {name} is in {load.imported[name]}, imported by {entry}, where the "
            "handout has it",
        )
        for _, name in used
    )
    return replace(outcome, adapted=(*outcome.adapted, *adapted)) if adapted else outcome


def _own_needs(probe: Probe) -> tuple[str, ...]:
    """The names a probe needs from the student's module: not those the reference stands in
    for (a class, and its methods)."""
    return tuple(n for n in probe.needs if n.split(".")[0] not in probe.substitutes)


def _taken(probe: Probe) -> set[str]:
    """The interface names the reference's classes answer for (the driver uses their own)."""
    return {
        need.rpartition(".")[2] for need in probe.needs if need.split(".")[0] in probe.substitutes
    } | set(probe.substitutes)


def _methods(context: RunContext, interface: Interface) -> dict[str, str]:
    """item -> "Class.method" as the module spells it, for the items that are a method."""
    methods: dict[str, str] = {}
    for need, name in interface.found.items():
        owner, _, method = need.rpartition(".")
        if owner in interface.found and method in context.assignment.items:
            methods[method] = f"{interface.found[owner]}.{name}"
    return methods


def _item_names(context: RunContext, interface: Interface) -> dict[str, str]:
    """item -> the name used for it, for the items all of whose probes can run."""
    names: dict[str, str] = {}
    for item in context.assignment.items:
        needs = {need for probe in context.probes if probe.item == item for need in probe.needs}
        if all(need in interface.found for need in needs):
            own = [interface.found[n] for n in needs if n.rpartition(".")[2] == item]
            names[item] = own[0] if own else item
    return names
