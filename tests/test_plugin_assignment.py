"""An assignment defined entirely in a folder of the teacher's: YAML, a reference, a plug-in.

The toy assignment below is written into a temporary folder, as a course would write its own:
its `count_blanks(grid)` is what no role says, so a plug-in makes its probes (a probes module
building them from the suites, an expectation of its own, a child driver); its `get_row` is
declared in YAML (`role: unit-values`), and its `is_full` is judged against the teacher's
reference solution (`role: reference`). The plug-in is registered by config.yaml's `plugins:`
path, or by an installed package's entry point: nothing of the harness is touched, no registry
is patched, and grading goes through the real CLI and real worker processes.
docs/adding-an-assignment.md walks through it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from harness.kinds import plugins
from tests.conftest import REPO

PACKAGE = {
    "__init__.py": '''
"""count-blanks: a function count_blanks(grid) giving how many cells are blank (0)."""
from pathlib import Path

from harness.kinds.probe_set import ProbeSet
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
plugins: [toy_assignment]   # the teacher's plug-in (a package), outside the harness
assignments:
  count-blanks:
    shape: function-library
    suites: [{suite}]
    reference: reference
    conventions: {{index_base: 0}}
    limits: {{time: 1.0, load_time: 5.0, memory_mb: 256}}
    items:
      count_blanks: {{marks: 10, plugin: toy_assignment}}
      get_row: {{marks: 9, role: unit-values, unit: row}}
      is_full: {{marks: 6, role: reference, args: [grid], cases: 1}}
"""

REFERENCE = """
def count_blanks(grid):
    return sum(v == 0 for row in grid for v in row)


def get_row(grid, r):
    return list(grid[r])


def is_full(grid):
    return all(v != 0 for row in grid for v in row)
"""

SUBMISSIONS = {
    "counts": REFERENCE,
    "counts_the_givens": REFERENCE.replace("v == 0 for row", "v != 0 for row"),
    "clears_the_grid": REFERENCE.replace(
        "    return sum(v == 0 for row in grid for v in row)",
        "    n = sum(v == 0 for row in grid for v in row)\n    grid[0][0] = 0\n    return n",
    ),
    "full_when_empty": REFERENCE.replace("v != 0 for row", "v == 0 for row"),
}


def _write_toy(tmp_path: Path, config: str) -> Path:
    package = tmp_path / "toy_assignment"
    package.mkdir()
    for name, text in PACKAGE.items():
        (package / name).write_text(text.lstrip())
    (tmp_path / "reference").mkdir()
    (tmp_path / "reference" / "blanks.py").write_text(REFERENCE)
    path = tmp_path / "config.yaml"
    path.write_text(config.format(suite=REPO / "testcases" / "handout-examples.yaml"))
    for name, source in SUBMISSIONS.items():
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / "blanks.py").write_text(source)
    return path


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The toy assignment's folder; returns its config.yaml. Answers the reference gives are
    cached in the test's own folder."""
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path / "cache"))
    return _write_toy(tmp_path, CONFIG)


def _graded(config: Path) -> dict[str, dict[str, object]]:
    out = config.parent / "report.json"
    result = CliRunner().invoke(
        app,
        ["grade", str(config.parent / "class"), "--config", str(config), "--jobs", "2",
         "--json", str(out)],
    )  # fmt: skip
    assert result.exit_code == ExitCode.OK, result.output
    return {s["name"]: s for s in json.loads(out.read_text())["submissions"]}


def _verdicts(submission: dict[str, object], item: str) -> set[str]:
    items = submission["items"]
    assert isinstance(items, list)
    return {c["verdict"] for i in items if i["name"] == item for c in i["cases"]}


def test_an_assignment_from_a_folder_is_graded_without_touching_the_core(toy: Path) -> None:
    report = _graded(toy)
    assert report["counts"]["marks"] == 25
    assert _verdicts(report["counts_the_givens"], "count_blanks") == {"WA"}
    assert _verdicts(report["full_when_empty"], "is_full") == {"AC", "WA"}  # a full grid: WA
    assert _verdicts(report["full_when_empty"], "get_row") == {"AC"}
    items = report["clears_the_grid"]["items"]
    assert isinstance(items, list)
    details = [c["detail"] for i in items if i["name"] == "count_blanks" for c in i["cases"]]
    assert all("changed the grid it was given" in d for d in details), details
    assert list((toy.parent / "cache").glob("*.json"))  # the reference's answers, kept


def test_the_references_answers_are_cached_by_content(toy: Path) -> None:
    """The second run asks the reference nothing: a reference that would fail now (it raises)
    is never run, since its files are what the answers are keyed by... once they change, it
    runs again and the failure is the teacher's one line."""
    _graded(toy)
    cached = sorted((toy.parent / "cache").glob("*.json"))
    assert _graded(toy)["counts"]["marks"] == 25
    assert sorted((toy.parent / "cache").glob("*.json")) == cached
    (toy.parent / "reference" / "blanks.py").write_text(REFERENCE + "\nraise SystemExit(3)\n")
    result = CliRunner().invoke(app, ["grade", str(toy.parent / "class"), "--config", str(toy)])
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "reference" in result.output and len(result.output.strip().splitlines()) == 1


def test_a_plugin_installed_as_a_package_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other way: a package that declares the entry point `sudoku_harness.assignments`
    (here a dist-info folder on the path, as pip would leave it)."""
    plain = CONFIG.replace("plugins: [toy_assignment]", "").replace("toy_assignment}", "toy}")
    config = _write_toy(tmp_path, plain)
    info = tmp_path / "toy_assignment-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-assignment\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{plugins.GROUP}]\ntoy = toy_assignment:PROBE_SET\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path / "cache"))
    assert "toy" in plugins.installed()
    assert _graded(config)["counts"]["marks"] == 25
    assert "toy_assignment" in sys.modules  # loaded by the harness, from the teacher's folder


def test_a_plugin_that_does_not_load_is_one_line_naming_it(tmp_path: Path) -> None:
    config = _write_toy(tmp_path, CONFIG)
    (tmp_path / "toy_assignment" / "__init__.py").write_text("PROBE_SET = 42\n")
    result = CliRunner().invoke(app, ["grade", str(tmp_path / "class"), "--config", str(config)])
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert result.output.startswith("error: ") and "plugins[0]" in result.output
    assert "must be a ProbeSet" in result.output and len(result.output.splitlines()) == 1
