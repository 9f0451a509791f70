"""The student's interpreter beside a course's pytest runner
(harness/kinds/unit_tests/frameworks/pytest_.py).

The student's modules are never imported in the process that runs the teacher's tests: they are
imported in a worker of their own (harness/sandbox/child/worker.py in proxy mode), started and
confined as every child interpreter is (process.py: every isolation layer, its rlimits and
seccomp filter confirmed before any student code runs), with pytest's packages within its reach
(a student's module may import pytest) and never the teacher's test files. Once it has confirmed
its limits, the supervisor hands the two ends of its pipes to the test runner, which imports the
student's modules through it as proxies (harness/sandbox/child/proxy.py) and trusts nothing it
sends. While the run goes, the supervisor reads the worker's output (counted as the run's) and
adds its CPU time to the run's (program.py's `Peer`); after it, the worker is killed, and how it
fared (`Fared`) says whether it ended first, and whether its memory cgroup's OOM killer fired.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.errors import InternalError
from harness.limits import Limits
from harness.records.outcomes import MemoryUse
from harness.sandbox.process import KILL_FACTOR, ChildProcess, Ending, Launch, worker_limits
from harness.sandbox.program import Peer

LIMITS_APPLIED = {"limits": "applied"}  # the worker's word, before any student code runs


@dataclass(frozen=True)
class Fared:
    """How the student's interpreter fared during a run."""

    ending: Ending | None  # how it ended, when it ended before the run did (None: it served on)
    memory: MemoryUse | None  # the memory cgroup's measurement (None: not in force)


class Beside:
    """The student's interpreter, its limits confirmed, serving a test runner."""

    def __init__(self, launch: Launch, limits: Limits, cpu: float, path: tuple[Path, ...]) -> None:
        """Start it in `launch`'s working copy under `limits` (its CPU `cpu` seconds at most),
        with `path` (pytest's packages) last on its sys.path. InternalError if it does not
        start or does not confirm its limits: no student code has run yet."""
        try:
            self.child = ChildProcess(launch)
        except OSError as err:
            raise InternalError(f"cannot start {launch.python}: {err}") from None
        try:
            self._confirm(limits, KILL_FACTOR * cpu + 1, path)
        except BaseException:
            self.child.close()
            raise

    def _confirm(self, limits: Limits, cpu: float, path: tuple[Path, ...]) -> None:
        wait = limits.load_time
        ready = self.child.exchange(None, wait, wait + 1)
        if ready.reply != {"ready": True}:
            raise InternalError("the student's interpreter beside the tests did not start")
        confirmed = self.child.exchange(self._load_request(limits, cpu, path), wait, wait + 1)
        if confirmed.reply != LIMITS_APPLIED:
            said = (confirmed.reply or {}).get("message") or "it did not confirm its limits"
            raise InternalError(f"the student's interpreter beside the tests: {said}")

    def _load_request(self, limits: Limits, cpu: float, path: tuple[Path, ...]) -> dict[str, Any]:
        isolation, bounded = self.child.launch.isolation, self.child.confinement.bounds_memory
        return {
            "proxy": True,
            "path": [str(folder) for folder in path],
            "seccomp": isolation.seccomp,
            "limits": worker_limits(limits, isolation, bounded, cpu),
        }

    @property
    def peer(self) -> Peer:
        """The worker as the test runner's peer: the runner inherits its pipes."""
        return Peer(self.child.channel, self.child.output, self._cpu)

    def line(self, modules: tuple[str, ...], cap: int) -> bytes:
        """What the runner is told of its channel, after the rest of its stdin: the pipes'
        descriptors, the reply cap in bytes, the student's top-level module names."""
        request, reply = self.child.channel
        return " ".join((str(request), str(reply), str(cap), *modules)).encode() + b"\n"

    def _cpu(self) -> float:
        return self.child.cpu or 0.0

    def close(self, settle: float = 0.0) -> Fared:
        """Kill the worker (and its group, and its cgroup): how it fared. `settle`: seconds it
        is given to end by itself first (a run that stopped because it ended may notice before
        the supervisor does: in a PID namespace, its keeper exits just after it)."""
        ended = self.child.ends_within(settle)
        ending = self.child.ending if ended else None
        memory = self.child.measured()
        self.child.close()
        return Fared(ending, memory)
