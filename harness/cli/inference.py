"""Which assignment a path of submissions is for, when --assignment is not given."""

from __future__ import annotations

from pathlib import Path

from harness.config import Config
from harness.errors import BadInput
from harness.shapes import suffixes_for
from harness.submissions import discover


def pick_assignment(config: Config, path: Path, explicit: str | None) -> str:
    """--assignment, else an assignment named by a folder on the path, else the only one whose
    entry file (a2.py) the submissions hold, else the only one with no fixed entry file whose
    languages cover the submissions' files (the most specific, when several do: a `.py` file
    is taken for a Python assignment before one that accepts `.py` among other languages)."""
    if explicit:
        config.assignment(explicit)
        return explicit
    for part in reversed(path.resolve().parts):
        if part in config.assignments:
            return part
    by_entry = [name for name, a in config.assignments.items() if a.entry and _holds(path, a.entry)]
    if len(by_entry) == 1:
        return by_entry[0]
    if len(config.assignments) == 1:
        return next(iter(config.assignments))
    every = sorted({s for name in config.assignments for s in suffixes_for(config, name)})
    discover(path, every)  # its errors first
    if not by_entry:
        found = _suffixes(path, every)
        fits = {
            name: set(suffixes_for(config, name))
            for name, a in config.assignments.items()
            if not a.entry and found <= set(suffixes_for(config, name))
        }
        narrowest = [n for n in fits if len(fits[n]) == min(map(len, fits.values()))]
        if len(narrowest) == 1:
            return narrowest[0]
    known = ", ".join(config.assignments)
    raise BadInput(f"{path}: cannot tell which assignment it is: pass --assignment ({known})")


def _holds(path: Path, entry: str) -> bool:
    if path.is_file():
        return path.name == entry
    return (path / entry).is_file() or any(p.is_file() for p in path.glob(f"*/{entry}"))


def _suffixes(path: Path, known: list[str]) -> set[str]:
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return {p.suffix for p in files if p.suffix in known}
