"""A private working copy of a submission: 0700, regular files only, capped, removed afterwards.

What is copied in is capped too: at most MAX_FILES files, adding up to limits.copy_mb (and no
more than the disk cap); a refusal names the file that went past. Links are never copied: one
inside a folder is skipped, and a submission that is one is refused, saying so.

Its disk use is capped (limits.disk_mb and disk_files): where the supervisor may mount one (as
root), the copy is a tmpfs of that size and inode count (tmpfs.py), and the kernel refuses
writes past it; elsewhere the supervisor watches it while student code runs (quota.py).

A program built once is run in a fresh copy of its built working copy each time (`run_copy`),
its files read-only: nothing one run leaves behind (answers cached under a hash of its input)
reaches the next, however often a league times it.

A working copy is removed without recursion and without long paths (`remove_tree`): a
submission can nest folders deeper than Python's stack and than PATH_MAX, which breaks
`shutil.rmtree`; a tmpfs is unmounted instead, which frees it whole. Copies are named after the
process that made them, so a run can sweep the ones earlier runs left behind (`sweep`), their
tmpfs mounts included, without touching those of a run still going.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import itertools
import logging
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from harness.limits import COPY_MB, DiskCap
from harness.sandbox import tmpfs
from harness.submissions import link_problem

log = logging.getLogger(__name__)

MAX_FILES = 200
PREFIX = "sudoku-harness-"  # then the making process's pid, a dash, and mkdtemp's letters
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class CopyRefused(Exception):
    """The submission cannot be copied (too many files, too large); the message says why."""


@contextlib.contextmanager
def private_copy(
    source: Path, base: Path | None = None, cap: DiskCap | None = None
) -> Iterator[Path]:
    """Copy a submission file or folder into a fresh 0700 folder, capped at `cap` (a tmpfs of
    its own where that is asked for and allowed); yield that folder.

    Symbolic links are skipped, never followed: a submission must not smuggle a link to the
    teacher's files into its own working copy."""
    workdir = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=base))
    mounted = False
    try:
        mounted = cap is not None and cap.method == "tmpfs" and _mounted(workdir, cap)
        _copy_files(source, workdir, cap)
        yield workdir
    finally:
        if mounted:
            _unmount(workdir)
        remove_tree(workdir)


@contextlib.contextmanager
def run_copy(built: Path, base: Path | None = None, cap: DiskCap | None = None) -> Iterator[Path]:
    """A fresh private copy of a built working copy, for one run of its program: the same
    regular files, each read-only (executables stay executable); the folders stay writable, for
    what the run writes (up to `cap`), which goes with the copy."""
    with private_copy(built, base, cap) as workdir:
        for path in regular_files(workdir):
            executable = (built / path.relative_to(workdir)).stat().st_mode & 0o111
            path.chmod(EXECUTABLE if executable else READ_ONLY)
        yield workdir


READ_ONLY = 0o444
EXECUTABLE = 0o555


def _mounted(workdir: Path, cap: DiskCap) -> bool:
    """Whether a tmpfs of `cap` is now mounted on `workdir` (else the cap is watched)."""
    try:
        tmpfs.mount(workdir, cap)
    except OSError as err:
        log.debug("the working copy is not a tmpfs (%s): its cap is watched", err.strerror)
        return False
    return True


def _unmount(workdir: Path) -> None:
    try:
        tmpfs.unmount(workdir)
    except OSError as err:  # then it stays until a later run sweeps it
        log.warning("cannot unmount the working copy %s: %s", workdir, err.strerror)


def _copy_files(source: Path, workdir: Path, cap: DiskCap | None) -> None:
    if source.is_symlink():
        raise CopyRefused(link_problem(source))
    files = [source] if source.is_file() else sorted(regular_files(source))
    if len(files) > MAX_FILES:
        raise CopyRefused(f"{len(files)} files (at most {MAX_FILES})")
    most, limit = _copy_cap(cap)
    total = 0
    for path in files:
        name = path.name if source.is_file() else path.relative_to(source)
        total += path.lstat().st_size
        if total > most:
            raise CopyRefused(
                f"more than {most >> 20} MiB of files ({limit}): {name} takes them to "
                f"{round(total / (1 << 20), 1):g} MiB"
            )
        target = workdir / name
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target, follow_symlinks=False)
        except OSError as err:
            if err.errno != errno.ENOSPC:
                raise
            held = f" (at most {cap.text})" if cap else ""
            raise CopyRefused(f"the files do not fit in its working copy{held}") from None


