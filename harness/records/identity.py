"""Who handed a submission in, and when: what the LMS export (and the teacher's roster) say.

Grading never reads these: a submission is graded by its files alone. They are joined to the
graded rows afterwards (by the submission's name, its key in every report) so that the table,
the JSON, the gradebook exports and the pages can name the student, and a late policy can read
the time.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

MEMBERS = ", "  # one field holding a group's members (as Gradescope's export joins them)
KeyField = Literal["name", "lms_id", "email", "login", "sis_id"]
IDS: tuple[KeyField, ...] = ("lms_id", "email", "login", "sis_id")  # each names one student


def key(value: str) -> str:
    """A name or id as compared: runs of spaces as one, ends trimmed, case folded."""
    return " ".join(value.split()).casefold()


@dataclass(frozen=True)
class Student:
    """A student as an export or a roster names them. Every field may be empty: a plain class
    folder gives no more than the folder's name (the submission's own name)."""

    name: str = ""  # as the LMS shows it: "Jane Doe"
    lms_id: str = ""  # Canvas user id, Moodle participant id, Gradescope submission's sid
    email: str = ""  # e-mail address
    login: str = ""  # SIS login, Moodle username
    sis_id: str = ""  # SIS user id / student number
    section: str = ""  # the section or group in the course

    def merged(self, other: Student) -> Student:
        """This student with `other`'s non-empty fields taking precedence (a roster corrects)."""
        return Student(
            **{f.name: getattr(other, f.name) or getattr(self, f.name) for f in fields(self)}
        )

    def keys(self, field: KeyField) -> tuple[str, ...]:
        """`field` as compared, one key per group member (empty ones left out)."""
        return tuple(k for part in getattr(self, field).split(MEMBERS) if (k := key(part)))

    @property
    def group(self) -> bool:
        """Handed in by several students, whose fields the export joined."""
        return MEMBERS in self.lms_id or MEMBERS in self.email

    @property
    def empty(self) -> bool:
        return not any(getattr(self, f.name) for f in fields(self))


@dataclass(frozen=True)
class Handed:
    """When and how a submission was handed in, as far as the export says."""

    at: str = ""  # ISO 8601 with its UTC offset ("2026-03-02T23:59:59+00:00"); empty: unknown
    late_marked: bool = False  # the LMS itself marked it late (Canvas's LATE in the file name)
    source: str = ""  # where `at` came from: "submission_metadata.yml", "file time", ...


def student_to_json(student: Student) -> dict[str, str]:
    return {f.name: getattr(student, f.name) for f in fields(student) if getattr(student, f.name)}


def student_from_json(data: Any) -> Student:
    """The student `student_to_json` wrote; raises TypeError or KeyError for anything else."""
    if not isinstance(data, dict):
        raise TypeError(f"a student must be an object, not {data!r}")
    known = {f.name for f in fields(Student)}
    unknown = set(data) - known
    if unknown:
        raise KeyError(f"unknown student field(s) {sorted(unknown)}")
    return Student(**{key: _text(key, value) for key, value in data.items()})


def handed_to_json(handed: Handed) -> dict[str, Any]:
    return {f.name: getattr(handed, f.name) for f in fields(handed) if getattr(handed, f.name)}


def handed_from_json(data: Any) -> Handed:
    if not isinstance(data, dict):
        raise TypeError(f"handed must be an object, not {data!r}")
    late = data.get("late_marked", False)
    if not isinstance(late, bool):
        raise TypeError(f"late_marked must be true or false, not {late!r}")
    return Handed(_text("at", data.get("at", "")), late, _text("source", data.get("source", "")))


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{key} must be text, not {value!r}")
    return value
