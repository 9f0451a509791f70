"""The gradebook CSV: one row per submission, ready to import into a spreadsheet or an LMS.

Columns, in this order: `submission`, one per item in the assignment's order (its marks; empty
when the item was not graded for that submission, which also leaves it out of `max`), `total`,
`max` (the submission's own maximum), `percent` (of that maximum, 2 decimals; empty when the
maximum is 0), `grading_status`, `note` (why grading stopped, as in the score table) and `flags`
(rules broken, counted: `import x2, print x1`). Cells are written as harness/writers/cells.py
writes them.

This is Otter's `final_grades.csv` shape. Otter names the columns `file`, `total_points_earned`
and `percent_correct` (a fraction, not a percentage), and its `grading_status` is `Completed` or
the error's text; here `grading_status` keeps the report's closed vocabulary, `graded` or `error`
(and `absent`, below; an LMS filter can match it), and the reason goes in `note`. Otter's first
row, the points per question, is left out: every row is a submission or a student, so an import
never takes it for a student.

Marks print without float noise (`7.5`, `10`, never `10.0000001`). Text cells are made safe for
spreadsheets (a student can name a folder `=HYPERLINK(...)`). The file is UTF-8 without a
byte-order mark, quoted as the csv module quotes, with RFC 4180's CRLF line ends (with LF ones,
the csv module would leave a lone CR in a cell unquoted: a row break to Excel).

Who handed a submission in and what changed its marks after grading add columns only when the
report has them, so a plain class folder's gradebook keeps the shape above:

- identity (harness/records/identity.py), after `submission`: `name`, `lms_id`, `email`,
  `login`, `sis_id`, `section`, each only when some row has it;
- when some row has adjustments (late penalties, overrides), `computed` (the marks the harness
  computed) and `adjustments` (each, in words, in the order applied) before `total`, which,
  like the items' cells, already includes them;
- students on the roster with no submission (Report.absent) come last, a row each with their
  identity, every mark empty and `grading_status` `absent`: the gradebook lists the whole class,
  and an empty cell is not a zero.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path

from harness import atomic
from harness.records.identity import Student
from harness.records.results import ItemResult, Report, SubmissionResult
from harness.writers import summary
from harness.writers.cells import number as number
from harness.writers.cells import safe_text as safe_text

FIRST = "submission"
IDENTITY = tuple(f.name for f in fields(Student))  # name, lms_id, email, login, sis_id, section
ADJUSTED = ("computed", "adjustments")
LAST = ("total", "max", "percent", "grading_status", "note", "flags")
ABSENT = "absent"  # the grading_status of a roster row with no submission
PERCENT_PLACES = 2


@dataclass(frozen=True)
class Shape:
    """The columns a report's gradebook has: identity and adjustment columns only when used."""

    identity: tuple[str, ...]
    items: dict[str, str]  # item name -> its column's name
    adjusted: tuple[str, ...]

    @classmethod
    def of(cls, report: Report) -> Shape:
        students = [*(s.student for s in report.submissions), *report.absent]
        identity = tuple(k for k in IDENTITY if any(getattr(s, k) for s in students))
        adjusted = ADJUSTED if any(s.adjustments for s in report.submissions) else ()
        taken = {FIRST, *identity, *adjusted, *LAST}
        names = dict.fromkeys(item.name for s in report.submissions for item in s.items)
        return cls(identity, {name: _column(name, taken) for name in names}, adjusted)

    @property
    def columns(self) -> list[str]:
        return [FIRST, *self.identity, *self.items.values(), *self.adjusted, *LAST]

    @property
    def text(self) -> set[str]:
        """The columns of text (the others hold numbers)."""
        adjustments = ["adjustments"] if self.adjusted else []
        return {FIRST, *self.identity, *adjustments, "grading_status", "note", "flags"}


def columns(report: Report) -> list[str]:
    """The header: `submission`, identity, the items (in the assignment's order), the
    adjustments, then `LAST`."""
    return Shape.of(report).columns


def rows(report: Report) -> list[dict[str, str]]:
    """One row per submission, then one per absent student, keyed by `columns(report)`; cells
    as they read, not yet made safe for spreadsheets (`to_csv` does that)."""
    shape = Shape.of(report)
    present = [_row(result, shape) for result in report.submissions]
    return [*present, *(_absent(student, shape) for student in report.absent)]


def to_csv(report: Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    shape = Shape.of(report)
    writer.writerow([safe_text(name) for name in shape.columns])
    for row in rows(report):
        writer.writerow(_safe_row(row, shape.text))
    return out.getvalue()


def write_csv(report: Report, path: Path) -> None:
    """Write atomically: a reader never sees half a gradebook."""
    atomic.write_text(path, to_csv(report))


def _column(item: str, taken: set[str]) -> str:
    """An item's column: its name, renamed when a fixed column of this gradebook has it. Items
    come in the order the submissions list them (every submission lists every item of the
    assignment, in the assignment's order)."""
    return f"{item} (item)" if item in taken else item


def _row(result: SubmissionResult, shape: Shape) -> dict[str, str]:
    marks = {shape.items[item.name]: _marks(item) for item in result.items}
    return {
        FIRST: result.name,
        **{key: getattr(result.student, key) for key in shape.identity},
        **{column: marks.get(column, "") for column in shape.items.values()},
        **_adjusted(result, shape),
        "total": number(result.marks),
        "max": number(result.max_marks),
        "percent": _percent(result),
        "grading_status": result.status,
        "note": result.note,
        "flags": _flags(result),
    }


def _marks(item: ItemResult) -> str:
    return number(item.marks) if item.graded else ""


def _percent(result: SubmissionResult) -> str:
    percent = result.percent
    return "" if percent is None else number(percent, PERCENT_PLACES)


def _flags(result: SubmissionResult) -> str:
    counts = Counter(flag.rule for flag in result.flags)
    return ", ".join(f"{rule} x{count}" for rule, count in sorted(counts.items()))


def _adjusted(result: SubmissionResult, shape: Shape) -> dict[str, str]:
    if not shape.adjusted:
        return {}
    return {
        "computed": number(result.computed_marks),
        "adjustments": summary.adjustments(result),
    }


def _absent(student: Student, shape: Shape) -> dict[str, str]:
    row = dict.fromkeys(shape.columns, "")
    identity = {key: getattr(student, key) for key in shape.identity}
    return {**row, **identity, "grading_status": ABSENT, "note": "on the roster, no submission"}


def _safe_row(row: dict[str, str], text: set[str]) -> list[str]:
    """The row's cells; the text ones made safe (the numbers are ours, and '-1' is a number)."""
    return [safe_text(cell) if key in text else cell for key, cell in row.items()]
