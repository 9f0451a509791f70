"""Student-derived text never reaches the teacher's terminal raw: control sequences in a folder
name or an import-time error message are replaced, and a newline cannot split a row in two."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from harness.cli.app import app
from tests.conftest import FIXTURES, REPO

# Sets the window title, clears the screen and homes the cursor, rings the bell: a forged row
# drawn over the real ones.
FORGED = "\x1b]0;graded\x07\x1b[2J\x1b[Hforged 120 of 120 graded"
RAISES = f"raise RuntimeError({FORGED!r})\n"


def test_control_codes_and_newlines_from_students_are_not_printed(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    correct = FIXTURES / "functions" / "AC" / "correct"
    shutil.copytree(correct, folder / f"ann{FORGED}\nbob")
    (folder / "carl").mkdir()
    (folder / "carl" / "solution.py").write_text(RAISES)
    config = tmp_path / "config.yaml"
    text = (FIXTURES / "functions" / "config.yaml").read_text()
    config.write_text(text.replace("../../../testcases", str(REPO / "testcases")))
    result = CliRunner().invoke(app, ["grade", str(folder), "--config", str(config), "-j", "1"])
    shown = result.stdout + result.stderr
    assert "\x1b" not in shown and "\x07" not in shown, repr(shown)
    rows = [line for line in result.stdout.splitlines() if line.startswith(("ann", "bob", "carl"))]
    assert [row.split()[0][:3] for row in rows] == ["ann", "car"], result.stdout
    assert "forged 120 of 120" in result.stdout  # shown, made harmless: not hidden
