"""Gradescope's results.json from a Report, to the autograder specification (formats.md).

`results` is pure: a report of one submission in, the results.json object out; `write_results`
writes it atomically. It reads records only; grading one submission and timing it in the
leagues for the leaderboard is harness/integrations/gradescope.py's, which the autograder zip's
run_autograder runs.

How a report becomes Gradescope's tests:
- One test per item, in config.yaml's order, numbered "1", "2", ...; an item with a rubric gets
  one test per criterion instead, numbered "3.1", "3.2", ... and named "item: criterion". Score
  and max_score are the item's (the criterion's) marks; status is "passed" on full marks (for an
  item worth nothing: when no case failed). The output is plain text: the item's feedback, then
  each failed case as its verdict, id and detail (CASES_SHOWN of them, each cut to LINE_CHARS,
  the whole cut to OUTPUT_CHARS). A rubric item's feedback goes in its first criterion's output;
  the criteria's own messages already quote the failures. Tags: the item's name (and the
  criterion's), the verdicts its shown cases got, "hidden" when hidden cases count in it.
- An ungraded item (an optional part the submission lacks, or one this machine cannot run) is
  shown rather than left out, so the student sees why: score 0 of max_score 0, status
  "passed", its reason as the output, tag "ungraded".
- Hidden cases (a suite's `hidden: true`) are graded and count in their item's score, but no
  field a student can see names them: the item's output says only how many hidden cases count
  and how many of those were not accepted. Their ids, verdicts and times are kept in the
  top-level extra_data, which Gradescope stores and shows to no one. A separate test with
  visibility "after_published" was not chosen: it would show the cases to students once grades
  are published, and `hidden` in a suite means never. A case is hidden by its `hidden` field
  (the JSON report and the journal keep it); accepted cases are never listed.
- `score` is the submission's marks and is what counts (Gradescope takes it over the tests'
  sum, which differs when a penalty is taken from a rubric item or from the total). The
  top-level output is one line: the marks, then why grading stopped, the note and the rules
  flagged; when the harness failed on some case, that the autograder failed on our side and the
  mark is not final. Below it, one line per change made to the computed marks (a late penalty,
  a teacher's override: harness/writers/adjusted.py). Nothing is printed: results.json is the
  only output.
- `execution_time` is the caller's measurement (seconds, wall clock, of the whole grading run).
- `leaderboard` is given by the caller: `league_entries` makes entries from a league run
  (harness/league/run.py), the mean over the league's puzzles of the median CPU seconds of the
  repeats, only for a ranked program. A report's case seconds are wall-clock times of the graded
  calls, not a league time, so no leaderboard value is ever derived from them.
- extra_data: {"assignment", "submission", "status", "marks", "max_marks", "note",
  "cases": {item: [{"id", "verdict", "seconds", "hidden"}]}, "flags": [...]}.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from harness import atomic
from harness.errors import BadInput
from harness.records.results import (
    CaseResult,
    CriterionResult,
    ItemResult,
    Report,
    SubmissionResult,
)
from harness.records.verdicts import Verdict
from harness.writers.adjusted import adjustment_lines

CASES_SHOWN = 10  # failed cases listed per test; the rest are counted
LINE_CHARS = 400  # one failed case's line
OUTPUT_CHARS = 6000  # one test's output
VERDICT_NAMES = {
    Verdict.AC: "accepted",
    Verdict.WA: "wrong answer",
    Verdict.TLE: "time limit exceeded",
    Verdict.MLE: "memory limit exceeded",
    Verdict.OLE: "output limit exceeded",
    Verdict.RE: "run-time error",
    Verdict.CE: "could not load",
    Verdict.IE: "internal error of the autograder, not yours",
}
OUR_FAULT = (
    "the autograder failed on our side (not your fault) on {count} case(s): this is not your "
    "final score; the course staff will grade it again"
)

Order = Literal["asc", "desc"]
LeaderboardEntry = tuple[str, float, Order]  # column name, value, which way is better
TestStatus = Literal["passed", "failed"]


@dataclass(frozen=True)
class GradescopeTest:
    """One entry of results.json's `tests` (always visible: see the module's docstring)."""

    number: str
    name: str
    score: float
    max_score: float
    status: TestStatus
    output: str
    tags: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "number": self.number,
            "score": self.score,
            "max_score": self.max_score,
            "status": self.status,
            "output": self.output,
            "tags": list(self.tags),
            "visibility": "visible",
        }


def results(
    report: Report, execution_time: float, leaderboard: Sequence[LeaderboardEntry] = ()
) -> dict[str, Any]:
    """results.json for the report's one submission; BadInput when it holds another number."""
    submission = only_submission(report)
    data: dict[str, Any] = {
        "score": submission.marks,
        "execution_time": round(execution_time, 3),
        "output": summary(submission),
        **_formats(),
        "tests": [test.to_json() for test in tests(submission)],
        "extra_data": extra_data(report.assignment, submission),
    }
    if leaderboard:
        data["leaderboard"] = [{"name": n, "value": v, "order": o} for n, v, o in leaderboard]
    return data


