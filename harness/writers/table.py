"""The score table a teacher reads, fitted to a width: one row per submission, a column per
item, then each row's biggest loss and its notes, the items left out, and the counts.

The item columns are headed by their names, wrapped at underscores and capitals; where that is
too wide, by their numbers, named in a legend below; where even that is, they are left out
(the total stays). A long name is cut with an ellipsis, and a note wrapped onto at most
NOTE_LINES lines: the full text is in the JSON report and the pages. A row that lost marks gets
one line saying its biggest loss (harness/writers/reasons.py), before its notes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harness.records.outcomes import HIGH_LIMIT
from harness.records.results import ItemResult, Report, Similar, SubmissionResult
from harness.records.verdicts import Verdict
from harness.text import one_line
from harness.writers import columns
from harness.writers.adjusted import adjustment_lines
from harness.writers.columns import Column, cells, pack, shorten, wrap
from harness.writers.reasons import biggest_loss, failed_informative, informative, outcome

WIDTH = 80  # when there is no terminal to measure: a file, a pipe, a test
NARROWEST = 40  # a narrower width is taken as this
HEADER_WIDTH = 12
LABEL_LEAST = 16  # a name column is cut no narrower than this
NOTE_LINES = 3  # a note longer than this many lines is cut
NOT_GRADED = "-"
INFORMATIVE = "*"  # beside the 0 of an item worth no marks that failed cases
NOTES_TITLE = "notes (biggest loss first; the full text is in --json and --report):"


def marks_text(value: float) -> str:
    return f"{value:g}"


def header(name: str, max_marks: float, width: int = HEADER_WIDTH) -> tuple[str, ...]:
    """An item's name wrapped at underscores and capitals, its maximum below:
    ('get_block', '_num', '/10'), ('getMost', 'Constrained', ...)."""
    lines: list[str] = []
    for word in re.split(r"(?=[_A-Z])", name):
        if lines and len(lines[-1]) + len(word) <= width:
            lines[-1] += word
        else:
            lines.append(word)
    return (*filter(None, lines), f"/{marks_text(max_marks)}")


@dataclass(frozen=True)
class Arrangement:
    """How the item columns are headed, what the table says of them below itself, and how
    narrow the name column may get for them."""

    columns: Callable[[Sequence[ItemResult], Sequence[SubmissionResult]], list[Column]]
    legend: Callable[[Sequence[ItemResult], int], list[str]]
    label_least: int


def _worded(items: Sequence[ItemResult], rows: Sequence[SubmissionResult]) -> list[Column]:
    return [
        Column(header(item.name, item.max_marks), _marks(rows, k), "right")
        for k, item in enumerate(items)
    ]


def _numbered(items: Sequence[ItemResult], rows: Sequence[SubmissionResult]) -> list[Column]:
    """Columns headed by number and maximum, a space apart (two before the first)."""
    return [
        Column(heading, _marks(rows, k), "right", gap=1 if k else 2)
        for k, heading in enumerate(
            (str(k + 1), f"/{marks_text(item.max_marks)}") for k, item in enumerate(items)
        )
    ]


def _left_out(items: Sequence[ItemResult], rows: Sequence[SubmissionResult]) -> list[Column]:
    return []


def _no_legend(items: Sequence[ItemResult], width: int) -> list[str]:
    return []


def _names(items: Sequence[ItemResult], width: int) -> list[str]:
    """ "items: 1 get_block_num, 2 get_row, ...", packed into lines of `width`."""
    entries = [f"{k + 1} {one_line(item.name)}" for k, item in enumerate(items)]
    listed = [f"{entry}," for entry in entries[:-1]] + entries[-1:]
    return pack(["items:", *listed], width, "  ")


def _left_out_line(items: Sequence[ItemResult], width: int) -> list[str]:
    text = f"the marks of its {len(items)} items do not fit this width: see --csv, or widen it"
    return wrap(text, width)


# The first whose table fits is used; the last always does (from NARROWEST up).
ARRANGEMENTS = (
    Arrangement(_worded, _no_legend, label_least=24),
    Arrangement(_numbered, _names, label_least=LABEL_LEAST),
    Arrangement(_left_out, _left_out_line, label_least=LABEL_LEAST),
)


def render(report: Report, width: int = WIDTH) -> str:
    """The table and what follows it, every line within `width` terminal cells."""
    if not report.submissions:
        return "no submissions"
    width = max(width, NARROWEST)
    items = report.submissions[0].items
    arrangement, table = _arranged(report, width)
    label_width = columns.fitted(table, width)[0]
    parts = [
        columns.render(table, width),
        "\n".join([*arrangement.legend(items, width), *_informative_legend(report, width)]),
        _notes(report, width, label_width),
        _ungraded(report, width),
        summary(report, width),
    ]
    return "\n".join(filter(None, parts))


def _arranged(report: Report, width: int) -> tuple[Arrangement, list[Column]]:
    """The first arrangement of the items whose table fits `width`."""
    tables = [(a, _columns(report, a)) for a in ARRANGEMENTS]
    return next(((a, t) for a, t in tables if columns.fits(t, width)), tables[-1])


def _columns(report: Report, arrangement: Arrangement) -> list[Column]:
    rows = report.submissions
    labels = tuple(label(s) for s in rows)
    named = any(s.student.name for s in rows)
    first = Column(("student (folder)" if named else "submission",), labels)
    least = min(arrangement.label_least, first.natural)
    total = Column(
        ("total", f"/{marks_text(report.max_marks)}"),
        tuple(_total(s, report.max_marks) for s in rows),
        "right",
    )
    status = Column(("status",), tuple(s.status for s in rows))
    items = arrangement.columns(rows[0].items, rows)
    return [Column(first.header, labels, least=least), *items, total, status]


def label(result: SubmissionResult) -> str:
    """The row's name: the student's, with the submission's in brackets, when known."""
    if result.student.name:
        return one_line(f"{result.student.name} ({result.name})")
    return one_line(result.name)


