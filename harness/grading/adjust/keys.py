"""Which submission a row of the teacher's files names, by its `student` column.

A key is any one of: the submission's name (its folder, the report's row), or its student's LMS
id, e-mail, login or SIS id (for a group, any member's), compared as the roster compares them
(`identity.key`: spaces and case aside). The student's display name is not a key (two students
may share one). A key no submission has is an error naming the file, line and key; so is a key
two submissions share. A key that names only a student on the roster who handed nothing in
(Report.absent) is known and skipped: an extension for someone who never submitted is no
mistake.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from harness.grading.adjust.sheet import Row
from harness.records.identity import IDS, Student, key
from harness.records.results import Report, SubmissionResult
from harness.text import one_line

COLUMN = "student"
KINDS = "a submission's name, or a student's LMS id, e-mail, login or SIS id"


def student_keys(student: Student) -> tuple[str, ...]:
    """The keys a student (or each member of a group) answers to: all but the display name."""
    return tuple(k for field in IDS for k in student.keys(field))


@dataclass(frozen=True)
class Students:
    """The report's submissions by every key that names them."""

    named: Mapping[str, tuple[str, ...]]  # folded key -> the names of the submissions it names
    absent: frozenset[str]  # folded keys of roster students with no submission

    @classmethod
    def of(cls, report: Report) -> Students:
        named: dict[str, list[str]] = defaultdict(list)
        for result in report.submissions:
            for folded in dict.fromkeys(_keys(result)):
                named[folded].append(result.name)
        absent = frozenset(k for student in report.absent for k in student_keys(student))
        return cls({folded: tuple(names) for folded, names in named.items()}, absent)

    def find(self, row: Row) -> str | None:
        """The name of the submission the row's student names; None for a student on the
        roster who handed nothing in; BadInput for a key none or several submissions have."""
        given = row.text(COLUMN)
        if not given:
            raise row.error(COLUMN, "empty: name the student (" + KINDS + ")")
        folded = key(given)
        names = self.named.get(folded, ())
        if len(names) == 1:
            return names[0]
        if names:
            listed = ", ".join(repr(one_line(name)) for name in names[:5])
            message = f"{one_line(given)!r} names {len(names)} submissions ({listed})"
            raise row.error(COLUMN, message)
        if folded in self.absent:
            return None
        raise row.error(COLUMN, f"{one_line(given)!r} names no submission (expected {KINDS})")


def _keys(result: SubmissionResult) -> Iterable[str]:
    return (key(result.name), *student_keys(result.student))


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
