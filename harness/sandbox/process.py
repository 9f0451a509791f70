"""The supervisor's handle on one child interpreter: launch, one timed exchange, kill.

The child is exec'd (`python -S -B -u child.py`) in its own session, in a private working copy,
with a cleared environment and stdin at EOF. Requests go down one pipe, replies come up another,
and the student's stdout+stderr is a third pipe: the three never mix. Everything read from the
child is capped. Time is enforced from here: a wall-clock deadline kills the whole process group;
CPU time comes from the kernel's accounting of the child, not from anything the child says. So is
memory, where the memory cgroup is in force: each exchange says whether its OOM killer fired.
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import os
import selectors
import signal
import struct
import subprocess
import termios
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from harness.limits import Limits
from harness.records.outcomes import MemoryUse
from harness.sandbox import memcg
from harness.sandbox.child import codec
from harness.sandbox.isolation import NO_GRANTS, NO_ISOLATION, Grants, Isolation
from harness.sandbox.quota import NO_CHECK, UNCAPPED, DiskCheck, DiskWatch

CHILD = Path(__file__).resolve().parent / "child" / "worker.py"
# -S: no site-packages (student code sees only the standard library, never the harness itself,
# and starts in a few ms instead of ~20); -B: no .pyc writes; -u: unbuffered output.
CHILD_FLAGS = ("-S", "-B", "-u")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
CHUNK = 1 << 16
KEPT_OUTPUT = 1 << 16  # output kept as evidence; beyond it bytes are only counted
CPU_POLL = 0.05  # seconds between looks at the child's CPU time while a call runs
KILL_FACTOR = 1.1  # kill at this multiple of the CPU limit; the verdict uses the exact limit, so
# a call past its limit is TLE wherever it is stopped: stopping it later (it was 1.5) only made
# each time-out cost more


@dataclass(frozen=True)
class Ending:
    """How a child process ended: an exit code or a signal."""

    code: int | None = None
    signal: int | None = None

    @classmethod
    def from_status(cls, status: int) -> Ending:
        if os.WIFSIGNALED(status):
            return cls(signal=os.WTERMSIG(status))
        return cls(code=os.waitstatus_to_exitcode(status))

    @property
    def text(self) -> str:
        """How it ended, as a sentence's predicate: "exited with status 1"."""
        if self.signal is not None:
            return f"was killed by {self.signal_name}"
        return f"exited with status {self.code}"

    @property
    def signal_name(self) -> str:
        if self.signal is None:
            return ""
        try:
            return signal.Signals(self.signal).name
        except ValueError:
            return f"signal {self.signal}"


@dataclass(frozen=True)
class Exchange:
    """What happened during one request, before anyone judged it."""

    reply: dict[str, Any] | None  # the parsed reply, if a well-formed one arrived
    output: bytes  # the start of the student's stdout+stderr during the exchange
    wall: float
    cpu: float | None  # CPU seconds the child used (kernel accounting); None if unknown
    timed_out: bool = False  # the wall-clock deadline passed
    output_overflow: bool = False
    reply_overflow: bool = False
    malformed: str = ""  # why the reply could not be read, if it could not
    ending: Ending | None = None  # set when the child is gone after this exchange
    undelivered: bool = False  # the child ended without taking the request: not this call's
    disk: DiskCheck = NO_CHECK  # what the working copy's disk cap says of the exchange
    memory: MemoryUse | None = None  # the memory cgroup's measurement (None: not in force)


@dataclass(frozen=True)
class Launch:
    python: Path
    workdir: Path
    output_cap: int
    reply_cap: int
    isolation: Isolation = NO_ISOLATION
    disk: DiskWatch = UNCAPPED  # keeps the working copy to its cap, across restarts
    memory_mb: int = 0  # the tree's memory limit where the memory cgroup is in force
    grants: Grants = NO_GRANTS  # folders beyond the working copy it may read (pytest's packages)


