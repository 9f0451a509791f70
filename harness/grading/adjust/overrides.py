"""--adjustments FILE: the teacher's own marks, applied on top of the computed ones at every run.

CSV with the columns `student` (see keys.py), `item` (an item of config.yaml; empty or no such
column: the submission's total), `marks` (set the marks to this) or `delta` (add this, negative
to take), one of the two on each row, and `comment` (why: shown to the student with the change;
empty: "changed by hand"). Rows are applied in the file's order, several to one student if need
be; each becomes an Adjustment of kind "override".

An item's marks stay within 0 and the item's maximum: `marks` outside them is an error (a bonus
goes on the total), and a `delta` that would cross them stops there, which its comment says. An
item's change moves the total by as much. The total never goes below 0, and may go above the
maximum only by the teacher's own `marks` or `delta` on the total (a bonus is the teacher's
call). An item the submission was not graded on (or a submission that could not be graded at
all) has no marks to change: override its total.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from harness.grading.adjust.sheet import Row, read_sheet
from harness.grading.marks import rounded
from harness.records.adjustments import Adjustment
from harness.records.results import ItemResult, SubmissionResult
from harness.text import one_line

COLUMNS = ("item", "marks", "delta", "comment")
BY_HAND = "changed by hand"


@dataclass(frozen=True)
class Override:
    row: Row
    item: str | None  # None: the total
    marks: float | None  # set the marks to this
    delta: float | None  # or change them by this
    comment: str

    def new_marks(self, before: float, top: float | None) -> tuple[float, str]:
        """The marks after this override, and its comment (saying where a change stopped)."""
        wanted = self.marks if self.marks is not None else before + (self.delta or 0)
        after = min(max(wanted, 0.0), top if top is not None else wanted)
        comment = self.comment or BY_HAND
        if after != wanted:
            bound = "0" if after == 0 else f"the item's maximum, {after:g}"
            comment += f" (stopped at {bound})"
        return rounded(after), comment


def read_overrides(path: Path, items: Mapping[str, float]) -> tuple[Override, ...]:
    """The file's overrides, checked against the assignment's items (name -> maximum)."""
    return tuple(_override(row, items) for row in read_sheet(path, ["student"], COLUMNS))


def _override(row: Row, items: Mapping[str, float]) -> Override:
    given = [column for column in ("marks", "delta") if row.text(column)]
    if len(given) != 1:
        what = "both marks and a delta" if given else "neither marks nor a delta"
        raise row.error("marks", f"{what}: give one of the two")
    item = row.text("item") or None
    if item is not None and item not in items:
        raise row.error("item", f"{one_line(item)!r} is not an item (known: {', '.join(items)})")
    marks = row.number("marks")
    if marks is not None and marks < 0:
        raise row.error("marks", f"{marks:g} is below 0")
    if item is not None and marks is not None and marks > items[item]:
        top = f"{items[item]:g}"
        raise row.error("marks", f"{marks:g} is above {item}'s {top}: put a bonus on the total")
    return Override(row, item, marks, row.number("delta"), row.text("comment"))


def overridden(result: SubmissionResult, override: Override) -> SubmissionResult:
    """The submission with the override applied and recorded."""
    if override.item is None:
        after, comment = override.new_marks(result.marks, None)
        change = Adjustment("override", None, result.marks, after, comment)
        return replace(result, marks=after, adjustments=(*result.adjustments, change))
    item = _graded_item(result, override)
    after, comment = override.new_marks(item.marks, item.max_marks)
    change = Adjustment("override", item.name, item.marks, after, comment)
    items = tuple(replace(i, marks=after) if i is item else i for i in result.items)
    total = rounded(max(result.marks + change.delta, 0.0))
    return replace(result, items=items, marks=total, adjustments=(*result.adjustments, change))


def _graded_item(result: SubmissionResult, override: Override) -> ItemResult:
    item = next((i for i in result.items if i.name == override.item), None)
    if item is None or not item.graded:
        why = "was not graded" if item is not None else "has no marks (it could not be graded)"
        message = f"{override.item} {why} for {one_line(result.name)!r}: override the total"
        raise override.row.error("item", message)
    return item
