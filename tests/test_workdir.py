"""Working copies: removed however deep a submission nested its folders, and swept when an
earlier run left them behind."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from harness.sandbox.workdir import PREFIX, remove_tree, run_copy, sweep
from tests.conftest import FIXTURES, REPO

DEPTH = 3000  # deeper than the recursion limit, and than PATH_MAX can name (2 x 3000 > 4096)
DEAD_PID = 2**22 + 1  # above the kernel's pid_max limit: never a live process


def _chain(root: Path, depth: int) -> None:
    """Folders `d/d/d/...` `depth` deep under `root`, a file and a link at every 500th level,
    made with descriptors (no path that long can be named)."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    for level in range(depth):
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = inner
        if level % 500 == 0:
            os.close(os.open("f", os.O_WRONLY | os.O_CREAT, 0o600, dir_fd=fd))
            os.symlink(str(REPO / "README.md"), "link", dir_fd=fd)
    os.close(fd)


def test_a_chain_deeper_than_any_path_is_removed(tmp_path: Path) -> None:
    root = tmp_path / "copy"
    root.mkdir()
    _chain(root, DEPTH)
    remove_tree(root)
    assert not root.exists()
    assert (REPO / "README.md").exists()  # links are removed, never followed


def test_a_folder_without_permissions_is_removed(tmp_path: Path) -> None:
    root = tmp_path / "copy"
    (root / "locked" / "inner").mkdir(parents=True)
    (root / "locked" / "inner" / "file").write_text("x")
    (root / "locked" / "inner").chmod(0)
    (root / "locked").chmod(0)
    remove_tree(root)
    assert not root.exists()


def test_sweep_removes_only_copies_whose_maker_is_gone(tmp_path: Path) -> None:
    orphan = tmp_path / f"{PREFIX}{DEAD_PID}-abc"
    live = tmp_path / f"{PREFIX}{os.getpid()}-def"
    other = tmp_path / "sudoku-harness-notes"
    for folder in (orphan, live, other):
        folder.mkdir()
    _chain(orphan, 100)
    assert sweep(tmp_path) == (orphan.name,)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, other.name])


def test_grade_sweeps_what_an_earlier_run_left(tmp_path: Path) -> None:
    base = tmp_path / "copies"
    base.mkdir()
    orphan = base / f"{PREFIX}{DEAD_PID}-left"
    orphan.mkdir()
    _chain(orphan, 50)
    verdicts = FIXTURES / "functions"
    config = tmp_path / "config.yaml"
    text = (
        (verdicts / "config.yaml")
        .read_text()
        .replace("../../../testcases", str(REPO / "testcases"))
    )
    config.write_text(f"runtime:\n  workdir: {base}\n" + text)
    result = CliRunner().invoke(
        app, ["grade", str(verdicts / "AC" / "correct"), "--config", str(config), "--jobs", "1"]
    )
    assert result.exit_code == ExitCode.OK, result.output
    assert list(base.iterdir()) == []


def test_each_run_copy_is_fresh_and_read_only(tmp_path: Path) -> None:
    """A built working copy is copied afresh for every run: its files read-only (the program
    still executable), and what one run writes reaches neither the next nor the built copy."""
    built = tmp_path / "built"
    built.mkdir()
    (built / "program").write_text("#!/bin/sh\n")
    (built / "program").chmod(0o755)
    (built / "main.cpp").write_text("int main() {}\n")
    with run_copy(built, tmp_path) as first:
        assert os.access(first / "program", os.X_OK)
        modes = {p.name: p.stat().st_mode & 0o777 for p in first.iterdir()}
        (first / "cache").write_text("answers")
    assert modes == {"program": 0o555, "main.cpp": 0o444}
    assert not first.exists()
    with run_copy(built, tmp_path) as second:
        assert sorted(p.name for p in second.iterdir()) == ["main.cpp", "program"]
    assert sorted(p.name for p in built.iterdir()) == ["main.cpp", "program"]
