"""What every download layout provides, and what it finds.

A layout recognises a folder by documented patterns of names (its module's docstring gives
them, with the LMS's own naming convention) and reads it into submissions, with whatever the
LMS says of who handed each in and when. Grading never reads the identities: they are joined to
the graded rows afterwards (harness/intake/join.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from harness.records.identity import Handed, Student
from harness.submissions import Submission


@dataclass(frozen=True)
class Workspace:
    """What a layout reads with: the assignment's source suffixes, a private folder for the
    working folders it makes (the run's), and whether the files' times are the LMS's."""

    suffixes: tuple[str, ...]
    folder: Path
    zipped: bool = False

    def new(self, name: str) -> Path:
        """A new empty working folder called `name` (a submission's name)."""
        path = self.folder / "grouped" / name
        path.parent.mkdir(mode=0o700, exist_ok=True)
        path.mkdir(mode=0o700)
        return path


@dataclass(frozen=True)
class Found:
    """What a layout read: the submissions, and by submission name who handed each in and
    when (only those the download says anything of)."""

    submissions: tuple[Submission, ...]
    students: Mapping[str, Student] = field(default_factory=dict)
    handed: Mapping[str, Handed] = field(default_factory=dict)


class Layout(Protocol):
    name: str  # short, for the JSON report's "layout": "moodle" ("" for a plain folder)
    description: str  # what `grade` says it recognised: "Moodle download all"

    def recognises(self, folder: Path, work: Workspace) -> bool:
        """Whether the folder is a download of this layout (never raises for one that is not)."""
        ...

    def read(self, folder: Path, work: Workspace) -> Found:
        """The submissions in a folder this layout recognises."""
        ...
