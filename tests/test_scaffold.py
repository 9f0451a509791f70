"""`sudoku-harness new NAME --reference FILE`: the reference read by AST (never run), a config.yaml
entry whose every guess says so, and `check -a NAME` run on it. (The guesses are scored over
every shipped reference in test_scaffold_references.py.)"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from harness.cli.app import app
from harness.cli.check import reference_rows
from harness.cli.scaffold import PLAIN_TRIES, PUZZLES
from harness.config import load_config
from harness.errors import ExitCode
from harness.grading.calibration import calibrated_plan
from harness.kinds.guesses import guess
from harness.puzzles.rating import plain_tries
from harness.puzzles.suites import load_suite
from tests.conftest import REPO


def test_the_reference_is_read_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    source = (
        f"open({str(marker)!r}, 'w').write('ran')\n\ndef get_row(grid, i):\n    return grid[i]\n"
    )
    found = guess(source)
    assert not marker.exists()
    assert [(g.function, g.role, g.unit, g.args) for g in found.functions] == [
        ("get_row", "unit-values", "row", ("grid", "index"))
    ]


STARTER = """def load_puzzle(path):
    pass


def display_puzzle(puzzle):
    pass


def get_next(row, col):
    pass


def copy_puzzle(puzzle):
    pass


def get_options(puzzle, row, col):
    pass


def solve(puzzle, row=0, col=0):
    pass
"""


def _new(folder: Path, *args: str) -> tuple[int, str]:
    here = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(app, ["new", *args])
    finally:
        os.chdir(here)
    return result.exit_code, result.output


def test_new_writes_an_entry_whose_every_guess_says_so_and_checks_it(tmp_path: Path) -> None:
    """The entry, then `check`: the reference at full marks, its seven stubs (every function
    returning one constant) at 5% at most, and the handout's starter (`--starter`) at 0."""
    (tmp_path / "solution").mkdir()
    shutil.copy(REPO / "solvers" / "sudoku-script" / "Sudoku.py", tmp_path / "solution")
    (tmp_path / "handout").mkdir()
    (tmp_path / "handout" / "Sudoku.py").write_text(STARTER)
    code, output = _new(
        tmp_path, "my-course", "--reference", "solution/Sudoku.py", "--starter", "handout/Sudoku.py"
    )
    assert code == ExitCode.OK, output
    assert "9 ok, 0 mismatched" in output
    text = (tmp_path / "config.yaml").read_text()
    entry = yaml.safe_load(text)["assignments"]["my-course"]
    assert entry["reference"] == "solution" and entry["entry"] == "Sudoku.py"
    assert entry["starter"] == {"files": ["handout/Sudoku.py"], "marks": 0}
    suite = load_suite(tmp_path / entry["suites"][0])  # puzzles of its own, generated
    assert len(suite.cases) == PUZZLES
    for case in suite.cases:  # each solved at once by a handout's plain backtracker
        assert plain_tries(case.puzzle, PLAIN_TRIES) is not None, case.id
    lines = text.splitlines()
    for item in entry["items"]:  # every item and every convention is marked as a guess
        assert any(line.strip().startswith(f"{item}:") and "# guess:" in line for line in lines)
    for key in entry["conventions"]:
        assert any(line.strip().startswith(f"{key}:") and "# guess:" in line for line in lines)
    assert entry["items"]["get_options"]["role"] == "candidates"
    assert entry["items"]["solve"]["role"] == "solve"


def test_new_keeps_the_teachers_config_and_refuses_a_name_taken(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    suite = REPO / "testcases" / "small-4x4.yaml"
    config.write_text(
        "# the teacher's own words\nassignments:\n  cmu-15112:\n    shape: function-library\n"
        f"    suites: [{suite}]\n    items:\n      x: {{marks: 1, role: legal-grid}}\n"
    )
    before = config.read_text()
    code, output = _new(
        tmp_path, "cmu-15112", "--reference", str(REPO / "solvers" / "cmu-15112" / "sudoku.py")
    )
    assert code == ExitCode.BAD_INPUT, output
    assert "assignments.cmu-15112: already there" in output
    assert len(output.strip().splitlines()) == 1 and config.read_text() == before


def test_new_refuses_a_starter_that_is_not_a_file(tmp_path: Path) -> None:
    reference = str(REPO / "solvers" / "cmu-15112" / "sudoku.py")
    code, output = _new(tmp_path, "x", "--reference", reference, "--starter", "nowhere.py")
    assert code == ExitCode.BAD_INPUT, output
    assert output.strip() == "error: --starter: nowhere.py is not a file"
    assert not (tmp_path / "config.yaml").exists()


@pytest.mark.parametrize("text", ["def solve(grid:\n", "x = 1\n"])
def test_a_reference_that_cannot_be_scaffolded_is_one_line(tmp_path: Path, text: str) -> None:
    (tmp_path / "ref.py").write_text(text)
    code, output = _new(tmp_path, "x", "--reference", "ref.py")
    assert code == ExitCode.BAD_INPUT, output
    assert output.startswith("error: ") and "ref.py" in output
    assert len(output.strip().splitlines()) == 1
    assert not (tmp_path / "config.yaml").exists()


def test_new_tries_the_file_format_and_index_base_by_running_the_reference(
    tmp_path: Path,
) -> None:
    """A loader of lines such as `53..7....` ('.' for a blank, no separator) and rows counted
    from 1 where the source shifts one index only: guessed, the defaults (space-separated,
    the conventions' blank; from 0) and the reference scores 0 on its loader and its row. Run
    in the sandbox under each candidate, the format and base it scores full marks under are
    the ones written."""
    reference = REPO / "tests" / "fixtures" / "scaffold" / "dots" / "sudoku.py"
    code, output = _new(tmp_path, "dots", "--reference", str(reference), "--no-check")
    assert code == ExitCode.OK, output
    entry = yaml.safe_load((tmp_path / "config.yaml").read_text())["assignments"]["dots"]
    assert entry["conventions"]["index_base"] == 1
    assert entry["items"]["load_grid"]["file"] == {"separator": "", "blank": "."}
    config = load_config(tmp_path / "config.yaml")
    (row,) = reference_rows(config, calibrated_plan(config, "dots"), jobs=1)
    assert row.ok and row.got == row.expected == "30", row
