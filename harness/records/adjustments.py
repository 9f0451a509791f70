"""Changes made to computed marks after grading, each kept and shown as what it is.

A late penalty (from the due date, the late policy and the submission's time) and a teacher's
override (from the adjustments file) are applied on top of the marks the harness computed, and
never hidden in them: every report shows the computed mark, each adjustment, and the result.
Because they are applied at report time from files the teacher keeps, a regrade keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

AdjustmentKind = Literal[
    "late",  # the late policy's penalty on the total
    "override",  # a teacher's mark or delta from the adjustments file
]


@dataclass(frozen=True)
class Adjustment:
    kind: AdjustmentKind  # late: the late policy's penalty; override: the teacher's change
    item: str | None  # the item changed; None: the submission's total
    before: float  # marks before this adjustment (the item's, or the total's)
    after: float  # marks after it
    comment: str  # why, in words: "2 days late: 20% of 100 taken", the teacher's comment

    @property
    def delta(self) -> float:
        return self.after - self.before


def adjustment_to_json(adjustment: Adjustment) -> dict[str, Any]:
    return {
        "kind": adjustment.kind,
        "item": adjustment.item,
        "before": adjustment.before,
        "after": adjustment.after,
        "comment": adjustment.comment,
    }


def adjustment_from_json(data: dict[str, Any]) -> Adjustment:
    """The adjustment `adjustment_to_json` wrote; raises KeyError, TypeError or ValueError."""
    if data["kind"] not in get_args(AdjustmentKind):
        raise ValueError(f"unknown adjustment {data['kind']!r}")
    item = data["item"]
    if item is not None and not isinstance(item, str):
        raise TypeError(f"an adjustment's item must be text or null, not {item!r}")
    return Adjustment(
        data["kind"], item, float(data["before"]), float(data["after"]), str(data["comment"])
    )
