"""A pids cgroup per student process: a cap on how many processes it may have, and a tree-wide kill.

What it stops:
- fork storms, even as root (RLIMIT_NPROC is ignored for root; `pids.max` is not): a fork or
  thread beyond the limit fails with EAGAIN;
- daemons escaping the process-group kill: a process that calls setsid() leaves the process
  group but never the cgroup, and the cleanup kills everything still in the group;
- leftovers in general: after a run, `remove()` kills the whole tree (however deep, whatever its
  sessions) and deletes the group.

What it does not stop: memory and CPU use (rlimits and the supervisor's deadlines do that; this
layer adds only the pids controller), files, signals, the network.

Each student process joins a fresh group of its own between fork and exec (`PidsGroup.join` in the
preexec_fn, before anything that could deny it access to the cgroup filesystem, such as Landlock),
so nothing it starts is ever outside the group. Groups live under one parent per run:
`<hierarchy>/sudoku-harness/<pid>-<random>`, created lazily, removed at exit when empty; empty
groups left by crashed runs are removed at probe time (rmdir only: nothing outside our own run is
ever killed).

Both hierarchies are probed at run time:
- cgroup v2 (a cgroup2 mount whose root offers "pids"): "+pids" is enabled in subtree_control down
  to the run's parent; the per-process groups are leaves (the no-internal-process rule). The kill
  writes `cgroup.kill` (Linux 5.14+), which has no race; older kernels fall back to the v1 loop.
- cgroup v1 (the `pids` hierarchy): the kill reads `cgroup.procs` and SIGKILLs each pid, again
  until the group is empty or 2 s have passed; `pids.max` bounds how many can reappear. A pid
  read from `cgroup.procs` could belong to another process by the time it is signalled only if
  its process exited and was reaped in between, and the pid was reused: a race accepted here.

Signals go only to pids read from our own group's `cgroup.procs`, one at a time: never to 0, -1
or a process group, and never to this process.

Forked workers (multiprocessing's fork context) inherit the run's parent: call `probe()` in the
main process before starting them, and each worker creates its own groups under the same parent.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import functools
import os
import re
import secrets
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

APP = "sudoku-harness"
MOUNTS = Path("/proc/self/mounts")
KILL_DEADLINE = 2.0  # seconds to empty a group before giving up
POLL = 0.002  # seconds between looks at a group being emptied
PROBE_TIMEOUT = 10.0
_OCTAL = re.compile(r"\\([0-7]{3})")  # /proc/self/mounts escapes spaces and such as \040


@dataclass(frozen=True)
class Support:
    """What `probe()` found: whether the layer works here, and where, or why not."""

    available: bool
    detail: str


@dataclass(frozen=True)
class Mount:
    """One line of /proc/self/mounts."""

    path: Path
    fstype: str
    options: frozenset[str]


@dataclass(frozen=True)
class Hierarchy:
    """A mounted cgroup hierarchy with the pids controller."""

    version: int  # 1 or 2
    mount: Path

    @property
    def base(self) -> Path:
        """Where every run's parent group goes."""
        return self.mount / APP

    @property
    def detail(self) -> str:
        return f"cgroup v{self.version} pids at {self.mount}"