def _marks(rows: Sequence[SubmissionResult], k: int) -> tuple[str, ...]:
    return tuple(_cell(s.items[k]) for s in rows)


def _cell(item: ItemResult) -> str:
    if not item.graded:
        return NOT_GRADED
    return marks_text(item.marks) + (INFORMATIVE if failed_informative(item) else "")


def _informative_legend(report: Report, width: int) -> list[str]:
    """What a starred 0 means, when the table has one."""
    starred = any(failed_informative(i) for s in report.submissions for i in s.items)
    text = f"{INFORMATIVE} an item worth no marks (informative) failed cases: see the notes"
    return wrap(text, width) if starred else []


def _total(result: SubmissionResult, max_marks: float) -> str:
    """The total, with this submission's own maximum when items were left out of it."""
    if result.max_marks == max_marks:
        return marks_text(result.marks)
    return f"{marks_text(result.marks)}/{marks_text(result.max_marks)}"


def _ungraded(report: Report, width: int) -> str:
    """Items left out, once per reason: '  notebook, 7 submission(s): the submission has ...'."""
    reasons = Counter(
        (i.name, i.ungraded_reason) for s in report.submissions for i in s.items if not i.graded
    )
    lines = [
        shorten(f"  {item}, {count} submission(s): {one_line(reason)}", width)
        for (item, reason), count in sorted(reasons.items())
    ]
    title = f"not graded ({NOT_GRADED} in the table; left out of the total and its maximum):"
    return "\n".join(["", *wrap(title, width), *lines]) if lines else ""


def _notes(report: Report, width: int, label_width: int) -> str:
    """Each row's biggest loss and notes, beside its name (cut as in the table, and to a
    third of the width at most)."""
    noted = [s for s in report.submissions if _reason(s) or _note_lines(s)]
    if not noted:
        return ""
    names = min(max(cells(label(s)) for s in noted), label_width, max(LABEL_LEAST, width // 3))
    text = width - names - 4
    lines = [
        f"  {columns.pad(shorten(label(s), names) if k == 0 else '', names)}  {line}".rstrip()
        for s in noted
        for k, line in enumerate(_row_notes(s, text))
    ]
    return "\n".join(["", *wrap(NOTES_TITLE, width), *lines])


def _row_notes(result: SubmissionResult, width: int) -> list[str]:
    """The row's biggest loss on one line, then each note wrapped to `width`."""
    reason = _reason(result)
    first = [shorten(reason, width)] if reason else []
    return first + [line for text in _note_lines(result) for line in _wrapped(text, width)]


def _wrapped(text: str, width: int) -> list[str]:
    return wrap(one_line(text), width, NOTE_LINES)


def _reason(result: SubmissionResult) -> str:
    """The row's biggest loss; for a row that could not be graded, its note says it."""
    if result.status == "error" and result.note:
        return ""
    return biggest_loss(result)


def _note_lines(result: SubmissionResult) -> list[str]:
    lines = [result.note] if result.note else []
    if result.flags:
        counts = Counter(flag.rule for flag in result.flags)
        rules = ", ".join(f"{rule} x{count}" for rule, count in sorted(counts.items()))
        lines.append(f"flagged: {rules} (see the JSON report for lines)")
    lines += [similar_line(s) for s in result.similar]
    lines += [close_line(result)] if close_line(result) else []
    return [*lines, *informative(result), *adjustment_lines(result)]


def close_line(result: SubmissionResult) -> str:
    """The items with verdicts close to their time limit: "close to the time limit (within
    2x): competency 2 cases (1 TLE), solveBoard 1 case" ("" when none is)."""
    said = []
    for item in result.items:
        close = [c for c in item.cases if c.close]
        if close:
            timed_out = sum(c.verdict is Verdict.TLE for c in close)
            tle = f" ({timed_out} TLE)" if timed_out else ""
            said.append(f"{item.name} {len(close)} case{'s' * (len(close) > 1)}{tle}")
    if not said:
        return ""
    return f"close to the time limit (within {HIGH_LIMIT:g}x): {', '.join(said)}"


def similar_line(similar: Similar) -> str:
    """A `grade --similarity` flag: who this row shares code with, and how much, both ways."""
    outlier = " (an outlier of the class)" if similar.rule == "outlier" else ""
    return (
        f"similar to {one_line(similar.other)}{outlier}: {similar.share:.0%} of this is in it, "
        f"{similar.other_share:.0%} of it in this (marks unchanged; `similarity` shows both)"
    )


def summary(report: Report, width: int = WIDTH) -> str:
    """ "10 submission(s), 8 graded, 2 with errors; cases: AC 3839 CE 24 ..." (and how many have
    a forged report, when some have: for review): one line, else
    the cases on lines of their own (a count never split from its verdict)."""
    verdicts = Counter(outcome(c) for s in report.submissions for i in s.items for c in i.cases)
    graded = sum(s.status == "graded" for s in report.submissions)
    forged = sum(s.status == "forged" for s in report.submissions)
    errors = len(report.submissions) - graded - forged
    review = f", {forged} with a forged report (for review)" if forged else ""
    rows = (
        f"{len(report.submissions)} submission(s), {graded} graded, {errors} with errors{review};"
    )
    cases = ["cases:", *(f"{v} {n}" for v, n in sorted(verdicts.items()))]
    lines = pack([rows, *cases], width)
    if len(lines) > 1:
        lines = [*wrap(rows, width), *pack(cases, width)]
    return "\n" + "\n".join(lines)
