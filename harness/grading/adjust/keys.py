"""Which submission a row of the teacher's files names, by its `student` column.

A key is any one of: the submission's name (its folder, the report's row), or its student's LMS
id, e-mail, login or SIS id, compared without surrounding spaces and without regard to case. The
student's display name is not a key (two students may share one). A key no submission has is an
error naming the file, line and key; so is a key two submissions share. A key that names only a
student on the roster who handed nothing in (Report.absent) is known and skipped: an extension
for someone who never submitted is no mistake.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from harness.grading.adjust.sheet import Row
from harness.records.identity import Student
from harness.records.results import Report, SubmissionResult
from harness.text import one_line

COLUMN = "student"
KINDS = "a submission's name, or a student's LMS id, e-mail, login or SIS id"


def fold(key: str) -> str:
    return key.strip().casefold()


def student_keys(student: Student) -> tuple[str, ...]:
    """The keys a student answers to (all but the display name), folded."""
    keys = (student.lms_id, student.email, student.login, student.sis_id)
    return tuple(fold(key) for key in keys if key.strip())


@dataclass(frozen=True)
class Students:
    """The report's submissions by every key that names them."""

    named: Mapping[str, tuple[str, ...]]  # folded key -> the names of the submissions it names
    absent: frozenset[str]  # folded keys of roster students with no submission

    @classmethod
    def of(cls, report: Report) -> Students:
        named: dict[str, list[str]] = defaultdict(list)
        for result in report.submissions:
            for key in dict.fromkeys(_keys(result)):
                named[key].append(result.name)
        absent = frozenset(key for student in report.absent for key in student_keys(student))
        return cls({key: tuple(names) for key, names in named.items()}, absent)

    def find(self, row: Row) -> str | None:
        """The name of the submission the row's student names; None for a student on the
        roster who handed nothing in; BadInput for a key none or several submissions have."""
        key = row.text(COLUMN)
        if not key:
            raise row.error(COLUMN, "empty: name the student (" + KINDS + ")")
        names = self.named.get(fold(key), ())
        if len(names) == 1:
            return names[0]
        if names:
            listed = ", ".join(repr(one_line(name)) for name in names[:5])
            raise row.error(COLUMN, f"{one_line(key)!r} names {len(names)} submissions ({listed})")
        if fold(key) in self.absent:
            return None
        raise row.error(COLUMN, f"{one_line(key)!r} names no submission (expected {KINDS})")


def _keys(result: SubmissionResult) -> Iterable[str]:
    return (fold(result.name), *student_keys(result.student))


class Keyed(Protocol):
    """A parsed row of a teacher's file, keeping the row it came from."""

    @property
    def row(self) -> Row: ...


K = TypeVar("K", bound=Keyed)


def by_submission(entries: Iterable[K], students: Students, what: str) -> dict[str, K]:
    """The entries by the name of the submission each names (those naming an absent student
    left out); BadInput for a second entry for one submission, whichever keys the two use."""
    found: dict[str, K] = {}
    for entry in entries:
        name = students.find(entry.row)
        if name is None:
            continue
        if name in found:
            first = found[name].row.where.rsplit(":", 1)[-1]
            message = f"{one_line(name)!r} has {what} on line {first} already"
            raise entry.row.error(COLUMN, message)
        found[name] = entry
    return found