@dataclass(frozen=True)
class PidsGroup:
    """One student process's group (a leaf under the run's parent)."""

    path: Path
    version: int
    procs: str  # path of cgroup.procs, ready for join() in a forked child

    @classmethod
    def create(cls, limit: int) -> PidsGroup:
        """A new group under this run's parent, allowing `limit` processes and threads."""
        if limit < 1:
            raise ValueError(f"a pids limit must be at least 1, not {limit}")
        hierarchy = _require()
        path = _fresh_dir(run_parent())
        group = cls(path, hierarchy.version, str(path / "cgroup.procs"))
        try:
            _write(path / "pids.max", str(limit))
        except OSError:
            with contextlib.suppress(OSError):
                os.rmdir(path)
            raise
        return group

    def join(self) -> None:
        """Move the calling process into the group: meant for a preexec_fn (after fork, before
        exec), so only os-level calls. Raises OSError if the kernel refuses."""
        fd = os.open(self.procs, os.O_WRONLY)
        try:
            os.write(fd, str(os.getpid()).encode())
        finally:
            os.close(fd)

    def pids(self) -> tuple[int, ...]:
        """The processes in the group now (none once it is gone)."""
        try:
            with open(self.procs, encoding="ascii") as procs:
                return tuple(int(word) for word in procs.read().split())
        except FileNotFoundError:
            return ()

    def kill_all(self) -> None:
        """SIGKILL every process in the group and wait (at most 2 s) until it is empty."""
        self._kill(time.monotonic() + KILL_DEADLINE)

    def remove(self) -> None:
        """Kill everything in the group, then delete it; nothing to do if it is already gone.
        Raises OSError if the group could not be emptied in time."""
        deadline = time.monotonic() + KILL_DEADLINE
        while True:
            self._kill(deadline)
            try:
                os.rmdir(self.path)
                return
            except FileNotFoundError:
                return
            except OSError as error:
                if error.errno != errno.EBUSY or time.monotonic() > deadline:
                    raise
            time.sleep(POLL)

    def _kill(self, deadline: float) -> None:
        if self.version == 2 and self._kill_switch():
            self._wait_empty(deadline)
            return
        while (pids := self.pids()) and time.monotonic() < deadline:
            for pid in pids:
                _sigkill(pid)
            time.sleep(POLL)

    def _kill_switch(self) -> bool:
        """cgroup v2's atomic kill (Linux 5.14+); False where the kernel lacks it."""
        switch = self.path / "cgroup.kill"
        try:
            _write(switch, "1")
        except FileNotFoundError:
            return not self.path.is_dir()  # the group is gone: nothing left to kill
        return True

    def _wait_empty(self, deadline: float) -> None:
        while self.pids() and time.monotonic() < deadline:
            time.sleep(POLL)


@contextlib.contextmanager
def confined(limit: int) -> Iterator[PidsGroup]:
    """A new group for the duration of the block, killed and removed afterwards."""
    group = PidsGroup.create(limit)
    try:
        yield group
    finally:
        group.remove()


@functools.lru_cache(maxsize=1)
def probe() -> Support:
    """Whether pids groups work here: finds the hierarchy, clears stale empty groups, and creates,
    joins (with /bin/true) and removes a test group."""
    found = discover()
    if isinstance(found, str):
        return Support(False, found)
    _clean_stale(found.base)
    try:
        problem = _trial()
    except (OSError, subprocess.SubprocessError) as error:
        problem = _reason(error)
    if problem:
        _release_run()
        return Support(False, f"cannot use {found.detail}: {problem}")
    return Support(True, found.detail)


def _trial() -> str:
    """Why a process could not be put in a group ("" when it could)."""
    with confined(2) as group:
        true = shutil.which("true") or "/bin/true"
        proc = subprocess.Popen(
            [true],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=functools.partial(_join_or_exit, group),
        )
        try:
            code = proc.wait(timeout=PROBE_TIMEOUT)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return "" if code == 0 else f"cannot move a process into a group ({os.strerror(code)})"


def _join_or_exit(group: PidsGroup) -> None:
    """preexec_fn of the probe: join, or exit with the errno as status (it would otherwise be
    lost in subprocess's "Exception occurred in preexec_fn")."""
    try:
        group.join()
    except OSError as error:
        os._exit(error.errno or 255)


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        root = "" if os.geteuid() == 0 else " (not running as root)"
        return f"{error.strerror.lower()}{root}"
    return str(error)


# --- finding the hierarchy ---


def parse_mounts(text: str) -> tuple[Mount, ...]:
    """The mounts in /proc/self/mounts format (octal escapes such as \\040 decoded)."""
    mounts = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 4:
            path = Path(_OCTAL.sub(lambda match: chr(int(match[1], 8)), fields[1]))
            mounts.append(Mount(path, fields[2], frozenset(fields[3].split(","))))
    return tuple(mounts)


