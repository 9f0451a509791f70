"""A small class's report, built by hand, for the gradebook exports and `diff`: students with
their LMS identities, one late penalty, one override, one error row, one student on the roster
with no submission."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

from harness.records.adjustments import Adjustment
from harness.records.identity import Handed, Student
from harness.records.results import CaseResult, ItemResult, Report, SubmissionResult
from harness.records.verdicts import Verdict

WRITTEN = datetime(2026, 3, 5, 10, 0, 0, tzinfo=timezone.utc)  # the Moodle file's time
CANVAS_COLUMN = "Assignment 2 (12345)"

JANE = Student("Jane Doe", "123456", "jane@example.edu", "jdoe", "S1001", "Section 1")
RAJ = Student("Raj Kumar", "123457", "raj@example.edu", "rkumar", "S1002", "Section 2")
ANN = Student("Ann Lee", "123458", "ann@example.edu", "alee", "S1003", "Section 1")
ZOE = Student("Zoë Ångström, Jr.", "123460", "zoe@example.edu", "zangstrom", "S1005", "Section 2")
BO = Student("Bo Nguyen", "123459", "bo@example.edu", "bnguyen", "S1004", "Section 2")


def cases(item: str, *verdicts: Verdict) -> tuple[CaseResult, ...]:
    return tuple(CaseResult(f"{item}-{n}", v, "", 0.0) for n, v in enumerate(verdicts, 1))


def item(name: str, marks: float, max_marks: float, *verdicts: Verdict) -> ItemResult:
    return ItemResult(name, marks, max_marks, cases(name, *verdicts))


def graded(name: str, student: Student, *items: ItemResult) -> SubmissionResult:
    marks = sum(i.marks for i in items)
    return SubmissionResult(name, marks, 30.0, "graded", "", items, student=student)


AC, WA, TLE, CE = Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.CE

LATE = Adjustment("late", None, 30.0, 24.0, "2 days late: 20% of 30 taken")
OVERRIDE = Adjustment("override", "solve", 10.0, 18.0, "re-marked by hand: <timing noise> & more")


def jane() -> SubmissionResult:
    """Full marks, two days late."""
    full = graded("doejane", JANE, item("check", 10, 10, AC, AC), item("solve", 20, 20, AC, AC))
    late = Handed("2026-03-04T23:59:59+00:00", True, "file name")
    return replace(full, marks=24.0, adjustments=(LATE,), handed=late)


def raj() -> SubmissionResult:
    """Half marks computed; the teacher raised `solve` from 10 to 18."""
    solve = item("solve", 18, 20, AC, WA)
    return replace(
        graded("kumarraj", RAJ, item("check", 5, 10, AC, WA), solve), adjustments=(OVERRIDE,)
    )


def ann() -> SubmissionResult:
    """A syntax error: an error row, nothing graded."""
    load = (CaseResult("load", CE, "syntax error at line 3", 0.0),)
    items = (ItemResult("check", 0.0, 10.0, load), ItemResult("solve", 0.0, 20.0, load))
    note = "syntax error at line 3: expected ':'"
    return SubmissionResult("leeann", 0.0, 30.0, "error", note, items, student=ANN)


def zoe() -> SubmissionResult:
    """Full marks; a name with a comma and letters beyond ASCII."""
    return graded("zoe", ZOE, item("check", 10, 10, AC, AC), item("solve", 20, 20, AC, AC))


def class_report() -> Report:
    return Report("demo", 30.0, (jane(), raj(), ann(), zoe()), "canvas", (BO,))