def write_results(
    report: Report, path: Path, execution_time: float, leaderboard: Sequence[LeaderboardEntry] = ()
) -> None:
    """Write results.json atomically; nothing is written for a report it refuses."""
    data = results(report, execution_time, leaderboard)
    atomic.write_text(path, json.dumps(data, indent=2) + "\n")


def ungradable(message: str, execution_time: float) -> dict[str, Any]:
    """results.json for a submission that could not be taken in at all (say, no source file):
    score 0, and the message telling the student what to hand in."""
    return {
        "score": 0.0,
        "execution_time": round(execution_time, 3),
        "output": message,
        **_formats(),
        "tests": [],
    }


def only_submission(report: Report) -> SubmissionResult:
    count = len(report.submissions)
    if count != 1:
        raise BadInput(
            f"a Gradescope results.json is one submission's, and this report holds {count}: "
            "grade one submission (a file or a folder of source files)"
        )
    return report.submissions[0]


def _formats() -> dict[str, str]:
    return {
        "output_format": "text",
        "test_output_format": "text",
        "test_name_format": "text",
        "stdout_visibility": "hidden",
    }


def tests(submission: SubmissionResult) -> list[GradescopeTest]:
    return [
        test
        for number, item in enumerate(submission.items, 1)
        for test in item_tests(str(number), item)
    ]


def item_tests(number: str, item: ItemResult) -> list[GradescopeTest]:
    if not item.graded:
        return [_ungraded(number, item)]
    if item.criteria:
        return [
            _criterion(f"{number}.{index}", item, criterion, index == 1)
            for index, criterion in enumerate(item.criteria, 1)
        ]
    output = _text([*item.feedback, *_shown_lines(item.cases), *_hidden_lines(item.cases)])
    failed = any(c.verdict is not Verdict.AC for c in item.cases)
    status = _status(item.marks, item.max_marks, failed)
    test = GradescopeTest(
        number, item.name, item.marks, item.max_marks, status, output, _tags(item)
    )
    return [test]


def _criterion(
    number: str, item: ItemResult, criterion: CriterionResult, first: bool
) -> GradescopeTest:
    about_item = [*item.feedback, *_hidden_lines(item.cases)] if first else []
    output = _text([criterion.message or "full marks", *about_item])
    lost = criterion.marks < criterion.max_marks
    return GradescopeTest(
        number,
        f"{item.name}: {criterion.name}",
        criterion.marks,
        criterion.max_marks,
        _status(criterion.marks, criterion.max_marks, lost),
        output,
        (item.name, criterion.name),
    )