def find_hierarchy(mounts: Sequence[Mount]) -> Hierarchy | str:
    """The hierarchy to use (cgroup v2 first, then v1 pids), or why there is none."""
    reasons = []
    for mount in mounts:
        if mount.fstype == "cgroup2":
            if "pids" not in _read(mount.path / "cgroup.controllers").split():
                reasons.append(f"cgroup v2 at {mount.path} offers no pids controller")
            elif "ro" in mount.options:
                reasons.append(f"cgroup v2 at {mount.path} is mounted read-only")
            else:
                return Hierarchy(2, mount.path)
    for mount in mounts:
        if mount.fstype == "cgroup" and "pids" in mount.options:
            if "ro" not in mount.options:
                return Hierarchy(1, mount.path)
            reasons.append(f"cgroup v1 pids at {mount.path} is mounted read-only")
    if not any(mount.fstype == "cgroup" and "pids" in mount.options for mount in mounts):
        reasons.append("no cgroup v1 pids hierarchy is mounted")
    return "; ".join(reasons) if reasons else "no cgroup hierarchy is mounted"


@functools.lru_cache(maxsize=1)
def discover() -> Hierarchy | str:
    """This machine's hierarchy for pids groups, or why there is none."""
    try:
        return find_hierarchy(parse_mounts(MOUNTS.read_text()))
    except OSError as error:
        return f"cannot read {MOUNTS}: {error.strerror}"


def _require() -> Hierarchy:
    found = discover()
    if isinstance(found, str):
        raise OSError(errno.ENOTSUP, found)
    return found


# --- this run's parent group ---


@dataclass(frozen=True)
class _Run:
    path: Path
    owner: int  # the process that created it, and removes it at exit


_current: _Run | None = None
_lock = threading.Lock()


def run_parent() -> Path:
    """This run's parent group, created on first use; removed at exit (when empty) by the
    process that created it. Forked processes inherit it."""
    global _current
    with _lock:
        if _current is None:
            _current = _Run(_create_run(_require()), os.getpid())
            atexit.register(_release_run)
        return _current.path


def _create_run(hierarchy: Hierarchy) -> Path:
    base = hierarchy.base
    base.mkdir(exist_ok=True)
    if hierarchy.version == 2:
        _enable_pids(hierarchy.mount)
        _enable_pids(base)
    path = _fresh_dir(base)
    if hierarchy.version == 2:
        try:
            _enable_pids(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.rmdir(path)
            raise
    return path


def _release_run() -> None:
    """Remove this run's parent if it is ours and empty (leftover empty groups first); anything
    still running in it is left alone."""
    global _current
    run = _current
    if run is None or run.owner != os.getpid():
        return
    for leaf in _subdirs(run.path):
        with contextlib.suppress(OSError):
            os.rmdir(leaf)
    with contextlib.suppress(OSError):
        os.rmdir(run.path)
    if not run.path.exists():
        _current = None


def _after_fork_in_child() -> None:
    global _lock
    _lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def _clean_stale(base: Path) -> None:
    """rmdir the empty groups of runs whose process is gone (never kills anything)."""
    for run in _subdirs(base):
        owner = _owner(run.name)
        if owner is None or owner == os.getpid() or Path(f"/proc/{owner}").exists():
            continue
        for leaf in _subdirs(run):
            with contextlib.suppress(OSError):
                os.rmdir(leaf)
        with contextlib.suppress(OSError):
            os.rmdir(run)


def _owner(name: str) -> int | None:
    head, dash, _ = name.partition("-")
    return int(head) if dash and head.isdigit() else None


# --- small file-system helpers ---


def _fresh_dir(parent: Path) -> Path:
    """A new directory `<our pid>-<random>` in `parent`."""
    while True:
        path = parent / f"{os.getpid()}-{secrets.token_hex(4)}"
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path


def _enable_pids(group: Path) -> None:
    """Make the pids controller available to the children of a v2 group."""
    control = group / "cgroup.subtree_control"
    if "pids" not in _read(control).split():
        _write(control, "+pids")


def _subdirs(path: Path) -> list[Path]:
    try:
        return [entry for entry in path.iterdir() if entry.is_dir()]
    except OSError:
        return []


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii")
    except OSError:
        return ""


def _write(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _sigkill(pid: int) -> None:
    """SIGKILL one process read from a group: only a real pid, never this process."""
    if pid <= 0 or pid == os.getpid():
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
