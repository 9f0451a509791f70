"""What a download's folders hold, as the layouts read them.

An entry is *visible* unless its name starts with a dot (`.DS_Store`, `._a2.py`) or it is
`__MACOSX` (macOS's resource forks) or `__pycache__`: those are never a submission nor a
student's. A *wrapper* is a folder whose only visible entry is one folder (what most zip tools
make of a folder). A submission is *settled* into the folder its sources are in: a folder with
no source file of its own and one visible folder is the folder it wraps (a student who zipped
their project folder), at most SETTLE_DEPTH levels down.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from harness.submissions import HIDDEN

SETTLE_DEPTH = 4


def visible(folder: Path) -> list[Path]:
    """The folder's visible entries, sorted by name."""
    return sorted(p for p in folder.iterdir() if not _hidden(p.name))


def _hidden(name: str) -> bool:
    return name.startswith(".") or name in HIDDEN


def wrapped(folder: Path) -> Path | None:
    """The one folder a wrapper holds; None when `folder` is not a wrapper."""
    if not folder.is_dir():
        return None
    entries = visible(folder)
    if len(entries) == 1 and entries[0].is_dir() and not entries[0].is_symlink():
        return entries[0]
    return None


def has_sources(folder: Path, suffixes: Sequence[str]) -> bool:
    """Whether the folder holds a source file directly."""
    return any(p.suffix in suffixes and p.is_file() for p in visible(folder))


def settled(path: Path, suffixes: Sequence[str]) -> Path:
    """The folder a submission's sources are in (see the module's docstring)."""
    for _ in range(SETTLE_DEPTH):
        if not path.is_dir() or has_sources(path, suffixes):
            return path
        folders = [p for p in visible(path) if p.is_dir() and not p.is_symlink()]
        if len(folders) != 1:
            return path
        path = folders[0]
    return path


def copy_into(source: Path, target: Path) -> None:
    """A file, or a folder's files and folders, copied to `target` with their times; symbolic
    links, devices and hidden entries are left out."""
    if source.is_symlink():
        return
    if source.is_file():
        shutil.copy2(source, target)
    elif source.is_dir():
        target.mkdir(mode=0o700)
        for entry in visible(source):
            copy_into(entry, target / entry.name)


def newest(paths: Sequence[Path]) -> str:
    """The newest modification time of the files at or under `paths`, as ISO 8601 in UTC;
    empty when there is none."""
    times = [f.stat().st_mtime for path in paths for f in _files(path)]
    if not times:
        return ""
    return datetime.fromtimestamp(max(times), timezone.utc).isoformat(timespec="seconds")


def _files(path: Path) -> list[Path]:
    if path.is_symlink():
        return []
    if path.is_file():
        return [path]
    return [f for entry in visible(path) for f in _files(entry)] if path.is_dir() else []


def merge_into(source: Path, target: Path) -> None:
    """A folder's files and folders copied into an existing folder; what `target` already
    holds stays (the first part merged wins a clash of names)."""
    for entry in visible(source):
        there = target / entry.name
        if not there.exists():
            copy_into(entry, there)
        elif there.is_dir() and entry.is_dir() and not entry.is_symlink():
            merge_into(entry, there)
