"""Judging: a raw outcome plus the probe's expectation gives a verdict and a detail (and, for a
failed case whose details are shown, its evidence: harness/records/evidence.py).

This is the only place that decides verdicts. TLE is decided on the exact CPU limit, from the
kernel's accounting; the supervisor killed the call later than that (at the high limit, twice
it, while its item's time-outs were close: harness/kinds/streaks.py). A case within a factor of
2 of its limit either way is `close` (time-sensitive): a time-out that ran to the high limit and
ended by itself under it, or a case that earned marks with more than half the limit. A case never
started says "not run" (a streak of time-outs, a budget spent), never a plain TLE. MLE is
decided from the harness's own measurements (outcomes.MemoryUse: the memory cgroup's OOM killer,
the image before it runs, the peak), never from what a program printed; the worker's
MemoryError, raised in the interpreter the harness runs, counts too.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from harness.records.evidence import Evidence, Printed
from harness.records.outcomes import HIGH_LIMIT, Adapted, CallOutcome
from harness.records.probes import Check, Judgement, Probe
from harness.records.results import CaseResult
from harness.records.verdicts import Verdict
from harness.text import one_line

OUTPUT_SHOWN = 200
REASON_CHARS = 120  # of why a reply could not be judged, quoted in its detail
log = logging.getLogger(__name__)
MEMORY_ERRORS = frozenset({"MemoryError"})
NOT_STARTED = frozenset({"skipped", "over_budget"})  # kinds of a case that may never have begun


def judge(probe: Probe, outcome: CallOutcome, cpu_limit: float) -> CaseResult:
    decision = _decide(probe, outcome, cpu_limit)
    verdict, detail, checks = decision.verdict, decision.detail, decision.checks
    if verdict is not Verdict.AC and not probe.hidden:
        detail = f"{probe.call}: {detail}"
    if verdict is not Verdict.AC and probe.hidden:
        detail = f"hidden case: {verdict.value}"
        checks = tuple(replace(c, message="" if c.passed else detail) for c in checks)
    seconds = round(outcome.seconds, 6)
    wall_only = outcome.kind == "timeout" and (outcome.cpu_seconds or 0.0) < cpu_limit
    shown = verdict is not Verdict.AC and not probe.hidden
    evidence = _evidence(probe, outcome, decision.printed) if shown else None
    adapted = (*decision.adapted, *outcome.adapted)
    earned = verdict is Verdict.AC or any(c.passed for c in checks)
    close = _close(outcome, cpu_limit, verdict is Verdict.TLE, earned)
    return CaseResult(
        probe.id,
        verdict,
        detail,
        seconds,
        decision.accepted,
        probe.hidden,
        checks,
        wall_only,
        evidence,
        adapted if earned else (),  # a deviation costs marks only where it earned some
        not_run=outcome.kind in NOT_STARTED and not outcome.ran,
        close=close,
        group=probe.group,
        constants=probe.constants,
    )


def _close(outcome: CallOutcome, cpu_limit: float, timed_out: bool, earned: bool) -> bool:
    """Whether the verdict is time-sensitive: a time-out that ran to the high limit and ended
    by itself under it (one the wall clock stopped past its limit is not known to be close, and
    stands as it always did), or a case that earned marks using more than the limit over that
    factor."""
    cpu = outcome.cpu_seconds
    if cpu is None or not outcome.ran:
        return False
    if timed_out:
        ended = outcome.kind != "timeout"
        return outcome.high and ended and cpu_limit < cpu <= HIGH_LIMIT * cpu_limit
    return earned and cpu > cpu_limit / HIGH_LIMIT


def _evidence(probe: Probe, outcome: CallOutcome, printed: Printed | None) -> Evidence | None:
    """What a failed case leaves to show: the grids behind it, when its expectation judges a
    whole grid and the call returned one, its output, and what a program printed beside what
    it should have printed."""
    try:
        grids = probe.expect.grids(probe, outcome) if outcome.kind == "returned" else None
    except Exception:  # a reply too odd to draw is shown without grids
        grids = None
    return Evidence.from_parts(grids, outcome.output, printed)


@dataclass(frozen=True)
class Decision:
    verdict: Verdict
    detail: str
    accepted: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()
    printed: Printed | None = None  # the judgement's evidence of a program's answer
    adapted: tuple[Adapted, ...] = ()  # interface deviations the judgement read through


def _decide(probe: Probe, outcome: CallOutcome, cpu_limit: float) -> Decision:
    over = _over_a_limit(outcome, cpu_limit)
    if over is not None:
        return _failed(probe, *over)
    if outcome.kind == "returned":
        return _returned(_judged(probe, outcome))
    return _failed(probe, *_failure(outcome))


def _over_a_limit(outcome: CallOutcome, cpu_limit: float) -> tuple[Verdict, str] | None:
    """TLE or MLE, measured: a run the OOM killer ended is MLE whatever its clock says; then
    the clock; then the rest of what was measured of its memory."""
    memory = outcome.memory
    out_of_memory = (Verdict.MLE, f"ran out of memory: {memory.detail}") if memory else None
    if memory is not None and memory.oom_killed:
        return out_of_memory
    if outcome.over_time(cpu_limit):
        return Verdict.TLE, _over_time(outcome, cpu_limit)
    return out_of_memory if outcome.over_memory() else None


def _over_time(outcome: CallOutcome, cpu_limit: float) -> str:
    """The time-out, said close when it ended by itself under twice the limit (how far past
    the limit one that did not went depends on how busy the machine was: it is not said)."""
    said = f"used more than the {cpu_limit:g} s time limit"
    closed = _close(outcome, cpu_limit, timed_out=True, earned=False)
    return f"{said}, less than twice it (close)" if closed else said


def _judged(probe: Probe, outcome: CallOutcome) -> Judgement:
    """The expectation's judgement of a reply. A reply it cannot judge at all (a list where a
    space was reported, NaN where a count was) came from the student's process, whose driver
    the student's code can rebind: a run-time error of the student's, never the run's end."""
    try:
        return probe.expect.judge(outcome)
    except Exception as err:  # untrusted data: any way of not judging it is the student's
        reason = f"{type(err).__name__}: {err}"[:REASON_CHARS]
        log.warning("%s: reply not judgeable: %s", one_line(probe.call), one_line(reason))
        detail = f"sent a reply the harness cannot judge ({reason})"
        return Judgement(
            False,
            detail,
            raised="ReplyError",
            checks=tuple(Check(c, False, detail) for c in probe.expect.criteria),
        )


