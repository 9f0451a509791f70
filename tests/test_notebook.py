"""sudoku-script's notebook, executed headlessly in the sandbox and judged by its rubric.

Verdict fixtures live in fixtures/notebook/VERDICT/BEHAVIOUR/ (a notebook each); the test puts
the reference Sudoku.py beside each, grades them all through the real pipeline (a real kernel
per notebook), and expects the folder's verdict. Judging and parsing are tested on records.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.config import NotebookConfig, load_config
from harness.errors import ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.kinds.function_library.declared.expect import handout_text
from harness.kinds.notebook.cosc130_notebook.expect import (
    NotebookShows,
    ShownPuzzle,
    headings_in,
    printed_grids,
    sentence_count,
)
from harness.kinds.notebook.run import find_notebook, run_notebook, unavailable
from harness.limits import Limits
from harness.records.notebook import (
    CellError,
    CellRun,
    NotebookRun,
    ReplyError,
    parse_cells,
    read_reply,
)
from harness.records.outcomes import CallOutcome
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.submissions import Submission, discover
from harness.writers.table import render
from tests.conftest import FIXTURES, JOBS, REPO
from tests.handouts import HANDOUT_PUZZLE
from tests.test_sudoku_script import SOLVED

NOTEBOOKS = FIXTURES / "notebook"
CONFIG = NOTEBOOKS / "config.yaml"
FIXTURE_DIRS = sorted(p.parent for p in NOTEBOOKS.glob("*/*/*.ipynb"))
SCRIPT = REPO / "solvers" / "sudoku-script" / "Sudoku.py"
REASON = unavailable(Path(sys.executable))
needs_extra = pytest.mark.skipif(bool(REASON), reason=REASON)


def plan(**notebook: object) -> Plan:
    config = load_config(CONFIG)
    the_plan = calibrated_plan(config, "notebook")
    if not notebook:
        return the_plan
    changed = the_plan.assignment.notebook.model_copy(update=notebook)
    return replace(
        the_plan, assignment=the_plan.assignment.model_copy(update={"notebook": changed})
    )


def with_script(folder: Path, into: Path) -> Path:
    """A submission: the fixture's notebook beside the reference Sudoku.py."""
    target = into / f"{folder.parent.name}-{folder.name}"
    shutil.copytree(folder, target)
    shutil.copy(SCRIPT, target / "Sudoku.py")
    return target


@pytest.fixture(scope="module")
def workdirs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("workdirs")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory, workdirs: Path) -> dict[str, SubmissionResult]:
    if REASON:
        pytest.skip(REASON)
    root = tmp_path_factory.mktemp("submissions")
    for folder in FIXTURE_DIRS:
        with_script(folder, root)
    the_plan = replace(plan(), workdir_base=workdirs)
    report = grade_all(the_plan, discover(root, (".py",)), JOBS)
    return {s.name: s for s in report.submissions}


@needs_extra
@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_gets_its_folders_verdict(
    graded: dict[str, SubmissionResult], folder: Path
) -> None:
    result = graded[f"{folder.parent.name}-{folder.name}"]
    [item] = result.items
    assert [case.verdict for case in item.cases] == [Verdict(folder.parent.name)], item
    full = folder.parent.name == "AC"
    assert (item.marks == item.max_marks == 20) is full, item


