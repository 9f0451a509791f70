"""A new assignment is one package, one registry line and its config.yaml entry.

The toy assignment below ("count the blanks") is written into a temporary folder, as a course
would write its own: a probes module building probes from the suites, an expectation of its own,
and a child driver. Registering it is one line; grading goes through the real CLI and real
worker processes, and no core file is touched. docs/adding-an-assignment.md walks through it.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.assignments import PROBE_SETS
from harness.cli.app import app
from harness.errors import ExitCode
from tests.conftest import REPO

PACKAGE = {
    "__init__.py": '''
"""count-blanks: a function count_blanks(grid) giving how many cells are blank (0)."""
from pathlib import Path

from harness.assignments.base import ProbeSet
from toy_assignment.probes import BUILDERS

PROBE_SET = ProbeSet(BUILDERS, (Path(__file__).with_name("driver.py"),))
''',
    "probes.py": '''
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from harness.puzzles import sudoku
from harness.puzzles.suites import Case
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, NoGrids, Probe


@dataclass(frozen=True)
class CountsBlanks(NoGrids):
    """The driver's report: the count the function returned, and the grid left unchanged."""

    inspects_arguments: ClassVar[bool] = False
    criteria: ClassVar[tuple[str, ...]] = ()
    blanks: int

    def judge(self, outcome: CallOutcome) -> Judgement:
        seen: Any = outcome.value
        if not isinstance(seen, dict) or seen.get("count") != self.blanks:
            return Judgement(False, f"counted {seen!r}, expected {self.blanks} blanks")
        if not seen.get("unchanged"):
            return Judgement(False, "changed the grid it was given")
        return Judgement(True)


def count_blanks(cases: Sequence[Case]) -> list[Probe]:
    return [
        Probe(
            "count_blanks",
            case.id,
            f"count_blanks(<{case.id}>)",
            (sudoku.thaw(case.puzzle),),
            CountsBlanks(sum(v == 0 for row in case.puzzle for v in row)),
            driver="toy.count_blanks",
        )
        for case in cases
    ]


BUILDERS = {"count_blanks": count_blanks}
''',
    "driver.py": '''
"""Runs inside the student's interpreter: standard library only."""
import copy


def count_blanks(module, name, grid):
    """`name`: the function's name in the student's module (config.yaml may accept aliases)."""
    before = copy.deepcopy(grid)
    count = getattr(module, name)(grid)
    return {"count": count, "unchanged": grid == before}


DRIVERS = {"toy.count_blanks": count_blanks}
''',
}

CONFIG = """
assignments:
  count-blanks:
    shape: function-library
    probes: toy
    suites: [{suite}]
    limits: {{time: 1.0, load_time: 5.0, memory_mb: 256}}
    items:
      count_blanks: {{marks: 10}}
"""

SUBMISSIONS = {
    "counts": "def count_blanks(grid):\n    return sum(v == 0 for row in grid for v in row)\n",
    "counts_the_givens": (
        "def count_blanks(grid):\n    return sum(v != 0 for row in grid for v in row)\n"
    ),
    "clears_the_grid": (
        "def count_blanks(grid):\n"
        "    n = sum(v == 0 for row in grid for v in row)\n"
        "    grid[0][0] = 0\n"
        "    return n\n"
    ),
}


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The toy assignment's package, registered; returns its config.yaml."""
    package = tmp_path / "toy_assignment"
    package.mkdir()
    for name, text in PACKAGE.items():
        (package / name).write_text(text.lstrip())
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("toy_assignment")
    monkeypatch.setitem(PROBE_SETS, "toy", module.PROBE_SET)  # the one registry line
    config = tmp_path / "config.yaml"
    config.write_text(CONFIG.format(suite=REPO / "testcases" / "handout-examples.yaml"))
    for name, source in SUBMISSIONS.items():
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / "blanks.py").write_text(source)
    return config


def test_a_toy_assignment_is_graded_without_touching_the_core(toy: Path) -> None:
    out = toy.parent / "report.json"
    result = CliRunner().invoke(
        app,
        ["grade", str(toy.parent / "class"), "--config", str(toy), "--jobs", "2",
         "--json", str(out)],
    )  # fmt: skip
    assert result.exit_code == ExitCode.OK, result.output
    report = {s["name"]: s for s in json.loads(out.read_text())["submissions"]}
    verdicts = {
        name: {c["verdict"] for i in s["items"] for c in i["cases"]} for name, s in report.items()
    }
    assert verdicts == {"counts": {"AC"}, "counts_the_givens": {"WA"}, "clears_the_grid": {"WA"}}
    assert report["counts"]["marks"] == 10
    assert report["counts_the_givens"]["marks"] == 0
    details = [c["detail"] for i in report["clears_the_grid"]["items"] for c in i["cases"]]
    assert all("changed the grid it was given" in d for d in details), details
