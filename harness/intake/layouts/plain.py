"""A plain folder (or zip) of submissions: what `discover` (harness/submissions.py) reads.

Patterns, the last layout tried (any folder or file that is no LMS's download):

- `2021CS10549-q.py`: one source file is one submission, named by its stem;
- `alice/a2.py`: a folder holding source files directly is one submission, named by the folder;
- `class/alice/…`, `class/bob/…`: otherwise each visible sub-folder is a submission;
- `class.zip` → `class/alice/…`: one wrapper folder around such a class folder (what zip tools
  make) is looked through: the wrapper is not taken for one submission.

A student's own zip (`alice/alice.zip`) was extracted when the download was opened
(harness/intake/download.py), and a submission whose sources are one folder down
(`alice/project/a2.py`) is settled into that folder (harness/intake/tree.py). The folder's
names are all it says of the students: a roster (`--roster`) adds who they are. Its short name
is empty: a report of a plain folder names no layout (`Report.layout`), as before.
"""

from __future__ import annotations

from pathlib import Path

from harness.intake.layouts.base import Found, Workspace
from harness.intake.tree import has_sources, visible, wrapped
from harness.submissions import discover


class Plain:
    name = ""  # no LMS's: the report names no layout, and reads as it did before downloads
    description = "plain folder of submissions"

    def recognises(self, folder: Path, work: Workspace) -> bool:
        """Anything but a wrapper around a class folder (its inner folder is read instead)."""
        inner = wrapped(folder)
        return inner is None or not _a_class(inner, work)

    def read(self, folder: Path, work: Workspace) -> Found:
        return Found(tuple(discover(folder, work.suffixes)))


def _a_class(folder: Path, work: Workspace) -> bool:
    """A folder of submission folders: no source file of its own, some folders."""
    if has_sources(folder, work.suffixes):
        return False
    return any(p.is_dir() for p in visible(folder))
