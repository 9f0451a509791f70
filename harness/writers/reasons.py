"""Why a submission lost marks, in one line: its biggest loss, read from the records.

An item's loss is its maximum less its marks (any adjustment of it included); an adjustment of
the total (a late penalty, say) is a loss of its own. The biggest, first on a tie, is said with
what explains it, the first of:

- its failed cases, by verdict: "81 of 81 cases WA", "4 of 7 cases WA, 2 TLE", those never
  started as "not run" ("158 of 161 cases not run, 3 TLE") (and the rubric row that lost most,
  when the item has a rubric: its message);
- else the rubric row that lost most;
- else an interface deviation read through ("adapted: ..."), an adjustment's comment, or the
  item's first feedback line.

"solveBoard -27: 6 of 7 cases WA; Moves in (0, 0), which has 2 possible values, while ..."
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from harness.records.results import CaseResult, ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.text import one_line

PLACES = 2


@dataclass(frozen=True)
class Loss:
    what: str  # the item, or the adjustment's kind
    marks: float  # how many it lost (more than 0)
    why: str  # what explains it, one line ("" when nothing does)

    @property
    def text(self) -> str:
        lost = f"{self.what} -{round(self.marks, PLACES):g}"
        return f"{lost}: {self.why}" if self.why else lost


def biggest_loss(result: SubmissionResult) -> str:
    """The one-line reason of a row that lost marks; "" for one that lost none."""
    found = losses(result)
    return max(found, key=lambda loss: loss.marks).text if found else ""


def losses(result: SubmissionResult) -> list[Loss]:
    """Every loss of the submission: its graded items' and its total's adjustments'."""
    items = [
        Loss(item.name, item.max_marks - item.marks, _why(item, result))
        for item in result.items
        if item.graded and round(item.max_marks - item.marks, PLACES) > 0
    ]
    adjusted = [
        Loss(a.kind, -a.delta, one_line(a.comment))
        for a in result.adjustments
        if a.item is None and round(a.delta, PLACES) < 0
    ]
    return [*items, *adjusted]


def informative(result: SubmissionResult) -> list[str]:
    """Each item worth no marks (config.yaml's `marks: 0`: reported, never marked) that failed
    some of its cases: "load_puzzle_variants (informative, worth no marks): 2 of 3 cases WA"."""
    return [
        f"{one_line(item.name)} (informative, worth no marks): {_failed(item)}"
        for item in result.items
        if failed_informative(item)
    ]


def failed_informative(item: ItemResult) -> bool:
    """An item worth no marks that failed some of its cases."""
    return (
        item.graded and item.max_marks == 0 and any(c.verdict is not Verdict.AC for c in item.cases)
    )


def _why(item: ItemResult, result: SubmissionResult) -> str:
    said = "; ".join(part for part in (_failed(item), _rubric(item)) if part)
    return one_line(said or _otherwise(item, result))


def _failed(item: ItemResult) -> str:
    """ "4 of 7 cases WA, 2 TLE": the verdicts of the cases not accepted, most first; a case
    never started is "not run"."""
    verdicts = Counter(outcome(c) for c in item.cases if c.verdict is not Verdict.AC)
    if not verdicts:
        return ""
    ranked = verdicts.most_common()
    (first, count), rest = ranked[0], ranked[1:]
    tail = "".join(f", {n} {verdict}" for verdict, n in rest)
    return f"{count} of {len(item.cases)} cases {first}{tail}"


def outcome(case: CaseResult) -> str:
    """A case's verdict as the score table counts it: "not run" for one never started."""
    return "not run" if case.not_run else case.verdict.value


def _rubric(item: ItemResult) -> str:
    """The message of the rubric row that lost most (the first of equals)."""
    lost = [c for c in item.criteria if c.marks < c.max_marks and c.message]
    return max(lost, key=lambda c: c.max_marks - c.marks).message if lost else ""


def _otherwise(item: ItemResult, result: SubmissionResult) -> str:
    adapted = [f"adapted: {a.text}" for case in item.cases for a in case.adapted]
    adjusted = [
        f"{a.kind}: {a.comment}" for a in result.adjustments if a.item == item.name and a.delta < 0
    ]
    return next(iter([*adapted, *adjusted, *item.feedback]), "")
