"""The plan for grading one assignment: its config, its shape, and every probe, built once, each
with the stage it runs in (hidden or not, under a time limit of its own or not).

Making a plan runs nothing: it reads config.yaml and the suites. Limits measured on the
reference solver (harness/grading/calibration.py) are a step of their own that the commands run
and pass in with `Plan.with_limits`."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from harness.assignments import PROBE_SETS
from harness.config import AssignmentConfig, Config, LanguageConfig
from harness.errors import BadInput
from harness.puzzles.suites import Case, load_suites
from harness.records.probes import Probe, Stage
from harness.sandbox.isolation import NO_ISOLATION, Isolation, Mode, choose
from harness.shapes import SHAPES, suffixes_for
from harness.shapes.base import Driver, RunContext, call_limits
from harness.shapes.budget import UNLIMITED, Budget


@dataclass(frozen=True)
class Plan:
    name: str
    assignment: AssignmentConfig
    probes: tuple[Probe, ...]
    python: Path
    workdir_base: Path | None = None
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # item -> feedback lines
    languages: Mapping[str, LanguageConfig] = field(default_factory=dict)  # config.yaml's
    ungraded: Mapping[str, str] = field(default_factory=dict)  # item -> why no submission is
    # graded on it here (its probes are left out)
    isolation: Isolation = NO_ISOLATION  # layers applied to every student process
    python_configured: bool = False  # config.yaml's runtime.python, not the grader's own
    drivers: tuple[Driver, ...] = ()  # the child drivers of the assignment's probe set
    # item -> the names its calls use that the reference can stand in for (ProbeSet.helpers),
    # for items whose policy (config.yaml's `helpers:`) is not "own"; and the reference's source
    helpers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    reference: str = ""

    def with_limits(
        self, assignment: AssignmentConfig, notes: Mapping[str, tuple[str, ...]]
    ) -> Plan:
        """The plan with limits measured by calibration: `assignment` carries them, `notes`
        says them (feedback lines per item)."""
        return replace(self, assignment=assignment, notes={**self.notes, **notes})

    def moved_here(self, isolation: Isolation) -> Plan:
        """The plan for grading on this machine (a cluster worker): its isolation layers, and
        its own interpreter unless config.yaml names one."""
        python = self.python if self.python_configured else Path(sys.executable)
        return replace(self, isolation=isolation, python=python)

    @property
    def max_marks(self) -> float:
        return self.assignment.max_marks

    def time_limit(self, probe: Probe) -> float:
        return call_limits(self.assignment, probe).time

    def budget(self) -> Budget:
        """A wall-clock budget for grading one submission, from now: config.yaml's
        `limits.wall_budget` times the sum of its calls' CPU limits, plus `load_time`."""
        limits = self.assignment.limits
        return Budget.start(limits.budget_seconds(self.time_limit(p) for p in self.probes))

    def context(
        self, probes: tuple[Probe, ...] | None = None, budget: Budget = UNLIMITED
    ) -> RunContext:
        """What a shape needs to run a submission: the plan's probes, or the given ones, and
        the submission's wall-clock budget (none for the reference's runs)."""
        return RunContext(
            self.assignment,
            self.probes if probes is None else probes,
            self.python,
            self.workdir_base,
            self.languages,
            self.isolation,
            self.drivers,
            self.reference,
            budget,
        )


def make_plan(config: Config, name: str, isolation: Isolation | None = None) -> Plan:
    """The plan for assignment `name`; student processes get `isolation` (default: every layer
    this machine allows)."""
    assignment = config.assignment(name)
    where = f"{config.source}: assignments.{name}"
    if assignment.shape not in SHAPES:
        raise BadInput(f"{where}.shape: unknown shape {assignment.shape!r} ({_known(SHAPES)})")
    for item, cfg in assignment.items.items():
        if cfg.shape is not None and cfg.shape not in SHAPES:
            problem = f"unknown shape {cfg.shape!r} ({_known(SHAPES)})"
            raise BadInput(f"{where}.items.{item}.shape: {problem}")
    if assignment.probes not in PROBE_SETS:
        raise BadInput(
            f"{where}.probes: unknown probe set {assignment.probes!r} ({_known(PROBE_SETS)})"
        )
    suffixes_for(config, name)  # checks the shape's own settings
    suites = load_suites([config.path(p) for p in assignment.suites])
    cases = tuple(case for suite in suites for case in suite.cases)
    probes = tuple(p for item in assignment.items for p in _item_probes(config, name, item, cases))
    probes = tuple(replace(probe, stage=stage_of(assignment, probe)) for probe in probes)
    python = config.path(config.runtime.python) if config.runtime.python else Path(sys.executable)
    base = config.path(config.runtime.workdir) if config.runtime.workdir else None
    ungraded = _cannot_grade(assignment, python)
    probes = tuple(p for p in probes if p.item not in ungraded)
    isolation = choose(Mode.AUTO) if isolation is None else isolation
    helpers = _helpers(assignment) if assignment.reference else {}
    return Plan(
        name,
        assignment,
        probes,
        python,
        base,
        {},
        config.languages,
        ungraded,
        isolation,
        config.runtime.python is not None,
        _drivers(PROBE_SETS[assignment.probes].drivers),
        helpers,
        _reference_source(config, name) if helpers else "",
    )


