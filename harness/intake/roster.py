"""A roster: the class as the teacher has it, a CSV file (`grade --roster FILE`).

The first line names the columns. These are read, matched regardless of case, spaces, `_` and
`-`; any other column is ignored:

| field        | columns                                                                   |
|--------------|---------------------------------------------------------------------------|
| `name`       | name, student, full name, student name                                    |
| `lms_id`     | id, lms id, user id, participant id, sid, identifier ("Participant 12": 12) |
| `email`      | email, e-mail, email address                                              |
| `login`      | login, login id, sis login id, username                                   |
| `sis_id`     | sis id, sis user id, student id, student number, id number                |
| `section`    | section                                                                   |
| `submission` | submission, folder: the submission's name, when nothing else matches it   |

Commas separate the fields (semicolons or tabs when the first line has no comma but those).
Canvas's gradebook export (Student, ID, SIS User ID, SIS Login ID, Section), Moodle's grading
worksheet (Identifier, Full name, Email address) and Gradescope's roster (Full Name, Email, SID)
read as rosters as they are; Canvas's "Points Possible" row is skipped.

Each row is matched to a submission by the first of: its submission column; its lms_id; its
e-mail; its login (the student's, or the submission's own name: a folder named by login); its
sis_id; its name, when one submission alone has it. The roster's non-empty fields win over the
download's (a group's submission keeps its own). A row matching no submission is a student who
handed nothing in (`Intake.absent`). A bad row is a one-line error naming the file, the line and
the field: nothing to match it by, an e-mail without `@`, an id, e-mail or login on two rows,
two rows for one student's submission.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path

from harness.errors import BadInput
from harness.intake.record import Intake
from harness.records.identity import IDS, KeyField, Student, key
from harness.textfile import read_text

COLUMNS: Mapping[str, str] = {
    **dict.fromkeys(["name", "student", "full name", "student name"], "name"),
    **dict.fromkeys(["id", "lms id", "user id", "participant id", "sid", "identifier"], "lms_id"),
    **dict.fromkeys(["email", "e mail", "email address"], "email"),
    **dict.fromkeys(["login", "login id", "sis login id", "username", "user name"], "login"),
    **dict.fromkeys(
        ["sis id", "sis user id", "student id", "student number", "id number"], "sis_id"
    ),
    "section": "section",
    **dict.fromkeys(["submission", "folder"], "submission"),
}
IDENTIFYING = ("name", "lms_id", "email", "login", "sis_id", "submission")
UNIQUE = ("lms_id", "email", "login")
POINTS_POSSIBLE = "points possible"  # Canvas's second row: the assignments' maximum marks
_PARTICIPANT = re.compile(r"participant\s*(\d+)", re.IGNORECASE)  # Moodle's "Identifier"


@dataclass(frozen=True)
class Row:
    line: int
    student: Student
    submission: str = ""  # the submission's name, when the roster gives it


@dataclass(frozen=True)
class Roster:
    path: Path
    rows: tuple[Row, ...]


def read_roster(path: Path) -> Roster:
    """The roster at `path`; BadInput naming the file, line and field for anything wrong."""
    lines = _records(path, read_text(path, bom=True))
    _, header = next(lines, (1, []))
    columns = _columns(path, header)
    rows = tuple(row for n, values in lines if (row := _row(path, n, columns, values)))
    _unique(path, rows)
    return Roster(path, rows)


def _records(path: Path, text: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, fields) for each record; csv's own errors name their line."""
    first = text.split("\n", 1)[0]
    delimiter = next((d for d in ",;\t" if d in first), ",")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    start = 1
    try:
        for values in reader:
            yield start, values
            start = reader.line_num + 1
    except csv.Error as err:
        raise BadInput.at(f"{path}:{reader.line_num}", f"malformed CSV: {err}") from None


