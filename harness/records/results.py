"""The judged records every report format reads, and the stable JSON schema.

The JSON is lossless: `Report.from_json(report.to_json()) == report` for every report, so the
grading journal (harness/grading/journal.py, one submission per line) and `--resume` restore
exactly what was graded. Keys marked `?` are written only when they differ from their default
(absent: false, empty, none). A failed case's evidence (harness/records/evidence.py: "grids", one
string per row, and "output") is there only when the case has some.

An item with "graded": false (an optional part the submission lacks, or one this machine cannot
run) counts in neither the submission's marks nor its max_marks; "ungraded_reason" says why (its
feedback says it too, for the student).

A submission graded with "status": "forged" had the report of a run of the course's own tests
(shape unit-tests) caught forged by the harness's canaries: that run's tests are WA and earn
nothing, its note says so, and the row is for a person to review.

A submission whose code did not load ("status": "error", every item one case "load" with the
reason) has "source_line" when the student's line the failure points at could be read: a syntax
error's line (and its column), or the line an import-time exception was raised from ("file" names
a sibling module the line is in, when it is not the entry file). A criterion's "text" is the
handout's wording of that rubric row (config.yaml's `text:`). A case with "not_run" was never
started: skipped after time-outs in a row, or once the submission's CPU or wall-clock budget was
spent. A case with "close" was time-sensitive: within a factor of 2 of its time limit. A case's
"group" is the group of cases it is marked with (an item's marks are shared over its groups; a
group counts only when every case of it is accepted); "constants" name the constant answers
right on the whole of its group ("None", "False"), and a check's those it holds under too: such
groups and checks count only when the item's right ones are not all right for one constant.

{"assignment": str, "max_marks": num, "layout"?: str,
 "absent"?: [{student}],
 "submissions": [
  {"name": str, "marks": num, "max_marks": num, "status": "graded" | "error" | "forged",
   "note": str,
   "graded_again"?: true, "budget_spent"?: true,
   "source_line"?: {"number": int, "text": str, "column"?: int, "file"?: str},
   "student"?: {"name"?: str, "lms_id"?: str, "email"?: str, "login"?: str, "sis_id"?: str,
                "section"?: str},
   "handed"?: {"at"?: str, "late_marked"?: true, "source"?: str},
   "adjustments"?: [{"kind": "late|override", "item": str | null, "before": num, "after": num,
                     "comment": str}],
   "items": [{"name": str, "marks": num, "max_marks": num, "graded": bool, "feedback": [str],
              "ungraded_reason"?: str,
              "criteria": [{"name": str, "text"?: str, "marks": num, "max_marks": num,
                            "message": str}],
              "cases": [{"id": str, "verdict": "AC|WA|TLE|MLE|OLE|RE|CE|IE",
                         "detail": str, "seconds": num,
                         "accepted"?: [str], "hidden"?: true, "wall_only"?: true,
                         "not_run"?: true, "close"?: true, "group"?: str, "constants"?: [str],
                         "checks"?: [{"criterion": str, "passed": bool, "message": str,
                                      "constants"?: [str]}],
                         "grids"?: {"puzzle": [str], "expected": [str], "received": [str]},
                         "output"?: str}]}],
   "flags": [{"rule": str, "item": str | null, "line": int | null, "message": str}],
   "similar"?: [{"other": str, "share": num, "other_share": num,
                 "rule": "threshold" | "outlier"}]}]}

"similar" (`grade --similarity`, harness/similarity/) names the other submissions this one shares
code with past the similarity threshold, or far above the rest of the class ("rule" says which):
"share" of this one's fingerprints the other holds too, "other_share" the other way. It is a
flag for a person to look at; it never changes marks.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from harness import atomic
from harness.records.adjustments import Adjustment, adjustment_from_json, adjustment_to_json
from harness.records.evidence import Evidence, evidence_from_json, evidence_to_json
from harness.records.identity import (
    Handed,
    Student,
    handed_from_json,
    handed_to_json,
    student_from_json,
    student_to_json,
)
from harness.records.outcomes import AdaptationKind, Adapted, SourceLine
from harness.records.probes import Check, Reading
from harness.records.similarity import FLAG_RULES, FlagRule
from harness.records.verdicts import Verdict

# forged: graded, but the report of a run of the course's own tests was forged (that run's tests
# earn nothing): for a person to review (harness/kinds/unit_tests/frameworks/canaries.py)
Status = Literal["graded", "error", "forged"]
RuleName = Literal["import", "print", "dict"]  # the source rules a flag can name
PLACES = 2  # marks are rounded to this many decimals
LOAD_CASE = "load"  # the one case each item of a submission that was not run at all gets


@dataclass(frozen=True)
class CaseResult:
    id: str  # the suite case's id (`load` for a submission that could not load)
    verdict: Verdict  # the closed set of harness/records/verdicts.py
    detail: str  # what went wrong, in words (the call, what came back, what was expected)
    # Wall-clock time of the call as the supervisor saw it (informative; verdicts use CPU time).
    seconds: float
    accepted: tuple[str, ...] = ()  # readings of the handout an accepted answer was accepted under
    hidden: bool = False  # from a hidden suite case: graded, details withheld from students
    checks: tuple[Check, ...] = ()  # rubric criteria judged on this case
    # Stopped on the wall clock with CPU time to spare: the machine may have been busy, so the
    # submission is graded once more, alone, before this is final.
    wall_only: bool = False
    evidence: Evidence | None = None  # grids and output of a failed case whose details are shown
    adapted: tuple[Adapted, ...] = ()  # interface deviations read through (each costs marks once)
    # Never started: skipped after time-outs in a row, or once the submission's CPU or wall-clock
    # budget was spent.
    not_run: bool = False
    group: str = ""  # the group it is marked with ("": its own); see Probe.group
    # The constant answers right on its whole group ("None", "False"): the group counts only
    # when the item's right groups are not all right for one constant (Probe.constants).
    constants: tuple[str, ...] = ()
    # Time-sensitive: its CPU time was within outcomes.HIGH_LIMIT (2) times its limit, either
    # way: a time-out under twice the limit, or a case that earned marks with over half of it.
    close: bool = False


@dataclass(frozen=True)
class Flag:
    rule: RuleName  # the static rule the source broke
    item: str | None  # the item it broke it in; None: outside every graded item
    line: int | None  # the line of the student's file, when there is one
    message: str  # what the rule found, in words


@dataclass(frozen=True)
class Similar:
    """Another submission this one shares code with, past the similarity threshold or as an
    outlier of the class (`rule`)."""

    other: str  # its name
    share: float  # of this submission's fingerprints, the share the other holds too
    other_share: float  # of the other's, the share this one holds
    rule: FlagRule = "threshold"  # what flagged the pair: the threshold, or an outlier


@dataclass(frozen=True)
class CriterionResult:
    """One rubric row: what it earned and, when marks were lost, why."""

    name: str  # the criterion's key in config.yaml ("most-constrained-space")
    marks: float  # what it earned
    max_marks: float  # what it is worth
    message: str = ""  # why marks were lost, naming the fact, the board, the space and value
    text: str = ""  # the handout's wording of the row (config.yaml's `text:`), when it has one


@dataclass(frozen=True)
class HelperReadings:
    """An item judged twice because a helper it calls failed: on the student's own helpers, and
    with the reference's helpers in their place (harness/grading/readings.py)."""

    own: float  # marks with the student's own helpers
    reference: float  # marks with the reference's helpers standing in
    marked: Reading  # the reading the item's marks and cases are from
    problem: str  # the failing helper, in a few words ("isValidMove raises NameError")


