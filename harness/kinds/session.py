"""One submission's child interpreter, shared by the Python shapes: started (again) on demand.

A call that ends the child (time-out, crash, exit, output flood) gets its outcome, and the next
call starts a fresh child that loads the module again.

CPU is charged twice over. Each call is charged what the child used from the end of the call
before to the end of this one (process.py), so work a thread does between calls counts against
the next. And the session's children share one budget: what each ended child used, its imports
and all, is taken off what the next may use, and once it is spent no child is started again
(its calls are not run, over time), however often the module is loaded again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from harness.kinds.base import Driver, RunContext, call_limits
from harness.limits import Limits
from harness.records.outcomes import (
    HIGH_LIMIT,
    Adapted,
    CallOutcome,
    LoadOutcome,
)
from harness.records.probes import Probe
from harness.sandbox.process import KILL_FACTOR, ChildProcess, Exchange, Launch, worker_limits
from harness.sandbox.quota import watch
from harness.sandbox.replies import call_outcome, load_outcome
from harness.submissions import Submission

LIMITS_APPLIED = {"limits": "applied"}  # the worker's word, before any student code runs
KEEPS_CHILD = frozenset({"returned", "raised", "unencodable"})  # the child is still usable


def launch_in(context: RunContext, workdir: Path) -> Launch:
    """How a child is started for this assignment, in the given private working copy (its files
    written: what is there now is within its disk cap)."""
    limits = context.assignment.limits
    caps = (limits.output_kb << 10, limits.reply_kb << 10)
    disk = watch(workdir, limits.disk)
    return Launch(context.python, workdir, *caps, context.isolation, disk, limits.memory_mb)


def copied_entry(submission: Submission, entry: Path, workdir: Path) -> Path:
    """Where the entry file is inside the working copy of `submission`."""
    if submission.path.is_file():
        return workdir / entry.name
    return workdir / entry.relative_to(submission.path)


def write_files(workdir: Path, probes: tuple[Probe, ...]) -> None:
    for relative, text in dict(f for probe in probes for f in probe.files).items():
        target = workdir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def cpu_budget(context: RunContext) -> float:
    """The child's hard RLIMIT_CPU: every call at the high limit (streaks.py), plus loading."""
    limits = context.assignment.limits
    calls = context.probes  # this shape's: items of another shape are run by it
    per_call = sum(HIGH_LIMIT * call_limits(context.assignment, p).time + 1 for p in calls)
    return limits.load_time + per_call + 10


