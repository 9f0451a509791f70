"""The tutorial (docs/tutorial.md), run as a reader would: in an empty folder, each file it shows
written where its title says, each `sudoku-harness` command it shows run in order (through the
real CLI and real worker processes). It must give the Canvas gradebook file it promises, and
its program assignment (an input file, output.txt) must check."""

from __future__ import annotations

import csv
import os
import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from tests.conftest import REPO

TUTORIAL = REPO / "docs" / "tutorial.md"
DRIVEN = "## 5. Compiled functions"  # the section that needs gcc
PROGRAM = "## 6. A program"
COMPILED = "## 7. Compiled code"  # the section that needs g++ and GoogleTest
GOOGLETEST = Path("/usr/include/gtest/gtest.h")
BLOCK = re.compile(r"^```(\w+)(?: title=\"([^\"]+)\")?\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def steps(markdown: str) -> Iterator[tuple[str, str]]:
    """("file", path) with its text, or ("run", command), in the page's order."""
    for kind, title, body in BLOCK.findall(markdown):
        if title:
            yield "file", f"{title}\n{body}"
        elif kind == "sh":
            yield from (("run", line) for line in body.splitlines() if line.strip())


def follow(markdown: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each step of `markdown` done in `folder`; the commands run, in order."""
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(folder / "cache"))
    monkeypatch.delenv("SUDOKU_HARNESS_CONFIG", raising=False)
    here = Path.cwd()
    os.chdir(folder)
    ran = []
    try:
        for kind, what in steps(markdown):
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
    return ran


def test_the_tutorial_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before, program = TUTORIAL.read_text().split(COMPILED)[0].split(PROGRAM)
    main, driven = before.split(DRIVEN)
    assert follow(main, tmp_path, monkeypatch) == ["new", "check", "grade"]
    rows = list(csv.DictReader((tmp_path / "canvas.csv").open()))
    marks = {row["Student"]: row for row in rows if "Points Possible" not in row["Student"]}
    assert set(marks) == {"Jane Doe", "Raj Kumar"}
    assert (tmp_path / "pages" / "index.html").is_file()
    # the program's section: its own folder and config, its puzzles from `suites generate`
    assert follow(PROGRAM + program, tmp_path, monkeypatch) == ["suites", "check"]
    assert (tmp_path / "program" / "testcases" / "easy.yaml").is_file()
    if shutil.which("gcc") is None:
        pytest.skip("the compiled functions' section needs gcc")
    # the compiled functions' section checks its own config, over the suite `new` wrote
    assert follow(DRIVEN + driven, tmp_path, monkeypatch) == ["check"]


@pytest.mark.skipif(not GOOGLETEST.is_file(), reason="GoogleTest is not installed (libgtest-dev)")
def test_the_compiled_section_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The course's own GoogleTest tests: doctor lists the toolchain, check grades the reference
    (full marks) and the example (its expected outcome)."""
    section = COMPILED + TUTORIAL.read_text().split(COMPILED)[1]
    assert follow(section, tmp_path, monkeypatch) == ["doctor", "check"]
