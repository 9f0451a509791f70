"""Moodle's grading worksheet (Assignment > Submissions > Upload grading worksheet).

The columns of the worksheet Moodle itself offers for download (mod/assign/gradingtable.php,
with the strings of mod/assign/lang/en/assign.php), for an assignment with point grades,
e-mail shown as the identity field, and feedback comments on:

    Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,
    Last modified (submission),Last modified (grade),Feedback comments

Moodle's importer (mod/assign/feedback/offline/importgradeslib.php and locallib.php) finds its
columns by name and needs three: `Identifier`, `Grade` and `Last modified (grade)`; it reads
`Feedback comments` when the comments plugin is on, and ignores the rest.

- `Identifier` is `Participant N`, N the participant id Moodle gives the student in this
  assignment: the number in the folder names of its "Download all submissions" zip (the
  Student's lms_id). A row whose lms_id is not all digits cannot be matched and is left out
  (`without_participant`); Moodle would skip it, or worse look up the number's prefix.
- `Grade` is the final mark, adjustments included, with a point as the decimal mark. Moodle
  skips a grade over the assignment's maximum: set the assignment's maximum grade to the
  harness's (`Maximum Grade`, which the importer does not read).
- `Last modified (grade)` is when this file was written (ISO 8601 with its offset). Moodle skips
  a row whose grade was changed in Moodle more than a minute after it, unless the teacher ticks
  "Allow updating records that have been modified more recently in Moodle than in the
  spreadsheet": a mark typed into Moodle after the export is never overwritten by accident.
- `Feedback comments` is stored as HTML (FORMAT_HTML): the plain summary of harness/writers/
  summary.py, each line HTML-escaped, joined by `<br>`.
- An empty grade is skipped (the grade is left as it is), but the feedback of that row would
  still be written over Moodle's, so students on the roster with no submission
  (Report.absent) and rows the harness failed on (IE) are left out: a student not in the file
  keeps their grade and feedback.

UTF-8 (Moodle's upload form reads UTF-8 by default and strips a byte-order mark), CRLF line
ends (Moodle reads CRLF and LF alike), text cells made safe for spreadsheets.
"""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import datetime
from pathlib import Path

from harness import atomic
from harness.records.results import Report, SubmissionResult
from harness.writers import summary
from harness.writers.cells import number, safe_text

HEADER = (
    "Identifier",
    "Full name",
    "Email address",
    "Status",
    "Grade",
    "Maximum Grade",
    "Grade can be changed",
    "Last modified (submission)",
    "Last modified (grade)",
    "Feedback comments",
)
PARTICIPANT = "Participant "  # Moodle's hiddenuser string, before the participant id
PARTICIPANT_ID = re.compile(r"[0-9]+")
GRADE = HEADER.index("Grade")


def students(report: Report) -> tuple[SubmissionResult, ...]:
    """The rows the file holds: graded by the harness, with a Moodle participant id."""
    return tuple(s for s in report.submissions if not s.internal_error and _participant(s))


def without_participant(report: Report) -> tuple[str, ...]:
    """Submissions graded but left out for want of a participant id (all digits)."""
    return tuple(s.name for s in report.submissions if not (s.internal_error or _participant(s)))


def rows(report: Report, written: datetime) -> list[list[str]]:
    """The header, then a row per student; cells not yet made safe. `written` is the time that
    goes into `Last modified (grade)`."""
    at = written.isoformat(timespec="seconds")
    return [list(HEADER), *(_row(s, report.max_marks, at) for s in students(report))]


def to_csv(report: Report, written: datetime) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows(report, written):
        writer.writerow(safe_text(cell) if i != GRADE else cell for i, cell in enumerate(row))
    return out.getvalue()


def write_csv(report: Report, written: datetime, path: Path) -> None:
    """Write atomically: a reader never sees half a worksheet."""
    atomic.write_text(path, to_csv(report, written))


def feedback(result: SubmissionResult) -> str:
    """The summary as Moodle's HTML feedback: each line escaped, joined by <br>."""
    return "<br>".join(html.escape(line, quote=True) for line in summary.lines(result))


def _row(result: SubmissionResult, max_marks: float, at: str) -> list[str]:
    return [
        PARTICIPANT + _participant(result),
        result.student.name or result.name,
        result.student.email,
        result.status,
        number(result.marks),
        number(max_marks),
        "Yes",
        result.handed.at,
        at,
        feedback(result),
    ]


def _participant(result: SubmissionResult) -> str:
    lms_id = result.student.lms_id
    return lms_id if PARTICIPANT_ID.fullmatch(lms_id) else ""
