"""`suites calibrate -a ASSIGNMENT` for function libraries and driven assignments: each timed
item's limit, from what typical students write.

The panel is four correct solvers, each in the assignment's language (Python for a function
library; C or Java, by the driver's language, for shape driven):

- first_empty: backtracking on the first empty cell, trying only the values its row, column and
  box allow (a candidate check before each placement);
- first_empty_unchecked: the same search with no candidate check: every value is put in, then
  the move is checked;
- last_empty, last_empty_unchecked: the same two, filling the last empty cell first.

The search order matters more than anything else a student chooses: on one shipped 9x9 puzzle
the last-empty solvers visit almost 300 times as many cells as the first-empty ones. Each member
is a core algorithm (solvers/panel/functions/LANGUAGE/NAME) and the assignment's interface,
written from config.yaml and the reference (harness/calibration/adapters/). A timed item is one with
`role: solve`. Every member runs on the timed items' cases as grading runs a submission (its own
worker, its build, its stage), under a generous limit, every case run.

The rule (calibrate reports it per item): the limit is the smallest whole second at least
FACTOR times the slowest case of any correct member (1 s at least), and never under the limit
measured on the reference (`time_from_reference`). A member that fails a case is a problem of
the panel, said and left out of the rule; a limit in force under FACTOR times the slowest is a
problem too. A limit above the rule's is kept: the panel is a floor, not every student.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.calibration.adapters import ADAPTERS, Interface, PanelLanguage, language_of
from harness.config import Config
from harness.errors import BadInput
from harness.grading.judged import JudgedCase, run_and_judge
from harness.grading.plan import Plan
from harness.records.probes import Probe
from harness.records.verdicts import Verdict
from harness.submissions import Submission, SubmissionProblem

MEMBERS = ("first_empty", "first_empty_unchecked", "last_empty", "last_empty_unchecked")
FOLDER = Path("functions")  # the cores, under the panel's folder (solvers/panel)
FACTOR = 3.0  # every correct member passes with this margin
RESOLUTION = 1.0  # limits are whole seconds
GENEROUS = 600.0  # CPU seconds a member may take on one case while it is timed
SHAPES = ("function-library", "driven")  # the assignments this panel times


@dataclass(frozen=True)
class Timing:
    """One member on one case: its verdict, CPU seconds and, when it failed, why."""

    member: str
    verdict: Verdict
    cpu: float
    detail: str = ""

    @property
    def solved(self) -> bool:
        return self.verdict is Verdict.AC

    @property
    def text(self) -> str:
        return f"{self.cpu:.2f}" if self.solved else self.verdict.value


@dataclass(frozen=True)
class CaseTimes:
    case: str  # the probe's id (the suite case's label)
    timings: tuple[Timing, ...]  # in the panel's member order


@dataclass(frozen=True)
class Slowest:
    seconds: float
    member: str
    case: str


@dataclass(frozen=True)
class ItemTimes:
    """The panel on one timed item's cases, and the limit that follows."""

    item: str
    members: tuple[str, ...]
    cases: tuple[CaseTimes, ...]
    limit: float  # what grading uses now: config.yaml's, or measured on the reference
    floor: float  # measured on the reference (`time_from_reference`); 0 when not asked

    def timings(self, member: str) -> tuple[tuple[str, Timing], ...]:
        """The member's timing on each case, with the case."""
        return tuple((row.case, t) for row in self.cases for t in row.timings if t.member == member)

    def failures(self, member: str) -> tuple[tuple[str, Timing], ...]:
        return tuple((case, t) for case, t in self.timings(member) if not t.solved)

    @property
    def correct(self) -> tuple[str, ...]:
        return tuple(m for m in self.members if not self.failures(m))

    def slowest_of(self, member: str) -> Slowest | None:
        found = [Slowest(t.cpu, member, case) for case, t in self.timings(member)]
        return max(found, key=lambda s: s.seconds, default=None)

    @property
    def slowest(self) -> Slowest | None:
        """The slowest case of any correct member; None when no member is correct."""
        found = [s for m in self.correct if (s := self.slowest_of(m)) is not None]
        return max(found, key=lambda s: s.seconds, default=None)

    @property
    def derived(self) -> float:
        """The smallest whole second at least FACTOR times the slowest, never under the floor."""
        return derive(self.slowest.seconds if self.slowest else 0.0, self.floor)

    @property
    def margin(self) -> bool:
        """The limit grading uses gives every correct member FACTOR times its time."""
        return self.slowest is None or self.limit >= FACTOR * self.slowest.seconds

    @property
    def problems(self) -> tuple[str, ...]:
        found = [self._failed(m) for m in self.members if self.failures(m)]
        if self.slowest is None:
            found.append(f"{self.item}: no member of the panel solves every case")
        elif not self.margin:
            s = self.slowest
            found.append(
                f"{self.item}: the limit {self.limit:g} s is under {FACTOR:g} x the slowest "
                f"correct member ({s.member}: {s.seconds:.2f} s on {s.case}); it should be at "
                f"least {self.derived:g} s"
            )
        return tuple(found)

    def _failed(self, member: str) -> str:
        failures = self.failures(member)
        case, first = failures[0]
        why = f": {first.detail}" if first.detail else ""
        return (
            f"{self.item}: {member} fails {len(failures)} case(s), left out of the rule "
            f"(first {case}, {first.verdict.value}{why})"
        )


