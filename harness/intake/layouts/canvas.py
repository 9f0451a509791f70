"""Canvas's bulk download (an assignment's "Download Submissions"), zipped or not.

Canvas puts every file of every student's latest submission flat in one folder, each named

    lastfirst_<user id>_<submission id>_<original name>     doejane_123456_7891011_a2.py
    lastfirst_LATE_<user id>_<submission id>_<original name>   when Canvas marked it late

where `lastfirst` is the student's sortable name squeezed into lower case ("Doe, Jane" →
`doejane`). An online-text entry has no file of its own and may lack the submission id
(`doejane_123456_text.html`). When a student uploads a file under a name already in their
submission, Canvas adds `-1`, `-2`, … before its extension (`a2-1.py`).

Recognised when every visible entry at the top is named so. The files are grouped per user id
into ONE submission each, a working folder named `doejane_123456` holding them under their
original names: `a2-1.py` becomes `a2.py` again unless the student's files already hold an
`a2.py` (a student's zip, extracted when the download was opened, is a folder under its own
original name). Student: `lastfirst` as the name (a roster gives the real one) and the user id
(`lms_id`: the gradebook's `ID`). `Handed.late_marked` when any of its files says `LATE`;
Canvas gives no time.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from harness.intake.layouts.base import Found, Workspace
from harness.intake.tree import copy_into, visible
from harness.records.identity import Handed, Student
from harness.submissions import Submission

ENTRY = re.compile(
    r"(?P<name>[^_]+)(?P<late>_LATE)?_(?P<user>\d+)(?:_(?P<submission>\d+))?_(?P<file>.+)"
)
RESUBMITTED = re.compile(r"(?P<stem>.+)-\d+")  # Canvas's suffix on a re-uploaded name


@dataclass(frozen=True)
class _File:
    entry: Path
    name: str  # lastfirst
    late: bool
    original: str  # the name the student gave it, as Canvas keeps it


class Canvas:
    name = "canvas"
    description = "Canvas bulk download"

    def recognises(self, folder: Path, work: Workspace) -> bool:
        entries = visible(folder) if folder.is_dir() else []
        return bool(entries) and all(ENTRY.fullmatch(p.name) for p in entries)

    def read(self, folder: Path, work: Workspace) -> Found:
        users: dict[str, list[_File]] = defaultdict(list)
        for entry in visible(folder):
            match = ENTRY.fullmatch(entry.name)
            assert match is not None  # recognised: every entry matches
            users[match["user"]].append(
                _File(entry, match["name"], bool(match["late"]), match["file"])
            )
        found = [_user(user, files, work) for user, files in sorted(users.items())]
        return Found(
            tuple(s for s, _, _ in found),
            {s.name: student for s, student, _ in found},
            {s.name: handed for s, _, handed in found if handed.late_marked},
        )


def _user(user: str, files: list[_File], work: Workspace) -> tuple[Submission, Student, Handed]:
    name = files[0].name
    folder = work.new(f"{name}_{user}")
    for file, original in zip(files, _originals(files), strict=True):
        copy_into(file.entry, folder / original)
    late = any(f.late for f in files)
    return (
        Submission(folder.name, folder),
        Student(name=name, lms_id=user),
        Handed(late_marked=late),
    )


def _originals(files: list[_File]) -> list[str]:
    """The files' names in the student's folder: Canvas's `-1` taken off where that names no
    other file of theirs; a name given twice is the second time the entry's whole name."""
    originals = {f.original for f in files}
    used: set[str] = set()
    names = []
    for file in files:
        restored = _restored(file.original)
        name = file.original if restored in originals or restored in used else restored
        if name in used:
            name = file.entry.name
        used.add(name)
        names.append(name)
    return names


def _restored(name: str) -> str:
    """`a2-1.py` -> `a2.py`."""
    path = Path(name)
    match = RESUBMITTED.fullmatch(path.stem)
    return f"{match['stem']}{path.suffix}" if match else name