@needs_extra
@pytest.mark.parametrize(
    ("fixture", "criterion", "marks", "message"),
    [
        ("RE-name-error-in-one-cell", "runs", 5.33, "raised NameError at line 5"),
        ("RE-name-error-in-one-cell", "solutions", 2.67, "solution of puzzle02.txt"),
        ("RE-kernel-exits", "runs", 3.33, "the kernel died while it ran"),
        ("RE-kernel-exits", "no_solution", 0, "is not printed (puzzle04.txt)"),
        ("TLE-cell-loops-forever", "runs", 5.33, "still running at the cell time limit"),
        ("TLE-cell-loops-forever", "no_solution", 2, ""),  # the cells after it still ran
        ("TLE-ignores-the-interrupt", "runs", 4, "ignored the interrupt after 8 s"),
        ("OLE-prints-five-megabytes", "runs", 5.33, "printed too much output"),
        ("OLE-prints-five-megabytes", "puzzles", 4, ""),  # what it printed first is kept
        ("MLE-allocates-eight-gigabytes", "runs", 4.67, "raised MemoryError"),
        ("WA-no-headings-own-wording", "headings", 0, "no heading 'Introduction'"),
        ("WA-no-headings-own-wording", "no_solution", 0, "is not printed"),
        ("CE-not-a-notebook", "runs", 0, "cannot be read: NotJSONError"),
    ],
)
def test_each_criterion_says_what_cost_marks(
    graded: dict[str, SubmissionResult], fixture: str, criterion: str, marks: float, message: str
) -> None:
    [item] = graded[fixture].items
    row = next(c for c in item.criteria if c.name == criterion)
    assert row.marks == marks, row
    assert message in row.message, row


@needs_extra
def test_the_feedback_names_the_notebook_and_what_was_accepted(
    graded: dict[str, SubmissionResult],
) -> None:
    [item] = graded["AC-headings-at-level-3-solutions-as-lists"].items
    assert "ran Project_02_Lee.ipynb" in item.feedback
    assert "accepted: section headings at a level other than 2" in item.feedback


@needs_extra
def test_no_kernel_outlives_its_notebook(
    graded: dict[str, SubmissionResult], workdirs: Path
) -> None:
    assert graded  # every fixture, the one ignoring interrupts too, has been graded
    left = [pid for pid in _pids() if str(workdirs) in _cmdline(pid)]
    assert not left, [_cmdline(pid) for pid in left]


def _pids() -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


@needs_extra
def test_a_missing_notebook_is_left_out_unless_required(tmp_path: Path) -> None:
    (tmp_path / "alone").mkdir()
    shutil.copy(SCRIPT, tmp_path / "alone" / "Sudoku.py")
    submissions = discover(tmp_path, (".py",))
    [optional] = grade_all(plan(), submissions, 1).submissions
    [item] = optional.items
    assert (item.graded, optional.marks, optional.max_marks) == (False, 0, 0)
    assert item.feedback == ("not graded: the submission has no notebook (Project_02_*.ipynb)",)
    [required] = grade_all(plan(required=True), submissions, 1).submissions
    [item] = required.items
    assert (item.graded, required.marks, required.max_marks) == (True, 0, 20)
    assert item.cases[0].verdict is Verdict.CE
    assert "no notebook (Project_02_*.ipynb) submitted" in item.cases[0].detail


def test_without_the_extra_the_notebook_is_left_out_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reason = "nbclient and ipykernel are not installed; install them: pip ..."
    monkeypatch.setattr("harness.kinds.notebook.kind.unavailable", lambda python: reason)
    the_plan = plan()
    assert the_plan.probes == () and the_plan.ungraded == {"notebook": reason}
    submission = with_script(FIXTURE_DIRS[0], tmp_path)
    report = grade_all(the_plan, discover(submission, (".py",)), 1)
    [result] = report.submissions
    assert (result.items[0].graded, result.items[0].feedback) == (False, (f"not graded: {reason}",))
    assert result.items[0].ungraded_reason == reason
    table = render(report)
    assert "0/0" in table
    assert "  notebook, 1 submission(s): nbclient and ipykernel are not installed" in table


def test_the_notebook_is_found_by_name_else_any_notebook_is_run_and_said(tmp_path: Path) -> None:
    config = NotebookConfig(file="Project_02_*.ipynb")
    for name in ("project2.ipynb", "Project_02_Zed.ipynb", "Project_02_Abe.ipynb"):
        (tmp_path / name).write_text("{}")
    found = find_notebook(Submission("s", tmp_path), config)
    assert found.path == Path("Project_02_Abe.ipynb")
    assert (
        found.note
        == "ran Project_02_Abe.ipynb; the first by name (also there: Project_02_Zed.ipynb)"
    )
    for name in ("Project_02_Zed.ipynb", "Project_02_Abe.ipynb"):
        (tmp_path / name).unlink()
    found = find_notebook(Submission("s", tmp_path), config)
    assert found.note == "ran project2.ipynb; no notebook is named like Project_02_*.ipynb"
    (tmp_path / "project2.ipynb").unlink()
    assert find_notebook(Submission("s", tmp_path), config).path is None


