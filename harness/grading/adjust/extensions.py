"""--extensions FILE: per-student extensions of the due date.

CSV with the columns `student` (see keys.py), and `due` (a new due date, ISO 8601 with its UTC
offset) or `hours` (extra hours on the assignment's due date): one of the two on each row, at
most one row per student. An optional `comment` column is for the teacher's own records and is
shown nowhere (a reason for an extension is often private).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from harness.grading.adjust.sheet import Row, read_sheet
from harness.records.moments import parse_moment
from harness.text import one_line


@dataclass(frozen=True)
class Extension:
    row: Row
    due: datetime | None  # a new due date
    hours: float | None  # or so many hours more than the assignment's

    def applied(self, due: datetime) -> datetime:
        """The student's due date, for the assignment's `due`."""
        if self.due is not None:
            return self.due
        return due + timedelta(hours=self.hours or 0)


def read_extensions(path: Path) -> tuple[Extension, ...]:
    return tuple(
        _extension(row) for row in read_sheet(path, ["student"], ["due", "hours", "comment"])
    )


def _extension(row: Row) -> Extension:
    given = [column for column in ("due", "hours") if row.text(column)]
    if len(given) != 1:
        what = "both a new due date and" if given else "neither a new due date nor"
        raise row.error("due", f"{what} extra hours: give one of the two")
    hours = row.number("hours")
    if hours is not None and hours <= 0:
        raise row.error("hours", f"{hours:g} extra hours: give more than 0")
    return Extension(row, _due(row), hours)


def _due(row: Row) -> datetime | None:
    if not row.text("due"):
        return None
    try:
        return parse_moment(row.text("due"))
    except ValueError as err:
        raise row.error("due", one_line(str(err))) from None
