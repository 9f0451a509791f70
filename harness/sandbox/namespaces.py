"""Namespaces of its own for each student process, made between fork and exec, as root or not.

- user (only when the supervisor is not root): its own uid and gid mapped to themselves and
  nothing else. Until it execs, the process holds every capability over the namespaces made with
  it, which is what the others need; its uid is not 0 inside, so exec clears them all, and a
  set-uid program's owner is not mapped, so none can give them back. RLIMIT_NPROC counts the
  processes of the namespace (Linux 5.14+), not every process of the teacher's.
- mount: the private view (view.py) is built in it.
- network: loopback only, brought up; no host socket is reachable, TCP, UDP or Unix, abstract
  (they belong to a network namespace) or by path (the view hides their folders).
- IPC: System V shared memory, semaphores and message queues of its own, gone with it.
- PID (`split`): the student's process is pid 2, below an init of ours (pid 1), so that its
  signals to itself (abort(), raise()) are delivered as anywhere else: an init ignores those
  it has no handler for. It sees no process outside, and when its init dies (killed with the
  process group, or by the process that keeps it) the kernel kills everything left in the
  namespace, daemons that left the process group included.

The process the supervisor started (the keeper) stays outside the PID namespace: it forks the
init, then the student's process, tells the supervisor the student's pid (for its CPU time),
waits for it, kills the init, and ends as the student's process ended: the same exit code, or
killed by the same signal. Its wait4 rusage therefore holds the student's CPU time. The keeper
and the init are copies of the supervisor that run no student code and hold no descriptor of
it: both close every one (the keeper after telling the pid).

Nothing here changes anything outside the namespaces, which die with their last process.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import functools
import os
import resource
import select
import signal
import socket
import struct
import subprocess
from dataclasses import dataclass
from typing import NoReturn

from harness.sandbox import privileges

CLONE_NEWNS, CLONE_NEWIPC, CLONE_NEWUSER = 0x00020000, 0x08000000, 0x10000000
CLONE_NEWPID, CLONE_NEWNET = 0x20000000, 0x40000000
SIOCGIFFLAGS, SIOCSIFFLAGS = 0x8913, 0x8914
IFF_UP = 0x1
PR_SET_PDEATHSIG = 1
PID_BYTES = 4
PROBE_TIMEOUT = 10.0
_IFREQ = struct.Struct("16sh14x")  # struct ifreq: the name, then ifr_flags in the union

_libc = ctypes.CDLL(None, use_errno=True)


@dataclass(frozen=True)
class Namespaces:
    """Which namespaces one process gets (a user namespace is added when not root)."""

    mount: bool = False
    network: bool = False
    ipc: bool = False
    pid: bool = False
    user: bool = False  # a user namespace even with none of the above (to drop capabilities in)

    @property
    def flags(self) -> int:
        chosen = (
            (self.mount, CLONE_NEWNS),
            (self.network, CLONE_NEWNET),
            (self.ipc, CLONE_NEWIPC),
            (self.pid, CLONE_NEWPID),
        )
        flags = sum(flag for wanted, flag in chosen if wanted)
        own_user = (flags or self.user) and not privileges.is_root()
        return flags | CLONE_NEWUSER if own_user else flags

    def enter(self) -> None:
        """In the forked child: unshare them (the user namespace first, with its maps) and bring
        loopback up in the new network namespace. Raises OSError if the kernel refuses."""
        uid, gid = os.getuid(), os.getgid()
        _check(_libc.unshare(self.flags), "unshare")
        if self.flags & CLONE_NEWUSER:
            _map_self(uid, gid)
        if self.network:
            loopback_up()


def _map_self(uid: int, gid: int) -> None:
    """Map the process's own uid and gid, and nothing else (what an unprivileged process may)."""
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"),
                       ("gid_map", f"{gid} {gid} 1")):  # fmt: skip
        fd = os.open(f"/proc/self/{name}", os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)


