"""Finding submissions: a path is one submission, or a folder of them.

- a source file (e.g. `2021CS10549-q.py`) is one submission, named by its stem;
- a folder holding source files directly is one submission, named by the folder;
- otherwise each sub-folder of the folder is a submission (hidden folders skipped).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.errors import BadInput


@dataclass(frozen=True)
class Submission:
    name: str
    path: Path  # the folder, or the single file, the student handed in
    # Where the files came from when `path` is a copy made for the run (a zip's entry, files an
    # LMS download grouped: harness/intake): what names the submission from one run to the next.
    origin: str = ""


class SubmissionProblem(Exception):
    """A submission that cannot be run at all (no source file, ...): a graded row, not a crash."""


def discover(path: Path, suffixes: Sequence[str]) -> list[Submission]:
    if not path.exists():
        raise BadInput.at(str(path), "no such file or folder")
    if path.is_file():
        if path.suffix not in suffixes:
            raise BadInput.at(str(path), f"not a submission file (expected {', '.join(suffixes)})")
        return [Submission(path.stem, path)]
    if _sources(path, suffixes):
        return [Submission(path.resolve().name, path)]
    folders = sorted(p for p in path.iterdir() if p.is_dir() and not _hidden(p))
    if not folders:
        raise BadInput.at(str(path), "empty folder: no submission folders or source files in it")
    if not any(_has_source(folder, suffixes) for folder in folders):
        kinds = ", ".join(suffixes)
        raise BadInput.at(str(path), f"no source file ({kinds}) in any of its folders")
    return [Submission(folder.name, folder) for folder in folders]


def _hidden(path: Path) -> bool:
    return path.name.startswith(".") or path.name in HIDDEN


HIDDEN = ("__pycache__", "__MACOSX")  # beside names starting with a dot: not a submission


def _sources(folder: Path, suffixes: Sequence[str]) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in suffixes)


def _has_source(folder: Path, suffixes: Sequence[str]) -> bool:
    return any(p.suffix in suffixes for p in folder.rglob("*") if p.is_file())


@dataclass(frozen=True)
class Entry:
    """The file of a submission that is graded, and how it was told from the others."""

    path: Path
    note: str = ""  # how it was chosen, when not by its configured name or as the only file


# Several source files -> the one to grade (harness/kinds/entries.py: by what each defines),
# given the configured entry's name; a SubmissionProblem when none will do.
Choose = Callable[[Sequence[Path], "str | None"], Entry]


def entry_file(
    submission: Submission,
    configured: str | None,
    suffix: str,
    choose: Choose | None = None,
    always: bool = False,
) -> Entry:
    """The configured entry file or, failing that, the only source file in the folder, or the
    one `choose` picks of several (first, whatever the names, when `always`); a
    SubmissionProblem when that is a link (grading never follows one)."""
    entry = _entry(submission, configured, suffix, choose, always)
    if entry.path.is_symlink():
        raise SubmissionProblem(link_problem(entry.path))
    return entry


def link_problem(path: Path) -> str:
    """Why a submission's file that is a symbolic link is not graded."""
    return (
        f"{path.name} is a symbolic link (to {os.readlink(path)}), which grading never follows: "
        "hand in the file itself"
    )


def _entry(
    submission: Submission,
    configured: str | None,
    suffix: str,
    choose: Choose | None,
    always: bool,
) -> Entry:
    if submission.path.is_file():
        return Entry(submission.path)
    found = _sources(submission.path, [suffix])
    if choose is not None and always and len(found) > 1:
        return choose(found, configured)
    if configured and (submission.path / configured).is_file():
        return Entry(submission.path / configured)
    if len(found) == 1:
        return Entry(found[0])
    if not found:
        wanted = f"no {configured} and " if configured else ""
        raise SubmissionProblem(f"{wanted}no {suffix} file in the submission folder")
    if choose is not None:
        return choose(found, configured)
    names = ", ".join(p.name for p in found)
    raise SubmissionProblem(f"several {suffix} files ({names}): cannot tell which to grade")
