"""Which of a submission's Python files is graded: the one that defines what the items need.

Students rename the handout's file (`csp.py` becomes `csp-lab.py`, `my_csp.py`) and hand in
helpers and old copies beside it. Where the configured `entry:` is not in the folder (or
config.yaml's `entry_by: definitions` asks for it always), each .py file is read, never run: its
top-level functions, classes, their methods and the names it assigns or imports count, and the
file that defines the most of the names the items need (with config.yaml's aliases) is graded.
A file written for Python 2 is read through the Python 2 reading's text. Among files that
define as many: the one with fewer stubs among them (the work, not the untouched starter), then
the configured name, then the first by name; the submission's note says which file was graded
and why. None defining any: the submission is an error row naming its files and what was
looked for.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.config import AssignmentConfig
from harness.kinds.stubs import stubs
from harness.records.probes import Probe
from harness.sandbox.child import python2
from harness.submissions import Choose, Entry, Submission, SubmissionProblem, entry_file

Need = tuple[str, ...]  # one name the items need, as each accepted spelling ("Board.makeMove")
READ_BYTES = 1 << 20  # a larger file is not read for its definitions
READ_FILES = 20  # files read of one folder, by name: the others count as defining nothing
NEEDS_SHOWN = 4


def function_needs(assignment: AssignmentConfig) -> tuple[Need, ...]:
    """The functions a function library's items call, each with its aliases (a method's name
    is found among a class's members too)."""
    return tuple(
        (cfg.function or item, *cfg.aliases)
        for item, cfg in assignment.items.items()
        if cfg.shape is None
    )


def class_needs(assignment: AssignmentConfig, probes: Iterable[Probe]) -> tuple[Need, ...]:
    """The classes and methods the probes need ("Board", "Board.makeMove"), each with every
    spelling config.yaml's aliases accept."""
    needs = sorted({need for probe in probes for need in probe.needs})
    return tuple(_spellings(need, assignment) for need in needs)


def _spellings(need: str, assignment: AssignmentConfig) -> Need:
    owner, _, name = need.rpartition(".")
    names = assignment.accepted_names(name)
    if not owner:
        return names
    return tuple(f"{o}.{n}" for o in assignment.accepted_names(owner) for n in names)


def graded_file(
    submission: Submission, assignment: AssignmentConfig, needs: Sequence[Need]
) -> Entry:
    """The submission's entry: by its configured name, the only file, or by `needs`."""
    always = assignment.entry_by == "definitions"
    return entry_file(submission, assignment.entry, ".py", by_definitions(needs), always)


def by_definitions(needs: Sequence[Need]) -> Choose:
    """Given several files, the one defining the most of `needs` (see the module's doc)."""

    def choose(files: Sequence[Path], configured: str | None) -> Entry:
        read = [_Candidate.read(f, files) for f in files[:READ_FILES]]
        unread = [_Candidate(f, frozenset(), frozenset()) for f in files[READ_FILES:]]
        return _chosen([*read, *unread], needs, configured)

    return choose


@dataclass(frozen=True)
class _Candidate:
    path: Path
    defined: frozenset[str]  # "solve", "Board", "Board.makeMove"
    stubs: frozenset[str]  # what of it is a stub

    @classmethod
    def read(cls, path: Path, files: Sequence[Path]) -> _Candidate:
        tree, source = _tree(path)
        if tree is None:
            return cls(path, frozenset(), frozenset())
        defined = set(_defined(tree.body))
        for module, names in _imported(tree.body):  # `from board import Board`, beside it
            sibling = next((f for f in files if f.stem == module and f != path), None)
            if sibling is not None:
                theirs, _ = _tree(sibling)
                inner = set(_defined(theirs.body)) if theirs else set()
                defined |= {d for d in inner if d.split(".")[0] in names}
        return cls(path, frozenset(defined), frozenset(stubs(source)))

    def score(self, needs: Sequence[Need]) -> int:
        return sum(any(_among(name, self.defined) for name in need) for need in needs)

    def stubbed(self, needs: Sequence[Need]) -> int:
        return sum(any(_among(name, self.stubs) for name in need) for need in needs)


