"""The suites' cases a declared item leaves out, and why, so that nothing graded is invisible:
`check` lists them. A role asks only the cases of the sizes the item is asked at; a puzzle with
several solutions only where any completion is right (a solver's `completion: any`), since every
other answer of a role is computed from the one solution; and a puzzle with no solution only
where the role defines an answer for it. (Of the cases left, a role asks the first few its
docstring names, or `cases:`: those are chosen, not left out.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from harness.config import AssignmentConfig
from harness.kinds.course import Course
from harness.kinds.function_library.declared.calls import Spec
from harness.puzzles.suites import Case

ASKS_UNSOLVABLE = {"unit-values", "candidates", "first-empty", "any-empty", "load", "display",
                   "copy", "reference", "search"}  # fmt: skip
ASKS_NO_CASE = {"next-cell"}  # a position's successor: no grid at all


@dataclass(frozen=True)
class LeftOut:
    item: str
    case: str  # the case's label: suite/id
    why: str


def left_out(assignment: AssignmentConfig, cases: Sequence[Case]) -> list[LeftOut]:
    """Every (declared item, case) the item's role does not ask, with why."""
    course = Course(assignment.conventions)
    found: list[LeftOut] = []
    for name, cfg in assignment.items.items():
        if cfg.role is None or cfg.role in ASKS_NO_CASE:
            continue
        spec = Spec(name, cfg, course)
        found += [LeftOut(name, c.label, why) for c in cases if (why := _why(spec, c))]
    return found


def _why(spec: Spec, case: Case) -> str:
    cfg = spec.config
    if case.size not in spec.sizes:
        shown = ", ".join(f"{n}x{n}" for n in spec.sizes)
        return f"a {case.size}x{case.size} puzzle: the item is asked at {shown} (sizes:)"
    solve = cfg.role == "solve"
    if case.multiple_solutions and not (solve and cfg.completion == "any"):
        return (
            "several solutions: its answers are computed from one, so only a solver with "
            "`completion: any` is asked it"
        )
    if case.solution is None and not _asks_unsolvable(spec):
        return "no solution: the role needs the solved grid" + (
            " (`unsolvable: false`, or `returns: grid`)" if solve else ""
        )
    return ""


def _asks_unsolvable(spec: Spec) -> bool:
    cfg = spec.config
    if cfg.role == "solve":
        return cfg.unsolvable and cfg.returns != "grid"
    return (cfg.role or "reference") in ASKS_UNSOLVABLE


def summary(found: Sequence[LeftOut]) -> list[str]:
    """One line per item and reason: "get_row: 2 cases (classic/a, classic/b): several ..."."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for entry in found:
        grouped.setdefault((entry.item, entry.why), []).append(entry.case)
    return [
        f"{item}: {_count(labels)} ({_listed(labels)}): {why}"
        for (item, why), labels in grouped.items()
    ]


def _count(labels: Sequence[str]) -> str:
    return "1 case" if len(labels) == 1 else f"{len(labels)} cases"


def _listed(labels: Sequence[str], shown: int = 3) -> str:
    more = f" and {len(labels) - shown} more" if len(labels) > shown else ""
    return ", ".join(labels[:shown]) + more
