"""A cgroup per student process: a cap on how many processes it may have, a bound on the memory
its whole tree holds, and a tree-wide kill.

What it stops:
- fork storms, even as root (RLIMIT_NPROC is ignored for root; `pids.max` is not): a fork or
  thread beyond the limit fails with EAGAIN;
- daemons escaping the process-group kill: a process that calls setsid() leaves the process
  group but never the cgroup, and the cleanup kills everything still in the group;
- leftovers in general: after a run, `remove()` kills the whole tree (however deep, whatever its
  sessions) and deletes the group;
- memory held across processes, or outside any address space (memfd, tmpfs): the memory
  controller bounds the tree together, and counts its OOM kills (its files: memcg.py).

What it does not stop: CPU use (rlimits and the supervisor's deadlines do that), files, signals,
the network.

Each student process joins a fresh group of its own between fork and exec (`Group.join` in the
preexec_fn, before anything that could deny it access to the cgroup filesystem, such as Landlock),
so nothing it starts is ever outside the group. A group has a leaf in each hierarchy holding one
of its controllers (one leaf under cgroup v2; under v1, one in the pids hierarchy and one in the
memory hierarchy), and the process joins every leaf. Leaves live under one parent per run and
hierarchy: `<hierarchy>/sudoku-harness/<pid>-<random>`, created lazily, removed at exit when
empty; empty groups left by crashed runs are removed at probe time (rmdir only: nothing outside
our own run is ever killed).

Root puts the groups under the hierarchy's root; a non-root teacher, under a cgroup delegated
to them, the one the harness runs in (delegation.py: systemd's `Delegate=yes` under v2, a folder
root made theirs under v1). Elsewhere a non-root teacher has no cgroup: namespaces.py bounds
processes by RLIMIT_NPROC in a user namespace instead, and seccomp refuses memfds and System V
shared memory, which no address space counts.

Each controller's hierarchy is probed at run time:
- cgroup v2 (a cgroup2 mount whose root offers the controller): "+pids" and "+memory" (those the
  root offers) are enabled in subtree_control down to the run's parent; the per-process groups
  are leaves (the no-internal-process rule). The kill writes `cgroup.kill` (Linux 5.14+), which
  has no race; older kernels fall back to the v1 loop.
- cgroup v1 (the controller's own hierarchy): the kill reads `cgroup.procs` and SIGKILLs each
  pid, again until the group is empty or 2 s have passed; `pids.max` bounds how many can
  reappear. A pid read from `cgroup.procs` could belong to another process by the time it is
  signalled only if its process exited and was reaped in between, and the pid was reused: a race
  accepted here.

Signals go only to pids read from our own group's `cgroup.procs`, one at a time: never to 0, -1
or a process group, and never to this process.

Forked workers (multiprocessing's fork context) inherit the run's parents: call `probe()` (for
each controller) in the main process before starting them, and each worker creates its own
groups under the same parents.
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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from harness.sandbox import cgroupfs, delegation, memcg

Controller = Literal["pids", "memory"]
CONTROLLERS: tuple[Controller, ...] = ("pids", "memory")
APP = "sudoku-harness"
MOUNTS = Path("/proc/self/mounts")
KILL_DEADLINE = 2.0  # seconds to empty a group before giving up
POLL = 0.002  # seconds between looks at a group being emptied
PROBE_TIMEOUT = 10.0
PROBE_MEMORY = 64 << 20  # bytes: the memory limit of the probe's trial group
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
    """A mounted cgroup hierarchy with a controller this module uses."""

    version: int  # 1 or 2
    mount: Path
    controller: Controller = "pids"
    top: Path | None = None  # a subtree delegated to a non-root user (None: the whole hierarchy)

    @property
    def root(self) -> Path:
        """The group the harness's own groups go under: the hierarchy's, or the delegated one."""
        return self.top or self.mount

    @property
    def base(self) -> Path:
        """Where every run's parent group goes."""
        return self.root / APP

    @property
    def detail(self) -> str:
        where = f"{self.mount}" if self.top is None else f"{self.top} (delegated to this user)"
        return f"cgroup v{self.version} {self.controller} at {where}"


@dataclass(frozen=True)
class Leaf:
    """A group's directory in one hierarchy, and the controllers it bounds there."""

    path: Path
    version: int
    controllers: frozenset[Controller]
    procs: str  # path of cgroup.procs, ready for join() in a forked child

    @classmethod
    def create(cls, hierarchy: Hierarchy, limits: dict[Controller, int]) -> Leaf:
        """A new leaf under this run's parent in `hierarchy`, bounded by `limits`."""
        path = _fresh_dir(_run_parent(hierarchy))
        try:
            for controller, value in limits.items():
                LIMITERS[controller](path, hierarchy.version, value)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                os.rmdir(path)
            raise
        return cls(path, hierarchy.version, frozenset(limits), str(path / "cgroup.procs"))


