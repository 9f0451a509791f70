"""A submission's files as bytes, to send to a cluster worker that cannot see the client's disk.

Only what a working copy would hold travels (harness/sandbox/workdir.py): regular files, hidden
files and folders and __pycache__ skipped, symbolic links never followed, so a link in a
submission cannot carry the teacher's files to the worker. The working copy's own limits (files,
bytes) still apply on the worker, with the same messages; SENT_BYTES only bounds what the client
holds and sends, far above them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from harness.sandbox.workdir import regular_files
from harness.submissions import Submission

SENT_BYTES = 256 << 20  # at most this much of one submission is sent to a worker
SENT_FILES = 10_000


class TooLarge(Exception):
    """The submission is too large to send; the message says how large."""


@dataclass(frozen=True)
class Packed:
    name: str
    top: str  # the file's name (a one-file submission) or the folder's
    single_file: bool
    files: tuple[tuple[str, bytes, bool], ...]  # relative posix path, bytes, executable


def pack(submission: Submission) -> Packed:
    """The submission's files; TooLarge beyond SENT_BYTES or SENT_FILES."""
    source = submission.path
    single = source.is_file()
    paths = [source] if single else sorted(regular_files(source))
    if len(paths) > SENT_FILES:
        raise TooLarge(f"{len(paths)} files (at most {SENT_FILES} are sent to a worker)")
    files, total = [], 0
    for path in paths:
        total += path.lstat().st_size
        if total > SENT_BYTES:
            raise TooLarge(f"more than {SENT_BYTES >> 20} MiB (the most sent to a worker)")
        relative = path.name if single else path.relative_to(source).as_posix()
        files.append((relative, path.read_bytes(), os.access(path, os.X_OK)))
    return Packed(submission.name, source.name, single, tuple(files))


@contextlib.contextmanager
def unpacked(packed: Packed) -> Iterator[Submission]:
    """The submission written into a fresh private folder, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="sudoku-harness-sent-"))
    try:
        top = folder / _safe(packed.top)
        for relative, data, executable in packed.files:
            target = top if packed.single_file else top / _safe(relative)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            target.chmod(0o700 if executable else 0o600)
        if not packed.single_file:
            top.mkdir(exist_ok=True)
        yield Submission(packed.name, top)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _safe(relative: str) -> PurePosixPath:
    """A relative path that stays inside its folder (the client built it, but check anyway)."""
    path = PurePosixPath(relative)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise ValueError(f"not a relative path inside the submission: {relative!r}")
    return path