def _columns(path: Path, header: Sequence[str]) -> dict[int, str]:
    """Column index -> Student field (or "submission"), for the columns the roster reads."""
    columns: dict[int, str] = {}
    for index, title in enumerate(header):
        field = COLUMNS.get(" ".join(re.split(r"[\s_-]+", title.strip().lower())).strip())
        if field is None:
            continue
        if field in columns.values():
            first = header[next(i for i, f in columns.items() if f == field)]
            problem = f"columns {first!r} and {title!r} both give the {field}"
            raise BadInput.at(f"{path}:1", f"{problem}: keep one")
        columns[index] = field
    if not set(columns.values()) & set(IDENTIFYING):
        wanted = ", ".join(IDENTIFYING)
        raise BadInput.at(f"{path}:1", f"no column to match students by (one of: {wanted})")
    return columns


def _row(path: Path, line: int, columns: Mapping[int, str], values: Sequence[str]) -> Row | None:
    """The row's student; None for a blank row or Canvas's "Points Possible"."""
    given = {field: values[i].strip() for i, field in columns.items() if i < len(values)}
    if not any(values) or _points_possible(given):
        return None
    where = f"{path}:{line}"
    if not any(given.get(field) for field in IDENTIFYING):
        raise BadInput.at(where, "no name, id, e-mail, login, sis_id or submission to match by")
    if given.get("email") and "@" not in given["email"]:
        raise BadInput.at(where, f"email: {given['email']!r} is not an e-mail address")
    participant = _PARTICIPANT.fullmatch(given.get("lms_id", ""))
    if participant:
        given["lms_id"] = participant[1]
    known = {f.name for f in fields(Student)}
    student = Student(**{k: v for k, v in given.items() if k in known})
    return Row(line, student, given.get("submission", ""))


def _points_possible(given: Mapping[str, str]) -> bool:
    return given.get("name", "").lower() == POINTS_POSSIBLE and not given.get("lms_id")


def _unique(path: Path, rows: Sequence[Row]) -> None:
    for field in UNIQUE:
        seen: dict[str, int] = {}
        for row in rows:
            value = getattr(row.student, field).lower()
            if value and value in seen:
                problem = f"{field}: {getattr(row.student, field)!r} is also on line {seen[value]}"
                raise BadInput.at(f"{path}:{row.line}", problem)
            seen.setdefault(value, row.line)


def with_roster(intake: Intake, roster: Roster) -> Intake:
    """The intake with the roster's identities joined in, its unmatched rows absent."""
    index = _Index(intake)
    students = dict(intake.students)
    claimed: dict[str, int] = {}
    absent = []
    for row in roster.rows:
        name = index.match(row)
        if name is None:
            absent.append(row.student)
            continue
        group = students.get(name, Student()).group
        if name in claimed and not group:
            problem = f"matches the submission {name!r}, as line {claimed[name]} does"
            raise BadInput.at(f"{roster.path}:{row.line}", f"{problem}: one row per student")
        claimed.setdefault(name, row.line)
        if not group:
            students[name] = students.get(name, Student()).merged(row.student)
    unlisted = tuple(s.name for s in intake.submissions if s.name not in claimed)
    return replace(
        intake,
        students=students,
        absent=tuple(absent),
        rostered=len(roster.rows),
        unlisted=unlisted,
    )


class _Index:
    """The submissions by every key a roster row may name them by."""

    def __init__(self, intake: Intake) -> None:
        self.names = {s.name for s in intake.submissions}
        people = [(s.name, intake.students.get(s.name, Student())) for s in intake.submissions]
        self.by: dict[str, dict[str, str]] = {field: _keyed(people, field) for field in IDS}
        self.by["login"] = {**{key(n): n for n in self.names}, **self.by["login"]}
        names = _keyed(people, "name")
        self.by["name"] = {k: v for k, v in names.items() if _count(people, k) == 1}

    def match(self, row: Row) -> str | None:
        if row.submission in self.names:
            return row.submission
        for field in (*IDS, "name"):
            value = key(getattr(row.student, field))
            if value and value in self.by[field]:
                return self.by[field][value]
        return None


def _keyed(people: Sequence[tuple[str, Student]], field: KeyField) -> dict[str, str]:
    """Each of a student's values for `field` (a group's, split) -> the submission's name."""
    return {part: name for name, student in people for part in student.keys(field)}


def _count(people: Sequence[tuple[str, Student]], name: str) -> int:
    """How many submissions have a student (or group member) of that name."""
    return sum(name in student.keys("name") for _, student in people)
