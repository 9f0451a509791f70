"""Without --assignment, grade decides from what the files define and says what it chose and why;
when nothing fits, or two assignments fit equally, it refuses with one line (exit 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.cli.inference import infer
from harness.config import load_config
from harness.errors import BadInput, ExitCode
from tests.conftest import REPO

CONFIG = load_config(REPO / "config.yaml")


def _class_of(tmp_path: Path, source: Path, name: str) -> Path:
    """A class folder of one submission, its file renamed: no folder names the assignment."""
    folder = tmp_path / "class" / "student1"
    folder.mkdir(parents=True)
    shutil.copy(source, folder / name)
    return tmp_path / "class"


def test_a_board_solver_not_named_a2_is_recognised_by_what_it_defines(tmp_path: Path) -> None:
    folder = _class_of(tmp_path, REPO / "solvers" / "board-solver" / "a2.py", "assignment2.py")
    chosen = infer(CONFIG, folder, None)
    assert chosen.name == "board-solver"
    assert chosen.why.startswith("the files define ")


def test_a_function_library_is_recognised_by_its_functions(tmp_path: Path) -> None:
    source = REPO / "solvers" / "sudoku-functions" / "sudoku_functions.py"
    chosen = infer(CONFIG, _class_of(tmp_path, source, "q.py"), None)
    assert chosen.name == "sudoku-functions"


def test_a_board_solver_written_for_python_2_is_recognised_too(tmp_path: Path) -> None:
    """Tabs beside spaces, xrange, a print statement: it does not parse as Python 3."""
    source = REPO / "tests" / "fixtures" / "real" / "boards" / "python2" / "a2.py"
    chosen = infer(CONFIG, _class_of(tmp_path, source, "my-a2.py"), None)
    assert chosen.name == "board-solver"


def test_grade_says_which_assignment_it_chose_and_why(tmp_path: Path) -> None:
    source = REPO / "solvers" / "sudoku-script" / "Sudoku.py"
    folder = _class_of(tmp_path, source, "Sudoku.py")
    args = ["grade", str(folder), "--config", str(REPO / "config.yaml"), "-j", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.OK, result.output
    assert "assignment: sudoku-script (the files define " in result.stderr


def test_python_defining_no_library_names_is_taken_as_a_program_and_said(tmp_path: Path) -> None:
    """Before, such files were graded as sudoku-functions, 0/120 each, and nothing said why."""
    folder = tmp_path / "class" / "student1"
    folder.mkdir(parents=True)
    (folder / "main.py").write_text("def solve(grid):\n    return grid\n")
    chosen = infer(CONFIG, tmp_path / "class", None)
    assert chosen.name == "stdin-program"
    assert "define none of a function library's names" in chosen.why


def test_files_that_fit_no_assignment_are_refused_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "class" / "student1"
    folder.mkdir(parents=True)
    (folder / "Solver.java").write_text("class Solver {}\n")
    args = ["grade", str(tmp_path / "class"), "--config", str(REPO / "config.yaml")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("error: ") and str(tmp_path) in line


def test_two_assignments_fitting_equally_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    text = (REPO / "tests" / "fixtures" / "functions" / "config.yaml").read_text()
    text = text.replace("../../../testcases", str(REPO / "testcases"))
    twin = text.split("assignments:\n", 1)[1].replace("  verdicts:", "  twin:", 1)
    config.write_text(text + twin)
    folder = tmp_path / "class" / "student1"
    folder.mkdir(parents=True)
    (folder / "s.py").write_text(
        "def get_block_num(r, c):\n    return 1\n\ndef get_row(s, r):\n    return []\n"
    )
    with pytest.raises(BadInput, match="several assignments equally"):
        infer(load_config(config), tmp_path / "class", None)
