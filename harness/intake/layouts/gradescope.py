"""Gradescope's export of an assignment's submissions ("Export Submissions"), zipped or not.

The export (inside `assignment_<id>_export/` in the zip) holds a folder per submission,
`submission_<id>/`, with the files handed in, and `submission_metadata.yml`, written by
Gradescope's Ruby code with symbol keys:

    submission_123456789:
      :submitters:
      - :name: Jane Doe
        :sid: '2021001'
        :email: jane@example.edu
      :created_at: 2026-03-02 23:59:59.123456000 -08:00
      :score: 42.0

Recognised by `submission_metadata.yml`, or by every visible entry being a `submission_<id>`
folder. Each folder is a submission under its own name. Student: the submitters' name, sid
(`lms_id`) and e-mail (a group's joined with ", "). `Handed.at`: `:created_at:` (source
"submission_metadata.yml"). The YAML is read with the safe loader, any Ruby tag as the plain
value under it; a folder the metadata does not describe, or describes in another shape, is
still graded, with no identity.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from harness.intake.layouts.base import Found, Workspace
from harness.intake.tree import visible
from harness.records.identity import MEMBERS, Handed, Student
from harness.submissions import Submission
from harness.yamlfile import ForeignTagsLoader, read_yaml

METADATA = "submission_metadata.yml"
FOLDER = re.compile(r"submission_\d+")


class Gradescope:
    name = "gradescope"
    description = "Gradescope export"

    def recognises(self, folder: Path, work: Workspace) -> bool:
        if not folder.is_dir():
            return False
        if (folder / METADATA).is_file():
            return True
        entries = visible(folder)
        return bool(entries) and all(FOLDER.fullmatch(p.name) and p.is_dir() for p in entries)

    def read(self, folder: Path, work: Workspace) -> Found:
        metadata = _metadata(folder / METADATA)
        folders = [p for p in visible(folder) if FOLDER.fullmatch(p.name) and p.is_dir()]
        described = {p.name: _described(metadata.get(p.name)) for p in folders}
        return Found(
            tuple(Submission(p.name, p) for p in folders),
            {name: student for name, (student, _) in described.items() if not student.empty},
            {name: handed for name, (_, handed) in described.items() if handed.at},
        )


def _metadata(path: Path) -> Mapping[str, Any]:
    if not path.is_file():
        return {}
    data = read_yaml(path, ForeignTagsLoader)
    return data if isinstance(data, dict) else {}


def _described(entry: Any) -> tuple[Student, Handed]:
    if not isinstance(entry, dict):
        return Student(), Handed()
    submitters = _field(entry, "submitters")
    people = [p for p in submitters if isinstance(p, dict)] if isinstance(submitters, list) else []
    student = Student(
        name=_joined(people, "name"), lms_id=_joined(people, "sid"), email=_joined(people, "email")
    )
    at = _iso(_field(entry, "created_at"))
    return student, Handed(at, source=METADATA) if at else Handed()


def _field(mapping: dict[Any, Any], key: str) -> Any:
    """A Ruby symbol key (`:name:` in the file, ":name" once read), or a plain one."""
    return mapping.get(f":{key}", mapping.get(key))


def _joined(people: list[dict[Any, Any]], key: str) -> str:
    values = (_field(person, key) for person in people)
    return MEMBERS.join(str(v).strip() for v in values if v is not None and str(v).strip())


def _iso(value: Any) -> str:
    """A time as ISO 8601 with its offset (UTC when it has none); "" when it is not one."""
    if isinstance(value, str):
        value = _parsed(value)
    if not isinstance(value, datetime):
        return ""  # a date alone, or nothing
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return str(value.isoformat(timespec="seconds"))


def _parsed(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text.strip())
    except ValueError:
        return None
