"""What every kind of submission provides, and the records it produces.

A kind turns a submission and the plan's probes into a raw SubmissionRun (what happened);
judging and marking are the same for every kind.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Protocol, TypeVar, cast

from harness.config import AssignmentConfig, LanguageConfig
from harness.kinds.budget import UNLIMITED, Budget
from harness.limits import Limits
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.records.results import Flag
from harness.sandbox.isolation import NO_ISOLATION, Isolation
from harness.submissions import Submission

Driver = tuple[str, str]  # a child driver module: its name and its source (standard library only)
DriverSource = tuple[str, bytes]  # a file of a teacher's compiled driver: its name and its bytes
Kept = TypeVar("Kept")


class Scope:
    """What a shape keeps for one submission while its runs are made (a compiled assignment's
    build: harness/kinds/driven/), each by its key: opened by the stages' runner
    (harness/grading/stages.py) and closed once the submission's last run is made, so that
    what is kept lives exactly as long as that submission is run."""

    def __init__(self) -> None:
        self._stack = contextlib.ExitStack()
        self._kept: dict[str, object] = {}

    def keep(self, key: str, make: Callable[[contextlib.ExitStack], Kept]) -> Kept:
        """What `make` made for `key`, made now if it was not yet; `make` enters what must be
        closed with the scope on the stack it is given."""
        if key not in self._kept:
            self._kept[key] = make(self._stack)
        return cast(Kept, self._kept[key])

    def __enter__(self) -> Scope:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._kept.clear()
        self._stack.close()


@dataclass(frozen=True)
class RunContext:
    assignment: AssignmentConfig
    probes: tuple[Probe, ...]
    python: Path  # interpreter for student code
    workdir_base: Path | None = None  # where private working copies go (None: system temp)
    languages: Mapping[str, LanguageConfig] = field(default_factory=dict)  # for programs
    isolation: Isolation = NO_ISOLATION  # layers applied to every student process
    drivers: tuple[Driver, ...] = ()  # child drivers the assignment's probes name
    reference: str = ""  # the reference solution's source: sent only with reading="reference"
    budget: Budget = UNLIMITED  # the submission's wall clock: every call of every shape runs in it
    driver_sources: tuple[DriverSource, ...] = ()  # shape driven: the teacher's driver, read once
    scope: Scope | None = None  # what shapes keep for the submission's runs (None: each its own)
    driver_given: tuple[DriverSource, ...] = ()  # shape driven: the course's files (driver.given)

    @property
    def reference_needed(self) -> str:
        """The reference's source when a probe reads with its helpers, else nothing: the
        reference reaches a student's process only when it is needed."""
        return self.reference if any(p.reading == "reference" for p in self.probes) else ""


@dataclass(frozen=True)
class SubmissionRun:
    """Raw: how loading went, one outcome per probe, and what the source says statically."""

    load: LoadOutcome
    outcomes: tuple[CallOutcome, ...]
    names: Mapping[str, str] = field(default_factory=dict)  # item -> name found (aliases)
    flags: tuple[Flag, ...] = ()
    # Names the probes needed and the module lacks; None: the items the module does not define.
    missing: tuple[str, ...] | None = None
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # item -> feedback lines
    ungraded: Mapping[str, str] = field(default_factory=dict)  # item -> why it is not graded
    stubs: Mapping[str, str] = field(default_factory=dict)  # item -> why its code does nothing
    note: str = ""  # about the submission as a whole: which of its files was graded, and why


class Kind(Protocol):
    """A kind of submission (config.yaml's `shape:`): how it is found, run, and whether this
    machine can run it. Its items' probes are made by its probe set (harness/kinds/): the
    one `probes:` names, or, for a kind that has one, its own (config.py's ONE_PROBE_SET)."""

    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        """Source file suffixes that make a folder a submission of this kind."""
        ...

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        """Run every probe; raise SubmissionProblem if the submission cannot be run at all."""
        ...

    def cannot_run(self, python: Path) -> str:
        """Why this machine cannot run this kind at all (a missing extra); empty when it can.
        Items of such a kind are left out of every submission's marks, saying why."""
        ...


class KindDefaults:
    """What most kinds do the same, for a kind to inherit and override: a Python module's
    suffix, and nothing this machine lacks."""

    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        return (".py",)

    def cannot_run(self, python: Path) -> str:
        return ""


def language_suffixes(language: LanguageConfig) -> tuple[str, ...]:
    """The suffixes of a language's file patterns (`*.cpp` -> `.cpp`), each once: what makes a
    folder a submission of a kind whose files are a language's."""
    found = [pattern[pattern.rindex(".") :] for pattern in language.files if "." in pattern]
    return tuple(dict.fromkeys(found))


def call_limits(assignment: AssignmentConfig, probe: Probe) -> Limits:
    """The limits of one call: the probe's own time, else its item's, else the assignment's."""
    time = probe.time if probe.time is not None else assignment.items[probe.item].time
    return assignment.limits.with_time(time)
