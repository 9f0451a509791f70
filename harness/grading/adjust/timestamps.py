"""--timestamps FILE: when each student handed in, for downloads that do not say.

CSV with the columns `student` (see keys.py) and `submitted_at` (ISO 8601 with its UTC offset),
at most one row per student. A time given here is the one the late policy reads, over any time
the download gave: the teacher's file corrects the export. The report's `handed` says so
(`source`: the file and line).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from harness.grading.adjust.sheet import Row, read_sheet
from harness.records.moments import parse_moment
from harness.text import one_line

COLUMN = "submitted_at"


@dataclass(frozen=True)
class Stamp:
    row: Row
    at: datetime


def read_timestamps(path: Path) -> tuple[Stamp, ...]:
    return tuple(_stamp(row) for row in read_sheet(path, ["student", COLUMN]))


def _stamp(row: Row) -> Stamp:
    if not row.text(COLUMN):
        raise row.error(COLUMN, "empty: give the time it was handed in")
    try:
        return Stamp(row, parse_moment(row.text(COLUMN)))
    except ValueError as err:
        raise row.error(COLUMN, one_line(str(err))) from None
