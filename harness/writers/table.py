"""The score table a teacher reads: one row per submission, a column per item, notes below."""

from __future__ import annotations

import re
from collections import Counter

from tabulate import tabulate

from harness.records.results import ItemResult, Report, SubmissionResult
from harness.text import one_line
from harness.writers.adjusted import adjustment_lines

HEADER_WIDTH = 12
NOT_GRADED = "-"


def marks_text(value: float) -> str:
    return f"{value:g}"


def header(name: str, max_marks: float) -> str:
    """An item's name wrapped at underscores and capitals, its maximum below:
    'get_block\\n_num\\n/10', 'getMost\\nConstrained\\n...'."""
    lines: list[str] = []
    for word in re.split(r"(?=[_A-Z])", name):
        if lines and len(lines[-1]) + len(word) <= HEADER_WIDTH:
            lines[-1] += word
        else:
            lines.append(word)
    return "\n".join([*filter(None, lines), f"/{marks_text(max_marks)}"])


def render(report: Report) -> str:
    if not report.submissions:
        return "no submissions"
    first = report.submissions[0]
    headers = [
        "submission",
        *(header(i.name, i.max_marks) for i in first.items),
        f"total\n/{marks_text(report.max_marks)}",
        "status",
    ]
    rows = [
        [one_line(s.name), *(_cell(i) for i in s.items), _total(s, report.max_marks), s.status]
        for s in report.submissions
    ]
    table = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
    return "\n".join(filter(None, [table, _notes(report), _ungraded(report), summary(report)]))


def _cell(item: ItemResult) -> str:
    return marks_text(item.marks) if item.graded else NOT_GRADED


def _total(result: SubmissionResult, max_marks: float) -> str:
    """The total, with this submission's own maximum when items were left out of it."""
    if result.max_marks == max_marks:
        return marks_text(result.marks)
    return f"{marks_text(result.marks)}/{marks_text(result.max_marks)}"


def _ungraded(report: Report) -> str:
    """Items left out, once per reason: '  notebook, 7 submission(s): the submission has ...'."""
    reasons = Counter(
        (i.name, i.ungraded_reason) for s in report.submissions for i in s.items if not i.graded
    )
    lines = [
        f"  {item}, {count} submission(s): {one_line(reason)}"
        for (item, reason), count in sorted(reasons.items())
    ]
    title = f"\nnot graded ({NOT_GRADED} in the table; left out of the total and its maximum):"
    return "\n".join([title, *lines]) if lines else ""


def _notes(report: Report) -> str:
    lines = [
        f"  {one_line(s.name)}: {one_line(text)}"
        for s in report.submissions
        for text in _note_lines(s)
    ]
    return "\nnotes:\n" + "\n".join(lines) if lines else ""


def _note_lines(result: SubmissionResult) -> list[str]:
    lines = [result.note] if result.note else []
    if result.flags:
        counts = Counter(flag.rule for flag in result.flags)
        rules = ", ".join(f"{rule} x{count}" for rule, count in sorted(counts.items()))
        lines.append(f"flagged: {rules} (see the JSON report for lines)")
    return [*lines, *adjustment_lines(result)]


def summary(report: Report) -> str:
    verdicts = Counter(
        c.verdict.value for s in report.submissions for i in s.items for c in i.cases
    )
    counts = " ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    graded = sum(s.status == "graded" for s in report.submissions)
    return (
        f"\n{len(report.submissions)} submission(s), {graded} graded, "
        f"{len(report.submissions) - graded} with errors; cases: {counts}"
    )