def loopback_up() -> None:
    """Bring `lo` up in this network namespace (it starts down)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        found = fcntl.ioctl(sock, SIOCGIFFLAGS, _IFREQ.pack(b"lo", 0))
        flags = _IFREQ.unpack(found)[1]
        fcntl.ioctl(sock, SIOCSIFFLAGS, _IFREQ.pack(b"lo", flags | IFF_UP))


def bound_processes(limit: int) -> None:
    """RLIMIT_NPROC for a process in a user namespace of its own, where it counts the processes
    and threads of that namespace alone (Linux 5.14+): a fork storm's bound without a cgroup."""
    resource.setrlimit(resource.RLIMIT_NPROC, (limit, limit))


def split(reveal: int) -> None:
    """In the forked child, once it has unshared its PID namespace: fork the namespace's init
    (pid 1), then the student's process (pid 2), which alone returns. The caller (the keeper)
    writes the student's pid on `reveal`, waits for it and ends as it ended: it never returns."""
    init = os.fork()
    if init == 0:
        _be_init()
    try:
        student = os.fork()
    except OSError:
        _kill_and_reap(init)
        raise
    if student == 0:
        _die_with_parent()
        return
    _keep(reveal, init, student)


def _be_init() -> NoReturn:
    """Pid 1 of the namespace: reap whatever is left to it, until it is killed."""
    try:
        _die_with_parent()
        os.closerange(0, _max_fd())
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        while True:
            _reap_all()
            signal.sigwait({signal.SIGCHLD})
    finally:
        os._exit(0)


def _keep(reveal: int, init: int, student: int) -> NoReturn:
    """The keeper: tell the student's pid, hold no descriptor, wait, end as the student did."""
    try:
        os.write(reveal, student.to_bytes(PID_BYTES, "little"))
        os.closerange(0, _max_fd())
        _, status = os.waitpid(student, 0)
        _kill_and_reap(init)  # and with it what is left in the namespace
        _end_as(status)
    finally:
        os._exit(255)


def _end_as(status: int) -> None:
    """Exit with the student's code, or be killed by its signal (the supervisor reads either)."""
    if not os.WIFSIGNALED(status):
        os._exit(os.waitstatus_to_exitcode(status))
    number = os.WTERMSIG(status)
    with contextlib.suppress(OSError, ValueError):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
    os.kill(os.getpid(), number)
    os._exit(128 + number)  # a signal whose default is not to end the process


def _kill_and_reap(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _reap_all() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass


def _die_with_parent() -> None:
    """SIGKILL this process when the one that forked it (single-threaded) dies."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _max_fd() -> int:
    return os.sysconf("SC_OPEN_MAX")


def student_pid(reader: int, timeout: float = 5.0) -> int | None:
    """The student's pid as the keeper told it (None: it told nothing in `timeout` seconds)."""
    ready, _, _ = select.select([reader], [], [], timeout)
    if not ready:
        return None
    with contextlib.suppress(OSError):
        told = os.read(reader, PID_BYTES)
        if len(told) == PID_BYTES:
            return int.from_bytes(told, "little")
    return None


def refused(wanted: Namespaces) -> str:
    """Why processes cannot get `wanted` here ("" when they can): tried with /bin/true."""
    reader, writer = os.pipe2(os.O_CLOEXEC)
    try:
        proc = subprocess.run(
            ["/bin/true"],
            preexec_fn=functools.partial(_trial, wanted, writer),
            timeout=PROBE_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as error:
        return str(error)
    finally:
        os.close(writer)
        os.close(reader)
    if proc.returncode == 0:
        return ""
    return os.strerror(proc.returncode) if proc.returncode < 255 else "refused"


def _trial(wanted: Namespaces, writer: int) -> None:
    try:
        wanted.enter()
        if wanted.pid:
            split(writer)
    except OSError as error:
        os._exit(error.errno or 255)


def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno() or errno.EPERM
        raise OSError(code, f"{what}: {os.strerror(code)}")