def worker_limits(
    limits: Limits, isolation: Isolation, bounded: bool, cpu_budget: float
) -> dict[str, Any]:
    """The rlimits a worker sets on itself before any student code runs (its load request's
    `limits`). `bounded`: a memory cgroup bounds it, and RLIMIT_AS is only a backstop."""
    return {
        "address_space_mb": memcg.address_space(limits.memory_mb, bounded),
        "file_size_mb": limits.file_size_mb,
        "open_files": limits.open_files,
        "processes": limits.processes if isolation.counts_processes else None,
        "cpu_budget": math.ceil(cpu_budget),
    }


PATH = "/usr/local/bin:/usr/bin:/bin"  # where a student's process (and a build) finds commands


def clean_environment(workdir: Path) -> dict[str, str]:
    home = str(workdir)
    return {
        "PATH": PATH,
        "HOME": home,
        "TMPDIR": home,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
    }


class ChildProcess:
    """One exec'd child interpreter speaking the line protocol."""

    def __init__(self, launch: Launch) -> None:
        self.launch = launch
        self.confinement = launch.isolation.confine(
            launch.workdir, launch.python, "interpreter", launch.memory_mb, launch.grants
        )
        request_read, self._request = os.pipe()
        self._unread = request_read  # kept: how much of a request the child has not taken
        self._reply, reply_write = os.pipe()
        try:
            channel = (str(request_read), str(reply_write))
            argv = [str(launch.python), *CHILD_FLAGS, str(CHILD), *channel]
            with self.confinement.starting():
                self.proc = subprocess.Popen(
                    argv,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    cwd=launch.workdir,
                    env=clean_environment(launch.workdir),
                    pass_fds=(request_read, reply_write),
                    start_new_session=True,
                    preexec_fn=self.confinement.preexec,
                )
        except BaseException:
            self.confinement.close()
            raise
        finally:
            os.close(reply_write)
        try:
            self.pid = self.confinement.student_pid(self.proc.pid)  # whose CPU time counts
        except OSError:
            kill_group(self.proc.pid)
            self.proc.wait()
            self.confinement.close()
            raise
        assert self.proc.stdout is not None
        self._output = self.proc.stdout.fileno()
        os.set_blocking(self._output, False)
        os.set_blocking(self._reply, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._reply, selectors.EVENT_READ, "reply")
        self._selector.register(self._output, selectors.EVENT_READ, "output")
        self.ending: Ending | None = None
        self._last_cpu = self._cpu()  # the child is idle between calls: the next call's start
        self._last_memory = self._memory()  # likewise: OOM kills before the next call

    @property
    def alive(self) -> bool:
        return self.ending is None

    @property
    def cpu(self) -> float | None:
        """CPU seconds the child has used so far: all of them once it has ended."""
        return self._cpu()

    @property
    def channel(self) -> tuple[int, int]:
        """The supervisor's ends of the child's two pipes: where requests are written, where
        replies are read (handed to a course's test runner: harness/sandbox/beside.py)."""
        return self._request, self._reply

    @property
    def output(self) -> int:
        """The read end of the child's stdout and stderr."""
        return self._output

    def measured(self) -> MemoryUse | None:
        """The memory cgroup's measurement since the last exchange (None: not in force)."""
        return self._memory_since()

    def ends_within(self, seconds: float) -> bool:
        """Whether the child ends by itself within `seconds` (then reaped, as gone() does)."""
        return self.gone() or (self._await_exit(seconds) and self.gone())

    def gone(self) -> bool:
        """Whether the child has ended since its last exchange (it is then reaped and its group
        cleared): a child that exits right after replying must not be charged to the next call."""
        if self.alive and has_exited(self.proc.pid):
            self.kill()
        return not self.alive

    def exchange(
        self, message: dict[str, Any] | None, cpu_limit: float, wall_limit: float
    ) -> Exchange:
        """Send one request (None: send nothing, just await the next reply) and collect the
        reply, the output and how the child fared.

        The child is killed once it has used KILL_FACTOR times `cpu_limit` of CPU, or when
        `wall_limit` seconds have passed; judging against the exact limit is not done here."""
        cpu_before = self._last_cpu
        started = time.monotonic()
        sent = message is None or self._send(message)
        state = _Collect(self.launch.output_cap, self.launch.reply_cap)
        if sent:
            cpu_cap = None if cpu_before is None else cpu_before + KILL_FACTOR * cpu_limit
            self._collect(state, started + wall_limit, cpu_cap)
        if state.must_kill:
            self.kill()
        self._drain_output(state)
        if not state.reply_done and self.alive:
            self._settle(timeout=0.5)
        disk = self.launch.disk.after(state.over_disk, kill=self.kill)
        cpu_after = self._last_cpu = self._cpu()
        exchange = state.finish(
            wall=time.monotonic() - started,
            cpu=None if cpu_before is None or cpu_after is None else cpu_after - cpu_before,
            ending=self.ending,
            disk=disk,
        )
        untaken = message is not None and not self.alive and _pending(self._unread) > 0
        return replace(exchange, undelivered=untaken, memory=self._memory_since())

    def _memory(self) -> memcg.Reading | None:
        group = self.confinement.group
        return group.memory() if group is not None else None

    def _memory_since(self) -> MemoryUse | None:
        """The memory cgroup's measurement of the exchange just done (its peak: the child's)."""
        before, after = self._last_memory, self._memory()
        self._last_memory = after
        if after is None:
            return None
        return after.use(self.launch.memory_mb << 20, since=before)

    def _send(self, message: dict[str, Any]) -> bool:
        try:
            os.write(self._request, codec.dumps(message))
        except (BrokenPipeError, OSError):
            return False
        return True

    def _collect(self, state: _Collect, deadline: float, cpu_cap: float | None) -> None:
        while not state.done:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                state.timed_out = True
                return
            events = self._selector.select(min(remaining, CPU_POLL))
            if not events and self._over(cpu_cap):
                state.timed_out = True
                return
            if self.launch.disk.over():
                state.over_disk = True
                return
            for key, _ in events:
                chunk = _read(key.fd)
                if chunk is None:
                    continue
                if key.data == "reply":
                    state.take_reply(chunk)
                else:
                    state.take_output(chunk)
                    if not chunk:
                        self._selector.unregister(self._output)

    def _over(self, cpu_cap: float | None) -> bool:
        cpu = self._cpu() if cpu_cap is not None else None
        return cpu is not None and cpu_cap is not None and cpu > cpu_cap

    def _drain_output(self, state: _Collect) -> None:
        while not state.output_overflow:
            chunk = _read(self._output)
            if not chunk:  # nothing more now (None) or ever (b"")
                return
            state.take_output(chunk)

    def _cpu(self) -> float | None:
        """CPU seconds of the live child from /proc, or its rusage once it has been reaped."""
        return live_cpu(self.pid) if self.alive else self._final_cpu

    def kill(self) -> None:
        """Kill the child's whole process group and cgroup (never anything else) and reap the
        child."""
        if self.alive:
            seen = live_cpu(self.pid)  # lost from the rusage when its keeper is killed first
            kill_group(self.proc.pid)
            self.confinement.kill_all()
            self._reap(seen)

    def _await_exit(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the child to exit, leaving it a zombie (unreaped)."""
        deadline = time.monotonic() + timeout
        while True:
            if has_exited(self.proc.pid):
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.002)

    def _reap(self, seen: float | None) -> None:
        """Reap the (exited or killed) child, keeping how it ended and its CPU time (`seen`: the
        student's process's own, read just before the kill: in a PID namespace, a keeper killed
        before it reaped the student's process has none of its time in its rusage)."""
        _, status, usage = os.wait4(self.proc.pid, 0)
        self._final_cpu = max(usage.ru_utime + usage.ru_stime, seen or 0.0)
        self.ending = Ending.from_status(status)
        self.proc.returncode = -1 if self.ending.signal else (self.ending.code or 0)

    def _settle(self, timeout: float) -> None:
        """The child should be ending: give it `timeout` seconds, then clear its group."""
        self._await_exit(timeout)
        self.kill()

    def close(self) -> None:
        """End the child and its whole group: every reply is in, so nothing is lost by not
        waiting for the interpreter to tear itself down."""
        os.close(self._request)
        os.close(self._unread)
        self.kill()
        self.confinement.close()
        self._selector.close()
        os.close(self._reply)
        assert self.proc.stdout is not None
        self.proc.stdout.close()

    _final_cpu: float | None = None


def live_cpu(pid: int, children: bool = False) -> float | None:
    """CPU seconds of a live (unreaped) process from /proc; with `children`, those of the
    children it has reaped too (a compiler's passes)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return sum(int(f) for f in fields[11 : 15 if children else 13]) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return None


def kill_group(pgid: int) -> None:
    """SIGKILL a child's process group. Only called while the leader is unreaped (alive or a
    zombie), so its pid, which is the group's id, cannot have been reused."""
    if pgid > 1 and pgid != os.getpgid(0):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, signal.SIGKILL)


