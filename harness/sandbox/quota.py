"""A working copy's disk cap as the supervisor sees it while student code runs.

Where the copy is a tmpfs no larger than its cap (workdir.py), the kernel enforces the cap:
writes past it fail with ENOSPC in the student's process, whose verdict stays its own; the
supervisor only adds, to a run that failed, that its working copy is full.

Elsewhere the cap is a watched quota. The supervisor measures the copy (bytes in use and inodes,
without recursion, stopping as soon as it is over) every SAMPLE seconds while a student process
runs and once after each run, spending at most a tenth of its time on it (a copy of thousands of
files is looked at less often). A copy over the cap has its process killed and is put back as it
was when last found within it: what was added since is removed, and files that grew are cut
back to their size then. A fast writer can go past the cap until the next look (half a second,
a gigabyte or so); the copy never stays past it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from harness.limits import DiskCap
from harness.sandbox import workdir

SAMPLE = 0.5  # seconds between two looks at a watched copy while a run goes on
LOOKING = 0.1  # at most this share of the supervisor's time goes to looking at one copy
FULL_BYTES = 64 << 10  # a tmpfs with less room than this (or no inode) left is full
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
Inode = tuple[int, int]  # (device, inode number)


@dataclass(frozen=True)
class DiskCheck:
    """What the disk cap says about one run: whether it went over (and was killed and undone
    for it), and a note for its outcome ("" if none)."""

    over: bool = False
    note: str = ""


NO_CHECK = DiskCheck()


class DiskWatch(Protocol):
    def over(self) -> bool:
        """While a run goes on: whether its copy is over the cap (looked at now and then)."""
        ...

    def after(self, seen: bool, kill: Callable[[], None]) -> DiskCheck:
        """Once a run has ended, or its call has returned: what the cap says. A copy over it
        (or `seen` over while the run went on) has its processes killed (`kill`) and what the
        run wrote undone."""
        ...


def watch(folder: Path, cap: DiskCap | None) -> DiskWatch:
    """How the cap of the working copy `folder` is kept: by its filesystem when that is no
    larger than the cap (a tmpfs of its own), else by the supervisor."""
    if cap is None:
        return UNCAPPED
    found = os.statvfs(folder)
    if found.f_blocks * found.f_frsize <= cap.bytes and found.f_files <= cap.files:
        return Enforced(folder, cap)
    return Watched(folder, cap)


class _Uncapped:
    def over(self) -> bool:
        return False

    def after(self, seen: bool, kill: Callable[[], None]) -> DiskCheck:
        return NO_CHECK


UNCAPPED: DiskWatch = _Uncapped()


@dataclass(frozen=True)
class Enforced:
    """The kernel keeps the cap: nothing to watch; a full copy is worth a word."""

    folder: Path
    cap: DiskCap

    def over(self) -> bool:
        return False

    def after(self, seen: bool, kill: Callable[[], None]) -> DiskCheck:
        try:
            found = os.statvfs(self.folder)
        except OSError:
            return NO_CHECK
        full = found.f_bavail * found.f_frsize < FULL_BYTES or found.f_favail == 0
        note = f"its working copy is full: it may hold at most {self.cap.text}"
        return DiskCheck(note=note if full else "")


@dataclass(frozen=True)
class Usage:
    """What a copy holds: bytes in use (blocks, as du counts them), inodes below its top, and
    folders the supervisor could not read (a copy with any is over the cap)."""

    bytes: int = 0
    files: int = 0
    unreadable: int = 0

    def over(self, cap: DiskCap) -> bool:
        return self.bytes > cap.bytes or self.files > cap.files or self.unreadable > 0

    def excess(self, cap: DiskCap) -> str:
        """What is over, as a clause: "; it made more than 10,000 files"."""
        if self.unreadable:
            return "; it made a folder the supervisor cannot read"
        if self.files > cap.files:
            return f"; it made more than {cap.files:,} files"
        return f"; it wrote more than {cap.mib} MiB" if self.bytes > cap.bytes else ""


def measure(folder: Path, cap: DiskCap) -> Usage:
    """What `folder` holds, counted only until it is over `cap`."""
    return _survey(folder, cap)[0]


def _survey(folder: Path, cap: DiskCap) -> tuple[Usage, dict[Inode, int]]:
    """What `folder` holds, and the size of every inode in it, until it is over `cap`."""
    walk = _Walk(folder)
    sizes: dict[Inode, int] = {}
    used = 0
    with contextlib.closing(walk.entries()) as entries:
        for _, _, found in entries:
            sizes[found.st_dev, found.st_ino] = found.st_size
            used += found.st_blocks * 512
            if used > cap.bytes or len(sizes) > cap.files:
                break
    return Usage(used, len(sizes), walk.unreadable), sizes


class Watched:
    """The supervisor keeps the cap: it measures the copy and undoes what went past it."""

    def __init__(self, folder: Path, cap: DiskCap) -> None:
        self.folder, self.cap = folder, cap
        self.kept: dict[Inode, int] = {}  # the copy as it was when last found within the cap
        self.looked = self.took = 0.0  # when it was last measured, and how long that took
        self._look()

    def over(self) -> bool:
        return self._due(SAMPLE) and self._look().over(self.cap)

    def after(self, seen: bool, kill: Callable[[], None]) -> DiskCheck:
        if not seen and not self._due(0.0):
            return NO_CHECK  # a large tree, looked at a moment ago: the next look sees it
        usage = self._look()
        if not seen and not usage.over(self.cap):
            return NO_CHECK
        kill()
        _undo(self.folder, self.kept)
        note = (
            f"wrote more than its working copy may hold (at most {self.cap.text})"
            f"{usage.excess(self.cap)}; what it wrote was removed"
        )
        return DiskCheck(over=True, note=note)

    def _due(self, interval: float) -> bool:
        """Whether to look again: `interval` has passed, and looking takes no more than
        LOOKING of the supervisor's time (a copy of thousands of files is looked at less often)."""
        return time.monotonic() >= self.looked + max(interval, self.took / LOOKING)

    def _look(self) -> Usage:
        started = time.monotonic()
        usage, sizes = _survey(self.folder, self.cap)
        self.looked = time.monotonic()
        self.took = self.looked - started
        if not usage.over(self.cap):
            self.kept = sizes
        return usage


