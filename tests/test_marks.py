"""Point allocation: even split, penalties per rule and item, never below zero."""

from __future__ import annotations

from harness.config import RuleConfig
from harness.grading.marks import after_penalty, item_marks, penalties, rounded
from harness.records.results import CaseResult, Flag, RuleName
from harness.records.verdicts import Verdict


def cases(*verdicts: Verdict) -> list[CaseResult]:
    return [CaseResult(str(i), v, "", 0.0) for i, v in enumerate(verdicts)]


def test_marks_split_evenly_over_cases() -> None:
    assert item_marks(15, cases(Verdict.AC, Verdict.WA, Verdict.AC)) == 10
    assert rounded(item_marks(10, cases(Verdict.AC, Verdict.TLE, Verdict.TLE))) == 3.33
    assert item_marks(10, cases(Verdict.IE, Verdict.AC)) == 5
    assert item_marks(10, []) == 0


def test_penalties_once_per_rule_and_item_and_zero_stays_zero() -> None:
    rules: dict[RuleName, RuleConfig] = {"print": RuleConfig(penalty=2), "dict": RuleConfig()}
    flags = [
        Flag("print", "a", 3, ""),
        Flag("print", "a", 4, ""),
        Flag("dict", "a", 5, ""),
        Flag("print", None, 9, ""),
    ]
    assert penalties(flags, rules) == {"a": 2, None: 2}
    assert after_penalty(1.5, 2) == 0