@dataclass(frozen=True)
class ItemResult:
    name: str  # the item's name in config.yaml
    marks: float  # what it earned, rounded to two decimals
    max_marks: float  # what it is worth
    cases: tuple[CaseResult, ...]  # for a rubric item, the marked reading's
    # Readings accepted, names accepted, dependency notes and penalties, for the student.
    feedback: tuple[str, ...] = ()
    criteria: tuple[CriterionResult, ...] = ()  # a rubric item's rows (empty: marks by cases)
    graded: bool = True  # False: left out of the submission's marks and maximum
    ungraded_reason: str = ""  # why it was not graded (empty when graded)
    helpers: HelperReadings | None = None  # both readings, when a failing helper made two


@dataclass(frozen=True)
class SubmissionResult:
    name: str  # its folder's (or file's) name: its key in every report
    marks: float  # the total, adjustments included, rounded to two decimals
    max_marks: float  # of the items it was graded on
    status: Status  # error: it could not be graded (the note says why); forged: for review
    note: str  # why grading stopped, rules flagged, a second grading
    items: tuple[ItemResult, ...]  # its marks item by item
    flags: tuple[Flag, ...] = ()  # static rules its source broke (marks only by a penalty)
    graded_again: bool = False  # graded once more, alone, after a wall-clock stop (the note says)
    # Its wall-clock budget ran out: the cases past it are TLE, and it is not graded again.
    budget_spent: bool = False
    # Joined after grading (harness/records/identity.py): who handed it in, from the download
    # and the roster...
    student: Student = field(default_factory=Student)
    handed: Handed = field(default_factory=Handed)  # ... and when
    # Applied after grading, on top of the computed marks: `marks` and the items' marks already
    # include them, in this order (harness/records/adjustments.py).
    adjustments: tuple[Adjustment, ...] = ()
    # Its code did not load: the student's line the failure points at, when it could be read.
    source_line: SourceLine | None = None
    # Flagged by `grade --similarity`: who it shares code with (never a change of marks).
    similar: tuple[Similar, ...] = ()

    @property
    def computed_marks(self) -> float:
        """The marks before any adjustment: what the harness itself computed."""
        return self.marks - sum(a.delta for a in self.adjustments)

    @property
    def timed_on_the_wall(self) -> bool:
        """Some case stopped on the wall clock with CPU to spare (see CaseResult.wall_only)."""
        return any(c.wall_only for item in self.items for c in item.cases)

    @property
    def internal_error(self) -> bool:
        return any(c.verdict is Verdict.IE for item in self.items for c in item.cases)

    @property
    def percent(self) -> float | None:
        """Marks as a percentage of the submission's own maximum; None without a maximum."""
        return None if self.max_marks <= 0 else 100 * self.marks / self.max_marks


