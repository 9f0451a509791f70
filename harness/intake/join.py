"""Joining what the intake knows of the students to the graded report: pure, no I/O.

Grading never reads identities; each graded row gets its student and hand-in time here, by the
submission's name (the key of every row), and the report the layout and the roster's absent.
"""

from __future__ import annotations

from dataclasses import replace

from harness.intake.record import Intake
from harness.records.results import Report, SubmissionResult


def joined(report: Report, intake: Intake) -> Report:
    rows = tuple(_row(result, intake) for result in report.submissions)
    return replace(report, submissions=rows, layout=intake.layout.name, absent=intake.absent)


def _row(result: SubmissionResult, intake: Intake) -> SubmissionResult:
    student = intake.students.get(result.name, result.student)
    handed = intake.handed.get(result.name, result.handed)
    return replace(result, student=student, handed=handed)