def _returned(judgement: Judgement) -> Decision:
    adapted = judgement.adapted
    if judgement.raised:
        verdict = Verdict.MLE if judgement.raised in MEMORY_ERRORS else Verdict.RE
        return Decision(verdict, judgement.detail, (), judgement.checks, adapted=adapted)
    if judgement.passed:
        return Decision(Verdict.AC, "", judgement.accepted, judgement.checks, adapted=adapted)
    verdict = Verdict.WA if judgement.verdict is None else judgement.verdict
    return Decision(verdict, judgement.detail, (), judgement.checks, judgement.printed, adapted)


def _failed(probe: Probe, verdict: Verdict, detail: str) -> Decision:
    """A call that did not return: every criterion it was to inform fails, saying why (a missing
    name once, not once per call)."""
    shown = detail if verdict is Verdict.CE else f"{probe.call}: {detail}"
    return Decision(
        verdict, detail, (), tuple(Check(c, False, shown) for c in probe.expect.criteria)
    )


def _failure(outcome: CallOutcome) -> tuple[Verdict, str]:
    kind = outcome.kind
    if kind == "raised" and outcome.error_type in MEMORY_ERRORS:
        return Verdict.MLE, f"ran out of memory ({outcome.message or 'MemoryError'})"
    if kind == "raised":
        return Verdict.RE, _raised(outcome)
    if kind == "crashed":
        return Verdict.RE, _crashed(outcome)
    if kind == "output_limit":
        return Verdict.OLE, f"printed too much output: {_shown(outcome.output)}"
    if kind == "reply_limit":
        return Verdict.OLE, "returned a value too large to carry back"
    if kind == "disk_limit":
        return Verdict.RE, outcome.message
    if kind == "unencodable":
        return Verdict.WA, f"returned a value that cannot be compared ({outcome.message})"
    if kind == "protocol":
        return Verdict.RE, f"broke the harness's reply channel ({outcome.message})"
    if kind in ("skipped", "over_budget"):
        return Verdict.TLE, outcome.message
    if kind == "not_loaded":
        return Verdict.CE, outcome.message
    if kind == "forged":  # what it did is not known: nothing is credited, the row is flagged
        return Verdict.WA, outcome.message
    return Verdict.IE, f"internal error of the harness: {outcome.message}"


def _raised(outcome: CallOutcome) -> str:
    where = f" at line {outcome.line}" if outcome.line else ""
    if outcome.error_type == "SystemExit":
        return f"called sys.exit(){where}"
    message = f": {outcome.message}" if outcome.message else ""
    return f"raised {outcome.error_type}{where}{message}"


def _crashed(outcome: CallOutcome) -> str:
    if outcome.message:
        return outcome.message
    if outcome.signal:
        return f"the process was killed by {outcome.signal}"
    return f"the process exited with status {outcome.exit_code} during the call (os._exit?)"


def _shown(output: str) -> str:
    text = output[:OUTPUT_SHOWN].replace("\n", "\\n")
    return repr(text + ("..." if len(output) > OUTPUT_SHOWN else ""))
