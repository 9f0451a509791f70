"""Gradescope: results.json from reports (checked against a schema written from the
specification, tests/gradescope_schema.json), and the autograder zip, unpacked into a tree laid
out like Gradescope's and run there with real worker processes."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from harness.errors import BadInput
from harness.grading.run import grade_all
from harness.integrations import gradescope as autograder
from harness.integrations.gradescope_package import build
from harness.league.run import League, Standing
from harness.records.results import (
    CaseResult,
    CriterionResult,
    ItemResult,
    Report,
    Status,
    SubmissionResult,
    from_json,
    to_json,
)
from harness.records.verdicts import Verdict
from harness.submissions import discover
from harness.writers import gradescope
from tests.conftest import REPO, plan_for, shipped_config_text

SCHEMA = json.loads((Path(__file__).parent / "gradescope_schema.json").read_text())
VENV_BIN = Path(sys.executable).parent
SECRET = "secret-7"  # a hidden case's id: it must never reach a field students see


def valid(data: dict[str, Any]) -> dict[str, Any]:
    jsonschema.validate(data, SCHEMA)
    return data


def student_visible(data: dict[str, Any]) -> str:
    """Every field a student can see: everything but extra_data (stored, shown to no one)."""
    return json.dumps({key: value for key, value in data.items() if key != "extra_data"})


@pytest.mark.parametrize(
    "bad",
    [
        {"score": 1, "grade": 1},  # a key the specification does not name
        {"score": "1"},
        {"tests": [{"name": "no score anywhere"}]},
        {"score": 1, "tests": [{"status": "ok"}]},
        {"score": 1, "tests": [{"visibility": "students"}]},
        {"score": 1, "output_format": "rtf"},
        {"score": 1, "leaderboard": [{"name": "time", "value": 1, "order": "up"}]},
    ],
)
def test_the_schema_is_strict(bad: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)


def case(id: str, verdict: Verdict, detail: str = "", hidden: bool = False) -> CaseResult:
    return CaseResult(id, verdict, detail, 0.01, hidden=hidden)


def submission(*items: ItemResult, status: Status = "graded", note: str = "") -> SubmissionResult:
    graded = [item for item in items if item.graded]
    marks = sum(item.marks for item in graded)
    maximum = sum(item.max_marks for item in graded)
    return SubmissionResult("2021CS10549", marks, maximum, status, note, items)


SOLVE = ItemResult(
    "solve",
    20.0,
    30.0,
    (
        case("p1", Verdict.AC),
        case("p2", Verdict.WA, "solve(<p2>): returned None"),
        case(SECRET, Verdict.WA, "hidden case: WA", hidden=True),
    ),
    ("solve depends on get_options, which also lost marks: fix get_options first",),
)
MAKE_MOVE = ItemResult(
    "makeMove",
    8.0,
    10.0,
    (case("assign-1", Verdict.AC), case("records-1", Verdict.WA, "makeMove: row not recorded")),
    ("accepted the name placeValue for makeMove: an alias config.yaml accepts",),
    (
        CriterionResult("assigns", 3.0, 3.0),
        CriterionResult("records", 3.0, 5.0, "makeMove: row not recorded [failed on 2 of 5]"),
        CriterionResult("unsolved", 2.0, 2.0),
    ),
)
NOTEBOOK = ItemResult(
    "notebook",
    0.0,
    20.0,
    (),
    ("not graded: the submission has no notebook (Project_02_*.ipynb)",),
    graded=False,
    ungraded_reason="the submission has no notebook (Project_02_*.ipynb)",
)
VARIANTS = ItemResult(
    "load_puzzle_variants", 0.0, 0.0, (case("final-newline", Verdict.WA, "load_puzzle: 10 rows"),)
)
MIXED = Report("sudoku-script", 60.0, (submission(SOLVE, MAKE_MOVE, NOTEBOOK, VARIANTS),))


def numbered(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {test["number"]: test for test in data["tests"]}


def test_a_test_per_item_or_per_criterion_numbered_in_order() -> None:
    data = valid(gradescope.results(MIXED, 1.5))
    assert [t["number"] for t in data["tests"]] == ["1", "2.1", "2.2", "2.3", "3", "4"]
    assert [t["name"] for t in data["tests"]][:3] == [
        "solve",
        "makeMove: assigns",
        "makeMove: records",
    ]
    tests = numbered(data)
    assert (tests["1"]["score"], tests["1"]["max_score"], tests["1"]["status"]) == (
        20,
        30,
        "failed",
    )
    assert (tests["2.1"]["score"], tests["2.1"]["status"]) == (3, "passed")
    assert (tests["2.2"]["score"], tests["2.2"]["max_score"], tests["2.2"]["status"]) == (
        3,
        5,
        "failed",
    )
    assert all(t["visibility"] == "visible" for t in data["tests"])
    assert data["score"] == 28 and data["execution_time"] == 1.5


def test_the_output_says_what_failed_and_why() -> None:
    tests = numbered(gradescope.results(MIXED, 0.0))
    solve = tests["1"]["output"]
    assert "WA (wrong answer) on p2: solve(<p2>): returned None" in solve
    assert "fix get_options first" in solve
    assert tests["1"]["tags"] == ["solve", "AC", "WA", "hidden"]
    assert "row not recorded [failed on 2 of 5]" in tests["2.2"]["output"]
    assert "placeValue" in tests["2.1"]["output"]  # the item's feedback: its first criterion
    assert "placeValue" not in tests["2.2"]["output"]
    assert tests["2.1"]["tags"] == ["makeMove", "assigns"]


def test_hidden_cases_count_but_only_extra_data_names_them() -> None:
    data = valid(gradescope.results(MIXED, 0.0))
    assert SECRET not in student_visible(data)
    assert (
        "1 hidden case(s) count in this score, details withheld: 1 not accepted"
        in (numbered(data)["1"]["output"])
    )
    cases = data["extra_data"]["cases"]["solve"]
    assert {"id": SECRET, "verdict": "WA", "seconds": 0.01, "hidden": True} in cases


def test_hidden_cases_stay_hidden_in_a_report_read_back_from_json() -> None:
    """The JSON report (and the journal) keeps the `hidden` flag: a resumed run hides the same
    cases, by the field, whatever their detail says."""
    again = from_json(json.loads(json.dumps(to_json(MIXED))))
    assert again == MIXED
    assert any(c.hidden for item in again.submissions[0].items for c in item.cases)
    assert SECRET not in student_visible(gradescope.results(again, 0.0))


def test_an_ungraded_item_is_shown_with_its_reason_and_no_marks() -> None:
    data = valid(gradescope.results(MIXED, 0.0))
    notebook = numbered(data)["3"]
    assert (notebook["score"], notebook["max_score"], notebook["status"]) == (0, 0, "passed")
    assert "has no notebook" in notebook["output"]
    assert notebook["tags"] == ["notebook", "ungraded"]
    assert data["extra_data"]["max_marks"] == 40  # the notebook's 20 left out


def test_an_item_worth_nothing_fails_when_a_case_does() -> None:
    variants = numbered(gradescope.results(MIXED, 0.0))["4"]
    assert (variants["score"], variants["max_score"], variants["status"]) == (0, 0, "failed")


def test_long_outputs_are_cut() -> None:
    cases = tuple(case(f"c{i}", Verdict.WA, "x" * 2000) for i in range(50))
    item = ItemResult("get_row", 0.0, 5.0, cases)
    output = gradescope.results(Report("a", 5.0, (submission(item),)), 0.0)["tests"][0]["output"]
    assert len(output) <= gradescope.OUTPUT_CHARS
    assert "... and 40 more cases not accepted" in output
    assert all(len(line) <= gradescope.LINE_CHARS for line in output.splitlines())


def test_a_harness_failure_is_said_to_be_ours() -> None:
    item = ItemResult("solve", 0.0, 30.0, (case("p1", Verdict.IE, "internal error: boom"),))
    failed = submission(item, status="error", note="internal error in 1 case(s): grade it again")
    data = valid(gradescope.results(Report("a", 30.0, (failed,)), 0.0))
    assert "failed on our side (not your fault) on 1 case(s)" in data["output"]
    assert "not your final score" in data["output"]


def test_the_leaderboard_is_only_what_the_caller_measured() -> None:
    assert "leaderboard" not in gradescope.results(MIXED, 0.0)
    board: list[gradescope.LeaderboardEntry] = [("25x25 CPU time (s)", 0.0051, "asc")]
    data = valid(gradescope.results(MIXED, 0.0, board))
    assert data["leaderboard"] == [{"name": "25x25 CPU time (s)", "value": 0.0051, "order": "asc"}]


def test_league_entries_come_from_a_ranked_league_run_only() -> None:
    league = League(
        "stdin-program",
        25,
        5,
        4,
        (
            Standing(None, "reference cpp", True, 4, 4, mean=0.004),
            Standing(1, "submission", False, 4, 4, mean=0.0051234567),
            Standing(None, "slow", False, 2, 4, note="TLE on league-25x25/hard-1"),
        ),
    )
    entries = autograder.league_entries(league, "submission")
    assert entries == (("25x25 CPU time (s)", 0.005123, "asc"),)
    assert autograder.league_entries(league, "slow") == ()
    assert autograder.league_entries(league, "reference cpp") == ()


@pytest.mark.parametrize("count", [0, 2])
def test_only_a_report_of_one_submission_is_written(tmp_path: Path, count: int) -> None:
    report = Report("a", 30.0, tuple(submission(SOLVE) for _ in range(count)))
    target = tmp_path / "results.json"
    with pytest.raises(BadInput, match=f"this report holds {count}"):
        gradescope.write_results(report, target, 0.0)
    assert not target.exists()


def test_graded_reports_match_the_schema_and_hide_the_hidden_suite(tmp_path: Path) -> None:
    """Real grading: the reference scores full marks; column_major_scan fails hidden cases of
    the shipped hidden-9x9 suite, which no student-visible field names."""
    plan = plan_for(REPO / "config.yaml", "sudoku-functions")
    folders = [
        REPO / "solvers/sudoku-functions",
        REPO / "submissions/sudoku-functions/column_major_scan",
    ]
    reference, scan = (grade_all(plan, discover(f, (".py",)), 1) for f in folders)
    full = valid(gradescope.results(reference, 2.0))
    assert full["score"] == plan.max_marks == 120
    assert all(t["status"] == "passed" for t in full["tests"])
    gradescope.write_results(scan, tmp_path / "results.json", 2.0)
    data = valid(json.loads((tmp_path / "results.json").read_text()))
    assert data["score"] < 120
    assert "hidden-9x9/" not in student_visible(data)
    hidden = [
        c for c in data["extra_data"]["cases"]["find_first_unassigned_position"] if c["hidden"]
    ]
    assert hidden and all(c["id"].startswith("hidden-9x9/") for c in hidden)
    assert any(c["verdict"] == "WA" for c in hidden)


# The autograder zip


def unpack(zip_path: Path, tmp_path: Path) -> Path:
    """Lay the zip out as Gradescope does: unpacked into ROOT/source, run_autograder copied to
    ROOT, an empty ROOT/submission and ROOT/results."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():
            os.chmod(root / "source" / info.filename, info.external_attr >> 16 & 0o777)
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    (root / "results").mkdir()
    return root


