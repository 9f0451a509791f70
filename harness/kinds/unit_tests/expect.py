"""What a course's unit test must come to: a pass, as the report of a run that went to its end
says it (harness/kinds/unit_tests/kind.py decides whether it did)."""

from __future__ import annotations

from dataclasses import dataclass

from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, NoGrids

MESSAGE_SHOWN = 600  # characters of a failure's message in the feedback


@dataclass(frozen=True)
class Passes(NoGrids):
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    def judge(self, outcome: CallOutcome) -> Judgement:
        value = outcome.value
        if not isinstance(value, dict) or not isinstance(value.get("passed"), bool):
            raise ValueError("not a test's outcome")
        if value["passed"]:
            return Judgement(True)
        said = str(value.get("message", "")).strip()
        shown = said if len(said) <= MESSAGE_SHOWN else said[:MESSAGE_SHOWN] + " ... (cut)"
        return Judgement(False, f"the test failed: {shown}" if shown else "the test failed")
