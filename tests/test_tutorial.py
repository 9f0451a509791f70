"""The tutorial (docs/tutorial.md), run as a reader would: in an empty folder, each file it shows
written where its title says, each `sudoku-harness` command it shows run in order (through the
real CLI and real worker processes). It must give the Canvas gradebook file it promises, and
its program assignment (an input file, output.txt) must check."""

from __future__ import annotations

import csv
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from tests.conftest import REPO

TUTORIAL = REPO / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(\w+)(?: title=\"([^\"]+)\")?\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def steps(markdown: str) -> Iterator[tuple[str, str]]:
    """("file", path) with its text, or ("run", command), in the page's order."""
    for kind, title, body in BLOCK.findall(markdown):
        if title:
            yield "file", f"{title}\n{body}"
        elif kind == "sh":
            yield from (("run", line) for line in body.splitlines() if line.strip())


def test_the_tutorial_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("SUDOKU_HARNESS_CONFIG", raising=False)
    here = Path.cwd()
    os.chdir(tmp_path)
    ran = []
    try:
        for kind, what in steps(TUTORIAL.read_text()):
            if kind == "file":
                title, text = what.split("\n", 1)
                Path(title).parent.mkdir(parents=True, exist_ok=True)
                Path(title).write_text(text)
                continue
            words = shlex.split(what)
            assert words[0] == "sudoku-harness", what
            result = CliRunner().invoke(app, words[1:])
            assert result.exit_code == ExitCode.OK, f"{what}\n{result.output}"
            ran.append(words[1])
    finally:
        os.chdir(here)
    assert ran[:3] == ["new", "check", "grade"]
    assert ran.count("check") == 3  # the compiled functions' and the program's own configs
    assert ran.count("suites") == 1  # the program's puzzles
    rows = list(csv.DictReader((tmp_path / "canvas.csv").open()))
    marks = {row["Student"]: row for row in rows if "Points Possible" not in row["Student"]}
    assert set(marks) == {"Jane Doe", "Raj Kumar"}
    assert (tmp_path / "pages" / "index.html").is_file()
    assert (tmp_path / "program" / "testcases" / "easy.yaml").is_file()