@dataclass(frozen=True)
class Group:
    """One student process's group: a leaf in each hierarchy that holds one of its controllers
    (the first leaf holds the pids controller when there is one)."""

    leaves: tuple[Leaf, ...]

    @classmethod
    def create(cls, pids: int = 0, memory: int = 0) -> Group:
        """A new group allowing `pids` processes and threads and `memory` bytes (0: that
        controller is not used); raises OSError if a controller's hierarchy is missing."""
        limits: dict[Controller, int] = {"pids": pids, "memory": memory}
        if any(value < 0 for value in limits.values()) or not any(limits.values()):
            raise ValueError(f"a group needs positive limits, not {pids} pids, {memory} bytes")
        wanted = {name: value for name, value in limits.items() if value}
        by_mount: dict[Path, tuple[Hierarchy, dict[Controller, int]]] = {}
        for controller, value in wanted.items():
            hierarchy = _require(controller)
            by_mount.setdefault(hierarchy.mount, (hierarchy, {}))[1][controller] = value
        leaves: list[Leaf] = []
        try:
            for hierarchy, bounds in by_mount.values():
                leaves.append(Leaf.create(hierarchy, bounds))
        except (OSError, ValueError):
            for leaf in leaves:
                with contextlib.suppress(OSError):
                    os.rmdir(leaf.path)
            raise
        return cls(tuple(leaves))

    @property
    def path(self) -> Path:
        """The first leaf (the pids one, when there is one)."""
        return self.leaves[0].path

    @property
    def bounds_memory(self) -> bool:
        return self._memory_leaf() is not None

    def join(self) -> None:
        """Move the calling process into every leaf: meant for a preexec_fn (after fork, before
        exec), so only os-level calls. Raises OSError if the kernel refuses."""
        for leaf in self.leaves:
            fd = os.open(leaf.procs, os.O_WRONLY)
            try:
                os.write(fd, str(os.getpid()).encode())
            finally:
                os.close(fd)

    def pids(self) -> tuple[int, ...]:
        """The processes in the group now (none once it is gone)."""
        try:
            with open(self.leaves[0].procs, encoding="ascii") as procs:
                return tuple(int(word) for word in procs.read().split())
        except FileNotFoundError:
            return ()

    def memory(self) -> memcg.Reading | None:
        """What the kernel measured of the group's memory so far (None: no memory leaf)."""
        leaf = self._memory_leaf()
        return None if leaf is None else memcg.read(leaf.path, leaf.version)

    def kill_all(self) -> None:
        """SIGKILL every process in the group and wait (at most 2 s) until it is empty."""
        self._kill(time.monotonic() + KILL_DEADLINE)

    def remove(self) -> None:
        """Kill everything in the group, then delete its leaves; nothing to do for a leaf
        already gone. Raises OSError if the group could not be emptied in time."""
        deadline = time.monotonic() + KILL_DEADLINE
        for leaf in self.leaves:
            self._remove(leaf, deadline)

    def _remove(self, leaf: Leaf, deadline: float) -> None:
        while True:
            self._kill(deadline)
            try:
                os.rmdir(leaf.path)
                return
            except FileNotFoundError:
                return
            except OSError as error:
                if error.errno != errno.EBUSY or time.monotonic() > deadline:
                    raise
            time.sleep(POLL)

    def _memory_leaf(self) -> Leaf | None:
        return next((leaf for leaf in self.leaves if "memory" in leaf.controllers), None)

    def _kill(self, deadline: float) -> None:
        if self.leaves[0].version == 2 and self._kill_switch():
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
            cgroupfs.write(switch, "1")
        except FileNotFoundError:
            return not self.path.is_dir()  # the group is gone: nothing left to kill
        return True

    def _wait_empty(self, deadline: float) -> None:
        while self.pids() and time.monotonic() < deadline:
            time.sleep(POLL)


def _limit_pids(group: Path, version: int, limit: int) -> None:
    cgroupfs.write(group / "pids.max", str(limit))


LIMITERS: dict[Controller, Callable[[Path, int, int], None]] = {
    "pids": _limit_pids,
    "memory": memcg.limit,
}


@contextlib.contextmanager
def confined(pids: int = 0, memory: int = 0) -> Iterator[Group]:
    """A new group for the duration of the block, killed and removed afterwards."""
    group = Group.create(pids, memory)
    try:
        yield group
    finally:
        group.remove()


@functools.lru_cache(maxsize=len(CONTROLLERS))
def probe(controller: Controller = "pids") -> Support:
    """Whether groups with `controller` work here: finds its hierarchy, clears stale empty
    groups, and creates, joins (with /bin/true) and removes a test group."""
    found = discover(controller)
    if isinstance(found, str):
        return Support(False, found)
    _clean_stale(found.base)
    try:
        problem = _trial(controller)
    except (OSError, ValueError, subprocess.SubprocessError) as error:
        problem = _reason(error)
    if problem:
        _release_run(found.mount)
        return Support(False, f"cannot use {found.detail}: {problem}")
    return Support(True, found.detail)


def _trial(controller: Controller) -> str:
    """Why a process could not be put in a group ("" when it could)."""
    limits = {"pids": 2} if controller == "pids" else {"memory": PROBE_MEMORY}
    with confined(**limits) as group:
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


