"""A submission's marks in a few plain lines: what the gradebook exports and `diff` say.

Plain text, one fact a line, student text cleaned (harness/text.py) so that a line stays one
line; each format escapes it as it must (Moodle's feedback is HTML, a CSV cell is made safe for
spreadsheets). Numbers print as the gradebook prints them ('7.5', '10').
"""

from __future__ import annotations

from harness.records.adjustments import Adjustment
from harness.records.results import ItemResult, SubmissionResult
from harness.text import one_line
from harness.writers.cells import number

LABELS = {"late": "late penalty", "override": "override"}


def adjustment(change: Adjustment) -> str:
    """'late penalty: 100 -> 80 (2 days late: 20% taken)', 'override on solve: 20 -> 25'."""
    label = LABELS[change.kind] + (f" on {one_line(change.item)}" if change.item else "")
    why = f" ({one_line(change.comment)})" if change.comment else ""
    return f"{label}: {number(change.before)} -> {number(change.after)}{why}"


def adjustments(result: SubmissionResult) -> str:
    """Every adjustment of the submission, in the order applied, on one line ('' for none)."""
    return "; ".join(adjustment(change) for change in result.adjustments)


def item(result: ItemResult) -> str:
    """'solveBoard: 25/30', or 'notebook: not graded (the submission has no notebook)'."""
    name = one_line(result.name)
    if not result.graded:
        return f"{name}: not graded ({one_line(result.ungraded_reason)})"
    return f"{name}: {number(result.marks)}/{number(result.max_marks)}"


def lines(result: SubmissionResult) -> list[str]:
    """The marks, why grading stopped (if it did), each item, then the adjustments from the
    computed marks to the final ones."""
    head = [f"Marks: {number(result.marks)} of {number(result.max_marks)}"]
    note = [f"Note: {one_line(result.note)}"] if result.note else []
    computed = [f"Computed marks: {number(result.computed_marks)}"] if result.adjustments else []
    changes = [_capital(adjustment(change)) for change in result.adjustments]
    return [*head, *note, *(item(i) for i in result.items), *computed, *changes]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
