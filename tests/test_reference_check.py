"""The teacher's own mistake is never a student's loss: a reference that stands in for students'
helpers (`helpers: better`) and does not compile, or raises, stops `grade` and `check` with one
line naming its file and line (exit 2) before any mark is given (harness/grading/
reference_check.py). Before, such a reference silently lowered the marks of every student whose
helper failed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from tests.conftest import REPO, shipped_config_text

REFERENCE = REPO / "solvers" / "sudoku-functions" / "sudoku_functions.py"
ROW = "def get_row(sudoku:List[List[int]], i: int)-> List[int]:\n"
EXAMPLES = REPO / "submissions" / "sudoku-functions"


def with_reference(folder: Path, text: str) -> Path:
    """The shipped config, its sudoku-functions reference replaced by `text`."""
    (folder / "ref").mkdir()
    (folder / "ref" / "sudoku_functions.py").write_text(text)
    shipped = str(REPO / "solvers" / "sudoku-functions")
    config = shipped_config_text().replace(f"reference: {shipped}", f"reference: {folder}/ref")
    config = config.replace("examples: submissions/", f"examples: {REPO}/submissions/")
    (folder / "config.yaml").write_text(config)
    return folder / "config.yaml"


def error_line(output: str) -> str:
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, output
    return errors[0]


BROKEN = {
    "syntax-error": (ROW.replace(":\n", "\n"), "line 60: syntax error"),
    "raises": (ROW + '\tif i == 9: raise IndexError("the teacher\'s bug")\n', "raised IndexError"),
}


@pytest.mark.parametrize("command", ["grade", "check"])
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_reference_stops_grading_with_its_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str, command: str
) -> None:
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path / "cache"))
    row, said = BROKEN[broken]
    assert ROW in REFERENCE.read_text()
    config = with_reference(tmp_path, REFERENCE.read_text().replace(ROW, row))
    args = [command, "--config", str(config), "-a", "sudoku-functions"]
    args += [str(EXAMPLES / "correct")] if command == "grade" else []
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    line = error_line(result.output)
    assert f"{tmp_path}/ref/sudoku_functions.py" in line and said in line, line
    assert "assignments.sudoku-functions.reference" in line, line


def test_a_sound_reference_is_run_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found sound, it is kept by content: the next grade does not run it again, and a change
    to it is checked anew."""
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path / "cache"))
    config = with_reference(tmp_path, REFERENCE.read_text())
    args = ["grade", "--config", str(config), "-a", "sudoku-functions", str(EXAMPLES / "correct")]
    assert CliRunner().invoke(app, args).exit_code == ExitCode.OK
    kept = sorted((tmp_path / "cache").glob("*.json"))
    assert kept, "the finding is kept"
    assert CliRunner().invoke(app, args).exit_code == ExitCode.OK
    assert sorted((tmp_path / "cache").glob("*.json")) == kept
    changed = REFERENCE.read_text().replace(ROW, ROW + "\tassert i != 9\n")
    (tmp_path / "ref" / "sudoku_functions.py").write_text(changed)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "raised AssertionError" in error_line(result.output)
