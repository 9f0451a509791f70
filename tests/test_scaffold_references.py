"""`sudoku-harness new` on every shipped reference (config.yaml's `reference:` folders, each
with its handout's starter): the entry written passes the harness's own validation, and `check`'s
reference pass runs on it; what `new` cannot write (a class's methods alone, a C or Java
reference, a program) is a one-line error that writes nothing. Then its guesses are scored
against the shipped entries (a table in the output; a floor under today's score).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.cli.check import reference_rows
from harness.config import load_config
from harness.errors import ExitCode
from harness.grading.plan import make_plan
from tests.conftest import REPO

SHIPPED = load_config(REPO / "config.yaml")
SUFFIXES = (".py", ".c", ".cpp", ".java")


@dataclass(frozen=True)
class Reference:
    assignment: str
    file: Path
    starter: tuple[Path, ...]

    @property
    def id(self) -> str:
        return f"{self.assignment}:{self.file.relative_to(REPO / 'solvers')}"


def _references() -> list[Reference]:
    found = []
    for name, assignment in SHIPPED.assignments.items():
        if assignment.reference is None:
            continue
        folder = SHIPPED.path(assignment.reference)
        starter = tuple(SHIPPED.path(f) for f in assignment.starter.files)
        files = sorted(p for p in folder.rglob("*") if p.suffix in SUFFIXES and p.is_file())
        found += [Reference(name, file, starter) for file in files]
    return found


REFERENCES = _references()
# what `new` cannot write today, and the one line it says instead
REFUSED = {
    "board-solver:board-solver/a2.py": "no module function to grade, only methods",
}


def _new(folder: Path, reference: Reference) -> tuple[int, str]:
    starter = [arg for f in reference.starter for arg in ("--starter", str(f))]
    here = Path.cwd()
    os.chdir(folder)
    try:
        args = ["new", "x", "--reference", str(reference.file), *starter]
        result = CliRunner().invoke(app, [*args, "--no-check"])
    finally:
        os.chdir(here)
    return result.exit_code, result.output


@pytest.mark.parametrize("reference", REFERENCES, ids=lambda r: r.id)
def test_new_on_every_shipped_reference_writes_a_config_that_validates(
    tmp_path: Path, reference: Reference
) -> None:
    code, output = _new(tmp_path, reference)
    written = tmp_path / "config.yaml"
    if reference.file.suffix != ".py" or reference.id in REFUSED:
        why = REFUSED.get(reference.id, "the reference must be a Python file (.py)")
        assert code == ExitCode.BAD_INPUT, output
        assert output.startswith("error: ") and why in output, output
        assert len(output.strip().splitlines()) == 1, output
        assert not written.exists()
        return
    assert code == ExitCode.OK, output
    config = load_config(written)  # the harness's own validation
    rows = reference_rows(config, make_plan(config, "x"), jobs=1)  # `check`'s reference pass
    assert [row.kind for row in rows] == ["reference"], rows
    assert "IE" not in rows[0].problems and "error" not in rows[0].got, rows


def test_new_says_in_comments_what_it_cannot_write_and_why(tmp_path: Path) -> None:
    """Methods (each with its guessed role), a function taking the module's object, one with
    no parameters, and what the starter gives working: comments, never items; the rest items."""
    fixture = REPO / "tests" / "fixtures" / "scaffold"
    reference = Reference("csp", fixture / "csp.py", (fixture / "starter.py",))
    code, output = _new(tmp_path, reference)
    assert code == ExitCode.OK, output
    text = (tmp_path / "config.yaml").read_text()
    assert list(load_config(tmp_path / "config.yaml").assignment("x").items) == ["get_row"]
    comments = [line.strip() for line in text.splitlines() if line.strip().startswith("# ")]
    assert comments[-8:] == [
        "# backtrack: not an item: takes a Board (the module's class): objects are not in the "
        "YAML vocabulary yet",
        "#   guess: role solve, args [grid] (its name (backtrack))",
        "# show: not an item: takes no arguments: no call a case can make (it reads input, or "
        "prints)",
        "# Board.peers: not an item: the starter gives it working: not the student's work",
        "# Board.forward_check: not an item: a method: objects are not in the YAML vocabulary yet",
        "#   guess: role forward-check, args [row, column, value] (its name (forward_check))",
        "# Board.mrv: not an item: a method: objects are not in the YAML vocabulary yet",
        "#   guess: role mrv, args [] (its name (mrv))",
    ], text
