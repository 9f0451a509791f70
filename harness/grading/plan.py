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

from harness.config import AssignmentConfig, Config, LanguageConfig, Shape
from harness.errors import BadInput
from harness.kinds.base import Driver, DriverSource, RunContext, call_limits
from harness.kinds.budget import UNLIMITED, Budget
from harness.kinds.function_library import declared
from harness.kinds.probe_set import Builder, ProbeSet
from harness.kinds.probe_sets import probe_sets
from harness.kinds.registry import KINDS, suffixes_for
from harness.puzzles.suites import Case, load_suites
from harness.records.probes import Probe, Stage
from harness.sandbox.isolation import NO_ISOLATION, Isolation, Mode, choose


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
    driver_sources: tuple[DriverSource, ...] = ()  # shape driven: the teacher's driver's files
    driver_given: tuple[DriverSource, ...] = ()  # shape driven: the course's files beside them

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
            self.driver_sources,
            driver_given=self.driver_given,
        )


def make_plan(config: Config, name: str, isolation: Isolation | None = None) -> Plan:
    """The plan for assignment `name`; student processes get `isolation` (default: every layer
    this machine allows)."""
    assignment = config.assignment(name)
    where = f"{config.source}: assignments.{name}"
    sources = item_sources(config, name)
    suffixes_for(config, name)  # checks the shape's own settings
    suites = load_suites([config.path(p) for p in assignment.suites])
    cases = tuple(case for suite in suites for case in suite.cases)
    probes = tuple(
        p for item in assignment.items for p in _item_probes(where, item, sources[item], cases)
    )
    probes = tuple(replace(probe, stage=stage_of(assignment, probe)) for probe in probes)
    python = config.path(config.runtime.python) if config.runtime.python else Path(sys.executable)
    base = config.path(config.runtime.workdir) if config.runtime.workdir else None
    ungraded = _cannot_grade(assignment, python)
    probes = tuple(p for p in probes if p.item not in ungraded)
    isolation = choose(Mode.AUTO) if isolation is None else isolation
    helpers = _helpers(assignment, sources) if assignment.reference else {}
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
        _drivers(tuple(dict.fromkeys(d for s in sources.values() for d in s.probe_set.drivers))),
        helpers,
        _reference_source(config, name) if helpers else "",
        *_driver_files(config, name),
    )


def _driver_files(
    config: Config, name: str
) -> tuple[tuple[DriverSource, ...], tuple[DriverSource, ...]]:
    """The teacher's compiled driver (shape driven) and the course's given files, read once:
    each file by its name, one name for one file (they share the driver's folder)."""
    driver = config.assignment(name).driver
    if driver is None:
        return (), ()
    keyed = [
        (k, i, config.path(p))
        for k in ("sources", "given")
        for i, p in enumerate(getattr(driver, k))
    ]
    seen: set[str] = set()
    for key, index, path in keyed:
        if path.name in seen:
            where = f"{config.source}: assignments.{name}.driver.{key}[{index}]"
            raise BadInput(f"{where}: two of the driver's files are named {path.name}")
        seen.add(path.name)
    read = [(key, (path.name, path.read_bytes())) for key, _, path in keyed]
    return tuple(f for k, f in read if k == "sources"), tuple(f for k, f in read if k == "given")


def _drivers(paths: tuple[Path, ...]) -> tuple[Driver, ...]:
    """The child drivers' sources, read once: the worker runs them before any student code."""
    return tuple((path.stem, path.read_text(encoding="utf-8")) for path in paths)


@dataclass(frozen=True)
class Source:
    """What makes one item's probes: a probe set, its builders as the assignment configures
    them, and the builder's name."""

    probe_set: ProbeSet
    builders: Mapping[str, Builder]
    builder: str