@dataclass(frozen=True)
class Report:
    assignment: str  # its name in config.yaml
    max_marks: float  # the assignment's maximum
    submissions: tuple[SubmissionResult, ...]  # a row per submission
    layout: str = ""  # the download layout the submissions were recognised in (harness/intake)
    absent: tuple[Student, ...] = ()  # on the roster, with no submission

    def to_json(self) -> dict[str, Any]:
        return to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Report:
        return from_json(data)


def to_json(report: Report) -> dict[str, Any]:
    return {
        "assignment": report.assignment,
        "max_marks": report.max_marks,
        **_unless_default("layout", report.layout),
        **_unless_default("absent", [student_to_json(s) for s in report.absent]),
        "submissions": [submission_to_json(s) for s in report.submissions],
    }


def submission_to_json(result: SubmissionResult) -> dict[str, Any]:
    return {
        "name": result.name,
        "marks": result.marks,
        "max_marks": result.max_marks,
        "status": result.status,
        "note": result.note,
        **_unless_default("graded_again", result.graded_again),
        **_unless_default("budget_spent", result.budget_spent),
        **_unless_default("source_line", _source_line(result.source_line)),
        **_unless_default("student", student_to_json(result.student)),
        **_unless_default("handed", handed_to_json(result.handed)),
        **_unless_default("adjustments", [adjustment_to_json(a) for a in result.adjustments]),
        "items": [_item(item) for item in result.items],
        "flags": [
            {"rule": f.rule, "item": f.item, "line": f.line, "message": f.message}
            for f in result.flags
        ],
        **_unless_default("similar", [_similar(s) for s in result.similar]),
    }


def _similar(similar: Similar) -> dict[str, Any]:
    return {
        "other": similar.other,
        "share": similar.share,
        "other_share": similar.other_share,
        "rule": similar.rule,
    }


def _item(item: ItemResult) -> dict[str, Any]:
    return {
        "name": item.name,
        "marks": item.marks,
        "max_marks": item.max_marks,
        "graded": item.graded,
        "feedback": list(item.feedback),
        **_unless_default("ungraded_reason", item.ungraded_reason),
        **({"helpers": asdict(item.helpers)} if item.helpers else {}),
        "criteria": [_criterion(c) for c in item.criteria],
        "cases": [_case(c) for c in item.cases],
    }


def _criterion(criterion: CriterionResult) -> dict[str, Any]:
    return {
        "name": criterion.name,
        **_unless_default("text", criterion.text),
        "marks": criterion.marks,
        "max_marks": criterion.max_marks,
        "message": criterion.message,
    }


def _source_line(line: SourceLine | None) -> dict[str, Any]:
    if line is None:
        return {}
    return {
        "number": line.number,
        "text": line.text,
        **_unless_default("column", line.column),
        **_unless_default("file", line.file),
    }


def _case(case: CaseResult) -> dict[str, Any]:
    judged = {"id": case.id, "verdict": case.verdict.value, "detail": case.detail}
    return {
        **judged,
        "seconds": case.seconds,
        **_unless_default("accepted", list(case.accepted)),
        **_unless_default("hidden", case.hidden),
        **_unless_default("wall_only", case.wall_only),
        **_unless_default("not_run", case.not_run),
        **_unless_default("group", case.group),
        **_unless_default("constants", list(case.constants)),
        **_unless_default("close", case.close),
        **_unless_default("checks", [_check(c) for c in case.checks]),
        **_unless_default("adapted", [{"kind": a.kind, "text": a.text} for a in case.adapted]),
        **evidence_to_json(case.evidence),
    }


def _check(check: Check) -> dict[str, Any]:
    judged = {"criterion": check.criterion, "passed": check.passed, "message": check.message}
    return {**judged, **_unless_default("constants", list(check.constants))}


def _unless_default(key: str, value: Any) -> dict[str, Any]:
    """`{key: value}`, or nothing when the value is its field's default (false, empty)."""
    return {key: value} if value else {}


