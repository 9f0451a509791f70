"""A private working copy of a submission: 0700, regular files only, removed afterwards."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

MAX_FILES = 200
MAX_BYTES = 20 << 20


class CopyRefused(Exception):
    """The submission cannot be copied (too many files, too large); the message says why."""


@contextlib.contextmanager
def private_copy(source: Path, base: Path | None = None) -> Iterator[Path]:
    """Copy a submission file or folder into a fresh 0700 folder; yield that folder.

    Symbolic links are skipped, never followed: a submission must not smuggle a link to the
    teacher's files into its own working copy."""
    workdir = Path(tempfile.mkdtemp(prefix="sudoku-harness-", dir=base))
    try:
        _copy_files(source, workdir)
        yield workdir
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _copy_files(source: Path, workdir: Path) -> None:
    files = [source] if source.is_file() else sorted(regular_files(source))
    if len(files) > MAX_FILES:
        raise CopyRefused(f"{len(files)} files (at most {MAX_FILES})")
    total = 0
    for path in files:
        total += path.lstat().st_size
        if total > MAX_BYTES:
            raise CopyRefused(f"more than {MAX_BYTES >> 20} MiB of files")
        target = workdir / (path.name if source.is_file() else path.relative_to(source))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target, follow_symlinks=False)


def regular_files(folder: Path) -> Iterator[Path]:
    """Regular files under `folder`, never descending through a link; hidden parts skipped."""
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        for name in names:
            path = Path(root, name)
            if not name.startswith(".") and not path.is_symlink() and path.is_file():
                yield path