def has_exited(pid: int) -> bool:
    """Whether the child has exited, leaving it unreaped (a zombie) if so."""
    flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
    return os.waitid(os.P_PID, pid, flags) is not None


def _pending(fd: int) -> int:
    """Bytes waiting in a pipe, read from its read end."""
    waiting: int = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    return waiting


def _read(fd: int) -> bytes | None:
    """Up to CHUNK bytes; b"" at end of file; None when nothing is there yet."""
    try:
        return os.read(fd, CHUNK)
    except BlockingIOError:
        return None


class _Collect:
    """Mutable state of one exchange while it runs; frozen into an Exchange at the end."""

    def __init__(self, output_cap: int, reply_cap: int) -> None:
        self.output_cap, self.reply_cap = output_cap, reply_cap
        self.output = b""  # the first KEPT_OUTPUT bytes
        self.output_bytes = 0
        self.reply = b""
        self.reply_done = self.reply_eof = False
        self.timed_out = self.output_overflow = self.reply_overflow = self.over_disk = False

    @property
    def done(self) -> bool:
        return self.reply_done or self.reply_eof or self.must_kill

    @property
    def must_kill(self) -> bool:
        return self.timed_out or self.output_overflow or self.reply_overflow or self.over_disk

    def take_reply(self, chunk: bytes) -> None:
        if not chunk:
            self.reply_eof = True
            return
        self.reply += chunk
        if len(self.reply) > self.reply_cap:
            self.reply_overflow = True
        elif b"\n" in self.reply:
            self.reply_done = True

    def take_output(self, chunk: bytes) -> None:
        if len(self.output) < KEPT_OUTPUT:
            self.output += chunk[: KEPT_OUTPUT - len(self.output)]
        self.output_bytes += len(chunk)
        if self.output_bytes > self.output_cap:
            self.output_overflow = True

    def finish(
        self, wall: float, cpu: float | None, ending: Ending | None, disk: DiskCheck
    ) -> Exchange:
        reply, malformed = None, ""
        if self.reply_done:
            reply, malformed = _parse(self.reply.split(b"\n", 1)[0])
        return Exchange(
            reply=reply,
            output=self.output,
            wall=wall,
            cpu=cpu,
            timed_out=self.timed_out,
            output_overflow=self.output_overflow,
            reply_overflow=self.reply_overflow,
            malformed=malformed,
            ending=ending,
            disk=disk,
        )


def _parse(line: bytes) -> tuple[dict[str, Any] | None, str]:
    try:
        return codec.loads(line), ""
    except codec.CodecError as err:
        return None, str(err)