def _undo(folder: Path, kept: dict[Inode, int]) -> None:
    """Put the copy back as `kept` recorded it: what is new is removed (folders with all they
    hold), regular files that grew are cut back. Never follows a link; folders made unreadable
    are made readable again."""
    with contextlib.closing(_Walk(folder, workdir.open_folder).entries()) as entries:
        for parent, name, found in entries:
            size = kept.get((found.st_dev, found.st_ino))
            with contextlib.suppress(OSError):
                if size is None and stat.S_ISDIR(found.st_mode):
                    workdir.remove_folder(name, parent)
                elif size is None:
                    os.unlink(name, dir_fd=parent)
                elif stat.S_ISREG(found.st_mode) and found.st_size > size:
                    _truncate(parent, name, found, size)


def _truncate(parent: int, name: str, found: os.stat_result, size: int) -> None:
    """Cut file `name` back to `size`, if it is still the file `found` was."""
    flags = os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    fd = os.open(name, flags, dir_fd=parent)
    try:
        now = os.fstat(fd)
        if (now.st_dev, now.st_ino) == (found.st_dev, found.st_ino):
            os.ftruncate(fd, size)
    finally:
        os.close(fd)


def _open(name: str, parent: int | None) -> int:
    return os.open(name, _DIRECTORY, dir_fd=parent)


class _Walk:
    """Every entry below a folder, depth first without recursion, never through a link. A
    folder is held open only while folders of its own are left to visit, so a chain of any
    depth holds two descriptors at most; paths are never longer than one name."""

    def __init__(self, folder: Path, opener: Callable[[str, int | None], int] = _open) -> None:
        self.folder, self.opener = folder, opener
        self.unreadable = 0  # folders that could not be opened for lack of permission

    def entries(self) -> Generator[tuple[int, str, os.stat_result], None, None]:
        """(the descriptor of its folder, its name, its lstat) for every entry."""
        frames: list[tuple[int, list[str]]] = []  # open folders, and their folders to visit
        try:
            top = self._open(str(self.folder), None)
            if top is not None:
                frames.append((top, []))
                yield from self._list(*frames[-1])
            while frames:
                fd, folders = frames[-1]
                if not folders:
                    os.close(frames.pop()[0])
                    continue
                child = self._open(folders.pop(), fd)
                if not folders:
                    os.close(frames.pop()[0])  # nothing left to visit in it
                if child is not None:
                    frames.append((child, []))
                    yield from self._list(*frames[-1])
        finally:
            for fd, _ in frames:
                os.close(fd)

    def _open(self, name: str, parent: int | None) -> int | None:
        try:
            return self.opener(name, parent)
        except PermissionError:
            self.unreadable += 1
        except OSError:  # gone, or no longer a folder
            pass
        return None

    @staticmethod
    def _list(fd: int, folders: list[str]) -> Iterator[tuple[int, str, os.stat_result]]:
        with os.scandir(fd) as found:
            for entry in found:
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                yield fd, entry.name, info
                if stat.S_ISDIR(info.st_mode):
                    folders.append(entry.name)


def describe(cap: DiskCap) -> str:
    """For `doctor`: how working copies with `cap` are kept to it on this machine."""
    refused = workdir.tmpfs_refused()
    if cap.method == "tmpfs" and not refused:
        return f"tmpfs, {cap.mib} MiB and {cap.files:,} inodes per working copy (by default)"
    why = f"no tmpfs: {refused}" if refused else "disk_cap: watched"
    return (
        f"watched quota ({why}): {cap.text} per working copy, measured every {SAMPLE:g} s "
        "while student code runs and after it; a fast writer can go past it until the next look"
    )
