"""Run one program (a student's binary or script, or a compiler) on one input, under limits.

The program is exec'd in its own session, in the submission's private working copy, with a
cleared environment and its rlimits set between fork and exec (nothing of the grader runs in
it after exec). Its stdin is the input; its stdout and stderr are two capped pipes; the
supervisor never reads anything else from it. Time is the child's CPU time from the kernel's
accounting (wait4's rusage), with a wall-clock backstop; once the direct child has exited its
whole process group is killed, so nothing it started outlives the run. In a PID namespace
(namespaces.py) the direct child is the program's keeper, whose rusage holds the program's time
once it has reaped it: the program's own time is polled while it runs, and read once more just
before a kill (a keeper killed first never reaps it). Memory is measured too:
the memory cgroup's peak and OOM kills where it is in force (its limit then bounds the whole
tree, and RLIMIT_AS is only a backstop above it), the kernel's max RSS otherwise.

A program built with AddressSanitizer (harness/kinds/sanitizer/) reserves terabytes of address
space for its shadow memory and never uses most of it: no RLIMIT_AS can be set for it
(`ProgramLimits.shadow`). Its memory is then bounded by the memory cgroup where one is in force,
and otherwise by the supervisor, which reads the program's resident memory at every look at its
CPU time and kills it once that passes `memory_mb` (`ProgramRun.over_memory`). It reads its own
/proc/self/maps to find its stack (to say which variable an access overflows): Landlock lets it
read its own /proc folder, and nothing else of /proc. Every other layer stays.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import resource
import selectors
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.records.outcomes import MemoryUse
from harness.sandbox import memcg
from harness.sandbox.isolation import NO_GRANTS, NO_ISOLATION, Confinement, Grants, Isolation, Kind
from harness.sandbox.process import (
    KILL_FACTOR,
    Ending,
    clean_environment,
    has_exited,
    kill_group,
    live_cpu,
)
from harness.sandbox.quota import NO_CHECK, UNCAPPED, DiskCheck, DiskWatch

CHUNK = 1 << 16
KEPT_STDERR = 1 << 16  # stderr kept as evidence; beyond it bytes are only counted
POLL = 0.05  # seconds between looks at the CPU time and at the direct child
MIB = 1 << 20
PAGE = os.sysconf("SC_PAGE_SIZE")
OWN_PROC = Path("/proc/self")  # opened by the process itself, as Landlock is applied: its own


@dataclass(frozen=True)
class ProgramLimits:
    cpu: float  # CPU seconds: the verdict's limit (the run is killed at KILL_FACTOR times it)
    wall: float  # wall-clock backstop, seconds
    memory_mb: int  # the memory cgroup's limit where it is in force, else RLIMIT_AS
    output_bytes: int  # stdout + stderr
    file_size_mb: int = 16
    open_files: int = 64
    processes: int | None = None  # RLIMIT_NPROC (per uid; ignored for root); None: unchanged
    address_space_mb: int | None = None  # RLIMIT_AS when a language needs its own (the JVM
    # reserves its heap, code cache and class space up front); None: from memory_mb
    shadow: bool = False  # built with AddressSanitizer: no RLIMIT_AS; memory_mb bounds it by the
    # memory cgroup, or else by the supervisor watching its resident memory


@dataclass(frozen=True)
class Peer:
    """A process started beside the program, which the program talks to (the student's
    interpreter beside a course's pytest runner: harness/sandbox/beside.py): the descriptors the
    program inherits (its ends of their pipes), the peer's output (read while the program runs,
    counted against the program's output cap, not kept), and its CPU seconds so far (counted
    with the program's, against its limit). Whoever started it ends it, after the run."""

    descriptors: tuple[int, ...]
    output: int
    cpu: Callable[[], float]


@dataclass(frozen=True)
class ProgramRun:
    """What happened, before anyone judged it."""

    stdout: bytes  # up to the output cap
    stderr: bytes  # the first KEPT_STDERR bytes
    cpu: float  # user + system seconds, kernel accounting (a peer's included)
    wall: float
    max_rss_kb: int
    ending: Ending
    timed_out: bool = False  # killed on the CPU or the wall clock
    output_overflow: bool = False
    disk: DiskCheck = NO_CHECK  # what the working copy's disk cap says of the run
    memory: MemoryUse | None = None  # measured by the harness
    over_memory: bool = False  # killed by the supervisor past memory_mb resident (`shadow` only)

    @property
    def ok(self) -> bool:
        stopped = self.timed_out or self.output_overflow or self.disk.over or self.over_memory
        return self.ending.code == 0 and not stopped


def run_program(
    argv: Sequence[str],
    workdir: Path,
    stdin: bytes,
    limits: ProgramLimits,
    isolation: Isolation = NO_ISOLATION,
    kind: Kind = "program",
    disk: DiskWatch = UNCAPPED,
    grants: Grants = NO_GRANTS,
    environment: Mapping[str, str] | None = None,
    peer: Peer | None = None,
) -> ProgramRun:
    """Run `argv` in `workdir` with `stdin` as its input; never raises for what it does.
    `kind` is "toolchain" for a compiler or the notebook runner (they start processes); `disk`
    keeps the working copy to its cap; `grants` are the folders beyond it the process may read
    or write; `environment` adds to the cleared environment; `peer` runs beside it.

    Raises OSError only when the program cannot be started at all (not found, not executable)."""
    started = time.monotonic()
    if limits.shadow:
        grants = replace(grants, read=(*grants.read, OWN_PROC))
    confinement = isolation.confine(workdir, _interpreter(argv), kind, limits.memory_mb, grants)
    first, last = _rlimits(limits), _last(limits, confinement.bounds_memory)
    try:
        with confinement.starting():
            proc = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=workdir,
                env={**clean_environment(workdir), **(environment or {})},
                start_new_session=True,
                preexec_fn=confinement.around(before=[first], after=[last]),
                pass_fds=peer.descriptors if peer is not None else (),
            )
        try:
            student = confinement.student_pid(proc.pid)  # whose CPU time counts
        except OSError:
            kill_group(proc.pid)
            proc.wait()
            raise
        watch = _Watch(proc, limits, started, confinement, disk, student, peer)
        try:
            watch.feed_and_collect(stdin)
        finally:
            run = watch.finish()
    finally:
        confinement.close()
    return run