# Judging, on records of runs.

PUZZLES = (
    ShownPuzzle("puzzle01.txt", HANDOUT_PUZZLE, SOLVED),
    ShownPuzzle("puzzle02.txt", SOLVED, None),  # stands in for one with no solution
)
SHOWN = "\n".join(handout_text(HANDOUT_PUZZLE)) + "\n"
ANSWER = "\n".join(handout_text(SOLVED)) + "\n"
HEADINGS = "# Project 2\n\n## Introduction\ntext\n\n## Puzzle 1\n\n## Puzzle 2\n"


def run(*cells: CellRun, stopped: str = "") -> NotebookRun:
    return NotebookRun("Project_02_X.ipynb", cells, stopped)


def code(number: int, stdout: str = "", **kw: object) -> CellRun:
    return CellRun(number, "code", "", True, 0.1, stdout=stdout, **kw)  # type: ignore[arg-type]


def judged(notebook: NotebookRun) -> dict[str, list[str]]:
    judgement = NotebookShows(PUZZLES).judge(CallOutcome("returned", value=notebook))
    failed: dict[str, list[str]] = {}
    for check in judgement.checks:
        if not check.passed:
            failed.setdefault(check.criterion, []).append(check.message)
    return failed


def complete(*extra: CellRun) -> NotebookRun:
    text = SHOWN + ANSWER + SHOWN + "No solution exists for this puzzle.\n"
    return run(CellRun(1, "markdown", HEADINGS), code(2, text), *extra)


def test_the_handouts_notebook_passes_every_check() -> None:
    assert judged(complete()) == {}


def test_a_cell_that_raised_is_named_by_its_code_cell_and_line() -> None:
    error = CellError("NameError", "name 'puzzle4' is not defined", "2")
    failed = judged(complete(code(3, error=error)))
    assert failed == {
        "runs": [
            "code cell 2 (cell 3 of the notebook) raised NameError at line 2: "
            "name 'puzzle4' is not defined"
        ]
    }


@pytest.mark.parametrize(
    "markdown",
    [
        "# T\n## **Introduction**\n### Puzzle 01:\n#### __Puzzle 2__\n",
        "T\n===\nIntroduction\n---\n## puzzle 1\n## PUZZLE 2\n",
    ],
)
def test_headings_are_matched_whatever_their_level_markup_and_case(markdown: str) -> None:
    text = SHOWN + ANSWER + SHOWN + "no solution exists for this puzzle\n"
    assert judged(run(CellRun(1, "markdown", markdown), code(2, text))) == {}


def test_missing_headings_are_named() -> None:
    text = SHOWN + ANSWER + SHOWN + "No solution exists for this puzzle.\n"
    failed = judged(run(CellRun(1, "markdown", "## Puzzle 1\nIntro"), code(2, text)))
    assert failed == {
        "headings": [
            "no level-1 heading (the title)",
            "no heading 'Introduction'",
            "no heading 'Puzzle 2'",
        ]
    }


def test_the_no_solution_sentence_may_not_be_printed_more_often_than_there_are_such_puzzles() -> (
    None
):
    text = SHOWN + ANSWER + SHOWN + "No solution exists for this puzzle.\n" * 2
    failed = judged(run(CellRun(1, "markdown", HEADINGS), code(2, text)))
    assert failed == {
        "no_solution": [
            "'No solution exists for this puzzle.' is printed 2 times, for 1 puzzle(s) "
            "without a solution"
        ]
    }


def test_grids_are_read_as_drawn_or_as_lists() -> None:
    drawn = SHOWN.replace(".", "0").replace("-----", "---")
    listed = str([list(row) for row in SOLVED])
    assert printed_grids(drawn + "some text\n" + listed + "\n") == [HANDOUT_PUZZLE, SOLVED]
    assert printed_grids("\n".join(SHOWN.splitlines()[:6])) == []  # half a grid is none


