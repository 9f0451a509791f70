"""`grade`'s outputs through the CLI: every file format in one run, --fail-under, --quiet, and a
path that cannot be written."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from harness.errors import ExitCode
from tests.conftest import REPO, graded_examples_outputs
from tests.test_cli import CONFIG, REFERENCE, invoke

EXAMPLES = REPO / "submissions" / "sudoku-functions"


def test_one_run_writes_every_format() -> None:
    """`grade --json --csv --junit --report` over the examples (the run the golden tests share:
    tests/conftest.py) wrote every format, and they agree."""
    out = graded_examples_outputs("sudoku-functions")
    report = json.loads((out / "marks.json").read_text())
    rows = list(csv.DictReader((out / "gradebook.csv").open(encoding="utf-8", newline="")))
    assert [r["submission"] for r in rows] == [s["name"] for s in report["submissions"]]
    assert [float(r["total"]) for r in rows] == [s["marks"] for s in report["submissions"]]
    suites = ET.parse(out / "junit.xml").getroot().findall("testsuite")
    assert len(suites) == len(report["submissions"])
    assert (out / "pages" / "index.html").is_file()


def test_gradescope_results_for_one_submission(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--gradescope", str(path))
    assert result.exit_code == ExitCode.OK, result.output
    results = json.loads(path.read_text())
    assert results["score"] == sum(t["score"] for t in results["tests"]) == 120
    assert isinstance(results["execution_time"], (int, float))


def test_fail_under_fails_the_run_and_names_who(tmp_path: Path) -> None:
    result = invoke("grade", str(EXAMPLES), "--config", CONFIG, "--fail-under", "90", "-q")
    assert result.exit_code == ExitCode.FAILED
    assert "fail-under: 5 submission(s) under 90%: infinite_loop" in result.stderr
    passing = invoke("grade", str(REFERENCE), "--config", CONFIG, "--fail-under", "100")
    assert passing.exit_code == ExitCode.OK, passing.output


def test_quiet_prints_only_the_summary_line() -> None:
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--quiet")
    assert result.exit_code == ExitCode.OK, result.output
    assert result.stdout == "1 submission(s), 1 graded, 0 with errors; cases: AC 517\n"


def test_an_output_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "deeper" / "marks.csv"
    (tmp_path / "missing").write_text("a file, not a folder")
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--csv", str(target))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.stderr.splitlines()[-1].startswith(f"error: {target}: cannot write it")


def test_gradescope_results_of_a_program_carry_its_league_times(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    program = REPO / "submissions" / "stdin-program" / "correct-cpp"
    result = invoke(
        "grade", str(program), "--config", CONFIG, "--gradescope", str(path), "-a", "stdin-program"
    )
    assert result.exit_code == ExitCode.OK, result.output
    board = {e["name"]: e for e in json.loads(path.read_text())["leaderboard"]}
    assert set(board) == {"9x9 CPU time (s)", "16x16 CPU time (s)", "25x25 CPU time (s)"}
    assert all(e["order"] == "asc" and 0 < e["value"] < 5 for e in board.values())


def test_gradescope_for_a_folder_of_submissions_is_refused_before_grading(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    result = invoke("grade", str(EXAMPLES), "--config", CONFIG, "--gradescope", str(path))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.stderr.startswith(f"error: {path}: a Gradescope results.json is one submission")
    assert "isolation:" not in result.stderr  # refused before the isolation line: nothing graded
    assert not path.exists()


def test_gradescope_package_writes_the_zip(tmp_path: Path) -> None:
    target = tmp_path / "autograder.zip"
    result = invoke(
        "gradescope-package", "-a", "sudoku-functions", "-o", str(target), "--config", CONFIG
    )
    assert result.exit_code == ExitCode.OK, result.output
    assert f"wrote {target}" in result.stdout
    with zipfile.ZipFile(target) as archive:
        assert {"setup.sh", "run_autograder", "config.yaml"} <= set(archive.namelist())
    unknown = invoke("gradescope-package", "-a", "nope", "-o", str(target), "--config", CONFIG)
    assert unknown.exit_code == ExitCode.BAD_INPUT
    assert "nope" in unknown.stderr and len(unknown.stderr.splitlines()) == 1


def test_every_command_shows_an_example_in_its_help() -> None:
    commands = [["grade"], ["check"], ["league"], ["doctor"], ["gradescope-package"], ["diff"]]
    commands += [["suites", name] for name in ("validate", "generate", "import")]
    for command in commands:
        result = invoke(*command, "--help")
        assert result.exit_code == 0, command
        assert "Example: sudoku-harness " + " ".join(command) in result.stdout, command
