"""Working copies: capped in bytes and inodes (a tmpfs of their own as root, a watched quota
elsewhere), removed however deep a submission nested its folders, and swept when an earlier run
left them behind."""

from __future__ import annotations

import errno
import math
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.config import load_config
from harness.errors import ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.run import grade_all
from harness.limits import DiskCap, Limits
from harness.records.results import Report
from harness.records.verdicts import Verdict
from harness.sandbox import quota, tmpfs, workdir
from harness.sandbox.isolation import Mode, choose
from harness.sandbox.program import ProgramLimits, run_program
from harness.sandbox.workdir import (
    PREFIX,
    CopyRefused,
    private_copy,
    remove_tree,
    run_copy,
    sweep,
    tmpfs_refused,
)
from harness.submissions import discover
from tests.conftest import FIXTURES, REPO

DEPTH = 3000  # deeper than the recursion limit, and than PATH_MAX can name (2 x 3000 > 4096)
DEAD_PID = 2**22 + 1  # above the kernel's pid_max limit: never a live process
REFUSED = tmpfs_refused()
TMPFS = pytest.mark.skipif(bool(REFUSED), reason=f"no tmpfs working copies here: {REFUSED}")
CAP = DiskCap(4, 300)
WATCHED = DiskCap(4, 300, "watched")
HOSTILE = FIXTURES / "hostile"


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


# the cap: a tmpfs where the supervisor may mount one ----------------------------------------


@pytest.fixture
def submission(tmp_path: Path) -> Path:
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "solution.py").write_text("def get_row(sudoku, x):\n    return sudoku[x - 1]\n")
    return folder


def _make_files(folder: Path, count: int, prefix: str = "e") -> int:
    """Empty files until `count` or the first refusal: how many were made."""
    for made in range(count):
        try:
            os.close(os.open(folder / f"{prefix}{made}", os.O_WRONLY | os.O_CREAT, 0o600))
        except OSError as err:
            assert err.errno == errno.ENOSPC, err
            return made
    return count


def _write(path: Path, mib: int) -> int:
    """Write up to `mib` MiB to `path`, until the first refusal: how many bytes were written."""
    written = 0
    with path.open("wb", buffering=0) as out:
        while written < mib << 20:
            try:
                written += out.write(b"\0" * (1 << 20)) or 0
            except OSError as err:
                assert err.errno == errno.ENOSPC, err
                break
    return written


@TMPFS
def test_a_working_copy_is_a_tmpfs_that_refuses_writes_past_its_cap(
    tmp_path: Path, submission: Path
) -> None:
    with private_copy(submission, tmp_path, CAP) as workdir:
        assert tmpfs.is_ours(workdir)
        assert (workdir / "solution.py").is_file()
        assert oct(workdir.stat().st_mode & 0o777) == "0o700"
        assert isinstance(quota.watch(workdir, CAP), quota.Enforced)
        assert _write(workdir / "big.bin", 8) < CAP.bytes
        (workdir / "big.bin").unlink()
        assert _make_files(workdir, 1000) < 300
        said = quota.watch(workdir, CAP).after(False, kill=_never)
        assert said == quota.DiskCheck(
            note="its working copy is full: it may hold at most 4 MiB and 300 files"
        )
    assert not tmpfs.is_ours(workdir)
    assert not workdir.exists()


@TMPFS
def test_sweep_unmounts_only_our_tmpfs_left_by_a_dead_run(tmp_path: Path) -> None:
    orphan = tmp_path / f"{PREFIX}{DEAD_PID}-abc"
    live = tmp_path / f"{PREFIX}{os.getpid()}-def"
    other = tmp_path / "someone-elses"
    for folder in (orphan, live, other):
        folder.mkdir()
        tmpfs.mount(folder, CAP)
    try:
        _make_files(orphan, 100)
        assert sweep(tmp_path) == (orphan.name,)
        assert not orphan.exists()
        assert tmpfs.is_ours(live) and tmpfs.is_ours(other)
    finally:
        for folder in (orphan, live, other):
            if tmpfs.is_ours(folder):
                tmpfs.unmount(folder)


def test_the_copy_cap_is_a_limit_and_names_the_file_past_it(
    tmp_path: Path, submission: Path
) -> None:
    """limits.copy_mb (default 20) caps what is copied in, below the disk cap: the refusal
    names the file that took the copy past it, and the limit."""
    assert Limits().copy_mb == 20 and Limits().disk.copy_mib == 20
    (submission / "a.bin").write_bytes(b"\0" * (1 << 20))
    (submission / "b.bin").write_bytes(b"\0" * (2 << 20))
    roomy = Limits(disk_mb=64, copy_mb=2).disk
    with pytest.raises(CopyRefused) as refused, private_copy(submission, tmp_path, roomy):
        pass
    assert str(refused.value) == (
        "more than 2 MiB of files (limits.copy_mb): b.bin takes them to 3 MiB"
    )
    with private_copy(submission, tmp_path, Limits(disk_mb=64, copy_mb=4).disk) as copy:
        assert (copy / "b.bin").stat().st_size == 2 << 20