def _among(name: str, defined: frozenset[str]) -> bool:
    """Whether `name` is defined: itself, or, a plain name, as a member of one of its classes
    (an item that is a method: `degree` of `Board.degree`)."""
    if name in defined:
        return True
    return "." not in name and any(d.endswith(f".{name}") for d in defined)


def _tree(path: Path) -> tuple[ast.Module | None, str]:
    """The file's tree (read as Python 2 when it does not parse as Python 3) and the text it
    was parsed from; None for a link, a file too large, or one that parses neither way."""
    try:
        if path.is_symlink() or path.stat().st_size > READ_BYTES:
            return None, ""
        source = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None, ""
    return _parsed(source)


def _parsed(source: str) -> tuple[ast.Module | None, str]:
    try:
        return ast.parse(source), source
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        pass
    text = python2.translated(source)
    try:
        return ast.parse(text), text
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None, ""


def python2_reading(path: Path, readings: Sequence[str]) -> str:
    """Why the entry is to be read as Python 2 (python2.reading), "" when it is read as written
    or the assignment's `readings:` do not allow it. Decided here, from the file, before it
    runs: the child only applies it, so no reply of the student's can claim or dodge it."""
    if "python2" not in readings:
        return ""
    try:
        return python2.reading(python2.read(str(path)))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return ""


def static_text(source: str, readings: Sequence[str]) -> str:
    """The text the static checks (stubs, rules) read: a file that does not parse as Python 3,
    under the Python 2 reading, as that reading translates it (its line numbers kept)."""
    if "python2" not in readings:
        return source
    tree, text = _parsed(source)
    return text if tree is not None else source


def _defined(body: Iterable[ast.stmt]) -> Iterable[str]:
    """The names a module's top level defines, and its classes' members as "Class.member";
    into `if`, `try` and `with` blocks, not into functions."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name
        elif isinstance(node, ast.ClassDef):
            yield node.name
            yield from (f"{node.name}.{member}" for member in _defined(node.body))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            yield from (t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            yield from ((a.asname or a.name).split(".")[0] for a in node.names if a.name != "*")
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            blocks = [node.body, getattr(node, "orelse", []), getattr(node, "finalbody", [])]
            blocks += [handler.body for handler in getattr(node, "handlers", [])]
            for block in blocks:
                yield from _defined(block)


def _imported(body: Iterable[ast.stmt]) -> Iterable[tuple[str, set[str]]]:
    """(module, names) of each `from module import names` at the top level."""
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module, {a.name for a in node.names}


def _chosen(candidates: list[_Candidate], needs: Sequence[Need], configured: str | None) -> Entry:
    names = ", ".join(c.path.name for c in candidates)
    best = max((c.score(needs) for c in candidates), default=0)
    if not best:
        wanted = ", ".join(need[0] for need in needs[:NEEDS_SHOWN])
        more = ", ..." if len(needs) > NEEDS_SHOWN else ""
        raise SubmissionProblem(
            f"none of its .py files ({names}) defines what the items need ({wanted}{more}): "
            "cannot tell which to grade"
        )
    tied = [c for c in candidates if c.score(needs) == best]
    tied.sort(key=lambda c: (c.stubbed(needs), c.path.name != configured, c.path.name))
    chosen = tied[0]
    said = f"graded {chosen.path.name}: it defines {best} of the {len(needs)} names the items need"
    if configured and not any(c.path.name == configured for c in candidates):
        said += f" ({configured} is not in the folder)"
    if len(tied) > 1:
        others = ", ".join(c.path.name for c in tied[1:])
        said += f"; {others} as many: {_why(chosen, tied[1], needs, configured)}"
    return Entry(chosen.path, said)


def _why(
    chosen: _Candidate, other: _Candidate, needs: Sequence[Need], configured: str | None
) -> str:
    """Why `chosen` was preferred to the next of the files that define as many."""
    if chosen.stubbed(needs) < other.stubbed(needs):
        return f"fewer stubs ({chosen.stubbed(needs)} against {other.stubbed(needs)})"
    if chosen.path.name == configured:
        return "the configured name first"
    return "the first by name"
