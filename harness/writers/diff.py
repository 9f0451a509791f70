"""Two reports of one class compared: whose marks changed, by item, and why.

`sudoku-harness diff OLD.json NEW.json`, after a regrade (a suite fixed, the adjustments file
edited, a late submission added), lists each submission whose total, item marks, status or
adjustments changed, and says why in a line each:

    kumarraj (Raj Kumar): 15 -> 23 of 30
      solve 10 -> 18: 1 case WA -> AC
      added override on solve: 10 -> 18 (re-marked by hand)

An item's line counts its cases' verdicts before and after (cases are matched by id: a suite
change shows as cases added or gone); a rubric criterion whose marks or message changed gets
its own line; so do an adjustment added or removed, an error that became graded (or the other
way), and a row that appeared or disappeared. Rows are matched by submission name, then, for
the rows left, by the student's LMS id, then e-mail (each only where it names one row on each
side): a regrade of a fresh download may name the folders differently.

Every line is cleaned of control characters and fits 80 columns (longer ones end in '…'); the
full text is in the reports themselves.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from harness.errors import BadInput
from harness.records.identity import key
from harness.records.results import CaseResult, ItemResult, Report, SubmissionResult
from harness.text import one_line
from harness.writers import summary
from harness.writers.cells import number
from harness.writers.columns import shorten

WIDTH = 80
Row = SubmissionResult | None  # None: not in that report
Key = Callable[[SubmissionResult], str]
T = TypeVar("T", int, str)
IDENTITY: tuple[Key, ...] = (  # compared as the roster and the teacher's files compare them
    lambda s: key(s.student.lms_id),
    lambda s: key(s.student.email),
)


@dataclass(frozen=True)
class Change:
    """A submission whose marks changed, and why, in lines."""

    before: Row  # None: a new row
    after: Row  # None: a row gone
    reasons: tuple[str, ...]

    @property
    def head(self) -> str:
        """'name (Student Name): 15 -> 23 of 30', 'name: new row, 20 of 30 (graded)', ..."""
        before, after = self.before, self.after
        if before is not None and after is not None:
            renamed = f" (was {one_line(before.name)})" if before.name != after.name else ""
            return f"{_label(after)}{renamed}: {number(before.marks)} -> {_marks(after)}"
        if after is not None:
            return f"{_label(after)}: new row, {_marks(after)} ({after.status})"
        if before is not None:
            return f"{_label(before)}: row gone, it had {_marks(before)}"
        return ""


def load(path: Path) -> Report:
    """The JSON report at `path` (`grade --json`, or --out's report.json); BadInput naming the
    file for one that cannot be read or is not a report."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadInput.at(str(path), f"cannot read it: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise BadInput.at(str(path), "not a JSON report: not UTF-8 text") from None
    except json.JSONDecodeError as err:
        where = f"line {err.lineno}, column {err.colno}"
        raise BadInput.at(str(path), f"not JSON: {err.msg} at {where}") from None
    if not isinstance(data, dict):
        raise BadInput.at(str(path), f"not a sudoku-harness report: a JSON {_kind(data)}")
    try:
        return Report.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        missing = f"no {err.args[0]!r} key" if isinstance(err, KeyError) else str(err)
        raise BadInput.at(str(path), f"not a sudoku-harness report: {missing}") from None


def compare(old: Report, new: Report) -> tuple[Change, ...]:
    """The rows whose marks changed, in the new report's order, then the rows gone."""
    return tuple(
        Change(before, after, reasons(before, after))
        for before, after in pairs(old.submissions, new.submissions)
        if changed(before, after)
    )


def pairs(
    old: Sequence[SubmissionResult], new: Sequence[SubmissionResult]
) -> list[tuple[Row, Row]]:
    """Each new row with its old one (by name, then by identity), then the old rows left."""
    left = {s.name: s for s in old}
    found = {i: left.pop(s.name) for i, s in enumerate(new) if s.name in left}
    for identity in IDENTITY:
        olds = _unique(left, identity)
        news = _unique({i: s for i, s in enumerate(new) if i not in found}, identity)
        for value, i in news.items():
            if value in olds:
                found[i] = left.pop(olds[value])
    return [*((found.get(i), s) for i, s in enumerate(new)), *((s, None) for s in left.values())]


def changed(before: Row, after: Row) -> bool:
    """A row appeared or went, or its total, an item's marks, its status or its adjustments
    changed (a verdict that moved without moving marks is not a change of marks)."""
    if before is None or after is None:
        return before is not after
    return (
        _key(before) != _key(after)
        or before.status != after.status
        or Counter(before.adjustments) != Counter(after.adjustments)
    )


def reasons(before: Row, after: Row) -> tuple[str, ...]:
    """Why, a line each: status, items, adjustments; the totals when nothing else says it."""
    if after is None:
        return ()
    if before is None:
        return (f"note: {one_line(after.note)}",) if after.note else ()
    lines = [*_status(before, after), *_items(before, after), *_adjustments(before, after)]
    if not lines and number(before.marks) != number(after.marks):
        lines.append(f"total {number(before.marks)} -> {number(after.marks)}")
    return tuple(lines)


def render(changes: Sequence[Change], old: Report, new: Report, width: int = WIDTH) -> str:
    """The changes, a head line each with its reasons indented below, then a count."""
    lines = [] if old.assignment == new.assignment else [_assignments(old, new)]
    for change in changes:
        lines += [change.head, *(f"  {reason}" for reason in change.reasons)]
    total = len(pairs(old.submissions, new.submissions))
    if changes:
        lines.append(f"{len(changes)} of {total} submission(s) changed")
    else:
        lines.append(f"no changes: {total} submission(s), the same marks")
    return "\n".join(fit(line, width) for line in lines)


def fit(text: str, width: int = WIDTH) -> str:
    """`text` on one line, cut to `width` columns (wide characters count two) with '…'."""
    return shorten(one_line(text), width)


def _unique(rows: Mapping[T, SubmissionResult], identity: Key) -> dict[str, T]:
    """The keys of `rows` by `identity`'s value, for the values that name exactly one row (an empty
    value names none)."""
    counts = Counter(identity(row) for row in rows.values())
    return {
        identity(row): k for k, row in rows.items() if identity(row) and counts[identity(row)] == 1
    }


def _key(result: SubmissionResult) -> tuple[str, ...]:
    """What `changed` compares: the total and each item's marks, printed as the CSV prints
    them (so float noise is no change)."""
    items = (f"{i.name}={number(i.marks) if i.graded else '-'}" for i in result.items)
    return (number(result.marks), *items)


STATUS_WORDS = {"graded": "graded", "error": "an error", "forged": "a forged report"}


def _status(before: SubmissionResult, after: SubmissionResult) -> list[str]:
    if before.status == after.status:
        return []
    if after.status == "graded":
        return [f"graded now; it was {STATUS_WORDS[before.status]}: {one_line(before.note)}"]
    return [f"{STATUS_WORDS[after.status]} now: {one_line(after.note)}"]


def _items(before: SubmissionResult, after: SubmissionResult) -> list[str]:
    olds = {item.name: item for item in before.items}
    news = {item.name for item in after.items}
    lines = [line for item in after.items for line in _item(olds.get(item.name), item)]
    gone = [item for item in before.items if item.name not in news]
    return lines + [f"{one_line(i.name)}: item gone, it had {number(i.marks)}" for i in gone]


def _item(before: ItemResult | None, after: ItemResult) -> list[str]:
    name = one_line(after.name)
    if before is None:
        return [f"{name}: new item, {summary.item(after)}"]
    if before.graded != after.graded:
        return [summary.item(after) if not after.graded else f"graded now: {summary.item(after)}"]
    marks = [] if number(before.marks) == number(after.marks) else [_moved(before, after)]
    return marks + _criteria(before, after)


def _moved(before: ItemResult, after: ItemResult) -> str:
    """'solve 12 -> 30: 3 cases WA -> AC, 1 new case (AC)'."""
    line = f"{one_line(after.name)} {number(before.marks)} -> {number(after.marks)}"
    shift = verdict_shift(before.cases, after.cases)
    return f"{line}: {shift}" if shift else line


def verdict_shift(before: Sequence[CaseResult], after: Sequence[CaseResult]) -> str:
    """How the cases' verdicts moved, matched by case id: '3 cases WA -> AC', '2 new cases
    (AC 2)', '1 case gone (WA 1)'; '' when none moved."""
    olds = {case.id: case.verdict.value for case in before}
    news = {case.id: case.verdict.value for case in after}
    moved = Counter((olds[i], news[i]) for i in olds.keys() & news.keys() if olds[i] != news[i])
    parts = [f"{_cases(n)} {a} -> {b}" for (a, b), n in _by_count(moved)]
    added = Counter(news[i] for i in news.keys() - olds.keys())
    gone = Counter(olds[i] for i in olds.keys() - news.keys())
    if added:
        parts.append(f"{_cases(sum(added.values()), 'new ')} ({_counts(added)})")
    if gone:
        parts.append(f"{_cases(sum(gone.values()))} gone ({_counts(gone)})")
    return ", ".join(parts)


def _criteria(before: ItemResult, after: ItemResult) -> list[str]:
    """A line per rubric criterion whose marks or message changed."""
    olds = {c.name: c for c in before.criteria}
    lines = []
    for new in after.criteria:
        old = olds.get(new.name)
        if old is None or (old.marks, old.message) == (new.marks, new.message):
            continue
        said = one_line(new.message) or "no marks lost"
        marks = f"{number(old.marks)} -> {number(new.marks)}"
        lines.append(f"{one_line(after.name)}, {one_line(new.name)} {marks}: {said}")
    return lines


def _adjustments(before: SubmissionResult, after: SubmissionResult) -> list[str]:
    """'removed late penalty: 30 -> 24 (...)', 'added override on solve: 10 -> 18'."""
    olds, news = Counter(before.adjustments), Counter(after.adjustments)
    removed = [f"removed {summary.adjustment(a)}" for a in (olds - news).elements()]
    return removed + [f"added {summary.adjustment(a)}" for a in (news - olds).elements()]


def _by_count(counts: Counter[tuple[str, str]]) -> list[tuple[tuple[str, str], int]]:
    return sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))


def _cases(count: int, kind: str = "") -> str:
    return f"{count} {kind}case{'' if count == 1 else 's'}"


def _counts(verdicts: Counter[str]) -> str:
    return " ".join(f"{verdict} {n}" for verdict, n in sorted(verdicts.items()))


def _label(result: SubmissionResult) -> str:
    name = one_line(result.name)
    who = result.student.name or result.student.email
    return f"{name} ({one_line(who)})" if who and who != result.name else name


def _marks(result: SubmissionResult) -> str:
    return f"{number(result.marks)} of {number(result.max_marks)}"


def _assignments(old: Report, new: Report) -> str:
    return f"note: different assignments: {one_line(old.assignment)} -> {one_line(new.assignment)}"


def _kind(data: object) -> str:
    """What a JSON value that is not an object is: 'list', 'str', ..."""
    return {list: "array", str: "string", bool: "boolean"}.get(type(data), "number or null")