def _join_or_exit(group: Group) -> None:
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


def find_hierarchy(mounts: Sequence[Mount], controller: Controller = "pids") -> Hierarchy | str:
    """The hierarchy of `controller` (cgroup v2 first, then v1), or why there is none."""
    reasons = []
    for mount in mounts:
        if mount.fstype == "cgroup2":
            if controller not in cgroupfs.read(mount.path / "cgroup.controllers").split():
                reasons.append(f"cgroup v2 at {mount.path} offers no {controller} controller")
            elif "ro" in mount.options:
                reasons.append(f"cgroup v2 at {mount.path} is mounted read-only")
            else:
                return Hierarchy(2, mount.path, controller)
    v1 = [m for m in mounts if m.fstype == "cgroup" and controller in m.options]
    for mount in v1:
        if "ro" not in mount.options:
            return Hierarchy(1, mount.path, controller)
        reasons.append(f"cgroup v1 {controller} at {mount.path} is mounted read-only")
    if not v1:
        reasons.append(f"no cgroup v1 {controller} hierarchy is mounted")
    return "; ".join(reasons)


@functools.lru_cache(maxsize=len(CONTROLLERS))
def discover(controller: Controller = "pids") -> Hierarchy | str:
    """This machine's hierarchy for `controller` (for a non-root teacher, the subtree of it
    delegated to them), or why there is none."""
    try:
        found = find_hierarchy(parse_mounts(MOUNTS.read_text()), controller)
    except OSError as error:
        return f"cannot read {MOUNTS}: {error.strerror}"
    if isinstance(found, str) or os.geteuid() == 0:
        return found
    return _delegated(found)


def _delegated(found: Hierarchy) -> Hierarchy | str:
    own = delegation.own_paths(cgroupfs.read(delegation.OWN))
    top = delegation.delegated(found.version, found.mount, found.controller, own)
    if isinstance(top, str):
        return f"not running as root, and {top}"
    return Hierarchy(found.version, found.mount, found.controller, top)


def _require(controller: Controller) -> Hierarchy:
    found = discover(controller)
    if isinstance(found, str):
        raise OSError(errno.ENOTSUP, found)
    return found


# --- this run's parent groups, one per hierarchy ---


@dataclass(frozen=True)
class _Run:
    path: Path
    owner: int  # the process that created it, and removes it at exit


_runs: dict[Path, _Run] = {}  # by the hierarchy's mount
_lock = threading.Lock()


def run_parent(controller: Controller = "pids") -> Path:
    """This run's parent group in the hierarchy of `controller`, created on first use; removed
    at exit (when empty) by the process that created it. Forked processes inherit it."""
    return _run_parent(_require(controller))


def _run_parent(hierarchy: Hierarchy) -> Path:
    with _lock:
        run = _runs.get(hierarchy.mount)
        if run is None:
            if not _runs:
                atexit.register(_release_runs)
            run = _runs[hierarchy.mount] = _Run(_create_run(hierarchy), os.getpid())
        return run.path


def _create_run(hierarchy: Hierarchy) -> Path:
    base = hierarchy.base
    if hierarchy.version == 2 and hierarchy.top is not None:
        delegation.make_room(hierarchy.top)  # no process may stay where controllers are handed on
    base.mkdir(exist_ok=True)
    if hierarchy.version == 2:
        _enable(hierarchy.root, hierarchy.root)
        _enable(base, hierarchy.root)
    path = _fresh_dir(base)
    if hierarchy.version == 2:
        try:
            _enable(path, hierarchy.root)
        except OSError:
            with contextlib.suppress(OSError):
                os.rmdir(path)
            raise
    return path


def _release_runs() -> None:
    for mount in list(_runs):
        _release_run(mount)


def _release_run(mount: Path) -> None:
    """Remove this run's parent in the hierarchy at `mount` if it is ours and empty (leftover
    empty groups first); anything still running in it is left alone."""
    run = _runs.get(mount)
    if run is None or run.owner != os.getpid():
        return
    for leaf in _subdirs(run.path):
        with contextlib.suppress(OSError):
            os.rmdir(leaf)
    with contextlib.suppress(OSError):
        os.rmdir(run.path)
    if not run.path.exists():
        del _runs[mount]


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


def _enable(group: Path, root: Path) -> None:
    """Make the controllers this module uses, those offered at `root` (the v2 hierarchy's, or
    the group delegated to this user), available to the children of `group`."""
    offered = cgroupfs.read(root / "cgroup.controllers").split()
    control = group / "cgroup.subtree_control"
    enabled = cgroupfs.read(control).split()
    for controller in CONTROLLERS:
        if controller in offered and controller not in enabled:
            cgroupfs.write(control, f"+{controller}")


def _subdirs(path: Path) -> list[Path]:
    try:
        return [entry for entry in path.iterdir() if entry.is_dir()]
    except OSError:
        return []


def _sigkill(pid: int) -> None:
    """SIGKILL one process read from a group: only a real pid, never this process."""
    if pid <= 0 or pid == os.getpid():
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
