"""A tmpfs of a working copy's own: the kernel caps its bytes and its inodes.

The supervisor (as root) mounts it on the working copy's folder in its own mount namespace
before the submission is copied in, so a write past the cap fails with ENOSPC in the student's
process, whatever language it is in and however fast it writes. Its pages are memory (a memory
cgroup charges them to the process that wrote them). Unmounting detaches it: the kernel frees it
as a whole once nothing holds it, however many files and folders it holds.

Our mounts are told apart from anyone else's by their source name (`SOURCE`), as well as by the
folder they are mounted on.
"""

from __future__ import annotations

import ctypes
import os
import re
from pathlib import Path

from harness.limits import DiskCap

SOURCE = "sudoku-harness"
MS_NOSUID, MS_NODEV = 0x2, 0x4
MNT_DETACH, UMOUNT_NOFOLLOW = 0x2, 0x8
_OCTAL = re.compile(r"\\([0-7]{3})")  # /proc/self/mountinfo escapes spaces and such as \040

_libc = ctypes.CDLL(None, use_errno=True)


def mount(folder: Path, cap: DiskCap) -> None:
    """Mount a tmpfs of `cap`'s size and inode count on `folder` (0700, no set-uid programs,
    no devices). Raises OSError when the kernel refuses (not root, say)."""
    options = f"size={cap.bytes},nr_inodes={cap.files},mode=0700"
    flags = MS_NOSUID | MS_NODEV
    if _libc.mount(SOURCE.encode(), os.fsencode(folder), b"tmpfs", flags, options.encode()):
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno), str(folder))


def unmount(folder: Path) -> None:
    """Detach the mount on `folder` (never through a link); raises OSError if there is none."""
    if _libc.umount2(os.fsencode(folder), MNT_DETACH | UMOUNT_NOFOLLOW):
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno), str(folder))


def is_ours(folder: Path) -> bool:
    """Whether a tmpfs of ours is mounted right on `folder` (in this mount namespace)."""
    target = os.path.realpath(folder)
    return any(point == target and source == SOURCE for point, source in _tmpfs_mounts())


def _tmpfs_mounts() -> list[tuple[str, str]]:
    """(mount point, source) of every tmpfs in /proc/self/mountinfo."""
    try:
        text = Path("/proc/self/mountinfo").read_text()
    except OSError:
        return []
    found = []
    for line in text.splitlines():
        fields, _, rest = line.partition(" - ")
        own, tail = fields.split(), rest.split()
        if len(own) >= 5 and len(tail) >= 2 and tail[0] == "tmpfs":
            found.append((_unescape(own[4]), _unescape(tail[1])))
    return found


def _unescape(text: str) -> str:
    return _OCTAL.sub(lambda m: chr(int(m.group(1), 8)), text)
