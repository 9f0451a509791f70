"""The driver's runs: a probe is one run of the built driver, or one line of a run of an item's
probes.

With `runs: item` (the default), an item's probes in one stage are one run of the driver, a line
each, under the sum of their limits (CPU, wall clock, output; CPU and wall capped at a few
probes' worth, so that one hang costs a few limits and not the item's); each probe's time is its
share of the run's. An item with a time limit of its own (a solver's, `time:` or
`time_from_reference:`) runs each probe alone, as `runs: probe` runs every probe: a run of its
own, timed exactly. Each run is made in a fresh copy of the built working copy
(workdir.run_copy), its files read-only.

A run of several lines that does not answer them all (a crash, a time-out, too much output, too
few or too many lines) keeps the replies it gave before it failed; the probe it failed on runs
alone, to its own verdict (a failure is never blamed on a probe by its place in a run), and the
rest run together again after a crash, alone after a time-out or a flood (each then under its
own limit). A
run that ends on a missing function (stand_ins.py) makes every probe that calls it CE, run or
not. After `timeouts_before_skip` time-outs in a row, an item's harder probes are not run
(harness/kinds/streaks.py); a probe a run of several did not reach has not timed out: it runs
alone, and only what it does alone counts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import replace

from harness.config import DriverConfig
from harness.kinds.base import RunContext, call_limits
from harness.kinds.driven import protocol, settings, stand_ins
from harness.kinds.driven.build import Built
from harness.kinds.programs import run_limits
from harness.kinds.streaks import Streaks
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.sandbox import quota
from harness.sandbox.isolation import Kind
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.replies import program_outcome
from harness.sandbox.workdir import CopyRefused, run_copy

SHARED_OUTPUT = 16 << 20  # bytes a run of several probes may print in all, at most
SHARED_LIMITS = 4  # a run of several probes gets at most this many of one probe's CPU and wall
AGAIN = frozenset({"crashed", "returned", "protocol", "not_loaded"})  # then the rest run together
ENDS_THE_ITEM = frozenset({"over_budget", "internal"})  # then every other probe comes to it


class Runs:
    """Runs a submission's probes on its built driver, in the context's order."""

    def __init__(self, context: RunContext, built: Built) -> None:
        self.context, self.built = context, built
        driver = context.assignment.driver
        assert driver is not None  # the plan checked it (settings.check)
        self.driver: DriverConfig = driver
        self.streaks = Streaks(context.assignment.limits.timeouts_before_skip, "runs")
        self.missing: dict[str, str] = {}  # a function found missing -> why, said as CE

    def run_all(self) -> tuple[CallOutcome, ...]:
        outcomes: dict[int, CallOutcome] = {}
        probes = self.context.probes
        for item in dict.fromkeys(p.item for p in probes):
            indices = [i for i, p in enumerate(probes) if p.item == item]
            mine = [probes[i] for i in indices]
            got = (
                self._together(mine) if self._shared(item, mine) else [self._alone(p) for p in mine]
            )
            outcomes.update(zip(indices, got, strict=True))
        return tuple(outcomes[i] for i in range(len(probes)))

    def _shared(self, item: str, probes: Sequence[Probe]) -> bool:
        """Whether an item's probes share a run: `runs: item`, and no time limit of its own."""
        config = self.context.assignment.items[item]
        timed = config.time is not None or config.time_from_reference is not None
        return self.driver.runs == "item" and not timed and len(probes) > 1

    def _function(self, probe: Probe) -> str:
        return settings.function_of(probe.item, self.context.assignment.items[probe.item])

    # --- a probe alone ------------------------------------------------------------------------

    def _alone(self, probe: Probe) -> CallOutcome:
        function = self._function(probe)
        if function in self.missing:
            return CallOutcome("not_loaded", message=self.missing[function])
        if skipped := self.streaks.skipped(probe):
            return skipped
        exact = call_limits(self.context.assignment, probe)
        limits = self.streaks.running(probe, exact)
        call = functools.partial(self._one, probe, run_limits(limits))
        outcome = self.context.budget.run(call, limits.wall_seconds)
        return self.streaks.record(probe, outcome, exact.time, limits)

    def _one(self, probe: Probe, limits: ProgramLimits, wall: float) -> CallOutcome:
        run = self._run([probe], replace(limits, wall=wall))
        if isinstance(run, CallOutcome):
            return run
        outcome = self._ending(run)
        if outcome.kind != "returned":
            return outcome
        lines = _lines(run.stdout)
        if len(lines) != 1:
            said = f"the driver printed {len(lines)} lines for one call, not one reply"
            return replace(outcome, kind="protocol", value=None, message=said)
        return self._answered(outcome, lines[0], probe)

    # --- an item's probes in one run ----------------------------------------------------------

    def _together(self, probes: Sequence[Probe]) -> list[CallOutcome]:
        """An item's probes in runs of several: each run's replies kept, the probe it failed on
        run alone, and the rest together again (after a crash, a wrong count of lines, a helper
        found missing) or alone (after a time-out or too much output)."""
        done: list[CallOutcome] = []
        while len(done) < len(probes):
            rest = probes[len(done) :]
            if len(rest) == 1:
                done.append(self._alone(rest[0]))
                continue
            kept, outcome = self._several(rest)
            done += kept
            if len(done) == len(probes):
                break
            if self._ends_the_item(outcome, rest[0]):
                return [*done, *[outcome] * (len(probes) - len(done))]
            done.append(self._alone(probes[len(done)]))
            if outcome.kind not in AGAIN:
                return [*done, *(self._alone(p) for p in probes[len(done) :])]
        return done

    def _ends_the_item(self, outcome: CallOutcome, probe: Probe) -> bool:
        """Whether every other probe of the item would come to `outcome`: the budget is spent,
        the run could not start, or the item's own function is missing."""
        return outcome.kind in ENDS_THE_ITEM or self._function(probe) in self.missing

    def _several(self, probes: Sequence[Probe]) -> tuple[list[CallOutcome], CallOutcome]:
        """One run of several probes: the replies it gave, and what the run came to."""
        function = self._function(probes[0])
        if function in self.missing:
            return [], CallOutcome("not_loaded", message=self.missing[function])
        if skipped := self.streaks.skipped(probes[0]):
            return [], skipped
        limits = _summed([run_limits(call_limits(self.context.assignment, p)) for p in probes])
        runs: list[ProgramRun | CallOutcome] = []
        call = functools.partial(self._one_run, probes, limits, runs)
        outcome = self.context.budget.run(call, limits.wall)
        if not runs or isinstance(runs[0], CallOutcome):
            return [], outcome  # not run (the budget), or not started
        return self._kept(runs[0], outcome, probes), outcome

    def _one_run(
        self,
        probes: Sequence[Probe],
        limits: ProgramLimits,
        runs: list[ProgramRun | CallOutcome],
        wall: float,
    ) -> CallOutcome:
        run = self._run(probes, replace(limits, wall=wall))
        runs.append(run)
        return run if isinstance(run, CallOutcome) else self._ending(run)

    def _kept(
        self, run: ProgramRun, outcome: CallOutcome, probes: Sequence[Probe]
    ) -> list[CallOutcome]:
        """The replies a run of several probes gave: every one, each with its share of the
        run's time, when it answered them all; else those before it failed, their time unknown
        (none when it printed more lines than probes)."""
        lines = _lines(run.stdout)
        whole = outcome.kind == "returned" and len(lines) == len(probes)
        answered = lines if whole else lines[: len(probes)] if len(lines) < len(probes) else []
        share = CallOutcome("returned")
        if whole:
            count = len(probes)
            share = replace(share, seconds=run.wall / count, cpu_seconds=run.cpu / count,
                            memory=outcome.memory)  # fmt: skip
        kept = [self._answered(share, line, p) for line, p in zip(answered, probes, strict=False)]
        for probe, each in zip(probes, kept, strict=False):
            self.streaks.record(probe, each, call_limits(self.context.assignment, probe).time)
        return kept

    def _answered(self, outcome: CallOutcome, line: str, probe: Probe) -> CallOutcome:
        """A returned outcome with the reply on `line` as its value (protocol, when it is none)."""
        pair = protocol.answers_pair(self.context.assignment.items[probe.item])
        reply = protocol.read_reply(line.rstrip("\r"), pair)
        if isinstance(reply, str):
            return replace(outcome, kind="protocol", value=None, message=reply)
        return replace(outcome, value=reply.value, args_after=reply.after(probe.args))

    # --- one run ------------------------------------------------------------------------------

    def _run(self, probes: Sequence[Probe], limits: ProgramLimits) -> ProgramRun | CallOutcome:
        """One run of the built driver on `probes`, a line each, in a fresh copy of the built
        working copy."""
        return run_driver(self.context, self.built, probes, limits)

    def _ending(self, run: ProgramRun) -> CallOutcome:
        """What a run came to: a missing function it called (CE), else the program's outcome."""
        name = stand_ins.missing_function(run.ending.code, run.stderr)
        if name is None:
            return program_outcome(run, self.built.image)
        message = self.missing.setdefault(name, self._missing(name))
        return CallOutcome("not_loaded", message=message, seconds=run.wall, cpu_seconds=run.cpu)

    def _missing(self, name: str) -> str:
        said = f"{name} is not defined in the files handed in"
        if not self.built.left_out:
            return said
        files = "; ".join(f"{file} ({why})" for file, why in self.built.left_out)
        return f"{said}; left out, as they do not compile: {files}"


