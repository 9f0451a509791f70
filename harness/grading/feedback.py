"""Feedback lines per item: readings accepted, names accepted, dependencies, penalties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from harness.records.outcomes import Skipped
from harness.records.results import CaseResult, Flag

OUTPUT_QUOTED = 80


def accepted_readings(cases: Sequence[CaseResult]) -> list[str]:
    readings = sorted({reading for case in cases for reading in case.accepted})
    return [f"accepted: {reading}" for reading in readings]


def alias_note(item: str, used: str | None) -> list[str]:
    if used is None or used == item:
        return []
    return [f"accepted the name {used} for {item}: an alias config.yaml accepts"]


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


def error_hint(error_type: str, message: str) -> str:
    """A likely cause of an import-time or call-time error, for the student."""
    if error_type == "EOFError":
        return " (it reads input when imported: put the driver under if __name__ == '__main__':)"
    if error_type == "FileNotFoundError" and ("'/" in message or ":\\" in message):
        return (
            " (it opens a file by absolute path, which does not exist where it is graded: "
            "open the filename it is given, or put the driver under if __name__ == '__main__':)"
        )
    if error_type == "FileNotFoundError":
        return " (driver code outside if __name__ == '__main__': opens a file that is not there)"
    return ""


def salvage_note(skipped: Sequence[Skipped]) -> list[str]:
    """For a module whose import failed but whose classes were graded anyway."""
    if not skipped:
        return []
    first = skipped[0]
    inner = f" (in line {first.line})" if first.line and first.line != first.statement else ""
    hint = error_hint(first.error_type, first.message)
    lines = ", ".join(str(s.statement) for s in skipped)
    return [
        f"importing the module failed: the statement at line {first.statement} raised "
        f"{first.error_type}{inner}: {first.message}{hint}; graded what it defines, skipping "
        f"the top-level statements that failed (line {lines})"
    ]


def output_note(output: str) -> str:
    text = output.strip()
    shown = text[:OUTPUT_QUOTED] + ("..." if len(text) > OUTPUT_QUOTED else "")
    return (
        f"prints while being graded ({shown!r}): not marked down, but printing inside methods "
        f"slows a search and clutters the output"
    )
