"""What the outcomes are worth: the one place marks are allocated.

- An item's marks are split evenly over its cases: marks = max * accepted / cases.
- A flag whose rule has a `penalty` in config.yaml takes that many marks from the flagged item,
  once per rule and item; a flag outside any item (a module-level import) takes it from the
  total. Marks never go below zero: zero stays zero.
- IE cases count as not accepted here, but the submission's status becomes "error" (see
  grading.py): a harness failure is never a final mark.
Marks are rounded to 2 decimals, the total from the unrounded items, so the result is the same
on every run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from harness.config import RuleConfig, RuleName
from harness.judge import CaseResult
from harness.rules import Flag
from harness.verdicts import Verdict

PLACES = 2


def item_marks(max_marks: float, cases: Sequence[CaseResult]) -> float:
    if not cases:
        return 0.0
    accepted = sum(1 for case in cases if case.verdict is Verdict.AC)
    return max_marks * accepted / len(cases)


def penalties(
    flags: Sequence[Flag], rules: Mapping[RuleName, RuleConfig]
) -> dict[str | None, float]:
    """Marks taken per item (None: from the total), once per rule and item."""
    taken: dict[str | None, float] = {}
    for rule, item in sorted({(f.rule, f.item) for f in flags}, key=str):
        penalty = rules[rule].penalty if rule in rules else 0.0
        if penalty:
            taken[item] = taken.get(item, 0.0) + penalty
    return taken


def after_penalty(marks: float, penalty: float) -> float:
    return max(0.0, marks - penalty)


def rounded(value: float) -> float:
    return round(value + 0.0, PLACES)
