"""A grading run kept in an output folder, so that a killed or interrupted run can be resumed.

The folder holds `journal.jsonl` (harness/grading/journal.py), appended to as each submission
finishes, and `report.json`, written atomically once every submission is graded. A run with `resume`
grades only the submissions the journal lacks; without it, an existing journal is refused
rather than mixed with a new run or overwritten.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from harness.errors import BadInput
from harness.executors import Executor
from harness.grading.journal import Header, Journal, Recorded, read
from harness.grading.plan import Plan
from harness.grading.run import chain, grade_all
from harness.records.results import Report, SubmissionResult, write_json
from harness.submissions import Submission

JOURNAL = "journal.jsonl"
REPORT = "report.json"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a recorded run; its message says what was kept and how to go on."""


def grade_into(
    folder: Path,
    resume: bool,
    header: Header,
    plan: Plan,
    submissions: Sequence[Submission],
    executor: Executor,
    on_result: Callable[[SubmissionResult], None] | None = None,
    finish: Callable[[Report], Report] | None = None,
) -> Report:
    """Grade the submissions the folder's journal lacks, journaling each (and telling
    `on_result`); the whole report, through `finish` (what is joined to it after grading, such
    as who handed each submission in) before report.json is written."""
    path = folder / JOURNAL
    recorded = _recorded(path, header, resume)
    done = recorded.results if recorded else ()
    names = {result.name for result in done}
    todo = [s for s in submissions if s.name not in names]
    journal = Journal.reopen(path, recorded) if recorded else Journal.start(path, header)
    try:
        with journal:
            on_each = chain(journal.append, on_result)
            fresh = grade_all(plan, todo, on_result=on_each, executor=executor)
        report = _with(fresh, done)
        report = finish(report) if finish else report
        write_json(report, folder / REPORT)
    except KeyboardInterrupt:
        raise Interrupted(_kept(path, len(submissions))) from None
    return report


def journaled(folder: Path | None, resume: bool) -> int:
    """How many submissions a run finds graded in its folder's journal before it grades any: 0
    unless it resumes one (a run that may not is refused by `grade_into`)."""
    if folder is None or not resume:
        return 0
    recorded = read(folder / JOURNAL)
    return len(recorded.results) if recorded else 0


def check_out(folder: Path | None, resume: bool, graded: Path) -> None:
    """Refuse --resume without --out, an --out that is a file, and an --out folder inside the
    folder graded (it would be taken for a submission, and change the run's submissions)."""
    if folder is None:
        if resume:
            raise BadInput("--resume needs --out DIR: the folder of the run to continue")
        return
    if folder.exists() and not folder.is_dir():
        raise BadInput.at(str(folder), "--out needs a folder, and this is a file")
    if graded.is_dir() and folder.resolve().is_relative_to(graded.resolve()):
        raise BadInput.at(str(folder), f"--out must not be inside {graded}, the folder graded")


def _recorded(path: Path, header: Header, resume: bool) -> Recorded | None:
    """The journal to continue, if any; refuses one that is not this run's."""
    if not resume and path.exists():
        raise BadInput.at(
            str(path),
            "a grading run is already recorded here: add --resume to continue it, "
            "or delete the file (or choose another --out folder) to start over",
        )
    recorded = read(path)
    if recorded is None:
        return None
    if recorded.header.assignment != header.assignment:
        raise BadInput.at(
            str(path),
            f"this journal is a run of {recorded.header.assignment!r}, not {header.assignment!r}: "
            "choose another --out folder",
        )
    if recorded.header != header:
        raise BadInput.at(
            str(path),
            "this journal is a different run (config.yaml, a suite, the submissions or the "
            "harness changed since): choose another --out folder, or delete it to start over",
        )
    return recorded


def _kept(path: Path, count: int) -> str:
    """What an interrupted run kept: the journal as a resumed run will read it."""
    recorded = read(path)
    graded = len(recorded.results) if recorded else 0
    return (
        f"{graded} of {count} graded, kept in {path}; "
        "run the same command with --resume to continue"
    )


def _with(report: Report, done: Sequence[SubmissionResult]) -> Report:
    """The report with earlier results added, in grade_all's order (by name)."""
    results = sorted([*done, *report.submissions], key=lambda r: r.name)
    return replace(report, submissions=tuple(results))
