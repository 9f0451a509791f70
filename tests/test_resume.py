"""Crash safety: a run killed part-way (SIGKILL or Ctrl-C) resumes to the report of a run that
was never interrupted; the journal refuses what is not its run. Real runs, real workers."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness import atomic
from harness.cli.app import app
from harness.errors import ExitCode
from harness.grading import journal
from harness.grading.run import grade_all
from harness.records.probes import Check
from harness.records.results import (
    CaseResult,
    CriterionResult,
    Flag,
    ItemResult,
    SubmissionResult,
    from_json,
    submission_from_json,
    submission_to_json,
    to_json,
)
from harness.records.verdicts import Verdict
from harness.submissions import discover
from tests.conftest import REPO, plan_for

CONFIG = REPO / "config.yaml"
EXAMPLES = REPO / "submissions" / "sudoku-functions"
# quick ones (about half a second each): graded, flagged, wrong, and two that cannot load (so a
# run of them exits 5: some rows are errors)
CHOSEN = (
    "column_major_scan",
    "correct",
    "imports",
    "off_by_one_block",
    "prints",
    "syntax_error",
    "unguarded_input",
)
COUNT = len(CHOSEN) + 1  # and the reference solver
DEADLINE = 60.0  # seconds any one step may take before the test gives up


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight submissions, copied so that nothing is written beside the examples."""
    root = tmp_path_factory.mktemp("submissions")
    for name in CHOSEN:
        shutil.copytree(EXAMPLES / name, root / name)
    shutil.copytree(REPO / "solvers" / "sudoku-functions", root / "reference")
    return root