def test_a_submission_file_that_is_a_link_is_refused_as_one(tmp_path: Path) -> None:
    """A link is never copied into a working copy, not even a single-file submission's."""
    target = tmp_path / "real.py"
    target.write_text("x = 1\n")
    (tmp_path / "linked.py").symlink_to(target)
    with pytest.raises(CopyRefused) as refused, private_copy(tmp_path / "linked.py", tmp_path):
        pass
    assert str(refused.value) == (
        f"linked.py is a symbolic link (to {target}), which grading never follows: "
        "hand in the file itself"
    )


def test_a_copy_larger_than_its_cap_is_refused(tmp_path: Path, submission: Path) -> None:
    (submission / "data.bin").write_bytes(b"\0" * (5 << 20))
    for cap in (CAP, WATCHED):
        with (
            pytest.raises(CopyRefused, match="more than 4 MiB"),
            private_copy(submission, tmp_path, cap),
        ):
            pass
    assert list(tmp_path.iterdir()) == [submission]


# the cap watched by the supervisor where no tmpfs can be mounted (forced here) ---------------


def _never() -> None:
    raise AssertionError("killed a run within its cap")


@pytest.fixture
def looks_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The supervisor looks after every run, however recently it last looked (it otherwise
    skips a look that would take more than a tenth of its time)."""
    monkeypatch.setattr(quota, "LOOKING", math.inf)


@pytest.mark.usefixtures("looks_every_time")
def test_a_watched_copy_within_its_cap_is_left_alone(tmp_path: Path, submission: Path) -> None:
    with private_copy(submission, tmp_path, WATCHED) as workdir:
        assert not tmpfs.is_ours(workdir)
        watch = quota.watch(workdir, WATCHED)
        assert isinstance(watch, quota.Watched)
        _make_files(workdir, 200)
        assert watch.after(False, kill=_never) == quota.NO_CHECK
        assert len(os.listdir(workdir)) == 201


@pytest.mark.usefixtures("looks_every_time")
def test_a_watched_copy_past_its_cap_is_put_back(tmp_path: Path, submission: Path) -> None:
    killed: list[bool] = []
    with private_copy(submission, tmp_path, WATCHED) as workdir:
        watch = quota.watch(workdir, WATCHED)
        _make_files(workdir, 100, prefix="kept")
        assert watch.after(False, kill=_never) == quota.NO_CHECK  # within: what is there stays
        original = (workdir / "solution.py").read_bytes()
        with (workdir / "solution.py").open("ab") as grown:
            grown.write(b"#" * 5000)
        _chain(workdir, 50)
        _make_files(workdir, 400)
        said = watch.after(False, kill=lambda: killed.append(True))
        assert killed == [True]
        assert said.over
        assert said.note == (
            "wrote more than its working copy may hold (at most 4 MiB and 300 files); it made "
            "more than 300 files; what it wrote was removed"
        )
        assert sorted(os.listdir(workdir)) == sorted(
            ["solution.py", *(f"kept{n}" for n in range(100))]
        )
        assert (workdir / "solution.py").read_bytes() == original
        assert watch.after(False, kill=_never) == quota.NO_CHECK


def test_a_watched_copy_counts_bytes_and_a_chain_deeper_than_any_path(tmp_path: Path) -> None:
    roomy, copy = DiskCap(64, 10_000), tmp_path / "copy"
    copy.mkdir()
    try:
        _chain(copy, DEPTH)
        assert quota.measure(copy, roomy).files == DEPTH + 2 * len(range(0, DEPTH, 500))
        assert not quota.measure(copy, roomy).over(roomy)
        (copy / "big.bin").write_bytes(b"x" * (65 << 20))
        assert quota.measure(copy, roomy).over(roomy)
    finally:
        remove_tree(copy)  # pytest's own clean-up recurses


def test_a_program_past_a_watched_cap_is_stopped_while_it_runs(
    tmp_path: Path, submission: Path
) -> None:
    """A writer that never stops is killed at the supervisor's next look, well before its CPU
    limit, and what it wrote is removed."""
    (submission / "writer.py").write_text(
        "import itertools\n"
        "for n in itertools.count():\n"
        "    with open(f'part{n % 1000}.bin', 'wb') as part:\n"
        "        part.write(bytes(1 << 20))\n"
    )
    limits = ProgramLimits(cpu=20, wall=30, memory_mb=512, output_bytes=1 << 16)
    with private_copy(submission, tmp_path, WATCHED) as workdir:
        watch = quota.watch(workdir, WATCHED)
        argv = [sys.executable, "-I", "-B", "writer.py"]
        run = run_program(argv, workdir, b"", limits, choose(Mode.AUTO), disk=watch)
        assert run.disk.over and not run.timed_out and not run.ok
        assert run.wall < 5 * quota.SAMPLE
        assert sorted(os.listdir(workdir)) == ["solution.py", "writer.py"]


def _graded(tmp_path: Path, shape: str, fixtures: dict[str, Path], **limits: str) -> Report:
    """The fixtures graded with the hostile config of `shape` and these of its limits, watched
    (as where no tmpfs can be mounted), 300 files at most, in a working copy base of their own
    (which must be empty afterwards)."""
    base, submissions = tmp_path / "copies", tmp_path / "submissions"
    base.mkdir()
    for name, folder in fixtures.items():
        shutil.copytree(folder, submissions / name)
    text = (HOSTILE / shape / "config.yaml").read_text()
    text = text.replace('"@SUITE@"', str(REPO / "testcases" / SUITES[shape]))
    text = text.replace("@TESTCASES@", str(REPO / "testcases"))
    for key, value in {**limits, "disk_files": "300\n      disk_cap: watched"}.items():
        line = rf"(?m)^      {key}: .*$"  # the first assignment's: the one graded
        text, found = re.subn(line, f"      {key}: {value}", text, count=1)
        assert found == 1, key
    config = tmp_path / "config.yaml"
    config.write_text(f"runtime:\n  workdir: {base}\n{text}")
    plan = calibrated_plan(load_config(config), "hostile")
    report = grade_all(plan, discover(submissions, (".py", ".cpp")), 2)
    assert list(base.iterdir()) == []
    return report


SUITES = {"python": "handout-examples.yaml", "stdin": "stdin-9x9.yaml"}
PAST_THE_CAP = "wrote more than its working copy may hold (at most 32 MiB and 300 files)"


def _cases_re_on_1(report: Report, name: str) -> None:
    """The submission `name` is RE on the cases #1, for its working copy's cap, AC elsewhere."""
    cases = [c for s in report.submissions if s.name == name for i in s.items for c in i.cases]
    assert cases and [c.verdict for c in cases] == [
        Verdict.RE if c.id.endswith("#1") else Verdict.AC for c in cases
    ], [(c.id, c.verdict, c.detail) for c in cases]
    assert all(PAST_THE_CAP in c.detail for c in cases if c.verdict is Verdict.RE)