class Session:
    """One submission's child interpreter, started (again) on demand."""

    def __init__(
        self,
        launch: Launch,
        entry: Path,
        limits: Limits,
        cpu_budget: float,
        salvage: bool = False,
        drivers: tuple[Driver, ...] = (),
        reference: str = "",
        reading: str = "",
    ) -> None:
        self.launch, self.entry, self.limits, self.cpu_budget = launch, entry, limits, cpu_budget
        self.salvage = salvage  # run the top-level statements one by one if importing fails
        self.drivers = drivers  # sent with the load request, run before the student's module
        self.reference = reference  # the reference solution's source, for `substitutes` calls
        self.reading = reading  # why the entry is read as Python 2 ("": it is read as written)
        self.child: ChildProcess | None = None
        self.spent = 0.0  # CPU seconds of the children that have ended

    def load(self) -> LoadOutcome:
        return self._start()

    def call(
        self, request: dict[str, Any], limits: Limits, wall: float | None = None
    ) -> CallOutcome:
        """One request (a function's `name` or a `driver`, with encoded `args`) under `limits`,
        stopped on the wall clock at `wall` seconds (default: the limits' backstop)."""
        request = {**request, "cpu_backstop": KILL_FACTOR * limits.time + 1}
        wall = limits.wall_seconds if wall is None else wall
        exchange = self._exchange(request, limits.time, wall)
        if isinstance(exchange, CallOutcome):
            return exchange
        if exchange.undelivered:  # it ended after its last reply, which had its outcome already
            self.close()
            exchange = self._exchange(request, limits.time, wall)
            if isinstance(exchange, CallOutcome):
                return exchange
        outcome = read_as(call_outcome(exchange), self.reading)
        if outcome.kind not in KEEPS_CHILD or self.child is None or not self.child.alive:
            self.close()
        return outcome

    def _exchange(self, request: dict[str, Any], cpu: float, wall: float) -> Exchange | CallOutcome:
        """One exchange with the child, started first if needed (a CallOutcome if it cannot be)."""
        if self.child is not None and self.child.gone():
            self.close()
        if self.child is None and self.spent >= self.cpu_budget:
            spent = f"the submission has used all its {self.cpu_budget:g} s of CPU"
            return CallOutcome("skipped", message=f"not run: {spent}")
        if self.child is None:
            reload = self._start()
            if not reload.loaded:
                return _reload_failed(reload)
        assert self.child is not None
        return self.child.exchange(request, cpu, wall)

    def _start(self) -> LoadOutcome:
        try:
            self.child = ChildProcess(self.launch)
        except OSError as err:
            return LoadOutcome("internal", message=f"cannot start {self.launch.python}: {err}")
        wait = self.limits.load_time
        ready = self.child.exchange(None, wait, wait + 1)
        if ready.reply != {"ready": True}:
            self.close()
            return LoadOutcome("internal", message="the worker interpreter did not start")
        bounded = self.child.confinement.bounds_memory
        confirmed = self.child.exchange(self._load_request(bounded), wait, wait + 1)
        if confirmed.reply != LIMITS_APPLIED:
            self.close()
            return LoadOutcome("internal", message=_not_confirmed(confirmed.reply))
        exchange = self.child.exchange({"import": True}, wait, wait + 1)
        outcome = _under(load_outcome(exchange), self.reading)
        if not outcome.loaded:
            self.close()
        return outcome

    def _load_request(self, bounded: bool) -> dict[str, Any]:
        """`bounded`: a memory cgroup bounds the child, and RLIMIT_AS is only a backstop."""
        return {
            "entry": str(self.entry),
            "salvage": self.salvage,
            "seccomp": self.launch.isolation.seccomp,
            "drivers": [list(driver) for driver in self.drivers],
            "reference": self.reference,
            **({"read_as": "python2"} if self.reading else {}),
            "limits": worker_limits(
                self.limits, self.launch.isolation, bounded, self.cpu_budget - self.spent
            ),
        }

    def close(self) -> None:
        if self.child is not None:
            self.child.close()
            self.spent += self.child.cpu or 0.0
            self.child = None


def read_as(outcome: CallOutcome, reading: str) -> CallOutcome:
    """A call's outcome from a module loaded under a reading (the Python 2 one), naming it: an
    adaptation, priced as config.yaml's `adaptations` say."""
    if not reading:
        return outcome
    text = f"read as Python 2, since {reading}"
    return replace(outcome, adapted=(*outcome.adapted, Adapted("python2", text)))


def _under(load: LoadOutcome, reading: str) -> LoadOutcome:
    """The load's outcome, with the reading it was made under (a failure saying so too)."""
    if not reading:
        return load
    said = f"{load.message} (read as Python 2, since {reading})" if load.message else ""
    return replace(load, reading=reading, message=said or load.message)


def _not_confirmed(reply: dict[str, Any] | None) -> str:
    """Why the worker did not confirm its limits (no student code had run yet: ours)."""
    message = reply.get("message") if reply else None
    return str(message) if message else "the worker did not confirm its limits and filters"


def _reload_failed(reload: LoadOutcome) -> CallOutcome:
    if reload.kind == "internal":
        return CallOutcome("internal", message=reload.message)
    return CallOutcome(
        "not_loaded",
        message=f"the module did not load again after an earlier call ended its process "
        f"({reload.kind}: {reload.message})",
    )