def _interpreter(argv: Sequence[str]) -> Path | None:
    """The program's interpreter when it is Python (its installation must stay readable)."""
    first = Path(argv[0]) if argv else None
    return first if first is not None and first.name.startswith("python") else None


def _rlimits(limits: ProgramLimits) -> Callable[[], None]:
    """The rlimits set before the isolation layers (in the forked child)."""
    cpu = math.ceil(KILL_FACTOR * limits.cpu) + 1  # SIGXCPU then SIGKILL, if polling missed it
    pairs = [
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_FSIZE, limits.file_size_mb * MIB),
        (resource.RLIMIT_CORE, 0),
    ]
    return functools.partial(_set, pairs)


def _last(limits: ProgramLimits, bounded: bool) -> Callable[[], None]:
    """The rlimits set after the isolation layers, just before exec. Until exec the forked child
    is a copy of the supervisor: it holds every descriptor of the supervisor (subprocess closes
    them after this) and its address space, which in a busy grading worker can exceed the
    program's memory limit. The layers still open descriptors (Landlock's rules) and allocate
    (Python objects), which limits below what the copy already holds would refuse. `bounded`:
    a memory cgroup bounds the tree, and RLIMIT_AS is only a backstop above its limit.
    RLIMIT_NPROC is set here too, in the program's own process: its keeper in a PID namespace
    forks it (and the namespace's init) under the limits set before."""
    space = memcg.address_space(limits.memory_mb * MIB, bounded)
    if limits.address_space_mb is not None:
        space = limits.address_space_mb * MIB
    if limits.shadow:
        space = resource.RLIM_INFINITY  # bounded by the cgroup, or by the supervisor (_Watch)
    pairs = [
        (resource.RLIMIT_AS, space),
        (resource.RLIMIT_NOFILE, limits.open_files),
    ]
    if limits.processes is not None:
        pairs.append((resource.RLIMIT_NPROC, limits.processes))
    return functools.partial(_set, pairs)


def _set(pairs: Sequence[tuple[int, int]]) -> None:
    """In the forked child, just before exec."""
    for which, value in pairs:
        resource.setrlimit(which, (value, value))


