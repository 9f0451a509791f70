"""The bundled examples through the CLI: golden score table and JSON report, and `check`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from tests.conftest import REPO, graded_examples, without_timings
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
    "sudoku-functions": 1 + 10,
    "board-solver": 1 + 17,
    "stdin-program": 2 + 13,  # the C++ and the Python reference
    "sudoku-script": 1 + 9,
}


@pytest.mark.parametrize("assignment", sorted(CHECKED))
def test_check_passes_on_the_repository(assignment: str) -> None:
    """One assignment each, so that test processes share the work (51 gradings in all)."""
    args = ["check", "--config", str(REPO / "config.yaml"), "-a", assignment]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.OK, result.output
    assert f"{CHECKED[assignment]} ok, 0 mismatched" in result.output
    examples = list((REPO / "submissions" / assignment).glob("*.expected.yaml"))
    assert len(examples) == CHECKED[assignment] - (2 if assignment == "stdin-program" else 1)


def test_check_fails_on_a_wrong_expectation(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for part in ("config.yaml", "testcases", "solvers"):
        source = REPO / part
        (shutil.copytree if source.is_dir() else shutil.copy)(source, root / part)
    examples = root / "submissions" / "sudoku-functions"
    shutil.copytree(EXAMPLES / "off_by_one_block", examples / "off_by_one_block")
    (examples / "off_by_one_block.expected.yaml").write_text(
        "marks: {total: 100}\nflags: [print]\n"
    )
    result = CliRunner().invoke(
        app, ["check", "--config", str(root / "config.yaml"), "-a", "sudoku-functions"]
    )
    assert result.exit_code == ExitCode.FAILED, result.output
    assert "MISMATCH: total: 110, expected 100; flags [], expected ['print']" in result.output


def test_a_rule_with_a_penalty_costs_marks_where_it_is_broken(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    text = (REPO / "config.yaml").read_text().replace("print: {penalty: 0}", "print: {penalty: 2}")
    config.write_text(
        text.replace("testcases/", f"{REPO}/testcases/").replace("solvers/", f"{REPO}/solvers/")
    )
    out = tmp_path / "r.json"
    args = ["grade", str(EXAMPLES / "prints"), "--config", str(config), "--json", str(out)]
    result = CliRunner().invoke(app, [*args, "-a", "sudoku-functions"])
    assert result.exit_code == ExitCode.OK, result.output
    [sub] = json.loads(out.read_text())["submissions"]
    marks = {item["name"]: item["marks"] for item in sub["items"]}
    assert (marks["get_candidates"], marks["sudoku_solver"], sub["marks"]) == (13, 28, 116)
    solver = next(item for item in sub["items"] if item["name"] == "sudoku_solver")
    assert "-2 marks for breaking the handout's rules: print" in solver["feedback"]
