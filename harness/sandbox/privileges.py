"""What a supervisor running as root takes away from each student process before exec.

Two layers, both applied between fork and exec:

- Capabilities: every capability is dropped from the bounding set, so the program, even while
  still uid 0, has none after exec. It can no longer lift its own hard rlimits
  (CAP_SYS_RESOURCE), kill or trace other users' processes, or bypass file permissions.
- A dedicated uid per slot: the process becomes an unprivileged uid of its own (one per grading
  worker, claimed with a lock, so concurrent workers and concurrent runs never share one). Its
  working copy is handed to that uid; everything else of root's is out of reach by plain file
  permissions, and RLIMIT_NPROC (ignored for root) counts again. The uid needs to reach the
  interpreter and the harness's sandbox folder: an interpreter under /root (0700), pyenv's
  default, rules it out, and the layer is then not used for that process.

Neither applies when the supervisor is not root: it has nothing to give away.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import stat
from pathlib import Path

PR_CAPBSET_DROP = 24
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
FIRST_UID = 1_900_000  # above the subordinate ranges useradd hands out by default
SLOTS = 256
LOCKS = Path("/run/sudoku-harness/uids")

_libc = ctypes.CDLL(None, use_errno=True)
_claimed: dict[int, tuple[int, int]] = {}  # process id -> (uid, the lock's descriptor)


def is_root() -> bool:
    return os.geteuid() == 0


def last_capability() -> int:
    try:
        return int(Path("/proc/sys/kernel/cap_last_cap").read_text())
    except (OSError, ValueError):
        return 63


def drop_capabilities(last: int) -> None:
    """Empty the bounding and ambient sets (in a child between fork and exec, as root)."""
    for capability in range(last + 1):
        if _libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            errno = ctypes.get_errno()
            if errno != 22:  # EINVAL: a capability this kernel does not know
                raise OSError(errno, f"cannot drop capability {capability}")
    _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)


def become(uid: int) -> None:
    """Turn into `uid` for good (no supplementary groups; gid equal to uid)."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def claim_uid() -> int:
    """This process's slot uid, claimed once per process with a lock held until it exits."""
    pid = os.getpid()
    if pid not in _claimed:
        _claimed[pid] = _claim()
    return _claimed[pid][0]


def _claim() -> tuple[int, int]:
    LOCKS.mkdir(mode=0o700, parents=True, exist_ok=True)
    for slot in range(SLOTS):
        fd = os.open(LOCKS / f"{slot}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return FIRST_UID + slot, fd  # the descriptor stays open: the lock is ours till we exit
    raise OSError(f"all {SLOTS} uid slots are taken by other grading processes")


def hand_over(workdir: Path, uid: int) -> None:
    """Make the working copy (and what is in it) the uid's, never following a link."""
    if workdir.lstat().st_uid == uid:
        return  # handed over before this launch; later files of ours stay readable
    for root, dirs, files in os.walk(workdir, followlinks=False):
        for name in (*dirs, *files):
            os.chown(os.path.join(root, name), uid, uid, follow_symlinks=False)
    os.chown(workdir, uid, uid, follow_symlinks=False)


def reachable(path: Path, top: Path = Path("/")) -> bool:
    """Whether a user with no relation to the owners can read `path` and enter every folder
    from `top` down to it (a private view makes the folders above `top` enterable)."""
    path = path.absolute()
    for folder in path.parents:
        if folder.is_relative_to(top) and not _others_may(folder, stat.S_IXOTH):
            return False
    return _others_may(path, stat.S_IROTH | (stat.S_IXOTH if path.is_dir() else 0))


def _others_may(path: Path, bits: int) -> bool:
    with contextlib.suppress(OSError):
        return os.stat(path).st_mode & bits == bits
    return False
