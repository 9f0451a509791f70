"""The bundled examples through the CLI: golden score table and JSON report, and `check`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli import check as check_module
from harness.cli.app import app
from harness.cli.check import (
    Expected,
    example_row,
    example_rows,
    expected_outcomes,
    held,
    limit_rows,
    reference_rows,
)
from harness.config import load_config
from harness.errors import ExitCode
from harness.kinds.controls import stub_controls
from harness.records.results import CriterionResult, ItemResult, SubmissionResult
from tests.conftest import (
    JOBS,
    REPO,
    SHIPPED_FOLDERS,
    check_plan,
    controls_report,
    examples_report,
    graded_examples,
    shipped_config_text,
    without_timings,
)
from tests.test_cli import check_schema

GOLDEN = Path(__file__).resolve().parent / "golden"
EXAMPLES = REPO / "submissions" / "sudoku-functions"


@pytest.fixture(scope="module")
def graded() -> tuple[str, dict[str, Any]]:
    return graded_examples("sudoku-functions")


def compare_golden(name: str, actual: str, request: pytest.FixtureRequest) -> None:
    golden = GOLDEN / name
    if request.config.getoption("--update-golden"):
        golden.write_text(actual)
    if golden.read_text() != actual:
        cache = getattr(request.config, "cache", None)  # absent under -p no:cacheprovider
        kept = Path(str(cache.mkdir("golden-mismatch"))) / name if cache else None
        if kept is not None:
            kept.write_text(actual)
        pytest.fail(
            f"{name} differs from its golden file (actual output kept in {kept}); "
            "rerun with --update-golden if the change is intended"
        )


def test_score_table_matches_golden(
    graded: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    compare_golden("sudoku-functions.table.txt", graded[0], request)


def test_json_report_matches_golden(
    graded: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    report = without_timings(graded[1])
    check_schema(report)
    compare_golden("sudoku-functions.json", json.dumps(report, indent=2) + "\n", request)


def test_feedback_says_what_was_accepted(graded: tuple[str, dict[str, Any]]) -> None:
    correct = next(s for s in graded[1]["submissions"] if s["name"] == "correct")
    feedback = {item["name"]: item["feedback"] for item in correct["items"]}
    assert (
        "accepted the name valid_Sudoku for valid_sudoku: an alias config.yaml accepts"
        in feedback["valid_sudoku"]
    )
    assert "accepted: values in another order than ascending" in feedback["get_candidates"]
    assert "accepted: returns a new grid" in feedback["make_move"]


def test_a_helper_that_fails_costs_marks_once(graded: tuple[str, dict[str, Any]]) -> None:
    looping = next(s for s in graded[1]["submissions"] if s["name"] == "infinite_loop")
    solver = next(i for i in looping["items"] if i["name"] == "sudoku_solver")
    assert solver["helpers"] == {
        "own": 0.0,
        "reference": 30.0,
        "marked": "reference",
        "problem": "get_candidates runs out of time",
    }
    assert solver["feedback"][0] == (
        "with your own helpers 0/30 (get_candidates runs out of time); "
        "with the reference helpers 30/30; marked 30/30"
    )


CHECKED = {  # what `check` grades: the references, and each example with its expected.yaml
    "cmu-15112": 1 + 6,  # the worked examples: other courses' assignments as YAML alone
    "columbia-csp": 1 + 5,
    "csp-sudoku": 1 + 17,  # objects and constraint search: one example per typical bug
    "columbia-driver": 1 + 12,  # a program given an argument, answering in output.txt
    "monash-fit1045": 1 + 6,
    "sudoku-functions": 1 + 10,
    "board-solver": 1 + 21,
    "stdin-program": 2 + 14,  # the C++ and the Python reference
    "sudoku-script": 1 + 9,
    "c-functions": 1 + 11,  # compiled functions, called by a teacher's driver (shape driven)
    "java-functions": 1 + 3,
    "uwb-css342": 1 + 5,  # the course's own unit tests: GoogleTest
    "hawaii-ics211": 1 + 5,  # JUnit 5
    "cmu-15112-pytest": 1 + 8,  # pytest, under the harness's runner
}
LIMITED = {  # solve items whose limit `check` holds to the panel's recorded times (a row each)
    "cmu-15112": 1,
    "columbia-csp": 1,
    "sudoku-functions": 1,
    "sudoku-script": 1,
    "c-functions": 1,
    "java-functions": 1,
    "monash-fit1045": 1,
}
CONTROLS = {  # the controls `check` grades: stubs made from the reference (7 in Python, 2 in C,
    # C++ or Java, 3 programs or 2 where no-solution is not defined), and the starter if named
    "cmu-15112": 7 + 1,
    "columbia-csp": 7 + 1,
    "csp-sudoku": 7 + 1,
    "columbia-driver": 2 + 1,
    "monash-fit1045": 7 + 1,
    "sudoku-functions": 7 + 1,
    "board-solver": 7 + 1,
    "stdin-program": 3,
    "sudoku-script": 7,
    "c-functions": 2 + 1,
    "java-functions": 2 + 1,
    "uwb-css342": 2 + 1,
    "hawaii-ics211": 2 + 1,
    "cmu-15112-pytest": 7 + 1,
}
TOOLCHAINS = {  # what an assignment needs here, a command or a file (.ci/run installs them)
    "c-functions": "gcc",
    "java-functions": "javac",
    "uwb-css342": "/usr/include/gtest/gtest.h",  # GoogleTest (libgtest-dev)
    "hawaii-ics211": "/usr/share/java/junit-platform-console-standalone.jar",  # junit5
}


def _with_toolchain(assignment: str) -> Any:
    needed = TOOLCHAINS.get(assignment)
    if needed is None or (Path(needed).exists() if "/" in needed else shutil.which(needed)):
        return assignment
    return pytest.param(assignment, marks=pytest.mark.skip(f"{needed} is not installed"))


@pytest.mark.parametrize("assignment", [_with_toolchain(name) for name in sorted(CHECKED)])
def test_check_passes_on_the_repository(assignment: str) -> None:
    """What `check` says of every assignment: its references graded here, its examples held
    against their expected outcomes from the grading the golden and output tests share (graded
    once per run: grading them again here cost two minutes of every CI run), and its controls
    from the grading test_stub_controls.py shares."""
    config = load_config(REPO / "config.yaml")
    plan = check_plan(assignment)  # the controls' too: one plan, as `check` makes
    folder = REPO / "submissions" / assignment
    results = examples_report(assignment).submissions
    _, expected = expected_outcomes(config, assignment)
    rows = reference_rows(config, plan, JOBS) + example_rows(assignment, results, expected)
    limits = limit_rows(config, plan)  # the solve limits against the panel's recorded times
    controls = controls_report(assignment).submissions
    rows += held(plan, stub_controls(config, assignment), controls)
    assert [row for row in [*rows, *limits] if not row.ok] == []
    assert len(rows) == CHECKED[assignment] + CONTROLS[assignment]
    assert len(limits) == LIMITED.get(assignment, 0)
    examples = list(folder.glob("*.expected.yaml"))
    assert len(examples) == CHECKED[assignment] - (2 if assignment == "stdin-program" else 1)


def test_the_check_command_grades_references_and_examples() -> None:
    """The command itself, end to end, on an assignment whose check is quick."""
    args = ["check", "--config", str(REPO / "config.yaml"), "-a", "columbia-csp"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.OK, result.output
    checked = CHECKED["columbia-csp"] + LIMITED["columbia-csp"] + CONTROLS["columbia-csp"]
    assert f"{checked} ok, 0 mismatched" in result.output
    assert "columbia-csp  limit      backtracking" in result.output


def test_check_holds_the_starter_to_its_marks_and_each_stub_to_5_percent(tmp_path: Path) -> None:
    """The controls' rows: seven stubs of the reference's get_row (none can be a row: each earns
    0) and its starter, which is the reference itself here. Held to `marks: 0` it fails, naming
    what it earned; held to the 10 it earns, it passes."""
    (tmp_path / "ref").mkdir()
    (tmp_path / "ref" / "grid.py").write_text(
        "def get_row(grid, row):\n    return list(grid[row])\n"
    )
    config = tmp_path / "config.yaml"
    suite = REPO / "testcases" / "small-4x4.yaml"
    entry = (
        "  {name}:\n    shape: function-library\n    conventions: {{index_base: 0, sizes: [4]}}\n"
        f"    suites: [{suite}]\n    reference: ref\n"
        "    starter: {{files: [ref/grid.py], marks: {marks}}}\n"
        "    items:\n      get_row: {{marks: 10, role: unit-values, unit: row}}\n"
    )
    config.write_text("assignments:\n" + entry.format(name="given", marks=10) + entry.format(
        name="untouched", marks=0))  # fmt: skip
    result = CliRunner().invoke(app, ["check", "--config", str(config)])
    assert result.exit_code == ExitCode.FAILED, result.output
    rows = [line.split() for line in result.output.splitlines() if line.startswith(("given", "un"))]
    kinds = [(row[0], row[1], row[2]) for row in rows]
    stubs = [c.name for c in stub_controls(load_config(config), "given")]
    rows_of = [("reference", "ref"), *(("control", s) for s in stubs), ("starter", "starter")]
    assert kinds == [(name, *row) for name in ("given", "untouched") for row in rows_of]
    assert "17 ok, 1 mismatched" in result.output
    assert "MISMATCH: the starter earns more than the 0 starter.marks allows: get_row 10/10" in (
        " ".join(result.output.split())
    )


def _repo_with_one_example(tmp_path: Path, expected: str) -> Path:
    """A copy of the repository whose sudoku-functions examples are off_by_one_block alone,
    with `expected` as its expected outcome; the copy's config.yaml."""
    root = tmp_path / "repo"
    root.mkdir()
    for part in ("config.yaml", *SHIPPED_FOLDERS):
        source = REPO / part
        (shutil.copytree if source.is_dir() else shutil.copy)(source, root / part)
    examples = root / "submissions" / "sudoku-functions"
    shutil.copytree(EXAMPLES / "off_by_one_block", examples / "off_by_one_block")
    (examples / "off_by_one_block.expected.yaml").write_text(expected)
    return root / "config.yaml"


