"""The gradebook CSV: one row per submission, ready to import into a spreadsheet or an LMS.

Columns, in this order: `submission`, one per item in the assignment's order (its marks; empty
when the item was not graded for that submission, which also leaves it out of `max`), `total`,
`max` (the submission's own maximum), `percent` (of that maximum, 2 decimals; empty when the
maximum is 0), `grading_status`, `note` (why grading stopped, as in the score table) and `flags`
(rules broken, counted: `import x2, print x1`).

This is Otter's `final_grades.csv` shape. Otter names the columns `file`, `total_points_earned`
and `percent_correct` (a fraction, not a percentage), and its `grading_status` is `Completed` or
the error's text; here `grading_status` keeps the report's closed vocabulary, `graded` or `error`
(an LMS filter can match it), and the reason goes in `note`. Otter's first row, the points per
question, is left out: every row is a submission, so an import never takes it for a student.

Marks print without float noise (`7.5`, `10`, never `10.0000001`). Text cells are made safe for
spreadsheets: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'` in
front (OWASP's advice against CSV injection: a student can name a folder `=HYPERLINK(...)`), and
control characters and lone surrogates (undecodable file names) become U+FFFD. The file is UTF-8
without a byte-order mark, quoted as the csv module quotes, with RFC 4180's CRLF line ends (with
LF ones, the csv module would leave a lone CR in a cell unquoted: a row break to Excel).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from pathlib import Path

from harness import atomic
from harness.records.results import PLACES, ItemResult, Report, SubmissionResult

FIRST = "submission"
LAST = ("total", "max", "percent", "grading_status", "note", "flags")
PERCENT_PLACES = 2
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def columns(report: Report) -> list[str]:
    """The header: `submission`, the items (in the assignment's order), then `LAST`."""
    return [FIRST, *_item_columns(report), *LAST]


def rows(report: Report) -> list[dict[str, str]]:
    """One row per submission, keyed by `columns(report)`; cells as they read, not yet made safe
    for spreadsheets (`to_csv` does that)."""
    items = _item_columns(report)
    return [_row(result, items) for result in report.submissions]


def to_csv(report: Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_text(name) for name in columns(report)])
    for row in rows(report):
        writer.writerow(_safe_row(row))
    return out.getvalue()


def write_csv(report: Report, path: Path) -> None:
    """Write atomically: a reader never sees half a gradebook."""
    atomic.write_text(path, to_csv(report))


def number(value: float, places: int = PLACES) -> str:
    """`value` rounded to `places` decimals, without trailing zeros: '7.5', '10', '0'."""
    text = f"{round(value, places) + 0.0:.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def safe_text(text: str) -> str:
    """`text` as a spreadsheet shows it and never runs it (see the module's docstring)."""
    text = UNPRINTABLE.sub("\N{REPLACEMENT CHARACTER}", text)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _item_columns(report: Report) -> list[str]:
    """Item names in the order the submissions list them (every submission lists every item of
    the assignment, in the assignment's order); an item named like a fixed column is renamed."""
    names = dict.fromkeys(item.name for s in report.submissions for item in s.items)
    return [_column(name) for name in names]


def _column(item: str) -> str:
    return f"{item} (item)" if item in (FIRST, *LAST) else item


def _row(result: SubmissionResult, items: list[str]) -> dict[str, str]:
    marks = {_column(item.name): _marks(item) for item in result.items}
    return {
        FIRST: result.name,
        **{column: marks.get(column, "") for column in items},
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


def _safe_row(row: dict[str, str]) -> list[str]:
    """The row's cells; the text ones made safe (the numbers are ours, and '-1' is a number)."""
    text = {FIRST, "grading_status", "note", "flags"}
    return [safe_text(cell) if key in text else cell for key, cell in row.items()]
