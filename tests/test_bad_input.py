"""Bad input gets one line naming the file, the case and the field; exit code 2; no traceback.

Each file under fixtures/bad-suites/ and fixtures/bad-configs/ starts with `# error: TEXT`,
the text its error must contain.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import BadInput, ExitCode
from harness.puzzles.suites import load_suite
from tests.conftest import FIXTURES, REPO

BAD_SUITES = sorted((FIXTURES / "bad-suites").glob("*.yaml"))
BAD_CONFIGS = sorted((FIXTURES / "bad-configs").glob("*.yaml"))
EXAMPLE = REPO / "solvers" / "sudoku-functions"


def expected_error(path: Path) -> str:
    first = path.read_text().splitlines()[0]
    assert first.startswith("# error: "), path
    return first.removeprefix("# error: ")


def assert_one_line_error(output: str, *parts: str) -> None:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith("error: "), output
    assert "Traceback" not in output
    for part in parts:
        assert part in lines[0], (part, output)


def named_file(output: str) -> Path:
    """The file an error line starts with (`error: FILE: ...` or `error: FILE:LINE: ...`)."""
    match = re.match(r"error: (\S+?\.yaml)(:\d+)?: ", output)
    assert match, output
    return Path(match.group(1))


@pytest.mark.parametrize("path", BAD_SUITES, ids=lambda p: p.stem)
def test_bad_suite_is_rejected_with_file_case_and_field(path: Path) -> None:
    with pytest.raises(BadInput) as caught:
        load_suite(path)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    assert expected_error(path) in message
    assert "\n" not in message


@pytest.mark.parametrize("path", BAD_CONFIGS, ids=lambda p: p.stem)
def test_bad_config_exits_2_with_one_line(path: Path) -> None:
    result = CliRunner().invoke(app, ["grade", str(EXAMPLE), "--config", str(path), "-a", "a"])
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert_one_line_error(result.output, expected_error(path))
    assert named_file(result.output).is_file()


def grade(*args: str) -> tuple[int, str]:
    config = str(REPO / "config.yaml")
    assignment = [] if "-a" in args else ["-a", "sudoku-functions"]
    result = CliRunner().invoke(
        app, ["grade", *args, "--config", config, "--jobs", "1", *assignment]
    )
    return result.exit_code, result.output


def test_missing_path(tmp_path: Path) -> None:
    code, output = grade(str(tmp_path / "nope"))
    assert code == ExitCode.BAD_INPUT
    assert_one_line_error(output, "nope", "no such file or folder")


def test_empty_folder(tmp_path: Path) -> None:
    code, output = grade(str(tmp_path))
    assert code == ExitCode.BAD_INPUT
    assert_one_line_error(output, str(tmp_path), "empty folder")


def test_folder_without_python_files(tmp_path: Path) -> None:
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "notes.txt").write_text("no code here")
    code, output = grade(str(tmp_path))
    assert code == ExitCode.BAD_INPUT
    assert_one_line_error(output, str(tmp_path), "no source file (.py)")


def test_unknown_assignment() -> None:
    code, output = grade(str(EXAMPLE), "-a", "sudoku-fuctions")
    assert code == ExitCode.BAD_INPUT
    assert_one_line_error(output, "unknown assignment 'sudoku-fuctions'", "sudoku-functions")


def test_missing_config(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["grade", str(EXAMPLE), "--config", str(tmp_path / "c.yaml")])
    assert result.exit_code == ExitCode.BAD_INPUT
    assert_one_line_error(result.output, "c.yaml", "file not found")


def test_one_bad_submission_in_a_batch_is_a_row_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "a.py").write_text((EXAMPLE / "sudoku_functions.py").read_text())
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "readme.txt").write_text("forgot to upload")
    (tmp_path / "two").mkdir()
    (tmp_path / "two" / "a.py").write_text("")
    (tmp_path / "two" / "b.py").write_text("")
    code, output = grade(str(tmp_path))
    assert code == ExitCode.SOME_ERRORS, output  # graded, and rows in error: a script can tell
    assert re.search(r"\n  empty +no \.py file in the submission folder\n", output), output
    # two files, neither defining any graded function (harness/kinds/entries.py)
    assert re.search(r"\n  two +none of its \.py files \(a\.py, b\.py\) defines what", output)
    assert "good" in output and "120" in output
