"""Which assignment a path of submissions is for, when --assignment is not given, and why.

In order: a folder on the path named like an assignment; the names the Python files define (read
by AST, never run: functions, classes and methods) against each assignment's graded items, when
one assignment's items are clearly the best match; the only assignment whose entry file (a2.py)
the submissions hold; the only assignment configured; the narrowest assignment whose languages
cover the submissions' files (only a program's assignment, when the files define names but not
enough of any assignment's). Anything else, or a tie, is a one-line error asking for
--assignment. The command says on stderr which assignment it chose and why.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from harness.config import AssignmentConfig, Config
from harness.errors import BadInput
from harness.kinds.registry import suffixes_for
from harness.sandbox.child import python2
from harness.submissions import discover

ENOUGH = 0.5  # the share of an assignment's item names the files must define to decide by names
FILES_READ = 2000  # Python files read for their names, at most


@dataclass(frozen=True)
class Inferred:
    name: str
    why: str  # empty when --assignment named it

    def line(self) -> str:
        return f"assignment: {self.name} ({self.why})" if self.why else ""


def infer(config: Config, path: Path, explicit: str | None) -> Inferred:
    """--assignment, else the first rule of the module's docstring that decides."""
    if explicit:
        config.assignment(explicit)
        return Inferred(explicit, "")
    for part in reversed(path.resolve().parts):
        if part in config.assignments:
            return Inferred(part, f"a folder on the path is named {part}")
    defined = _defined_names(path)
    by_names = _by_names(config, path, defined)
    if by_names is not None:
        return by_names
    by_entry = [name for name, a in config.assignments.items() if a.entry and _holds(path, a.entry)]
    if len(by_entry) == 1:
        entry = _entry(config, by_entry[0])
        return Inferred(by_entry[0], f"the submissions hold its entry file {entry}")
    if len(config.assignments) == 1:
        return Inferred(next(iter(config.assignments)), "the only assignment in config.yaml")
    # Names defined, but not enough of any assignment's: only a program's assignment is left.
    programs_only = bool(defined) and not by_entry
    return _by_languages(config, path, by_entry, programs_only)


def _by_names(config: Config, path: Path, defined: frozenset[str]) -> Inferred | None:
    if not defined:
        return None
    shares = {
        name: _share(assignment, defined)
        for name, assignment in config.assignments.items()
        if _names(assignment)
    }
    ranked = sorted(shares.items(), key=lambda pair: -pair[1])
    if not ranked or ranked[0][1] < ENOUGH:
        return None
    if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        tied = ", ".join(name for name, share in ranked if share == ranked[0][1])
        raise BadInput(
            f"{path}: the files define the names of several assignments equally ({tied}): "
            "pass --assignment"
        )
    name = ranked[0][0]
    wanted = _names(config.assignments[name])
    found = sum(1 for item in wanted if item & defined)
    return Inferred(name, f"the files define {found} of its {len(wanted)} graded names")


def _names(assignment: AssignmentConfig) -> list[frozenset[str]]:
    """Each graded item's accepted names (its own or its function's, and aliases); none for an
    assignment whose items are not names in the code (a program reading stdin)."""
    if assignment.program is not None:
        return []
    return [
        frozenset({cfg.function or item, *cfg.aliases, *assignment.accepted_names(item)})
        for item, cfg in assignment.items.items()
    ]


def _share(assignment: AssignmentConfig, defined: frozenset[str]) -> float:
    wanted = _names(assignment)
    return sum(1 for names in wanted if names & defined) / len(wanted)


def _tree(file: Path) -> ast.Module | None:
    """A Python file's tree, read as Python 2 when it does not parse as Python 3 (its names
    are what a class written for Python 2 defines); None when it parses neither way."""
    try:
        source = file.read_bytes()
        return ast.parse(source)
    except (OSError, ValueError, RecursionError):
        return None
    except SyntaxError:
        pass
    try:
        return ast.parse(python2.translated(source.decode("utf-8", "replace")))
    except (SyntaxError, ValueError, RecursionError):
        return None


def _defined_names(path: Path) -> frozenset[str]:
    """Functions, classes and methods the Python files under `path` define (parsed, not run)."""
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))[:FILES_READ]
    names: set[str] = set()
    for file in files:
        tree = _tree(file)
        if tree is None:
            continue
        names |= {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        }
    return frozenset(names)


def _by_languages(config: Config, path: Path, by_entry: list[str], programs_only: bool) -> Inferred:
    every = sorted({s for name in config.assignments for s in suffixes_for(config, name)})
    discover(path, every)  # its errors first
    if not by_entry:
        found = _suffixes(path, every)
        fits = {
            name: set(suffixes_for(config, name))
            for name, a in config.assignments.items()
            if not a.entry
            and found <= set(suffixes_for(config, name))
            and not (programs_only and _names(a))
        }
        narrowest = [n for n in fits if len(fits[n]) == min(map(len, fits.values()))]
        if len(narrowest) == 1:
            kinds = ", ".join(sorted(found))
            why = f"the narrowest assignment taking {kinds} files"
            if programs_only:
                why += ", as the files define none of a function library's names"
            return Inferred(narrowest[0], why)
    known = ", ".join(config.assignments)
    raise BadInput(f"{path}: cannot tell which assignment it is: pass --assignment ({known})")


def _entry(config: Config, name: str) -> str:
    return config.assignments[name].entry or ""


def _holds(path: Path, entry: str) -> bool:
    if path.is_file():
        return path.name == entry
    return (path / entry).is_file() or any(p.is_file() for p in path.glob(f"*/{entry}"))


def _suffixes(path: Path, known: list[str]) -> set[str]:
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return {p.suffix for p in files if p.suffix in known}
