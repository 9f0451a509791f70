"""Which groups of an assignment's cases a constant answer gets right, found before grading.

A function that returns a constant (None, 0, 1, True, False, [], "", or its first argument)
must earn nothing. The roles group their questions so that no constant is right on a whole
group (harness/kinds/function_library/declared/roles.py: the questions of one unit asked both ways);
where one is all the same (a puzzle with no solution, answered None or False; a full grid's first
empty cell), each case of the group names the constant (Probe.constant) and the group counts
only with evidence (harness/grading/marks.py). Each probe's expectation judges each constant
here, in the supervisor, as if the call had returned it and left its arguments as they were:
nothing is run. A call made through a driver (a scenario on a board, a copy's independence)
is not a function's reply, and is left alone.

An expectation may name replies of its own that a program doing nothing would give
(`stub_replies`: the handout's no-solution message).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from harness.grading.plan import Plan
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe

CONSTANTS: tuple[Any, ...] = (None, 0, 1, True, False, [], (), "")
FIRST = "its first argument"

Reply = Callable[[Probe], Any]


def with_constants(plan: Plan) -> Plan:
    """The plan with each probe's `constants` set: the constant answers right on its whole
    group."""
    groups: dict[tuple[str, str], list[Probe]] = {}
    for probe in plan.probes:
        groups.setdefault(_key(probe), []).append(probe)
    found = {key: constants_right_on(group) for key, group in groups.items()}
    probes = tuple(replace(p, constants=found[_key(p)]) for p in plan.probes)
    return replace(plan, probes=probes)


def _key(probe: Probe) -> tuple[str, str]:
    return probe.item, probe.group or f"\0{probe.id}"


def constants_right_on(probes: Sequence[Probe]) -> tuple[str, ...]:
    """Every constant answer (as Python writes it) all the probes accept."""
    if not probes or any(p.driver for p in probes):
        return ()
    return tuple(
        shown for shown, reply in _replies(probes[0]) if all(_accepts(p, reply(p)) for p in probes)
    )


def _replies(probe: Probe) -> list[tuple[str, Reply]]:
    found: list[tuple[str, Reply]] = [(repr(c), _always(c)) for c in CONSTANTS]
    found.append((FIRST, lambda p: p.args[0] if p.args else None))
    own = getattr(probe.expect, "stub_replies", ())
    found += [(repr(r), _always(r)) for r in own if all(r != c for c in CONSTANTS)]
    return found


def _always(value: Any) -> Reply:
    return lambda probe: value


def _accepts(probe: Probe, value: Any) -> bool:
    """Whether the probe's expectation accepts `value` returned with its arguments unchanged
    (a reply it cannot judge is not accepted)."""
    same = (("", 0),) if probe.args and value is probe.args[0] else ()
    outcome = CallOutcome("returned", value=value, args_after=probe.args, same=same)
    try:
        judgement = probe.expect.judge(outcome)
    except Exception:  # an expectation that cannot judge a constant does not accept it
        return False
    return judgement.passed and not judgement.raised