def _full_marks(report: Report, name: str) -> bool:
    return all(s.marks == s.max_marks for s in report.submissions if s.name == name)


def test_python_past_a_watched_cap_is_re_and_the_control_keeps_full_marks(
    tmp_path: Path,
) -> None:
    python = HOSTILE / "python" / "RE"
    fixtures = {
        "bytes": python / "fills_the_disk_with_many_files_on_1",
        "inodes": python / "makes_many_empty_files_on_1",
        "correct": FIXTURES / "functions" / "AC" / "correct",
    }
    report = _graded(tmp_path, "python", fixtures, time="1.0")  # 300 files even on a slow disk
    _cases_re_on_1(report, "bytes")
    _cases_re_on_1(report, "inodes")
    assert _full_marks(report, "correct")


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_a_program_past_a_watched_cap_is_re_and_the_control_keeps_full_marks(
    tmp_path: Path,
) -> None:
    """The programs are built in their capped working copies too."""
    fixtures = {
        "writer": HOSTILE / "stdin" / "RE" / "writes-many-files-cpp",
        "correct": FIXTURES / "stdin" / "AC" / "cpp-solver",
    }
    report = _graded(tmp_path, "stdin", fixtures)
    results = {s.name: s for s in report.submissions}
    writer = [c for item in results["writer"].items for c in item.cases]
    assert writer and all(c.verdict is Verdict.RE and PAST_THE_CAP in c.detail for c in writer)
    assert _full_marks(report, "correct")


# what doctor says ----------------------------------------------------------------------------


def test_doctor_says_which_disk_cap_is_in_force() -> None:
    result = CliRunner().invoke(app, ["doctor"])
    assert result.exit_code == ExitCode.OK, result.output
    lines = result.output.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("disk cap"))
    end = next(k for k in range(start + 1, len(lines)) if not lines[k].startswith(" "))
    line = " ".join(" ".join(lines[start:end]).split())  # the row, as wrapped at 80 columns
    assert "in force" in line
    if REFUSED:
        assert "watched quota (no tmpfs: " in line
    else:
        assert "tmpfs, 32 MiB and 10,000 inodes per working copy" in line


def test_without_tmpfs_doctor_names_the_watched_quota_and_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(workdir, "tmpfs_refused", lambda: "Operation not permitted")
    assert quota.describe(DiskCap(32, 10_000)) == (
        "watched quota (no tmpfs: Operation not permitted): 32 MiB and 10,000 files per working "
        "copy, measured every 0.5 s while student code runs and after it; a fast writer can go "
        "past it until the next look"
    )


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