def _drivers(paths: tuple[Path, ...]) -> tuple[Driver, ...]:
    """The child drivers' sources, read once: the worker runs them before any student code."""
    return tuple((path.stem, path.read_text(encoding="utf-8")) for path in paths)


def _helpers(assignment: AssignmentConfig) -> dict[str, tuple[str, ...]]:
    """item -> what the reference may stand in for when the item is judged on its own code."""
    given = PROBE_SETS[assignment.probes].helpers
    return {
        item: given[cfg.probe or item]
        for item, cfg in assignment.items.items()
        if (cfg.probe or item) in given and cfg.helpers != "own"
    }


def _reference_source(config: Config, name: str) -> str:
    """The reference solution's entry file, as text (trusted: it is sent to a student's
    process only to stand in for the student's helpers)."""
    assignment = config.assignment(name)
    folder = config.path(assignment.reference) if assignment.reference else None
    where = f"{config.source}: assignments.{name}.reference"
    if folder is None or not folder.is_dir():
        raise BadInput(f"{where}: {folder} is not a folder")
    files = [folder / assignment.entry] if assignment.entry else sorted(folder.glob("*.py"))
    if len(files) != 1 or not files[0].is_file():
        raise BadInput(f"{where}: cannot tell the reference's entry file in {folder}")
    return files[0].read_text(encoding="utf-8")


def _cannot_grade(assignment: AssignmentConfig, python: Path) -> dict[str, str]:
    """Items this machine cannot grade: those of a shape it cannot run (a notebook, without
    the notebook extra), with why."""
    shapes = {item: SHAPES[shape_of(assignment, item)] for item in assignment.items}
    reasons = {item: shape.cannot_run(python) for item, shape in shapes.items()}
    return {item: reason for item, reason in sorted(reasons.items()) if reason}


def stage_of(assignment: AssignmentConfig, probe: Probe) -> Stage:
    """The run a probe is made in: hidden or not, and timed (under a limit of its own or its
    item's, such as a solver's, configured or calibrated) or not."""
    item = assignment.items[probe.item]
    timed = probe.time is not None or item.time is not None or item.time_from_reference is not None
    if probe.hidden:
        return Stage.HIDDEN_TIMED if timed else Stage.HIDDEN
    return Stage.TIMED if timed else Stage.OPEN


def shape_of(assignment: AssignmentConfig, item: str) -> str:
    """The shape that runs `item`: its own (config.yaml's `shape:`), else the assignment's."""
    return assignment.items[item].shape or assignment.shape


def _item_probes(config: Config, name: str, item: str, cases: tuple[Case, ...]) -> list[Probe]:
    assignment = config.assignment(name)
    builders = PROBE_SETS[assignment.probes].builders_for(assignment)
    builder_name = assignment.items[item].probe or item
    where = f"{config.source}: assignments.{name}.items.{item}"
    if builder_name not in builders:
        raise BadInput(f"{where}: probe set {assignment.probes!r} has no probe {builder_name!r}")
    try:
        probes = builders[builder_name](cases)
    except ValueError as err:
        raise BadInput(f"{where}: cannot build probes from the suites: {err}") from None
    if not probes:
        raise BadInput(f"{where}: the suites give this item no cases")
    return [replace(probe, item=item) for probe in probes]


def _known(names: Iterable[str]) -> str:
    return "known: " + ", ".join(sorted(names))
