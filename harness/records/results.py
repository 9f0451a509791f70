"""The judged records every report format reads, and the stable JSON schema.

`from_json` reads the schema back (the grading journal, harness/grading/journal.py, keeps one
submission per line). The JSON holds everything a report shows; a case's grading-time fields
(`accepted`, `hidden`, `checks`) are already folded into its item's feedback and criteria and are
not in it, so they come back as their defaults. A failed case's evidence
(harness/records/evidence.py: "grids", one string per row, and "output") is there only when the
case has some.

An item with "graded": false (an optional part the submission lacks, or one this machine cannot
run) counts in neither the submission's marks nor its max_marks; its feedback says why.

{"assignment": str, "max_marks": num, "submissions": [
  {"name": str, "marks": num, "max_marks": num, "status": "graded" | "error", "note": str,
   "items": [{"name": str, "marks": num, "max_marks": num, "graded": bool, "feedback": [str],
              "criteria": [{"name": str, "marks": num, "max_marks": num, "message": str}],
              "cases": [{"id": str, "verdict": "AC|WA|TLE|MLE|OLE|RE|CE|IE",
                         "detail": str, "seconds": num,
                         "grids"?: {"puzzle": [str], "expected": [str], "received": [str]},
                         "output"?: str}]}],
   "flags": [{"rule": str, "item": str | null, "line": int | null, "message": str}]}]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from harness import atomic
from harness.records.evidence import Evidence, evidence_from_json, evidence_to_json
from harness.records.probes import Check
from harness.records.verdicts import Verdict

Status = Literal["graded", "error"]
RuleName = Literal["import", "print", "dict"]  # the source rules a flag can name
PLACES = 2  # marks are rounded to this many decimals


@dataclass(frozen=True)
class CaseResult:
    id: str
    verdict: Verdict
    detail: str
    seconds: float
    accepted: str = ""  # the reading an accepted answer was accepted under
    hidden: bool = False
    checks: tuple[Check, ...] = ()  # rubric criteria judged on this case
    # Stopped on the wall clock with CPU time to spare: the machine may have been busy, so the
    # submission is graded once more, alone, before this is final (never written to reports).
    wall_only: bool = False
    evidence: Evidence | None = None  # grids and output of a failed case whose details are shown


@dataclass(frozen=True)
class Flag:
    rule: RuleName
    item: str | None
    line: int | None
    message: str


@dataclass(frozen=True)
class CriterionResult:
    """One rubric row: what it earned and, when marks were lost, why."""

    name: str
    marks: float
    max_marks: float
    message: str = ""


@dataclass(frozen=True)
class ItemResult:
    name: str
    marks: float
    max_marks: float
    cases: tuple[CaseResult, ...]
    feedback: tuple[str, ...] = ()
    criteria: tuple[CriterionResult, ...] = ()
    graded: bool = True  # False: left out of the submission's marks and maximum (feedback: why)


@dataclass(frozen=True)
class SubmissionResult:
    name: str
    marks: float
    max_marks: float
    status: Status
    note: str
    items: tuple[ItemResult, ...]
    flags: tuple[Flag, ...] = ()

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
    assignment: str
    max_marks: float
    submissions: tuple[SubmissionResult, ...]


def to_json(report: Report) -> dict[str, Any]:
    return {
        "assignment": report.assignment,
        "max_marks": report.max_marks,
        "submissions": [submission_to_json(s) for s in report.submissions],
    }


def submission_to_json(result: SubmissionResult) -> dict[str, Any]:
    return {
        "name": result.name,
        "marks": result.marks,
        "max_marks": result.max_marks,
        "status": result.status,
        "note": result.note,
        "items": [_item(item) for item in result.items],
        "flags": [
            {"rule": f.rule, "item": f.item, "line": f.line, "message": f.message}
            for f in result.flags
        ],
    }


def _item(item: ItemResult) -> dict[str, Any]:
    return {
        "name": item.name,
        "marks": item.marks,
        "max_marks": item.max_marks,
        "graded": item.graded,
        "feedback": list(item.feedback),
        "criteria": [
            {"name": c.name, "marks": c.marks, "max_marks": c.max_marks, "message": c.message}
            for c in item.criteria
        ],
        "cases": [_case(c) for c in item.cases],
    }


def _case(case: CaseResult) -> dict[str, Any]:
    judged = {"id": case.id, "verdict": case.verdict.value, "detail": case.detail}
    return {**judged, "seconds": case.seconds, **evidence_to_json(case.evidence)}


def from_json(data: dict[str, Any]) -> Report:
    """The report `to_json` wrote. Raises KeyError, TypeError or ValueError for anything else."""
    submissions = tuple(submission_from_json(s) for s in data["submissions"])
    return Report(data["assignment"], data["max_marks"], submissions)


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
    )


def _item_from_json(data: dict[str, Any]) -> ItemResult:
    return ItemResult(
        data["name"],
        data["marks"],
        data["max_marks"],
        tuple(_case_from_json(c) for c in data["cases"]),
        tuple(data["feedback"]),
        tuple(
            CriterionResult(c["name"], c["marks"], c["max_marks"], c["message"])
            for c in data["criteria"]
        ),
        data["graded"],
    )


def _case_from_json(data: dict[str, Any]) -> CaseResult:
    verdict = Verdict(data["verdict"])
    evidence = evidence_from_json(data)
    return CaseResult(data["id"], verdict, data["detail"], data["seconds"], evidence=evidence)


def write_json(report: Report, path: Path) -> None:
    """Write atomically: a reader never sees half a report."""
    atomic.write_text(path, json.dumps(to_json(report), indent=2) + "\n")
