"""Landlock: an unprivileged kernel allow-list, applied between fork and exec of every student
process (and inherited by everything it starts).

What the process may touch: read and execute the system's programs and libraries and the
interpreter's installation, read a few files of /etc, read and write its own working copy and
/dev/null; nothing else (the teacher's files, the suites, other working copies, /proc of the
supervisor). With ABI 4 or later it may neither bind nor connect TCP sockets; with ABI 6 or later
it may not signal processes outside its own domain (the supervisor) nor reach abstract Unix
sockets. Works as root too. The ABI is probed at run time; ABI 0 means no Landlock here.

Raw system calls through ctypes: the numbers are the same on every Linux architecture.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH, RULE_NET_PORT = 1, 2
PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
NET_TCP = (1 << 0) | (1 << 1)  # bind, connect (ABI 4)
SCOPE_ALL = (1 << 0) | (1 << 1)  # abstract Unix sockets, signals (ABI 6)

READ = EXECUTE | READ_FILE | READ_DIR
SYSTEM = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin")  # not /opt: third-party software
ETC = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/nsswitch.conf",
    "/etc/passwd",
    "/etc/group",
    "/etc/alternatives",
)
DEVICES_READ = ("/dev/urandom", "/dev/random", "/dev/zero")
# The JDKs' settings (java.security), which javac reads at start and the JVM when a program asks:
# Debian and Ubuntu keep them in /etc/java-N-openjdk, linked from each JDK's conf folder.
JAVA_SETTINGS = tuple(str(path) for path in sorted(Path("/etc").glob("java-*")))


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


_libc = ctypes.CDLL(None, use_errno=True)


def abi() -> int:
    """The kernel's Landlock ABI version; 0 when Landlock is absent or disabled."""
    version = _libc.syscall(CREATE_RULESET, None, ctypes.c_size_t(0), CREATE_RULESET_VERSION)
    return max(int(version), 0)


@dataclass(frozen=True)
class Policy:
    """Paths a sandboxed process may read (and execute) and the one folder it may write."""

    read: tuple[str, ...]
    write: tuple[str, ...]  # read, write, create, remove beneath
    listed: tuple[str, ...] = ()  # folders whose entries may be listed, not read

    @classmethod
    def for_workdir(
        cls,
        workdir: Path,
        extra_read: Sequence[Path] = (),
        listed: Sequence[Path] = (),
        extra_write: Sequence[Path] = (),
    ) -> Policy:
        """The system, the worker's folder, `extra_read` (the interpreter's, a toolchain's),
        and `workdir` with `extra_write` (a test runner's report folder) to write."""
        sandbox = str(Path(__file__).resolve().parent / "child")  # the worker and its drivers
        read = (*SYSTEM, *ETC, *JAVA_SETTINGS, sandbox, *map(str, extra_read))
        write = (str(workdir), *map(str, extra_write))
        return cls(read, write, tuple(map(str, listed)))


def restrict(policy: Policy, version: int) -> None:
    """Apply `policy` to this process and every process it starts. Raises OSError if the
    kernel refuses; call only in a child between fork and exec."""
    fs = _fs_rights(version)
    attr = _RulesetAttr(fs, NET_TCP if version >= 4 else 0, SCOPE_ALL if version >= 6 else 0)
    size = ctypes.sizeof(ctypes.c_uint64) * (1 if version < 4 else 2 if version < 6 else 3)
    ruleset = _check(_libc.syscall(CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0))
    try:
        for path in policy.listed:
            _allow(ruleset, path, READ_DIR & fs)
        for path in policy.read:
            _allow(ruleset, path, READ & fs)
        for path in (*policy.write, "/dev/null"):
            _allow(ruleset, path, fs & ~IOCTL_DEV)
        for path in DEVICES_READ:
            _allow(ruleset, path, READ_FILE)
        _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
        _check(_libc.syscall(RESTRICT_SELF, ruleset, 0))
    finally:
        os.close(ruleset)


def _fs_rights(version: int) -> int:
    return FS_BY_ABI[max(v for v in FS_BY_ABI if v <= version)]


def _allow(ruleset: int, path: str, access: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # not on this machine: nothing to allow
    with contextlib.closing(_Fd(fd)):
        if not os.path.isdir(path):
            access &= ~READ_DIR & (EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV)
        rule = _PathBeneath(access, fd)
        _check(_libc.syscall(ADD_RULE, ruleset, RULE_PATH_BENEATH, ctypes.byref(rule), 0))


class _Fd:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def close(self) -> None:
        os.close(self.fd)


def _check(result: int) -> int:
    if result < 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"landlock: {os.strerror(errno)}")
    return result