def run_autograder(root: Path, unset: str = "", **env: str) -> dict[str, Any]:
    """Run it as Gradescope would (from ROOT); nothing may reach stdout. The results.json."""
    environment = {k: v for k, v in os.environ.items() if k != unset}
    environment.update(AUTOGRADER_ROOT=str(root), **env)
    environment["PATH"] = f"{VENV_BIN}{os.pathsep}{environment['PATH']}"
    done = subprocess.run(
        [root / "run_autograder"], cwd=root, env=environment, capture_output=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == b""
    return valid(json.loads((root / "results" / "results.json").read_text()))


@pytest.fixture(scope="module")
def functions_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(REPO / "config.yaml", "sudoku-functions", tmp_path_factory.mktemp("zip") / "a.zip")


def test_the_zip_holds_the_scripts_and_what_installs_the_harness(functions_zip: Path) -> None:
    with zipfile.ZipFile(functions_zip) as archive:
        infos = {info.filename: info for info in archive.infolist()}
    names = set(infos)
    assert {"setup.sh", "run_autograder", "pyproject.toml", "README.md", "config.yaml"} <= names
    assert {
        "harness/integrations/gradescope.py",
        "harness/sandbox/child/worker.py",
        "testcases/hidden-9x9.yaml",
    } <= names
    assert not any("__pycache__" in name or name.startswith("source/") for name in names)
    assert not any(name.startswith(("solvers/", "submissions/")) for name in names)
    for script in ("setup.sh", "run_autograder"):
        assert stat.S_IMODE(infos[script].external_attr >> 16) == 0o755
    assert stat.S_IMODE(infos["config.yaml"].external_attr >> 16) == 0o644


def test_the_zip_is_the_same_bytes_every_time(functions_zip: Path, tmp_path: Path) -> None:
    again = build(REPO / "config.yaml", "sudoku-functions", tmp_path / "again.zip")
    assert again.read_bytes() == functions_zip.read_bytes()


@pytest.mark.parametrize(
    ("assignment", "packages", "extra"),
    [
        ("sudoku-functions", "for package in ; do", '"$ROOT/source"'),
        ("stdin-program", "for package in g++ gcc; do", '"$ROOT/source"'),
        ("sudoku-script", "for package in ; do", '"$ROOT/source[notebook]"'),
        ("uwb-css342", "for package in g++ libgtest-dev; do", '"$ROOT/source"'),
        ("hawaii-ics211", "for package in junit5 openjdk-17-jdk-headless; do", '"$ROOT/source"'),
    ],
)
def test_setup_installs_what_the_assignment_needs(
    tmp_path: Path, assignment: str, packages: str, extra: str
) -> None:
    root = unpack(build(REPO / "config.yaml", assignment, tmp_path / "a.zip"), tmp_path)
    for script in ("setup.sh", "run_autograder"):
        subprocess.run(["bash", "-n", root / "source" / script], check=True)
    setup = (root / "source" / "setup.sh").read_text()
    assert packages in setup
    assert f"python3 -m pip install --no-cache-dir {extra}" in setup


def test_the_reference_solves_to_full_marks_on_gradescope(
    functions_zip: Path, tmp_path: Path
) -> None:
    root = unpack(functions_zip, tmp_path)
    shutil.copy(REPO / "solvers/sudoku-functions/sudoku_functions.py", root / "submission")
    data = run_autograder(root)
    assert data["score"] == 120
    assert data["output"] == "120 / 120 marks (12 of 12 parts with full marks)"
    assert all(t["status"] == "passed" for t in data["tests"])
    assert "leaderboard" not in data  # no league for this assignment


def test_a_program_is_graded_and_timed_by_the_zips_own_harness(tmp_path: Path) -> None:
    """stdin-program, run with the harness unpacked from the zip (not the one installed here):
    the zip holds all it needs, the reference its limits are calibrated from included."""
    root = unpack(build(REPO / "config.yaml", "stdin-program", tmp_path / "a.zip"), tmp_path)
    for source in (REPO / "submissions/stdin-program/correct-cpp").iterdir():
        shutil.copy(source, root / "submission")
    python = tmp_path / "python-from-source"
    python.write_text(
        f'#!/bin/sh\n[ "$1" = -I ] && shift\nPYTHONPATH="$AUTOGRADER_ROOT/source" '
        f'exec {sys.executable} "$@"\n'
    )
    python.chmod(0o755)
    data = run_autograder(root, "PYTHONDONTWRITEBYTECODE", AUTOGRADER_PYTHON=str(python))
    assert list((root / "source/harness/integrations/__pycache__").glob("gradescope.*.pyc"))
    assert data["score"] == 75
    board = {entry["name"]: entry for entry in data["leaderboard"]}
    assert set(board) == {"9x9 CPU time (s)", "16x16 CPU time (s)", "25x25 CPU time (s)"}
    assert all(e["order"] == "asc" and 0 < e["value"] < 5 for e in board.values())


def test_a_submission_without_source_files_is_told_so(functions_zip: Path, tmp_path: Path) -> None:
    root = unpack(functions_zip, tmp_path)
    (root / "submission" / "notes.txt").write_text("forgot the code\n")
    data = run_autograder(root)
    assert data["score"] == 0
    assert data["output"].startswith("0 marks: your submission could not be graded: ")


def test_when_the_harness_fails_the_student_is_told_it_is_ours(
    functions_zip: Path, tmp_path: Path
) -> None:
    root = unpack(functions_zip, tmp_path)
    shutil.copy(REPO / "solvers/sudoku-functions/sudoku_functions.py", root / "submission")
    data = run_autograder(root, AUTOGRADER_PYTHON="false")
    assert data["score"] == 0
    assert "failed on our side, not yours" in data["output"]
    assert data["extra_data"] == {"harness_exit_status": 1}


def test_an_unknown_assignment_or_a_path_outside_the_config_folder_is_refused(
    tmp_path: Path,
) -> None:
    with pytest.raises(BadInput, match="unknown assignment 'nope'"):
        build(REPO / "config.yaml", "nope", tmp_path / "a.zip")
    config = tmp_path / "config.yaml"
    config.write_text(shipped_config_text())
    with pytest.raises(BadInput, match=r"paths inside config\.yaml's folder"):
        build(config, "sudoku-functions", tmp_path / "a.zip")
    assert not (tmp_path / "a.zip").exists()