@pytest.fixture(scope="module")
def whole(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The --out folder of a run that was never interrupted."""
    out = tmp_path_factory.mktemp("whole") / "out"
    result = grade(folder, "--out", str(out), "--jobs", "2")
    assert result.exit_code == ExitCode.SOME_ERRORS, result.output  # two cannot load
    return out


def grade(folder: Path, *args: str) -> Any:
    return CliRunner().invoke(app, ["grade", str(folder), "--config", str(CONFIG), *args])


def report_of(out: Path) -> dict[str, Any]:
    """report.json without the cases' timings (the one thing two runs may differ in)."""
    report: dict[str, Any] = json.loads((out / "report.json").read_text())
    for submission in report["submissions"]:
        for item in submission["items"]:
            for case in item["cases"]:
                del case["seconds"]
    return report


def lines(out: Path) -> list[bytes]:
    return (out / "journal.jsonl").read_bytes().splitlines(keepends=True)


def names(out: Path) -> list[str]:
    return [json.loads(line)["name"] for line in lines(out)[1:]]


def copy_journal(whole: Path, out: Path, keep: int, tail: bytes = b"") -> None:
    """The header and `keep` results of the whole run's journal, then `tail`."""
    out.mkdir(parents=True)
    (out / "journal.jsonl").write_bytes(b"".join(lines(whole)[: 1 + keep]) + tail)


@contextmanager
def started(folder: Path, out: Path, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """`sudoku-harness grade` in its own session (its group is its own); killed if left."""
    command = [sys.executable, "-m", "harness", "grade", str(folder), "--config", str(CONFIG)]
    with log.open("wb") as stdout:
        proc = subprocess.Popen(
            [*command, "--out", str(out), "--jobs", "2"],
            stdout=stdout,
            stderr=subprocess.PIPE,
            cwd=REPO,
            start_new_session=True,
        )
    group = os.getpgid(proc.pid)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(group, signal.SIGKILL)
        proc.wait(timeout=DEADLINE)
        assert proc.stderr is not None
        proc.stderr.close()


def wait_for_a_result(out: Path, proc: subprocess.Popen[bytes]) -> None:
    """Until the journal holds a result (the run is part-way), polling."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        path = out / "journal.jsonl"
        if path.exists() and path.read_bytes().count(b"\n") >= 2:
            return
        assert proc.poll() is None, "the run ended before it could be interrupted"
        time.sleep(0.01)
    raise AssertionError(f"no result journaled in {DEADLINE:g} s")


def group_gone(group: int) -> bool:
    """Whether every process of the group has ended (waiting a little for the pool's)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_a_killed_run_resumes_to_the_report_of_an_uninterrupted_one(
    folder: Path, whole: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    with started(folder, out, tmp_path / "stdout") as proc:
        wait_for_a_result(out, proc)
        os.killpg(os.getpgid(proc.pid), signal.SIGKILL)
        assert proc.wait(timeout=DEADLINE) == -signal.SIGKILL
    kept = [line for line in lines(out) if line.endswith(b"\n")]  # what a kill leaves whole
    assert 2 <= len(kept) < 1 + COUNT, "killed part-way"
    assert not (out / "report.json").exists()

    result = grade(folder, "--out", str(out), "--resume", "--jobs", "2")
    assert result.exit_code == ExitCode.SOME_ERRORS, result.output  # two cannot load
    assert f"{COUNT} submission(s)" in result.output
    assert report_of(out) == report_of(whole)
    assert lines(out)[: len(kept)] == kept, "finished submissions are not graded again"
    assert sorted(names(out)) == sorted(names(whole)) and len(names(out)) == COUNT
    recorded = [json.loads(line) for line in kept[1:]]  # after the header: one per submission
    written = {s["name"]: s for s in json.loads((out / "report.json").read_text())["submissions"]}
    for submission in recorded:  # timings and all: restored exactly as graded before the kill
        assert written[submission["name"]] == submission


def test_ctrl_c_stops_the_workers_keeps_the_journal_and_says_how_to_resume(
    folder: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    with started(folder, out, tmp_path / "stdout") as proc:
        group = os.getpgid(proc.pid)
        wait_for_a_result(out, proc)
        os.killpg(group, signal.SIGINT)
        _, stderr = proc.communicate(timeout=DEADLINE)
        assert proc.returncode == 130
        assert group_gone(group), "a worker outlived the interrupted run"
    said = "".join(  # without which assignment was chosen and why, and the download's layout
        line
        for line in stderr.decode().splitlines(True)
        if not line.startswith(("assignment: ", "layout: "))
    )
    isolation, message = said.split("\n", 1)  # the line grade starts with, then
    assert isolation.startswith(("isolation: ", "WARNING: isolation: ")), isolation
    pattern = (
        rf"interrupted: (\d+) of {COUNT} graded, kept in (.+); "
        r"run the same command with --resume to continue\n"
    )
    match = re.fullmatch(pattern, message)
    assert match, message  # one line, no worker's traceback
    recorded = journal.read(out / "journal.jsonl")
    assert recorded is not None and match[2] == str(out / "journal.jsonl")
    assert 1 <= len(recorded.results) == int(match[1]) < COUNT
    assert recorded.length == (out / "journal.jsonl").stat().st_size, "no cut-off line"


def test_a_cut_off_last_line_is_dropped_and_that_submission_graded_again(
    folder: Path, whole: Path, tmp_path: Path
) -> None:
    header, *results = lines(whole)
    kept = [line for line in results if json.loads(line)["name"] != "syntax_error"]
    longest = max(kept, key=len)
    cut = longest[: len(longest) // 2]  # longer than the line that will follow it
    out = tmp_path / "out"
    out.mkdir()
    (out / "journal.jsonl").write_bytes(header + b"".join(kept) + cut)
    result = grade(folder, "--out", str(out), "--resume", "--jobs", "2")
    assert result.exit_code == ExitCode.SOME_ERRORS, result.output  # two cannot load
    assert report_of(out) == report_of(whole)
    assert lines(out)[-1].startswith(b'{"name":"syntax_error"') and len(lines(out)[-1]) < len(cut)
    recorded = journal.read(out / "journal.jsonl")
    assert recorded is not None and len(recorded.results) == COUNT
    assert recorded.length == (out / "journal.jsonl").stat().st_size, "the cut-off bytes went"


def test_a_journal_cut_off_in_its_header_is_none(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    assert journal.read(path) is None
    path.write_bytes(b'{"format":"sudoku-harness grading jour')
    assert journal.read(path) is None


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"not json\n", "Expecting value"),
        (b'{"name": "correct"}\n', "not a graded submission (KeyError('status'))"),
        (b'["correct"]\n', "not a graded submission (TypeError("),
    ],
)
def test_a_corrupt_line_is_an_error_naming_the_file_and_line(
    folder: Path, whole: Path, tmp_path: Path, line: bytes, problem: str
) -> None:
    out = tmp_path / "out"
    copy_journal(whole, out, 2, line + lines(whole)[3])
    result = grade(folder, "--out", str(out), "--resume")
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert f"error: {out / 'journal.jsonl'}:4: corrupt journal line: {problem}" in result.output


def test_the_same_submission_twice_is_an_error(folder: Path, whole: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    copy_journal(whole, out, 2, lines(whole)[1])
    result = grade(folder, "--out", str(out), "--resume")
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert (
        f"{out / 'journal.jsonl'}:4: {names(whole)[0]!r} is in the journal twice" in result.output
    )


def test_resume_refuses_a_journal_of_another_run(folder: Path, whole: Path, tmp_path: Path) -> None:
    fewer = tmp_path / "fewer"
    shutil.copytree(folder, fewer, ignore=shutil.ignore_patterns("reference"))
    out = tmp_path / "out"
    shutil.copytree(whole, out)
    result = grade(fewer, "--out", str(out), "--resume")
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "this journal is a different run" in result.output

    header, *rest = lines(whole)
    other = json.dumps({**json.loads(header), "assignment": "board-solver"}).encode() + b"\n"
    (out / "journal.jsonl").write_bytes(other + b"".join(rest))
    result = grade(folder, "--out", str(out), "--resume")
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "a run of 'board-solver', not 'sudoku-functions'" in result.output


def test_a_new_run_does_not_mix_with_a_recorded_one(
    folder: Path, whole: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(whole, out)
    before = (out / "journal.jsonl").read_bytes()
    result = grade(folder, "--out", str(out))
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "a grading run is already recorded here: add --resume" in result.output
    assert (out / "journal.jsonl").read_bytes() == before

    (out / "report.json").unlink()
    result = grade(folder, "--out", str(out), "--resume")  # complete: nothing left to grade
    assert result.exit_code == ExitCode.SOME_ERRORS, result.output  # two cannot load
    assert (out / "journal.jsonl").read_bytes() == before
    assert report_of(out) == report_of(whole)


def test_out_and_resume_are_checked_before_anything_is_graded(folder: Path, tmp_path: Path) -> None:
    result = grade(folder, "--resume")
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "error: --resume needs --out DIR" in result.output

    result = grade(folder, "--out", str(folder / "marks"))
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert f"--out must not be inside {folder}, the folder graded" in result.output
    assert not (folder / "marks").exists()

    (tmp_path / "file").write_text("")
    result = grade(folder, "--out", str(tmp_path / "file"))
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert "--out needs a folder, and this is a file" in result.output


def test_a_report_reads_back_exactly(whole: Path) -> None:
    text = (whole / "report.json").read_text()
    assert json.dumps(to_json(from_json(json.loads(text))), indent=2) + "\n" == text


def test_a_graded_submission_reads_back_as_the_same_record(folder: Path) -> None:
    """Every field of a real grading, the grading-time ones included (accepted readings, hidden,
    rubric checks), survives the JSON: nothing a report or a resumed run shows is lost."""
    plan = plan_for(CONFIG, "sudoku-functions")
    chosen = [s for s in discover(folder, (".py",)) if s.name in ("imports", "syntax_error")]
    for result in grade_all(plan, chosen, jobs=2).submissions:
        assert submission_from_json(_through_text(submission_to_json(result))) == result


def test_every_field_reads_back() -> None:
    result = SubmissionResult(
        'José "q"\n✓',
        87.5,
        100.0,
        "error",
        "internal error in 1 case(s): not a final mark",
        (
            ItemResult(
                "makeMove",
                2.33,
                10,
                (
                    CaseResult("m1", Verdict.IE, "line 1\nline 2 \x00", 0.123456),
                    CaseResult(
                        "m2",
                        Verdict.AC,
                        "",
                        0.5,
                        ("a list where the handout shows a tuple", "returns a new grid"),
                        True,
                        (Check("assigns", True), Check("undoes", False, "left (1, 2) = 3")),
                        True,
                    ),
                ),
                ("a note", "another"),
                (CriterionResult("assigns", 0.0, 3.0, "does not assign"),),
            ),
            ItemResult(
                "notebook",
                0.0,
                10.0,
                (),
                ("not graded: needs the notebook extra",),
                graded=False,
                ungraded_reason="needs the notebook extra",
            ),
        ),
        (Flag("print", None, None, "prints"), Flag("dict", "makeMove", 12, "a dict")),
        graded_again=True,
    )
    assert submission_from_json(_through_text(submission_to_json(result))) == result


def _through_text(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def test_reports_are_written_whole_and_readable_as_open_would_make_them(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    previous = os.umask(0o022)
    try:
        atomic.write_text(target, "{}\n")
    finally:
        os.umask(previous)
    assert target.read_text() == "{}\n"
    assert target.stat().st_mode & 0o777 == 0o644  # mkstemp alone would leave 0600
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temporary left