def test_headings_and_the_sentence_are_read_leniently() -> None:
    found = [(h.level, h.text) for h in headings_in("# A\ntext #1\n### B ###\nC\n---\n")]
    assert found == [(1, "A"), (3, "B"), (2, "C")]
    assert sentence_count("NO  solution exists\nfor this puzzle!") == 1


def test_a_cell_left_unrun_says_why() -> None:
    unrun = CellRun(3, "code", "solve(p)")
    failed = judged(complete(unrun))
    assert failed == {"runs": ["code cell 2 (cell 3 of the notebook) did not run"]}
    failed = judged(replace(complete(unrun), stopped="the kernel died in cell 2"))
    assert failed["runs"] == [
        "code cell 2 (cell 3 of the notebook) did not run: the kernel died in cell 2"
    ]


# The runner's reply comes out of the sandbox: it is checked field by field.


def test_a_well_formed_reply_becomes_a_run() -> None:
    reply = read_reply(
        b'{"ok": true, "died": "", "cells": [{"type": "markdown", "source": "# T", "ran": false},'
        b' {"type": "code", "source": "1", "ran": true, "seconds": 0.5, "timed_out": false,'
        b' "flooded": false, "stdout": "1\\n", "error": null}]}'
    )
    notebook = parse_cells("n.ipynb", reply)
    assert notebook.cells[1] == CellRun(2, "code", "1", True, 0.5, stdout="1\n")
    assert notebook.markdown == (CellRun(1, "markdown", "# T"),)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff", "not JSON"),
        (b"[1]", "not a JSON object"),
        (b'{"ok": true, "died": ""}', "field 'cells'"),
        (b'{"ok": true, "died": "", "cells": [{"type": "exec", "source": ""}]}', "unknown cell"),
        (
            b'{"ok": true, "died": "", "cells": [{"type": "code", "source": 1, "ran": false}]}',
            "field 'source'",
        ),
    ],
)
def test_a_malformed_reply_is_refused(raw: bytes, message: str) -> None:
    with pytest.raises(ReplyError, match=message):
        parse_cells("n.ipynb", read_reply(raw))


def test_check_says_when_an_expected_notebook_mark_could_not_be_graded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reason = "nbclient and ipykernel are not installed; install them: pip ..."
    monkeypatch.setattr("harness.kinds.notebook.kind.unavailable", lambda python: reason)
    monkeypatch.setattr("harness.cli.check.control_rows", lambda *_: [])  # examples alone
    args = ["check", "--config", str(REPO / "config.yaml"), "-a", "sudoku-script", "-j", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == ExitCode.FAILED, result.output
    assert f"notebook: not graded: {reason}" in result.output


@pytest.mark.skipif(bool(unavailable(Path(sys.executable))), reason="no notebook extra")
def test_a_notebook_runs_in_a_working_copy_whose_path_is_long(tmp_path: Path) -> None:
    """Was: the kernel's channels were Unix sockets named by the working copy's absolute path,
    and past 107 bytes (a non-root teacher's pytest-11/popen-gw0/... folder) the kernel could
    not bind them: an internal error after 0.2 s, whatever the notebook held."""
    workdir = tmp_path / ("deep-" * 20) / "copy"
    workdir.mkdir(parents=True)
    cell = {"cell_type": "code", "metadata": {}, "source": "print(6 * 7)", "outputs": []}
    notebook = {"cells": [{**cell, "execution_count": None}], "metadata": {}}
    (workdir / "run.ipynb").write_text(json.dumps({**notebook, "nbformat": 4, "nbformat_minor": 5}))
    outcome = run_notebook(
        Path(sys.executable), workdir, Path("run.ipynb"), NotebookConfig(), Limits(time=60)
    )
    assert outcome.kind == "returned", outcome.message
    assert [cell.stdout.strip() for cell in outcome.value.cells if cell.ran] == ["42"]
