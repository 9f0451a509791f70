"""Moodle's "Download all submissions" (an assignment's submissions page), zipped or not.

Moodle names every entry after the participant and the submission plugin it comes from
(mod/assign/locallib.php, `download_submissions`): the participant's full name (its underscores
made spaces), `_`, the participant id, `_assignsubmission_`, the plugin's type, `_`:

- in folders, the default since Moodle 3.1 ("Download submissions in folders"):
  `Jane Doe_123456_assignsubmission_file_/a2.py` (the file submission, its sub-folders kept),
  `Jane Doe_123456_assignsubmission_onlinetext_/onlinetext.html` (the online text);
- flat, with that option off: `Jane Doe_123456_assignsubmission_file_a2.py`,
  `Jane Doe_123456_assignsubmission_onlinetext_onlinetext.html`.

With blind marking the name is `Participant`. Recognised when every visible entry at the top is
named so. A participant's parts (file, online text, any other plugin) are merged into ONE
submission, a working folder named `Jane Doe_123456` (the file part's files win a clash of
names): the online text is never a row of its own. Student: the full name and the participant
id (`lms_id`: the number in the grading worksheet's `Participant 123456`).

Time: Moodle adds a file submission's files to the zip from its file store (`zip_packer`,
`ZipArchive::addFile`), so each carries the time its stored content was written: the student's
upload (or earlier, when the same bytes were stored before), in the server's time zone. The
online text is added from a string (`add_file_from_string`): its time is the download's, and is
not read. `Handed.at` is the newest of a participant's file-part files (source "file time"),
read only when the download was a zip: an unzipped folder's times are whoever unzipped it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from harness.intake.layouts.base import Found, Workspace
from harness.intake.tree import copy_into, merge_into, newest, visible
from harness.records.identity import Handed, Student
from harness.submissions import Submission

ENTRY = re.compile(r"(?P<name>.+?)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z0-9]+)_(?P<rest>.*)")
BLIND = "Participant"  # the name Moodle writes under blind marking: no name at all
SOURCE = "file time"


class Moodle:
    name = "moodle"
    description = "Moodle download all"

    def recognises(self, folder: Path, work: Workspace) -> bool:
        entries = visible(folder) if folder.is_dir() else []
        return bool(entries) and all(ENTRY.fullmatch(p.name) for p in entries)

    def read(self, folder: Path, work: Workspace) -> Found:
        parts: dict[str, list[Path]] = defaultdict(list)  # by participant id
        for entry in visible(folder):
            parts[_match(entry)["id"]].append(entry)
        found = [_participant(number, entries, work) for number, entries in parts.items()]
        return Found(
            tuple(s for s, _, _ in found),
            {s.name: student for s, student, _ in found},
            {s.name: handed for s, _, handed in found if handed.at},
        )


def _participant(
    number: str, entries: list[Path], work: Workspace
) -> tuple[Submission, Student, Handed]:
    entries = sorted(entries, key=lambda entry: (not _file_part(entry), entry.name))
    name = _match(entries[0])["name"]
    key = f"{name}_{number}"
    folder = work.new(key)
    for entry in entries:
        _merge(entry, folder)
    student = Student(name="" if name == BLIND else name, lms_id=number)
    uploaded = [entry for entry in entries if _file_part(entry)]
    handed = Handed(newest(uploaded), source=SOURCE) if work.zipped else Handed()
    return Submission(key, folder), student, handed


def _match(entry: Path) -> re.Match[str]:
    match = ENTRY.fullmatch(entry.name)
    assert match is not None  # recognised: every entry matches
    return match


def _file_part(entry: Path) -> bool:
    return _match(entry)["plugin"] == "file"


def _merge(entry: Path, folder: Path) -> None:
    """One part into the participant's folder: a part's folder merged, a flat file (or a
    student's zip, extracted) under its own name."""
    rest = _match(entry)["rest"]
    if not rest and entry.is_dir():
        merge_into(entry, folder)
    elif rest and not (folder / rest).exists():
        copy_into(entry, folder / rest)
