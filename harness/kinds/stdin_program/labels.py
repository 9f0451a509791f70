"""The text a handout requires after the printed grid (config.yaml's `program.label`, e.g.
Columbia's ` AC3` or ` BTS`): its form, matched whole, and what the label claims of the puzzle,
checked with the harness's model.

A label in the wrong form fails the case: the handout asks for it exactly. A label whose claim
the model contradicts (`BTS` on a grid arc consistency alone fills) is reported beside a right
grid, not marked, unless `mismatch: fail` says the handout marks it: how much a student's AC-3
settles depends on how it is written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harness.program_io import Claim, LabelConfig
from harness.puzzles import solver
from harness.records.evidence import Grid

SHOWN = 40  # characters of the text after the grid quoted


@dataclass(frozen=True)
class LabelJudged:
    """What the text after the grid comes to: a problem failing the case, or readings."""

    problem: str = ""
    readings: tuple[str, ...] = ()


def judge_label(rest: str, label: LabelConfig | None, puzzle: Grid) -> LabelJudged:
    """The text after the grid (trailing whitespace aside) held against the handout's label."""
    text = rest.rstrip()
    if label is None:
        return LabelJudged(f"unexpected {_shown(text)} after the grid") if text else LabelJudged()
    found = re.fullmatch(label.pattern, text)
    if found is None:
        got = _shown(text) if text else "nothing"
        return LabelJudged(f"after the grid: expected text matching {label.pattern!r}, got {got}")
    name = found.group(1) if found.re.groups else found.group()
    claim = label.claims.get(name or "")
    contradiction = _contradicted(claim, puzzle) if claim else ""
    if not contradiction:
        return LabelJudged()
    said = f"labelled {name!r}, though {contradiction}"
    if label.mismatch == "fail":
        return LabelJudged(said)
    why = "how much a program's AC-3 settles depends on how it is written"
    return LabelJudged(readings=(f"{said}: reported, not marked ({why})",))


def _contradicted(claim: Claim, puzzle: Grid) -> str:
    """What the model says against the claim; empty when it agrees."""
    settles = solver.singles_complete(puzzle, hidden_singles=False)
    if claim == "arc-consistency" and not settles:
        return "arc consistency alone does not fill this grid"
    if claim == "search" and settles:
        return "arc consistency alone fills this grid"
    return ""


def _shown(text: str) -> str:
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "...")
