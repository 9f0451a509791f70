"""Feedback lines per item: readings accepted, names accepted, dependencies, penalties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from harness.judge import CaseResult
from harness.rules import Flag


def accepted_readings(cases: Sequence[CaseResult]) -> list[str]:
    readings = sorted({part for case in cases for part in case.accepted.split("; ") if part})
    return [f"accepted: {reading}" for reading in readings]


def alias_note(item: str, used: str | None) -> list[str]:
    if used is None or used == item:
        return []
    return [f"accepted the name {used} for {item} (the handout uses both spellings)"]


def dependency_notes(item: str, depends_on: Sequence[str], lost: Mapping[str, bool]) -> list[str]:
    """For an item that lost marks: the items it depends on that lost marks too."""
    if not lost.get(item):
        return []
    failed = [needed for needed in depends_on if lost.get(needed)]
    if not failed:
        return []
    names = ", ".join(failed)
    return [f"{item} depends on {names}, which also lost marks: fix {names} first"]


def penalty_notes(item: str | None, flags: Sequence[Flag], taken: float) -> list[str]:
    if not taken:
        return []
    rules = sorted({f.rule for f in flags if f.item == item})
    return [f"-{taken:g} marks for breaking the handout's rules: {', '.join(rules)}"]