def item_sources(config: Config, name: str) -> dict[str, Source]:
    """Per item, what makes its probes: its role (the assignment's declared probe set), the
    plug-in it names, or the assignment's probe set; BadInput for a name no set has."""
    assignment = config.assignment(name)
    where = f"{config.source}: assignments.{name}"
    sets = probe_sets(config.plugins, config.source)
    own = declared.probe_set(assignment)
    if assignment.probes is not None and assignment.probes not in sets:
        raise BadInput(f"{where}.probes: unknown probe set {assignment.probes!r} ({_known(sets)})")
    found: dict[str, Source] = {}
    for item, cfg in assignment.items.items():
        if cfg.plugin is not None and cfg.plugin not in sets:
            problem = f"unknown plug-in {cfg.plugin!r} ({_known(sets)})"
            raise BadInput(f"{where}.items.{item}.plugin: {problem}")
        chosen = cfg.plugin or assignment.probes
        probe_set = own if chosen is None else sets[chosen]
        builder = item if chosen is None else cfg.probe or item
        found[item] = Source(probe_set, _builders(where, probe_set, assignment), builder)
    return found


def _builders(
    where: str, probe_set: ProbeSet, assignment: AssignmentConfig
) -> Mapping[str, Builder]:
    """The probe set's builders for `assignment`; a key of it they find wrong, said from
    `where` (the unit tests' `items.X.tests[0]`)."""
    try:
        return probe_set.builders_for(assignment)
    except BadInput as err:
        raise BadInput(f"{where}.{err}") from None


def _helpers(
    assignment: AssignmentConfig, sources: Mapping[str, Source]
) -> dict[str, tuple[str, ...]]:
    """item -> what the reference may stand in for when the item is judged on its own code."""
    found: dict[str, tuple[str, ...]] = {}
    for item, source in sources.items():
        given = source.probe_set.helpers
        if source.builder in given and assignment.items[item].helpers != "own":
            found[item] = given[source.builder]
    return found


def _reference_source(config: Config, name: str) -> str:
    """The reference solution's entry file, as text (trusted: it is sent to a student's
    process only to stand in for the student's helpers)."""
    return reference_entry(config, name).read_text(encoding="utf-8")


def reference_entry(config: Config, name: str) -> Path:
    """The reference solution's entry file: config.yaml's `entry:` in its folder, or its one
    Python file."""
    assignment = config.assignment(name)
    folder = config.path(assignment.reference) if assignment.reference else None
    where = f"{config.source}: assignments.{name}.reference"
    if folder is None or not folder.is_dir():
        raise BadInput(f"{where}: {folder} is not a folder")
    files = [folder / assignment.entry] if assignment.entry else sorted(folder.glob("*.py"))
    if len(files) != 1 or not files[0].is_file():
        raise BadInput(f"{where}: cannot tell the reference's entry file in {folder}")
    return files[0]


def _cannot_grade(assignment: AssignmentConfig, python: Path) -> dict[str, str]:
    """Items this machine cannot grade: those of a shape it cannot run (a notebook, without
    the notebook extra), with why."""
    shapes = {item: KINDS[shape_of(assignment, item)] for item in assignment.items}
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


def shape_of(assignment: AssignmentConfig, item: str) -> Shape:
    """The shape that runs `item`: its own (config.yaml's `shape:`), else the assignment's."""
    return assignment.items[item].shape or assignment.shape


def _item_probes(
    assignment_at: str, item: str, source: Source, cases: tuple[Case, ...]
) -> list[Probe]:
    where = f"{assignment_at}.items.{item}"
    if source.builder not in source.builders:
        raise BadInput(f"{where}: its probe set has no probe {source.builder!r} "
                       f"({_known(source.builders)})")  # fmt: skip
    try:
        probes = source.builders[source.builder](cases)
    except ValueError as err:
        raise BadInput(f"{where}: cannot build probes from the suites: {err}") from None
    except BadInput as err:  # a key of the item's own, said from it ("tests[0]: ...")
        raise BadInput(f"{where}.{err}") from None
    if not probes:
        raise BadInput(f"{where}: the suites give this item no cases")
    return [replace(probe, item=item) for probe in probes]


def _known(names: Iterable[str]) -> str:
    return "known: " + ", ".join(sorted(names))