def from_json(data: dict[str, Any]) -> Report:
    """The report `to_json` wrote. Raises KeyError, TypeError or ValueError for anything else."""
    submissions = tuple(submission_from_json(s) for s in data["submissions"])
    absent = tuple(student_from_json(s) for s in data.get("absent", []))
    layout = data.get("layout", "")
    if not isinstance(layout, str):
        raise TypeError(f"layout must be text, not {layout!r}")
    return Report(data["assignment"], data["max_marks"], submissions, layout, absent)


def submission_from_json(data: dict[str, Any]) -> SubmissionResult:
    """One submission as `submission_to_json` wrote it; raises like `from_json`."""
    if data["status"] not in get_args(Status):
        raise ValueError(f"unknown status {data['status']!r}")
    return SubmissionResult(
        data["name"],
        data["marks"],
        data["max_marks"],
        data["status"],
        data["note"],
        tuple(_item_from_json(item) for item in data["items"]),
        tuple(Flag(f["rule"], f["item"], f["line"], f["message"]) for f in data["flags"]),
        _flag(data, "graded_again"),
        _flag(data, "budget_spent"),
        student_from_json(data.get("student", {})),
        handed_from_json(data.get("handed", {})),
        tuple(adjustment_from_json(a) for a in data.get("adjustments", [])),
        _source_line_from_json(data.get("source_line")),
        tuple(_similar_from_json(d) for d in data.get("similar", [])),
    )


def _similar_from_json(data: dict[str, Any]) -> Similar:
    rule = data.get("rule", "threshold")  # reports written before outliers were flagged
    if rule not in FLAG_RULES:
        raise ValueError(f"similar: unknown rule {rule!r}")
    return Similar(data["other"], data["share"], data["other_share"], rule)


def _source_line_from_json(data: Any) -> SourceLine | None:
    if data is None:
        return None
    number, text = data["number"], data["text"]
    column, file = data.get("column", 0), data.get("file", "")
    if not isinstance(number, int) or not isinstance(column, int):
        raise TypeError(f"a source line's number and column must be integers, not {data!r}")
    if not isinstance(text, str) or not isinstance(file, str):
        raise TypeError(f"a source line's text and file must be text, not {data!r}")
    return SourceLine(number, text, column, file)


def _item_from_json(data: dict[str, Any]) -> ItemResult:
    return ItemResult(
        data["name"],
        data["marks"],
        data["max_marks"],
        tuple(_case_from_json(c) for c in data["cases"]),
        tuple(data["feedback"]),
        tuple(_criterion_from_json(c) for c in data["criteria"]),
        data["graded"],
        str(data.get("ungraded_reason", "")),
        _helpers_from_json(data.get("helpers")),
    )


def _criterion_from_json(data: dict[str, Any]) -> CriterionResult:
    text = data.get("text", "")
    if not isinstance(text, str):
        raise TypeError(f"a criterion's text must be text, not {text!r}")
    return CriterionResult(data["name"], data["marks"], data["max_marks"], data["message"], text)


def _helpers_from_json(data: Any) -> HelperReadings | None:
    if data is None:
        return None
    if data["marked"] not in get_args(Reading):
        raise ValueError(f"unknown reading {data['marked']!r}")
    return HelperReadings(
        float(data["own"]), float(data["reference"]), data["marked"], str(data["problem"])
    )


def _case_from_json(data: dict[str, Any]) -> CaseResult:
    return CaseResult(
        data["id"],
        Verdict(data["verdict"]),
        data["detail"],
        data["seconds"],
        tuple(str(reading) for reading in data.get("accepted", [])),
        _flag(data, "hidden"),
        tuple(_check_from_json(c) for c in data.get("checks", [])),
        _flag(data, "wall_only"),
        evidence_from_json(data),
        tuple(_adapted(a) for a in data.get("adapted", [])),
        _flag(data, "not_run"),
        _text(data, "group"),
        _texts(data, "constants"),
        _flag(data, "close"),
    )


def _check_from_json(data: dict[str, Any]) -> Check:
    return Check(data["criterion"], data["passed"], data["message"], _texts(data, "constants"))


def _adapted(data: dict[str, Any]) -> Adapted:
    if data["kind"] not in get_args(AdaptationKind):
        raise ValueError(f"unknown adaptation {data['kind']!r}")
    return Adapted(data["kind"], str(data["text"]))


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise TypeError(f"{key} must be text, not {value!r}")
    return value


def _texts(data: dict[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{key} must be a list of texts, not {value!r}")
    return tuple(value)


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise TypeError(f"{key} must be true or false, not {value!r}")
    return value


def write_json(report: Report, path: Path) -> None:
    """Write atomically: a reader never sees half a report."""
    atomic.write_text(path, json.dumps(to_json(report), indent=2) + "\n")