class _Watch:
    """The supervisor's side of one run: feeds stdin, drains the pipes, watches the clocks."""

    def __init__(
        self,
        proc: subprocess.Popen[bytes],
        limits: ProgramLimits,
        started: float,
        confinement: Confinement,
        disk: DiskWatch,
        student: int,
        peer: Peer | None = None,
    ):
        assert proc.stdin and proc.stdout and proc.stderr
        self.proc, self.limits, self.started = proc, limits, started
        self.student = student  # the student's own process: its CPU time is polled
        self.confinement, self.disk = confinement, disk
        self.stdout, self.stderr = bytearray(), bytearray()
        self.output_bytes = 0
        self.timed_out = self.output_overflow = self.over_disk = self.over_memory = False
        # A program without RLIMIT_AS and outside a memory cgroup: its resident memory is read
        self.resident_cap = (
            limits.memory_mb * MIB if limits.shadow and not confinement.bounds_memory else 0
        )
        self.selector = selectors.DefaultSelector()
        for stream, name in ((proc.stdout, "stdout"), (proc.stderr, "stderr")):
            os.set_blocking(stream.fileno(), False)
            self.selector.register(stream.fileno(), selectors.EVENT_READ, name)
        self.peer_cpu: Callable[[], float] = lambda: 0.0
        if peer is not None:
            os.set_blocking(peer.output, False)
            self.selector.register(peer.output, selectors.EVENT_READ, "peer")
            self.peer_cpu = peer.cpu
        self.pidfd = _pidfd(proc.pid)  # readable once the child exits: no polling for it
        if self.pidfd is not None:
            self.selector.register(self.pidfd, selectors.EVENT_READ, "exit")

    def feed_and_collect(self, stdin: bytes) -> None:
        assert self.proc.stdin is not None
        pending = memoryview(stdin)
        writer = self.proc.stdin.fileno()
        os.set_blocking(writer, False)
        self.selector.register(writer, selectors.EVENT_WRITE, "stdin")
        cpu_cap = KILL_FACTOR * self.limits.cpu
        deadline = self.started + self.limits.wall
        while not self.output_overflow:
            if time.monotonic() >= deadline or self._cpu() > cpu_cap:
                self.timed_out = True
                return
            if self.disk.over():
                self.over_disk = True
                return
            if self.resident_cap and (_resident(self.student) or 0) > self.resident_cap:
                self.over_memory = True
                return
            wait = min(deadline - time.monotonic(), POLL if self.pidfd is not None else 0.002)
            events = self.selector.select(max(wait, 0.0))
            for key, _ in events:
                if key.data == "stdin":
                    pending = self._write(writer, pending)
                elif key.data != "exit":
                    self._read(key.fd, key.data)
            if self._has_exited(events):
                self._drain()  # what it wrote before exiting; whoever holds the pipes is not
                return  # waited for

    def _cpu(self) -> float:
        return (live_cpu(self.student, children=True) or 0.0) + self.peer_cpu()

    def _has_exited(self, events: list[tuple[selectors.SelectorKey, int]]) -> bool:
        if self.pidfd is not None:
            return any(key.data == "exit" for key, _ in events)
        return has_exited(self.proc.pid)

    def _drain(self) -> None:
        for key in list(self.selector.get_map().values()):
            if key.data in ("stdout", "stderr", "peer"):
                while not self.output_overflow and self._read(key.fd, key.data, drain=True):
                    pass

    def _write(self, writer: int, pending: memoryview) -> memoryview:
        try:
            pending = pending[os.write(writer, pending) :]
        except (BrokenPipeError, BlockingIOError, OSError) as err:
            if isinstance(err, BlockingIOError):
                return pending
            pending = pending[len(pending) :]
        if not pending:
            self.selector.unregister(writer)
            self._close_stdin()
        return pending

    def _close_stdin(self) -> None:
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError):
            self.proc.stdin.close()

    def _read(self, fd: int, name: str, drain: bool = False) -> bool:
        """Take what is there. False at end of file, and, when draining, when nothing is left."""
        try:
            chunk = os.read(fd, CHUNK)
        except BlockingIOError:
            return not drain
        if not chunk:
            self.selector.unregister(fd)
            return False
        self.output_bytes += len(chunk)
        if self.output_bytes > self.limits.output_bytes:
            self.output_overflow = True
        if name == "stdout":
            self.stdout += chunk[: max(0, self.limits.output_bytes - len(self.stdout))]
        elif name == "stderr" and len(self.stderr) < KEPT_STDERR:
            self.stderr += chunk[: KEPT_STDERR - len(self.stderr)]
        return True

    def finish(self) -> ProgramRun:
        """Kill the group and the cgroup, reap the child with its rusage, read what the cgroup
        measured, close every pipe."""
        seen = live_cpu(self.student, children=True)  # lost from the rusage if it is killed
        beside = self.peer_cpu()
        kill_group(self.proc.pid)
        self.confinement.kill_all()
        _, status, usage = os.wait4(self.proc.pid, 0)
        memory = _measured(self.confinement, self.limits.memory_mb * MIB, usage.ru_maxrss)
        self.proc.returncode = 0  # reaped here: keep Popen from waiting again
        self._close_stdin()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        self.selector.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
        disk = self.disk.after(self.over_disk, kill=lambda: None)  # all of it is gone already
        return ProgramRun(
            stdout=bytes(self.stdout),
            stderr=bytes(self.stderr),
            cpu=max(usage.ru_utime + usage.ru_stime, seen or 0.0) + beside,
            wall=time.monotonic() - self.started,
            max_rss_kb=usage.ru_maxrss,
            ending=Ending.from_status(status),
            timed_out=self.timed_out,
            output_overflow=self.output_overflow,
            disk=disk,
            memory=memory,
            over_memory=self.over_memory,
        )


def _measured(confinement: Confinement, limit: int, max_rss_kb: int) -> MemoryUse:
    """The run's memory: the cgroup's reading (with the max RSS where the kernel keeps no
    peak), or the max RSS alone."""
    group = confinement.group
    reading = group.memory() if group is not None else None
    peak = _own_peak(max_rss_kb << 10)
    if reading is None:
        return MemoryUse(limit, peak, "rusage")
    use = reading.use(limit)
    return use if use.peak is not None else replace(use, peak=peak)


def _own_peak(max_rss: int) -> int | None:
    """The program's own max RSS, if the kernel's says anything of it: a child forked from the
    supervisor counts the supervisor's resident pages until it execs, so a max RSS no larger
    than those (None) only says the program's own stayed below them."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            supervisor = int(statm.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        supervisor = 0
    return max_rss if max_rss > supervisor else None


def _resident(pid: int) -> int | None:
    """Bytes a live process holds in memory (its RSS, from /proc), None once it is gone."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return None


def _pidfd(pid: int) -> int | None:
    """A descriptor that becomes readable when `pid` exits (Linux 5.3+), if there is one."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None
