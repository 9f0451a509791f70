"""The function panel's times, recorded for `check` (harness/calibration/function_panel.py).

Running the panel takes minutes where a slow member meets a hard case, too long for `check`,
which CI runs on every assignment. So `suites calibrate -a NAME --record` writes each timed
item's slowest correct member to solvers/panel/times/NAME.yaml (beside config.yaml), with a
digest of the item's cases and of the panel's cores; `check` reads it and holds the limit in
force to FACTOR times the recorded slowest, without running anything. A record made on other
cases, or by other cores, is stale: `check` says so and asks for the panel to be run again.

The times are those of the machine calibrate ran on: run it again on the grading machine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from harness import atomic
from harness.calibration.adapters import language_of
from harness.calibration.function_panel import (
    FACTOR,
    SHAPES,
    FunctionCalibration,
    cores,
    timed_items,
)
from harness.config import Config
from harness.errors import BadInput
from harness.grading.plan import Plan
from harness.records.probes import Probe
from harness.yamlfile import dotted, first_error, read_yaml

TIMES = Path("solvers/panel/times")  # the records, relative to config.yaml
PANEL = Path("solvers/panel")  # the panel's folder, relative to config.yaml
DIGEST = 16  # hex digits kept of a SHA-256


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RecordedItem(_Strict):
    slowest: float  # CPU seconds: the slowest case of any correct member
    member: str
    case: str
    cases: str  # digest of the item's cases when it was recorded
    cores: str  # digest of the panel's cores in the assignment's language


class Record(_Strict):
    assignment: str
    language: str
    items: dict[str, RecordedItem]


@dataclass(frozen=True)
class LimitCheck:
    """One timed item's limit in force held against the recorded panel."""

    item: str
    limit: float
    slowest: float  # 0 when nothing usable is recorded
    problems: tuple[str, ...]

    @property
    def needed(self) -> str:
        return f"{FACTOR:g} x {self.slowest:.2f} s" if self.slowest else "-"


def record_path(config: Config, name: str) -> Path:
    return config.path(TIMES / f"{name}.yaml")


def write(config: Config, plan: Plan, calibration: FunctionCalibration, folder: Path) -> Path:
    """Record each timed item's slowest correct member (of the panel under `folder`); items with
    none are left out."""
    path = record_path(config, plan.name)
    panel = cores_digest(config, plan, folder)
    items = {}
    for item in calibration.items:
        slowest = item.slowest
        if slowest is not None:
            items[item.item] = RecordedItem(
                slowest=round(slowest.seconds, 3),
                member=slowest.member,
                case=slowest.case,
                cases=cases_digest(plan, item.item),
                cores=panel,
            ).model_dump()
    body = {"assignment": plan.name, "language": calibration.language, "items": items}
    atomic.write_text(
        path, _HEADER.format(name=plan.name, factor=FACTOR) + yaml.safe_dump(body, sort_keys=False)
    )
    return path


_HEADER = """\
# The panel's slowest correct member on each timed item of {name}, in CPU seconds on the
# machine it ran on: written by `sudoku-harness suites calibrate -a {name} --record`.
# `check` holds each limit in force to {factor:g} x `slowest`; `cases` and `cores` are digests of
# what was timed (another suite or core makes the record stale: run calibrate again).
"""


def read(path: Path) -> Record:
    try:
        return Record.model_validate(read_yaml(path))
    except ValidationError as err:
        location, message = first_error(err)
        raise BadInput.at(str(path), f"{dotted(location)}: {message}") from None


def limit_checks(config: Config, plan: Plan) -> list[LimitCheck]:
    """Each timed item's limit held to the recorded panel; none when nothing is recorded."""
    path = record_path(config, plan.name)
    if plan.assignment.shape not in SHAPES or not path.is_file():
        return []
    record = read(path)
    panel = cores_digest(config, plan, config.path(PANEL))
    return [_check(plan, item, record.items.get(item), panel) for item in timed_items(plan)]


def _check(plan: Plan, item: str, found: RecordedItem | None, panel: str) -> LimitCheck:
    limit = max(plan.time_limit(p) for p in plan.probes if p.item == item)
    again = f"run `sudoku-harness suites calibrate -a {plan.name} --record`"
    if found is None:
        return LimitCheck(item, limit, 0.0, (f"the panel's times are not recorded: {again}",))
    problems = []
    if found.cases != cases_digest(plan, item):
        problems.append(f"the panel's times were recorded on other cases: {again}")
    if found.cores != panel:
        problems.append(f"the panel's times were recorded with other cores: {again}")
    if limit < FACTOR * found.slowest:
        problems.append(
            f"the limit {limit:g} s is under {FACTOR:g} x the panel's slowest correct member "
            f"({found.member}: {found.slowest:.2f} s on {found.case})"
        )
    return LimitCheck(item, limit, found.slowest, tuple(problems))


def cases_digest(plan: Plan, item: str) -> str:
    """A digest of what the item's calls are given: its cases, in order."""
    return _digest(_given(p) for p in plan.probes if p.item == item)


def _given(probe: Probe) -> str:
    return json.dumps([probe.id, probe.args, probe.files], default=repr, sort_keys=True)


def cores_digest(config: Config, plan: Plan, folder: Path) -> str:
    """A digest of the cores of the panel under `folder` in the assignment's language."""
    language = language_of(plan.name, plan.assignment, config.languages)
    found = cores(folder, language)
    return _digest(f"{name}\n{path.read_text(encoding='utf-8')}" for name, path in found.items())


def _digest(parts: Iterable[str]) -> str:
    sha = hashlib.sha256()
    for part in parts:
        sha.update(part.encode("utf-8"))
        sha.update(b"\0")
    return sha.hexdigest()[:DIGEST]