def _ungraded(number: str, item: ItemResult) -> GradescopeTest:
    output = _text([*item.feedback, "(it counts in neither your score nor the maximum)"])
    return GradescopeTest(number, item.name, 0.0, 0.0, "passed", output, (item.name, "ungraded"))


def _status(score: float, max_score: float, failed: bool) -> TestStatus:
    full = score >= max_score if max_score > 0 else not failed
    return "passed" if full else "failed"


def _shown_lines(cases: Sequence[CaseResult]) -> list[str]:
    """The failed cases the student may see, or that every one of them was accepted."""
    shown = [c for c in cases if not c.hidden]
    failed = [c for c in shown if c.verdict is not Verdict.AC]
    if not failed:
        return [f"all {len(shown)} cases accepted"] if shown else []
    lines = [_cut(f"{_verdict(c.verdict)} on {c.id}: {c.detail}") for c in failed[:CASES_SHOWN]]
    more = len(failed) - CASES_SHOWN
    return [*lines, f"... and {more} more cases not accepted"] if more > 0 else lines


def _hidden_lines(cases: Sequence[CaseResult]) -> list[str]:
    hidden = [c for c in cases if c.hidden]
    if not hidden:
        return []
    failed = sum(c.verdict is not Verdict.AC for c in hidden)
    outcome = f"{failed} not accepted" if failed else "all accepted"
    return [f"{len(hidden)} hidden case(s) count in this score, details withheld: {outcome}"]


def _tags(item: ItemResult) -> tuple[str, ...]:
    verdicts = sorted({c.verdict.value for c in item.cases if not c.hidden})
    hidden = ("hidden",) if any(c.hidden for c in item.cases) else ()
    return (item.name, *verdicts, *hidden)


def _verdict(verdict: Verdict) -> str:
    return f"{verdict.value} ({VERDICT_NAMES[verdict]})"


def _cut(line: str, limit: int = LINE_CHARS) -> str:
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _text(lines: Sequence[str]) -> str:
    text = "\n".join(lines)
    tail = "\n... (cut short)"
    return text if len(text) <= OUTPUT_CHARS else text[: OUTPUT_CHARS - len(tail)] + tail


def summary(submission: SubmissionResult) -> str:
    """One line for the student (the marks, then what stopped or marked down the grading), and
    one per change made to the computed marks."""
    return "\n".join([_headline(submission), *adjustment_lines(submission)])


def _headline(submission: SubmissionResult) -> str:
    marks = f"{submission.marks:g} / {submission.max_marks:g} marks"
    if submission.internal_error:
        count = sum(c.verdict is Verdict.IE for item in submission.items for c in item.cases)
        return f"{marks}: {OUR_FAULT.format(count=count)}"
    if submission.status == "error":
        return f"{marks}: your submission could not be graded: {submission.note}"
    graded = [item for item in submission.items if item.graded]
    full = sum(item.marks >= item.max_marks for item in graded)
    rules = sorted({flag.rule for flag in submission.flags})
    parts = [f"{marks} ({full} of {len(graded)} parts with full marks)", submission.note]
    parts += [f"rules flagged: {', '.join(rules)}"] if rules else []
    return "; ".join(filter(None, parts))


def extra_data(assignment: str, submission: SubmissionResult) -> dict[str, Any]:
    """Stored by Gradescope, shown to no one: every case's verdict, hidden ones included."""
    return {
        "assignment": assignment,
        "submission": submission.name,
        "status": submission.status,
        "marks": submission.marks,
        "max_marks": submission.max_marks,
        "note": submission.note,
        "cases": {item.name: [_case(c) for c in item.cases] for item in submission.items},
        "flags": [
            {"rule": f.rule, "item": f.item, "line": f.line, "message": f.message}
            for f in submission.flags
        ],
    }


def _case(case: CaseResult) -> dict[str, Any]:
    return {
        "id": case.id,
        "verdict": case.verdict.value,
        "seconds": case.seconds,
        "hidden": case.hidden,
    }