def test_check_fails_on_a_wrong_expectation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _repo_with_one_example(tmp_path, "marks: {total: 100}\nflags: [print]\n")
    monkeypatch.setattr(check_module, "control_rows", lambda *_: [])  # the examples' row alone
    result = CliRunner().invoke(app, ["check", "--config", str(config), "-a", "sudoku-functions"])
    assert result.exit_code == ExitCode.FAILED, result.output
    assert "MISMATCH: total: 110, expected 100; flags [], expected ['print']" in result.output


def test_a_bad_expected_outcome_is_said_before_anything_is_graded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A typo in the last example's expected.yaml must not cost the minutes of grading before
    it (nor lose what they found): every expected outcome is read first."""
    config = _repo_with_one_example(tmp_path, "marks: {total: lots}\n")

    def graded(*_: Any) -> None:
        raise AssertionError("graded before the expected outcomes were read")

    monkeypatch.setattr(check_module, "calibrated_plan", graded)
    result = CliRunner().invoke(app, ["check", "--config", str(config), "-a", "sudoku-functions"])
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "off_by_one_block.expected.yaml: marks.total" in result.output


def test_an_expected_outcome_may_name_a_criterion() -> None:
    """`marks:` checks a rubric row as ITEM.CRITERION: an item's total can hide one criterion
    gaining what another lost."""
    criteria = (CriterionResult("keeps-givens", 2, 2), CriterionResult("valid-values-once", 0, 5))
    item = ItemResult("solveBoard", 2, 30, (), criteria=criteria)
    result = SubmissionResult("search", 2, 30, "graded", "", (item,))
    marks = {"total": 2.0, "solveBoard.keeps-givens": 2.0, "solveBoard.valid-values-once": 5.0}
    row = example_row("board-solver", result, Expected(marks=marks))
    assert row.problems == ("solveBoard.valid-values-once: 0, expected 5",)
    typo = example_row("board-solver", result, Expected(marks={"solveBoard.keeps-given": 2}))
    assert typo.problems == ("marks.solveBoard.keeps-given: no such item or criterion",)


def test_a_rule_with_a_penalty_costs_marks_where_it_is_broken(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    text = (REPO / "config.yaml").read_text().replace("print: {penalty: 0}", "print: {penalty: 2}")
    config.write_text(shipped_config_text(text))
    out = tmp_path / "r.json"
    args = ["grade", str(EXAMPLES / "prints"), "--config", str(config), "--json", str(out)]
    result = CliRunner().invoke(app, [*args, "-a", "sudoku-functions"])
    assert result.exit_code == ExitCode.OK, result.output
    [sub] = json.loads(out.read_text())["submissions"]
    marks = {item["name"]: item["marks"] for item in sub["items"]}
    assert (marks["get_candidates"], marks["sudoku_solver"], sub["marks"]) == (13, 28, 116)
    solver = next(item for item in sub["items"] if item["name"] == "sudoku_solver")
    assert "-2 marks for breaking the handout's rules: print" in solver["feedback"]
