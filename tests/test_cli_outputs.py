"""`grade`'s outputs through the CLI: every file format in one run, --fail-under, --quiet, and a
path that cannot be written."""

from __future__ import annotations

import csv
import json
import re
import shutil
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from harness.cli.run import INTERRUPTED
from harness.errors import ExitCode
from harness.records.results import Report, SubmissionResult
from harness.writers import outputs
from tests.conftest import FIXTURES, REPO, graded_examples_outputs, shipped_config_text
from tests.test_cli import CONFIG, REFERENCE, invoke

EXAMPLES = REPO / "submissions" / "sudoku-functions"
VERDICTS = FIXTURES / "functions"  # two functions, short limits: quick to grade


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
    for name in ("never_backtracks", "stubbed_helpers", "off_by_one_block"):
        shutil.copytree(EXAMPLES / name, tmp_path / "class" / name)
    args = ("--config", CONFIG, "--fail-under", "90", "-q", "-a", "sudoku-functions")
    result = invoke("grade", str(tmp_path / "class"), *args)
    assert result.exit_code == ExitCode.FAILED
    assert (
        "fail-under: 2 submission(s) under the 90% asked for: never_backtracks 75%, "
        "stubbed_helpers 87.5%\n"
    ) in result.stderr
    passing = invoke("grade", str(REFERENCE), "--config", CONFIG, "--fail-under", "100")
    assert passing.exit_code == ExitCode.OK, passing.output


def test_quiet_prints_only_the_summary_line() -> None:
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--quiet")
    assert result.exit_code == ExitCode.OK, result.output
    assert result.stdout == "1 submission(s), 1 graded, 0 with errors; cases: AC 547\n"


def test_an_output_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "deeper" / "marks.csv"
    (tmp_path / "missing").write_text("a file, not a folder")
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--csv", str(target))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.stderr.splitlines()[-1].startswith(f"error: {target}: cannot write it")


def test_gradescope_results_of_a_program_carry_its_league_times(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    config = tmp_path / "config.yaml"  # one run per league puzzle: the entries, not their medians
    config.write_text(shipped_config_text().replace("repeats: 5 ", "repeats: 1 ", 1))
    program = REPO / "submissions" / "stdin-program" / "correct-cpp"
    result = invoke(
        "grade", str(program), "--config", str(config), "--gradescope", str(path),
        "-a", "stdin-program",
    )  # fmt: skip
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
    commands += [["similarity"]]
    commands += [["suites", name] for name in ("validate", "generate", "import")]
    for command in commands:
        result = invoke(*command, "--help")
        assert result.exit_code == 0, command
        assert "Example: sudoku-harness " + " ".join(command) in result.stdout, command


def _class(tmp_path: Path, *fixtures: str) -> Path:
    """A class folder of verdict fixtures (VERDICT/NAME), each a submission named NAME."""
    folder = tmp_path / "class"
    for fixture in fixtures:
        shutil.copytree(VERDICTS / fixture, folder / Path(fixture).name)
    return folder


def _grade_class(folder: Path, *options: str) -> tuple[int, str]:
    config = str(VERDICTS / "config.yaml")
    result = invoke("grade", str(folder), "--config", config, "-a", "verdicts", "-j", "2", *options)
    return result.exit_code, result.output


def test_some_rows_in_error_exit_5_and_none_graded_exit_4(tmp_path: Path) -> None:
    """A script can tell a clean run from one with error rows, and from one that graded
    nothing at all (each a real grading: a correct submission and a syntax error)."""
    code, output = _grade_class(_class(tmp_path / "some", "AC/correct", "CE/syntax_error"))
    assert code == ExitCode.SOME_ERRORS, output
    assert "2 submission(s), 1 graded, 1 with errors" in output
    none = _class(tmp_path / "none", "CE/syntax_error")
    (none / "two_files").mkdir()  # cannot tell which to grade: an error row too
    (none / "two_files" / "a.py").write_text("")
    (none / "two_files" / "b.py").write_text("")
    code, output = _grade_class(none)
    assert code == ExitCode.NONE_GRADED, output
    assert "2 submission(s), 0 graded, 2 with errors" in output
    code, output = _grade_class(none, "--fail-under", "50")
    assert code == ExitCode.NONE_GRADED, output  # nothing graded says more than a low score


def _row(name: str, status: str = "graded", marks: float = 10) -> SubmissionResult:
    return SubmissionResult(name, marks, 10, status, "", ())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rows", "fail_under", "expected"),
    [
        ((_row("a"), _row("b")), None, ExitCode.OK),
        ((_row("a"), _row("b", "error", 0)), None, ExitCode.SOME_ERRORS),
        ((_row("a", "error", 0), _row("b", "error", 0)), None, ExitCode.NONE_GRADED),
        ((), None, ExitCode.NONE_GRADED),
        ((_row("a", marks=4), _row("b", "error", 0)), 50.0, ExitCode.FAILED),
        ((_row("a", "error", 0),), 50.0, ExitCode.NONE_GRADED),
        ((_row("a", marks=6), _row("b")), 50.0, ExitCode.OK),
    ],
)
def test_the_exit_code_is_the_first_that_applies(
    rows: tuple[SubmissionResult, ...], fail_under: float | None, expected: ExitCode
) -> None:
    report = Report("a", 10, rows)
    failed, _ = outputs.fail_under(report, fail_under)
    assert outputs.exit_code(report, failed) is expected


def test_the_codes_do_not_collide_and_help_lists_them() -> None:
    codes = [int(code) for code in ExitCode]
    assert len(set(codes)) == len(codes) and INTERRUPTED not in codes
    result = invoke("grade", "--help")
    assert result.exit_code == 0, result.output
    said = result.stdout[result.stdout.index("Exit codes") :]
    for code in (*codes, INTERRUPTED):
        assert re.search(rf"(^|\s){code}: \w", said), (code, said)


def test_help_keeps_the_dask_extra_in_brackets() -> None:
    result = invoke("grade", "--help")
    assert result.exit_code == 0, result.output
    assert '".[dask]"' in result.stdout, result.stdout  # rich markup took it for a tag


def test_fail_under_says_each_failing_percent_and_the_threshold() -> None:
    report = Report("a", 10, tuple(_row(f"s{k}", marks=k) for k in range(8)))
    code, line = outputs.fail_under(report, 55)
    assert code is ExitCode.FAILED
    assert line == (
        "6 submission(s) under the 55% asked for: s0 0%, s1 10%, s2 20%, s3 30%, s4 40% and 1 more"
    )