def _copy_cap(cap: DiskCap | None) -> tuple[int, str]:
    """The bytes a submission's files may add up to, and the limit that says so."""
    copy = ((cap.copy_mib if cap else COPY_MB) << 20, "limits.copy_mb")
    return (cap.bytes, "limits.disk_mb") if cap and cap.bytes < copy[0] else copy


def regular_files(folder: Path) -> Iterator[Path]:
    """Regular files under `folder`, never descending through a link; hidden parts skipped."""
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        for name in names:
            path = Path(root, name)
            if not name.startswith(".") and not path.is_symlink() and path.is_file():
                yield path


def remove_tree(root: Path) -> None:
    """Remove `root` and everything in it, never following a link (`root` itself may be a file
    or a link: it is removed). Folders are hoisted into `root` before they are emptied, so no
    path is ever longer than two names below it and no call recurses, however deep the
    submission nested them. Never raises."""
    with contextlib.suppress(OSError):
        if not stat.S_ISDIR(os.lstat(root).st_mode):
            os.unlink(root)
            return
    remove_folder(str(root))


def remove_folder(name: str, parent: int | None = None) -> None:
    """Remove folder `name` (of the folder open as `parent`) as `remove_tree` does."""
    with contextlib.suppress(OSError):
        top = open_folder(name, parent)
        try:
            _empty(top)
        finally:
            os.close(top)
    with contextlib.suppress(OSError):
        os.rmdir(name, dir_fd=parent)


def _empty(top: int) -> None:
    fresh = (f".removing-{n}" for n in itertools.count())
    while names := _entries(top):
        for name, is_dir in names:
            with contextlib.suppress(OSError):
                if is_dir:
                    _hoist_children(top, name, fresh)
                    os.rmdir(name, dir_fd=top)
                else:
                    os.unlink(name, dir_fd=top)
        if names == _entries(top):
            return  # nothing could be removed: give up rather than loop


def _entries(fd: int) -> list[tuple[str, bool]]:
    with os.scandir(fd) as found:
        return sorted((e.name, e.is_dir(follow_symlinks=False)) for e in found)


def _hoist_children(top: int, name: str, fresh: Iterator[str]) -> None:
    """Delete the files of folder `name` and move its folders up into `top`."""
    folder = open_folder(name, top)
    try:
        for child, is_dir in _entries(folder):
            if is_dir:
                os.rename(child, _unused(top, fresh), src_dir_fd=folder, dst_dir_fd=top)
            else:
                os.unlink(child, dir_fd=folder)
    finally:
        os.close(folder)


def open_folder(name: str, parent: int | None = None) -> int:
    """A descriptor of folder `name` (never through a link), made readable first if it was
    not (a submission may chmod its folders to 0)."""
    try:
        folder = os.open(name, _DIRECTORY, dir_fd=parent)
    except PermissionError:
        with contextlib.suppress(NotImplementedError):  # the kernel refused to act on a link
            os.chmod(name, 0o700, dir_fd=parent, follow_symlinks=False)
        folder = os.open(name, _DIRECTORY, dir_fd=parent)
    os.fchmod(folder, 0o700)  # writable, so its entries can be removed
    return folder


def _unused(top: int, fresh: Iterator[str]) -> str:
    taken = {name for name, _ in _entries(top)}
    return next(name for name in fresh if name not in taken)


def sweep(base: Path | None = None) -> tuple[str, ...]:
    """Remove the working copies that earlier runs left in `base` (default: the system temp
    folder): those whose making process is gone, unmounting their tmpfs if it is still
    mounted. Returns their names."""
    folder = Path(base or tempfile.gettempdir())
    gone = tuple(p for p in sorted(folder.glob(f"{PREFIX}*")) if _orphaned(p))
    for path in gone:
        if tmpfs.is_ours(path):
            _unmount(path)
        remove_tree(path)
    return tuple(p.name for p in gone)


def _orphaned(path: Path) -> bool:
    pid = path.name.removeprefix(PREFIX).split("-", 1)[0]
    if not pid.isdecimal() or path.is_symlink() or not path.is_dir():
        return False
    return not Path("/proc", pid).exists()


@functools.lru_cache(maxsize=1)
def tmpfs_refused() -> str:
    """Why working copies cannot be tmpfs mounts here ("" when they can): tried once, on a
    copy-named folder of the system temp folder (swept like a copy should the trial be cut
    short)."""
    trial = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
    try:
        tmpfs.mount(trial, DiskCap(4, 256))
        tmpfs.unmount(trial)
    except OSError as err:
        root = "" if os.geteuid() == 0 else " (not running as root)"
        return f"{err.strerror}{root}"
    finally:
        remove_tree(trial)
    return ""
