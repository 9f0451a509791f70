"""A download read into an `Intake`: its layout recognised and read, each submission settled
into the folder its sources are in and named for the journal, the roster joined."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from harness.intake.download import Download
from harness.intake.layouts import Workspace, recognised
from harness.intake.record import Intake, Recognised
from harness.intake.roster import read_roster, with_roster
from harness.intake.tree import settled
from harness.submissions import Submission


def take(download: Download, suffixes: Sequence[str], roster: Path | None = None) -> Intake:
    """The submissions in the download, and who handed each in and when."""
    work = Workspace(tuple(suffixes), download.scratch, download.zipped)
    with download.as_given():
        layout, folder = recognised(download.root, work)
        found = layout.read(folder, work)
    submissions = tuple(_placed(s, download, suffixes) for s in found.submissions)
    recognised_as = Recognised(layout.name, layout.description)
    intake = Intake(recognised_as, submissions, found.students, found.handed)
    return intake if roster is None else with_roster(intake, read_roster(roster))


def _placed(submission: Submission, download: Download, suffixes: Sequence[str]) -> Submission:
    path = settled(submission.path, suffixes)
    return replace(submission, path=path, origin=download.origin_of(path))
