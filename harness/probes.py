"""Probes: one call to make in the student's process, and what the answer must be.

The call's arguments cross to the child; the expectation never does: it stays in the
supervising process and judges the raw outcome there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from harness.outcomes import CallOutcome


@dataclass(frozen=True)
class Judgement:
    passed: bool
    detail: str = ""  # why it failed, for the student
    accepted: str = ""  # the reading of the handout this answer was accepted under, if notable


class Expectation(Protocol):
    @property
    def inspects_arguments(self) -> bool:
        """Whether judging needs the arguments as the call left them (sent back only then)."""
        ...

    def judge(self, outcome: CallOutcome) -> Judgement:
        """Judge a call that returned (outcome.kind == "returned")."""
        ...


@dataclass(frozen=True)
class Probe:
    item: str  # the graded item (for a function library: the function's name)
    id: str  # stable and unique within the item
    call: str  # the call as a person would read it, for feedback
    args: tuple[Any, ...]
    expect: Expectation
    hidden: bool = False  # from a hidden suite case: graded, details withheld