def derive(slowest: float, floor: float = 0.0) -> float:
    """The limit for a slowest correct run of `slowest` CPU seconds: a whole second at least."""
    return max(floor, RESOLUTION, math.ceil(FACTOR * slowest / RESOLUTION) * RESOLUTION)


@dataclass(frozen=True)
class FunctionCalibration:
    assignment: str
    language: PanelLanguage
    members: tuple[str, ...]
    items: tuple[ItemTimes, ...]

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(p for item in self.items for p in item.problems)

    @property
    def holds(self) -> bool:
        return not self.problems


def timed_items(plan: Plan) -> tuple[str, ...]:
    """The items the panel times: those with `role: solve` that have cases here."""
    graded = {probe.item for probe in plan.probes}
    return tuple(
        name
        for name, item in plan.assignment.items.items()
        if item.role == "solve" and name in graded
    )


def interface(config: Config, plan: Plan) -> Interface:
    """The timed items' interface; BadInput when the assignment has none."""
    items = timed_items(plan)
    if plan.assignment.shape not in SHAPES or not items:
        raise BadInput.at("--assignment", f"{plan.name} has no item with role: solve to time "
                          f"(the function panel times {' and '.join(SHAPES)} solvers)")  # fmt: skip
    reference = plan.assignment.reference
    folder = config.path(reference) if reference else None
    return Interface.of(plan.name, plan.assignment, items, folder)


def cores(folder: Path, language: PanelLanguage) -> dict[str, Path]:
    """Each member's core algorithm in `language`, under the panel's `folder`; BadInput for one
    missing."""
    suffix = ADAPTERS[language].suffix
    found = {name: folder / FOLDER / language / f"{name}{suffix}" for name in MEMBERS}
    for path in found.values():
        if not path.is_file():
            raise BadInput.at(str(path), f"no such file: the panel needs {', '.join(MEMBERS)}")
    return found


def write_members(
    folder: Path, language: PanelLanguage, face: Interface, into: Path
) -> tuple[Submission, ...]:
    """Each member as a submission folder under `into`: its core with the interface."""
    team = []
    for name, core in cores(folder, language).items():
        files = ADAPTERS[language].member(core.read_text(encoding="utf-8"), face)
        for file, text in files:
            (into / name / file).parent.mkdir(parents=True, exist_ok=True)  # entry: src/x.py
            (into / name / file).write_text(text, encoding="utf-8")
        team.append(Submission(name, into / name))
    return tuple(team)


def calibrate(config: Config, plan: Plan, folder: Path) -> FunctionCalibration:
    """Every member, made from the cores under `folder` (the panel's), on every case of the
    plan's timed items."""
    face = interface(config, plan)
    language = language_of(plan.name, plan.assignment, config.languages)
    items = tuple(t.item for t in face.targets)
    probes = tuple(replace(p, time=None) for p in plan.probes if p.item in items)
    with tempfile.TemporaryDirectory(prefix="sudoku-harness-panel-") as made:
        team = write_members(folder, language, face, Path(made))
        runs = {m.name: _timings(generous(plan, items), probes, m) for m in team}
    names = tuple(m.name for m in team)
    found = tuple(_item(plan, item, probes, names, runs) for item in items)
    return FunctionCalibration(plan.name, language, names, found)


def generous(plan: Plan, items: Sequence[str]) -> Plan:
    """The plan with GENEROUS seconds for the timed items and no case skipped after time-outs."""
    assignment = plan.assignment
    update = {"time": GENEROUS, "time_from_reference": None}
    configs = {
        name: cfg.model_copy(update=update) if name in items else cfg
        for name, cfg in assignment.items.items()
    }
    limits = assignment.limits.model_copy(update={"timeouts_before_skip": 0})
    relaxed = assignment.model_copy(update={"items": configs, "limits": limits})
    return plan.with_limits(relaxed, {})


def _timings(plan: Plan, probes: tuple[Probe, ...], member: Submission) -> list[Timing]:
    try:
        judged = run_and_judge(member, plan.context(probes), plan.time_limit)
    except SubmissionProblem as problem:
        raise BadInput.at(str(member.path), str(problem)) from None
    if not judged.loaded:
        raise BadInput(f"the panel's {member.name} does not load: {judged.run.load.message}")
    return [_timing(member.name, case) for case in judged.cases]


def _timing(member: str, case: JudgedCase) -> Timing:
    result = case.result
    detail = "" if result.verdict is Verdict.AC else result.detail
    return Timing(member, result.verdict, case.outcome.cpu_seconds or 0.0, detail)


def _item(
    plan: Plan,
    item: str,
    probes: tuple[Probe, ...],
    members: tuple[str, ...],
    runs: Mapping[str, list[Timing]],
) -> ItemTimes:
    rows = tuple(
        CaseTimes(probe.id, tuple(runs[m][index] for m in members))
        for index, probe in enumerate(probes)
        if probe.item == item
    )
    mine = [probe for probe in plan.probes if probe.item == item]
    limit = max(plan.time_limit(probe) for probe in mine)
    floor = limit if plan.assignment.items[item].time_from_reference else 0.0
    return ItemTimes(item, members, rows, limit, floor)
