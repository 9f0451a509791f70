"""Canvas's gradebook CSV (Grades > Import): a row per student, one column for the assignment.

The shape is Canvas's own gradebook export, which its importer reads back (canvas-lms:
lib/gradebook_exporter.rb writes it, app/models/gradebook_importer.rb reads it):

    Student,ID,SIS User ID,SIS Login ID,Section,Assignment 2 (12345)
        Points Possible,,,,,120
    Jane Doe,123456,S1234,jdoe,Section 1,95

- The header must start `Student`, `ID`; with `SIS User ID` and `SIS Login ID` after them the
  student columns end at `Section`. Every column after it is an assignment.
- The assignment column is matched by the number in `Title (12345)` (Canvas's own export names
  its columns so; the number is in the assignment's address, /assignments/12345), else by a
  title equal to the whole header; anything else makes a new assignment on import. A header
  containing `Current Score`, `Final Grade` and the like is dropped by the importer, and one
  equal to a student column would read that column: `check_column` refuses both.
- The `Points Possible` row (first cell containing those words) is optional; Canvas's export
  has it, and the importer takes a new assignment's points from it.
- A student is matched by `ID` (the Canvas user id) first, then `SIS User ID`, `SIS Login ID`,
  then the name (`Jane Doe` or `Doe, Jane`: Canvas compares both). Canvas reads `ID` as an
  integer (Ruby's to_i: '2021CS10' would be user 2021), so an lms_id that is not all digits is
  left out of it and the other columns match.
- The grade is the final mark, adjustments included. A student left out of the file keeps
  their Canvas grade; an empty cell would not: the importer counts a blank cell over an
  existing score as a change and posts an empty grade, which removes it
  (ui/features/gradebook_uploads/jquery/process_gradebook_upload.js). So students on the
  roster with no submission (Report.absent) and rows the harness failed on (IE: grade them
  again) are left out, never written as blanks or zeros.

UTF-8 without a byte-order mark (Canvas reads UTF-8; a mark would join the first header), CRLF
line ends, text cells made safe for spreadsheets as in the generic CSV.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from harness import atomic
from harness.errors import BadInput
from harness.records.results import Report, SubmissionResult
from harness.writers.cells import number, safe_text

STUDENT_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
POINTS_POSSIBLE = "    Points Possible"  # as Canvas's export writes it
# The importer drops a column whose header contains one of these (NON_ASSIGNMENT_COLUMN_HEADERS).
NOT_ASSIGNMENTS = (
    "Current Score",
    "Current Points",
    "Current Grade",
    "Final Score",
    "Final Points",
    "Final Grade",
    "Override Score",
    "Override Grade",
    "Override Status",
)
CANVAS_ID = re.compile(r"[0-9]+")


def check_column(column: str) -> str:
    """`column`, if Canvas would read it as an assignment's column; BadInput otherwise."""
    if not column.strip():
        raise BadInput.at("--canvas-column", "the assignment's column needs a name")
    if column in STUDENT_COLUMNS or column.strip() in STUDENT_COLUMNS:
        raise BadInput.at("--canvas-column", f"{column!r} is a student column's name in Canvas")
    dropped = [words for words in NOT_ASSIGNMENTS if words in column]
    if dropped:
        raise BadInput.at(
            "--canvas-column",
            f"Canvas ignores a column whose name contains {dropped[0]!r}: name it otherwise, "
            "or as Canvas's own export does: 'Title (12345)', the number from the "
            "assignment's address",
        )
    return column


def students(report: Report) -> tuple[SubmissionResult, ...]:
    """The rows the file holds: every submission but those the harness failed on."""
    return tuple(s for s in report.submissions if not s.internal_error)


def by_name_only(report: Report) -> tuple[str, ...]:
    """Submissions Canvas can match by name only (no Canvas id, SIS id or login)."""
    return tuple(s.name for s in students(report) if not _matchable(s))


def rows(report: Report, column: str) -> list[list[str]]:
    """The header, the Points Possible row, then a row per student; cells not yet made safe."""
    header = [*STUDENT_COLUMNS, column]
    points = [POINTS_POSSIBLE, "", "", "", "", number(report.max_marks)]
    return [header, points, *(_row(s) for s in students(report))]


def to_csv(report: Report, column: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header, *body = rows(report, check_column(column))
    writer.writerow([safe_text(cell) for cell in header])
    for row in body:  # the last cell is a number of ours (and '-1' is a number)
        writer.writerow([*(safe_text(cell) for cell in row[:-1]), row[-1]])
    return out.getvalue()


def write_csv(report: Report, column: str, path: Path) -> None:
    """Write atomically: a reader never sees half a gradebook."""
    atomic.write_text(path, to_csv(report, column))


def _row(result: SubmissionResult) -> list[str]:
    student = result.student
    return [
        student.name or result.name,
        _canvas_id(student.lms_id),
        student.sis_id,
        student.login,
        student.section,
        number(result.marks),
    ]


def _canvas_id(lms_id: str) -> str:
    return lms_id if CANVAS_ID.fullmatch(lms_id) else ""


def _matchable(result: SubmissionResult) -> bool:
    student = result.student
    return bool(_canvas_id(student.lms_id) or student.sis_id or student.login)
