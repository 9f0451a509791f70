"""Judging: a raw outcome plus the probe's expectation gives a verdict and a detail (and, for a
failed case whose details are shown, its evidence: harness/records/evidence.py).

This is the only place that decides verdicts. TLE is decided on the exact CPU limit, from the
kernel's accounting; the supervisor killed the call a little later than that.
"""

from __future__ import annotations

from harness.records.evidence import Evidence
from harness.records.outcomes import Adapted, CallOutcome
from harness.records.probes import Check, Judgement, Probe
from harness.records.results import CaseResult
from harness.records.verdicts import Verdict

OUTPUT_SHOWN = 200
MEMORY_ERRORS = frozenset({"MemoryError"})


def judge(probe: Probe, outcome: CallOutcome, cpu_limit: float) -> CaseResult:
    verdict, detail, accepted, checks, adapted = _decide(probe, outcome, cpu_limit)
    adapted = (*adapted, *outcome.adapted)
    if verdict is not Verdict.AC and not probe.hidden:
        detail = f"{probe.call}: {detail}"
    if verdict is not Verdict.AC and probe.hidden:
        detail = f"hidden case: {verdict.value}"
        checks = tuple(Check(c.criterion, c.passed, "" if c.passed else detail) for c in checks)
    seconds = round(outcome.seconds, 6)
    wall_only = outcome.kind == "timeout" and (outcome.cpu_seconds or 0.0) < cpu_limit
    shown = verdict is not Verdict.AC and not probe.hidden
    evidence = _evidence(probe, outcome) if shown else None
    return CaseResult(
        probe.id,
        verdict,
        detail,
        seconds,
        accepted,
        probe.hidden,
        checks,
        wall_only,
        evidence,
        adapted if verdict is Verdict.AC or any(c.passed for c in checks) else (),
    )


def _evidence(probe: Probe, outcome: CallOutcome) -> Evidence | None:
    """What a failed case leaves to show: the grids behind it, when its expectation judges a
    whole grid and the call returned one, and its output."""
    grids = probe.expect.grids(probe, outcome) if outcome.kind == "returned" else None
    return Evidence.from_parts(grids, outcome.output)


Decision = tuple[Verdict, str, tuple[str, ...], tuple[Check, ...], tuple[Adapted, ...]]


def _decide(probe: Probe, outcome: CallOutcome, cpu_limit: float) -> Decision:
    if outcome.over_time(cpu_limit):
        return _failed(probe, Verdict.TLE, f"used more than the {cpu_limit:g} s time limit")
    if outcome.kind == "returned":
        return _returned(probe.expect.judge(outcome))
    return _failed(probe, *_failure(outcome))


def _returned(judgement: Judgement) -> Decision:
    adapted = judgement.adapted
    if judgement.raised:
        verdict = Verdict.MLE if judgement.raised in MEMORY_ERRORS else Verdict.RE
        return verdict, judgement.detail, (), judgement.checks, adapted
    if judgement.passed:
        return Verdict.AC, "", judgement.accepted, judgement.checks, adapted
    if judgement.verdict is not None:
        return judgement.verdict, judgement.detail, (), judgement.checks, adapted
    return Verdict.WA, judgement.detail, (), judgement.checks, adapted


def _failed(probe: Probe, verdict: Verdict, detail: str) -> Decision:
    """A call that did not return: every criterion it was to inform fails, saying why (a missing
    name once, not once per call)."""
    shown = detail if verdict is Verdict.CE else f"{probe.call}: {detail}"
    return verdict, detail, (), tuple(Check(c, False, shown) for c in probe.expect.criteria), ()


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
    if kind == "unencodable":
        return Verdict.WA, f"returned a value that cannot be compared ({outcome.message})"
    if kind == "protocol":
        return Verdict.RE, f"broke the harness's reply channel ({outcome.message})"
    if kind == "skipped":
        return Verdict.TLE, outcome.message
    if kind == "not_loaded":
        return Verdict.CE, outcome.message
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
