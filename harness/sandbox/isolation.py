"""Which isolation layers this machine allows, and how they are applied to each student process:
probed once at start-up, reported by `sudoku-harness doctor` and by `grade`.

Always in force: the out-of-process supervisor (deadlines, group kill, capped output, a reply
channel of its own), rlimits, and a private working copy with a cleared environment. Added
wherever the machine has them, between fork and exec of every student process, in this order:

1. a cgroup of its own (cgroup.py; as root, or in a cgroup subtree delegated to the user): its
   pids controller stops fork storms even as root and daemons that leave the group; its memory
   controller (memcg.py) bounds the whole tree's memory, memfd and tmpfs pages too, and measures
   MLE;
2. namespaces of its own (namespaces.py; in a user namespace of its own when not root): a
   private view (view.py: a mount namespace in which the folders of the host's sockets and homes
   are empty, and the working copy and the interpreter are shown again), loopback-only
   networking, IPC objects of its own, and a PID namespace in which it is pid 2 below an init
   of ours;
3. no capabilities (privileges.py; root's bounding set, or a user namespace's): no lifting its
   own hard rlimits;
4. a dedicated uid per grading slot (privileges.py, root only, where the uid can reach the
   interpreter and the working copy): the teacher's files by plain permissions;
5. Landlock (landlock.py): a filesystem allow-list, TCP and signal scoping by ABI;
6. a seccomp deny-list (seccomp.py): process creation, sockets, ptrace, mounts and the like;
   where no memory cgroup bounds the tree, also the calls that hold memory no address space
   counts (memfd_create, memfd_secret, shmget).

Bubblewrap is probed and reported, not applied: the namespaces above are the ones it would make,
made here directly (a few milliseconds a process, no extra program to exec). Off Linux none of
this exists: `doctor` says so, and `--isolation strict` refuses to run.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from harness.errors import ExitCode, HarnessError
from harness.limits import Limits
from harness.sandbox import cgroup, interpreter, landlock, namespaces, privileges, quota, view
from harness.sandbox.child import seccomp
from harness.sandbox.namespaces import Namespaces
from harness.sandbox.view import View

Kind = Literal["interpreter", "program", "toolchain"]  # a child interpreter (seccomp tightens
# further once it has started), a student's program, a compiler or the notebook runner
PIDS_MAX = 128  # processes and threads per student process's cgroup
REPORT_BYTES = 512  # why a start failed, from the forked child
SANDBOX = Path(__file__).resolve().parent / "child"  # the worker and the drivers it imports


class Mode(str, enum.Enum):
    AUTO = "auto"  # every layer this machine allows
    STRICT = "strict"  # the same, but refuse to run without Landlock or bubblewrap
    OFF = "off"  # rlimits and the working copy only


@dataclass(frozen=True)
class Layer:
    name: str
    active: bool
    stops: str  # what it stops
    detail: str = ""  # the ABI in force, or why it is not in force


@dataclass(frozen=True)
class Grants:
    """What a process may use beyond its working copy (and, for Python, its interpreter): folders
    it may read (a toolchain's configuration, the teacher's test files) and folders it may write
    (where a test runner writes its report). Each is shown in the private view, allowed by
    Landlock, and, when written, handed to the dedicated uid."""

    read: tuple[Path, ...] = ()
    write: tuple[Path, ...] = ()


NO_GRANTS = Grants()


@dataclass(frozen=True)
class Isolation:
    """What is applied to each student process (beyond rlimits and the working copy)."""

    landlock_abi: int = 0  # 0: not applied
    seccomp: bool = False
    pids_max: int = 0  # 0: no cgroup
    memory_cgroup: bool = False  # the tree's memory bounded by its `memory_mb` in a cgroup
    no_capabilities: bool = False
    dedicated_uid: bool = False
    private_view: bool = False
    network_namespace: bool = False
    pid_namespace: bool = False
    ipc_namespace: bool = False

    @property
    def namespaces(self) -> Namespaces:
        return Namespaces(
            mount=self.private_view,
            network=self.network_namespace,
            ipc=self.ipc_namespace,
            pid=self.pid_namespace,
            user=self.no_capabilities,  # not root: dropped where it holds them, in a namespace
        )

    @property
    def counts_processes(self) -> bool:
        """Whether RLIMIT_NPROC bounds the student's processes alone: as root (a dedicated uid's,
        or ignored), or in a user namespace of its own. Otherwise it would count every process
        of the teacher's and refuse a thread for no fault of the student's."""
        return privileges.is_root() or bool(self.namespaces.flags & namespaces.CLONE_NEWUSER)

    @property
    def denies_unbounded_memory(self) -> bool:
        """Whether seccomp refuses memory no address space counts (no memory cgroup bounds it)."""
        return self.seccomp and not self.memory_cgroup

    def confine(
        self,
        workdir: Path,
        python: Path | None,
        kind: Kind,
        memory_mb: int = 0,
        grants: Grants = NO_GRANTS,
    ) -> Confinement:
        """The layers for one process about to start in `workdir` (its interpreter `python`),
        its whole tree allowed `memory_mb` where the memory cgroup is in force, and the folders
        of `grants` within its reach."""
        memory = memory_mb << 20 if self.memory_cgroup else 0
        group = cgroup.Group.create(self.pids_max, memory) if self.pids_max or memory else None
        steps: list[Callable[[], None]] = [group.join] if group else []
        if self.namespaces.flags:
            steps.append(self.namespaces.enter)
        view = self._view(workdir, python, kind, grants)
        if view is not None:
            steps.append(view.apply)
        reveal = _pipe() if self.pid_namespace else None
        if reveal is not None:
            steps.append(functools.partial(namespaces.split, reveal[1]))
        if not self.pids_max and self.namespaces.flags & namespaces.CLONE_NEWUSER:
            steps.append(functools.partial(namespaces.bound_processes, PIDS_MAX))
        if self.no_capabilities:
            steps.append(functools.partial(privileges.drop_capabilities, _LAST_CAPABILITY))
        uid = self._slot_uid(workdir, python, view, grants)
        if uid is not None:
            for folder in (workdir, *grants.write):
                privileges.hand_over(folder, uid)
            steps.append(functools.partial(privileges.become, uid))
        if self.landlock_abi:
            readable = _readable(python, kind)
            policy = landlock.Policy.for_workdir(
                workdir, (*readable.read, *grants.read), readable.listed, grants.write
            )
            steps.append(functools.partial(landlock.restrict, policy, self.landlock_abi))
        if self.seccomp:
            profile = "toolchain" if kind == "toolchain" else "program"
            bounded = not self.denies_unbounded_memory
            steps.append(functools.partial(seccomp.install, profile, bounded))
        return Confinement(tuple(steps), group, uid, reveal=reveal)

    def _view(self, workdir: Path, python: Path | None, kind: Kind, grants: Grants) -> View | None:
        if not self.private_view:
            return None
        granted = [workdir, *grants.read, *grants.write]
        if python is None:
            return View.showing(granted)
        packages = () if kind == "toolchain" else interpreter.package_folders(python)
        return View.showing([*granted, *interpreter.installation(python), SANDBOX], packages)

    def _slot_uid(
        self, workdir: Path, python: Path | None, view: View | None, grants: Grants
    ) -> int | None:
        if not self.dedicated_uid:
            return None
        reachable = view.reachable if view is not None else privileges.reachable
        folders = (workdir, *grants.write)
        if view is None and not all(reachable(folder.parent) for folder in folders):
            return None
        if not all(reachable(path) for path in grants.read if path.exists()):
            return None
        if python is not None and not interpreter_reachable(python, reachable):
            return None
        return privileges.claim_uid()

    @property
    def confining(self) -> bool:
        """Whether files and the supervisor are out of the student's reach: by Landlock, or by
        namespaces (the private view hides the files, the PID namespace the supervisor)."""
        hidden = self.private_view and self.network_namespace and self.pid_namespace
        return self.landlock_abi > 0 or hidden

    @property
    def layers(self) -> tuple[str, ...]:
        """The layers in force beyond the supervisor, rlimits and the working copy."""
        named = (
            (self.pids_max > 0, "pids cgroup"),
            (self.memory_cgroup, "memory cgroup"),
            (self.private_view, "private view"),
            (self.network_namespace, "network namespace"),
            (self.pid_namespace, "pid namespace"),
            (self.ipc_namespace, "ipc namespace"),
            (self.no_capabilities, "no capabilities"),
            (self.dedicated_uid, "dedicated uid"),
            (self.landlock_abi > 0, f"Landlock ABI {self.landlock_abi}"),
            (self.seccomp, "seccomp"),
            (self.denies_unbounded_memory, "memfd and shm denied"),
        )
        return tuple(name for active, name in named if active)


NO_ISOLATION = Isolation()
_LAST_CAPABILITY = privileges.last_capability()


def _pipe() -> tuple[int, int]:
    """A pipe whose ends are not inherited across exec, its reader non-blocking (os.pipe2 is
    Linux's: this is the same everywhere)."""
    reader, writer = os.pipe()  # close-on-exec, as every descriptor Python makes
    os.set_blocking(reader, False)
    return reader, writer


def _tell(writer: int, text: str) -> None:
    """In the forked child: one line for the supervisor (never raises)."""
    with contextlib.suppress(Exception):
        os.write(writer, text.encode("utf-8", "replace")[:REPORT_BYTES])


def _told(reader: int) -> str:
    try:
        return os.read(reader, REPORT_BYTES).decode("utf-8", "replace").strip()
    except OSError:
        return ""


def _step_name(step: Callable[[], None]) -> str:
    func = getattr(step, "func", step)  # a functools.partial names its function
    return str(getattr(func, "__qualname__", func))


@dataclass(frozen=True)
class Confinement:
    """The layers of one student process: applied between fork and exec, cleared after it."""

    steps: tuple[Callable[[], None], ...]
    group: cgroup.Group | None = None
    uid: int | None = None
    report: tuple[int, int] = field(default_factory=_pipe)  # why a start failed
    reveal: tuple[int, int] | None = None  # the student's pid, told by the PID namespace's keeper

    @property
    def bounds_memory(self) -> bool:
        """Whether a memory cgroup bounds the process's tree (RLIMIT_AS is then a backstop)."""
        return self.group is not None and self.group.bounds_memory

    @property
    def preexec(self) -> Callable[[], None] | None:
        """The function to run between fork and exec (None: nothing to apply)."""
        return self.around() if self.steps else None

    def around(
        self, before: Sequence[Callable[[], None]] = (), after: Sequence[Callable[[], None]] = ()
    ) -> Callable[[], None]:
        """The layers with other steps of the caller's (rlimits) before and after them, as one
        preexec_fn that says which step failed and why: subprocess itself reports only
        "Exception occurred in preexec_fn"."""
        steps = (*before, *self.steps, *after)
        writer = self.report[1]

        def apply() -> None:
            for step in steps:
                try:
                    step()
                except BaseException as error:
                    _tell(writer, f"{_step_name(step)}: {error!r}")
                    raise

        return apply

    @contextlib.contextmanager
    def starting(self) -> Iterator[None]:
        """Around Popen: a failure between fork and exec becomes an OSError naming the step."""
        try:
            yield
        except subprocess.SubprocessError as error:
            reason = _told(self.report[0]) or "no reason given"
            raise OSError(f"cannot start a confined process: {error} ({reason})") from None

    def student_pid(self, started: int) -> int:
        """The pid of the student's own process, once the process `started` has exec'd: itself,
        or in a PID namespace the one its keeper forked (whose CPU time the supervisor reads)."""
        if self.reveal is None:
            return started
        told = namespaces.student_pid(self.reveal[0])
        if told is None:
            raise OSError(f"the PID namespace's keeper (pid {started}) did not say its child's pid")
        return told

    def kill_all(self) -> None:
        """Kill whatever is left of the process's tree, even what left its process group."""
        if self.group is not None:
            self.group.kill_all()

    def close(self) -> None:
        for fd in (*self.report, *(self.reveal or ())):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.group is not None:
            with contextlib.suppress(OSError):
                self.group.remove()


def _readable(python: Path | None, kind: Kind) -> interpreter.Readable:
    """What of `python`'s installation the process may read: the standard library, or for a
    toolchain (the notebook runner, whose kernel needs nbclient and ipykernel) everything."""
    if python is None:
        return interpreter.Readable((), ())
    if kind == "toolchain":
        return interpreter.everything(python)
    return interpreter.standard_library(python)


def interpreter_reachable(
    python: Path, reachable: Callable[[Path], bool] = privileges.reachable
) -> bool:
    """Whether another user can run `python` (its installation) and the harness's sandbox
    (`reachable`: as the host shows them, or as a private view does)."""
    places = (python.resolve(), *interpreter.installation(python), SANDBOX)
    return all(reachable(place) for place in places)


ALWAYS = (
    Layer("supervisor", True, "loops, sleeps, exits, crashes, floods, forged replies"),
    Layer("rlimits", True, "memory bombs, huge files, core dumps, runaway CPU"),
    Layer("working copy", True, "accidental exposure: a private 0700 copy, a clean env"),
)
LINUX_ONLY = (  # the layers of a Linux kernel, and what each stops
    ("disk cap", "filling the disk, or its inodes, with many files"),
    ("pids cgroup", "fork storms even as root, daemons that leave the process group"),
    ("memory cgroup", "memory held across processes or in memfd and tmpfs pages; measures MLE"),
    ("private view", "the host's Unix sockets (/run, /tmp, /var, homes), other working copies"),
    ("network namespace", "the host's network: TCP, UDP and Unix sockets, abstract or by path"),
    ("pid namespace", "seeing or signalling other processes; daemons outliving their run"),
    ("ipc namespace", "System V shared memory and queues shared with others or left behind"),
    ("no capabilities", "lifting its own hard rlimits, root's privileges"),
    ("dedicated uid", "the teacher's files by plain permissions; makes RLIMIT_NPROC count"),
    ("landlock", "reading the teacher's files and /proc, writing outside the working copy"),
    ("seccomp", "process creation, exec, sockets, other processes, the system"),
    ("memfd and shm denied", "memory no address space counts (memfd, System V shared memory)"),
)
STOPS = dict(LINUX_ONLY)


@functools.lru_cache(maxsize=2)
def probe(try_bubblewrap: bool = False) -> tuple[Layer, ...]:
    """The layers and whether each is in force. Bubblewrap is never applied, so whether it
    would work here is tried (by running it) only when asked: for `doctor`, not every grade."""
    if sys.platform != "linux":
        return _elsewhere(sys.platform)
    spaces = _namespace_layers()
    memory = _memory_layer()
    return (
        *ALWAYS,
        _disk_layer(),
        _pids_layer(),
        memory,
        *spaces,
        _capabilities_layer(any(layer.active for layer in spaces)),
        _uid_layer(),
        _landlock_layer(),
        _seccomp_layer(),
        _unbounded_memory_layer(memory.active),
        _bubblewrap_layer(try_bubblewrap),
    )


def _elsewhere(platform: str) -> tuple[Layer, ...]:
    """Off Linux: the supervisor, rlimits (those the system enforces) and the working copy."""
    system = {"darwin": "macOS", "win32": "Windows"}.get(platform, platform)
    detail = f"Linux only: not on this system ({system})"
    return (*ALWAYS, *(Layer(name, False, stops, detail) for name, stops in LINUX_ONLY))


def _landlock_layer() -> Layer:
    version = landlock.abi()
    stops = (
        STOPS["landlock"]
        + (", TCP" if version >= 4 else "")
        + (", signalling the supervisor" if version >= 6 else "")
    )
    detail = f"ABI {version}" if version else "not in this kernel (or disabled at boot)"
    return Layer("landlock", version > 0, stops, detail)


def _pids_layer() -> Layer:
    support = cgroup.probe()
    return Layer("pids cgroup", support.available, STOPS["pids cgroup"], support.detail)


def _disk_layer() -> Layer:
    return Layer("disk cap", True, STOPS["disk cap"], quota.describe(Limits().disk))


def _memory_layer() -> Layer:
    support = cgroup.probe("memory")
    return Layer("memory cgroup", support.available, STOPS["memory cgroup"], support.detail)


def _unbounded_memory_layer(cgroup_bounds: bool) -> Layer:
    name = "memfd and shm denied"
    if cgroup_bounds:
        return Layer(name, False, STOPS[name], "not needed: the memory cgroup bounds such pages")
    if not seccomp.supported():
        return Layer(name, False, STOPS[name], "no seccomp here: such pages are not bounded")
    limits = Limits()
    detail = (
        f"seccomp denies {', '.join(seccomp.UNBOUNDED_MEMORY)}; left outside RLIMIT_AS: pipe "
        f"buffers, at most {pipe_buffers(limits.open_files) >> 20} MiB ({limits.open_files} "
        "descriptors, each a pipe of fs.pipe-max-size)"
    )
    return Layer(name, True, STOPS[name], detail)


def pipe_buffers(open_files: int) -> int:
    """Bytes a process with `open_files` descriptors can hold in pipes it keeps unread (a read
    end each, the write end closed): what is left outside RLIMIT_AS where memfd and shm are
    denied."""
    try:
        largest = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    except (OSError, ValueError):
        largest = 1 << 20  # the kernel's default
    return open_files * largest


def _capabilities_layer(user_namespace: bool) -> Layer:
    name, stops = "no capabilities", STOPS["no capabilities"]
    if privileges.is_root():
        return Layer(name, True, stops, "the bounding set is emptied before exec")
    if user_namespace:
        detail = "not root: none after exec in its user namespace; the bounding set emptied"
        return Layer(name, True, stops, detail)
    return Layer(name, False, stops, "not root, and no user namespace to empty the set in")


def _namespace_layers() -> tuple[Layer, ...]:
    """The private view, then the network, PID and IPC namespaces: each tried on its own."""
    where = "" if privileges.is_root() else " (in a user namespace of its own: not root)"
    view_problem = view.probe()
    covers = ", ".join(View.showing([]).covers) if not view_problem else ""
    layers = [
        Layer(
            "private view",
            not view_problem,
            STOPS["private view"],
            view_problem or f"a mount namespace per process{where}; empty: {covers}",
        )
    ]
    for name, wanted, detail in (
        ("network namespace", Namespaces(network=True), f"loopback only{where}"),
        ("pid namespace", Namespaces(pid=True), _pid_detail(where)),
        ("ipc namespace", Namespaces(ipc=True), f"its own, gone with it{where}"),
    ):
        problem = namespaces.refused(wanted)
        layers.append(
            Layer(name, not problem, STOPS[name], _refusal(problem) if problem else detail)
        )
    return tuple(layers)


def _pid_detail(where: str) -> str:
    said = f"pid 2 below an init of ours{where}"
    if privileges.is_root() or cgroup.probe().available:
        return said
    return f"{said}; {PIDS_MAX} processes and threads at most (RLIMIT_NPROC, counted in it)"


def _refusal(problem: str) -> str:
    """Why a namespace cannot be made, with what a non-root teacher can do about it."""
    if privileges.is_root():
        return f"cannot be made here: {problem}"
    return (
        f"cannot be made here: {problem} (unprivileged user namespaces are off: see "
        "kernel.unprivileged_userns_clone, user.max_user_namespaces, or on Ubuntu 23.10+ "
        "kernel.apparmor_restrict_unprivileged_userns)"
    )


def _uid_layer() -> Layer:
    stops = "the teacher's files by plain permissions; makes RLIMIT_NPROC count"
    if not privileges.is_root():
        return Layer("dedicated uid", False, stops, "not running as root")
    if not privileges.reachable(Path(tempfile.gettempdir())):
        return Layer("dedicated uid", False, stops, "other users cannot reach the temp folder")
    return Layer("dedicated uid", True, stops, f"uids {privileges.FIRST_UID}+, one per worker")


def python_uid(python: Path, layers: Sequence[Layer]) -> str:
    """Which uid the Python processes of `python` run under, said plainly for `doctor`."""
    active = {layer.name for layer in layers if layer.active}
    if "dedicated uid" not in active:
        return "Python processes run as this user (no dedicated uid here)"
    shown = View.showing([*interpreter.installation(python), SANDBOX])
    reachable = shown.reachable if "private view" in active else privileges.reachable
    if interpreter_reachable(python, reachable):
        return f"Python processes ({python}) run under the dedicated uid"
    return (
        f"Python processes ({python}) run as root: other users cannot reach "
        f"{python.resolve()} or the harness, and no private view can show it (set "
        "runtime.python to an interpreter such as /usr/bin/python3 and install the harness "
        "where others can read it)"
    )


def _seccomp_layer() -> Layer:
    stops = ", ".join(seccomp.DENIED)  # the groups; each one's calls are in seccomp.py
    supported = seccomp.supported()
    detail = "a deny-list, EPERM" if supported else "no seccomp filters for this architecture"
    return Layer("seccomp", supported, stops, detail)


def _bubblewrap_layer(tried: bool) -> Layer:
    stops = "network, other processes, files not even visible"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return Layer("bubblewrap", False, stops, "not installed; not needed where the namespaces "
                     "above are in force")  # fmt: skip
    if not tried:
        return Layer("bubblewrap", False, stops, "installed; not applied by this version")
    works = _bwrap_works(bwrap)
    detail = (
        "works here, but is not applied by this version: the harness makes the same namespaces "
        "itself (the rows above)"
        if works
        else "installed, but cannot create namespaces here"
    )
    return Layer("bubblewrap", False, stops, detail)


def _bwrap_works(bwrap: str) -> bool:
    argv = [bwrap, "--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"]
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        return subprocess.run(argv, capture_output=True, timeout=10).returncode == 0
    return False


def choose(mode: Mode, layers: Sequence[Layer] | None = None) -> Isolation:
    """The isolation to apply in `mode`; raises IsolationRefused for strict without confinement."""
    if mode is Mode.OFF:
        return NO_ISOLATION
    active = {layer.name for layer in (probe() if layers is None else layers) if layer.active}
    isolation = Isolation(
        landlock_abi=landlock.abi() if "landlock" in active else 0,
        seccomp="seccomp" in active,
        pids_max=PIDS_MAX if "pids cgroup" in active else 0,
        memory_cgroup="memory cgroup" in active,
        no_capabilities="no capabilities" in active,
        dedicated_uid="dedicated uid" in active,
        private_view="private view" in active,
        network_namespace="network namespace" in active,
        pid_namespace="pid namespace" in active,
        ipc_namespace="ipc namespace" in active,
    )
    if mode is Mode.STRICT and not isolation.confining:
        raise IsolationRefused(
            "--isolation strict: neither Landlock nor namespaces (a private view, network and "
            "PID) are in force on this machine"
        )
    return isolation


def summary(isolation: Isolation) -> str:
    """One line for `grade`: what is in force, loudly when the files are within reach."""
    in_force = ("supervisor", "rlimits", "working copy", *isolation.layers)
    if isolation.confining:
        return f"isolation: {', '.join(in_force)}"
    listed = f"{', '.join(in_force[:-1])} and {in_force[-1]}"
    return (
        f"WARNING: isolation: {listed} only; neither Landlock nor namespaces are in force, so "
        "student code can read your files and signal the grader (see `sudoku-harness doctor`; "
        "--isolation strict refuses to run like this)"
    )


class IsolationRefused(HarnessError):
    """Strict isolation was asked for and this machine cannot give it."""

    exit_code = ExitCode.BAD_INPUT