def run_driver(
    context: RunContext,
    built: Built,
    probes: Sequence[Probe],
    limits: ProgramLimits,
    environment: Mapping[str, str] | None = None,
) -> ProgramRun | CallOutcome:
    """One run of `built`'s driver on `probes`, a line each, in a fresh copy of its working copy
    (`environment` added to the cleared one); the copy's path is stripped from its stderr."""
    items = context.assignment.items
    try:
        lines = [
            protocol.request(settings.function_of(p.item, items[p.item]), p.args) for p in probes
        ]
    except ValueError as err:
        return CallOutcome("internal", message=f"cannot write the driver's line: {err}")
    stdin = "".join(f"{line}\n" for line in lines).encode()
    cap = context.assignment.limits.disk
    kind = _kind(context)
    try:
        with run_copy(built.folder, context.workdir_base, cap) as here:
            disk = quota.watch(here, cap)
            run = run_program(
                built.run, here, stdin, limits, context.isolation, kind, disk,
                environment=environment,
            )  # fmt: skip
    except CopyRefused as err:
        return CallOutcome("not_loaded", message=f"cannot copy the built driver: {err}")
    except OSError as err:
        return CallOutcome("internal", message=f"cannot start {built.run[0]}: {err}")
    return replace(run, stderr=run.stderr.replace(f"{here}/".encode(), b""))


def _kind(context: RunContext) -> Kind:
    """A driver that starts processes of its own runs as a toolchain, any other as a program."""
    driver = context.assignment.driver
    assert driver is not None  # the plan checked it (settings.check)
    return "toolchain" if context.languages[driver.language].processes else "program"


def _summed(limits: Sequence[ProgramLimits]) -> ProgramLimits:
    """The limits of one run of several probes: the sum of theirs, each capped at SHARED_LIMITS
    times the largest (a hang then costs a few probes' limits, not the item's; a run that is
    only slow times out, and the probes it did not reach run alone, under their own)."""
    output = sum(limit.output_bytes for limit in limits)
    most = max(limits[0].output_bytes, min(output, SHARED_OUTPUT))
    cpus, walls = [limit.cpu for limit in limits], [limit.wall for limit in limits]
    cpu = min(sum(cpus), SHARED_LIMITS * max(cpus))
    wall = min(sum(walls), SHARED_LIMITS * max(walls))
    return replace(limits[0], cpu=cpu, wall=wall, output_bytes=most)


def _lines(stdout: bytes) -> list[str]:
    """The complete lines of a run's output (a last line without its newline is not one)."""
    text = stdout.decode("utf-8", "replace")
    return text.split("\n")[:-1]
