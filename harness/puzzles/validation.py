"""`suites validate`: every problem in a set of suite files, each naming its file and case.

Beyond what loading already checks (shape, range, givens kept, grids valid), the reference solver
decides each puzzle: a case not marked `multiple_solutions` must have exactly one solution (the
written one, then, since loading proved it a valid completion); an `unsolvable` case must have
none; a recorded rating must be the measured one. The same puzzle twice, in one file or across
files, is reported too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.errors import BadInput
from harness.puzzles import solver
from harness.puzzles.decide import decide
from harness.puzzles.rating import Rating, level
from harness.puzzles.suites import Case, repeats, scan_suite
from harness.records.evidence import Grid


@dataclass(frozen=True)
class Problem:
    where: str  # "file: case 'id'"
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


@dataclass(frozen=True)
class Validation:
    files: int
    cases: int
    problems: tuple[Problem | BadInput, ...]
    several: tuple[str, ...] = ()  # the cases marked as having several solutions (suite/id)

    @property
    def ok(self) -> bool:
        return not self.problems


def suite_files(paths: Sequence[Path]) -> list[Path]:
    """The YAML files named, and those inside named folders (recursively, sorted)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        elif path.exists():
            found.append(path)
        else:
            raise BadInput.at(str(path), "no such file or folder")
    return found


def validate(paths: Sequence[Path], max_guesses: int = solver.DEFAULT_MAX_GUESSES) -> Validation:
    files = suite_files(paths)
    problems: list[Problem | BadInput] = []
    located: list[tuple[Path, Case]] = []
    for path in files:
        try:
            scan = scan_suite(path)
        except BadInput as err:
            problems.append(err)
            continue
        problems.extend(scan.problems)
        for case in scan.cases:
            problems.extend(check_case(path, case, max_guesses))
            located.append((path, case))
    problems.extend(duplicates(located))
    several = tuple(case.label for _, case in located if case.multiple_solutions)
    return Validation(len(files), len(located), tuple(problems), several)


def check_case(path: Path, case: Case, max_guesses: int) -> list[Problem]:
    where = f"{path}: case {case.id!r}"
    found = decide(case.puzzle, limit=2, max_guesses=max_guesses)
    if found.exhausted and len(found.solutions) < 2:
        return [Problem(where, "puzzle", f"not decided within {max_guesses} guesses")]
    problems = _against_solver(where, case, found.solutions)
    if case.rating is not None and not problems:
        measured = Rating(level(case.puzzle), found.guesses)
        if measured != case.rating:
            problems.append(
                Problem(
                    where,
                    "difficulty",
                    f"recorded {case.rating.difficulty} with {case.rating.guesses} guesses, "
                    f"measured {measured.difficulty} with {measured.guesses}",
                )
            )
    return problems


def _against_solver(where: str, case: Case, solutions: tuple[Grid, ...]) -> list[Problem]:
    if case.solution is None and solutions:
        return [Problem(where, "unsolvable", "marked unsolvable but the puzzle has a solution")]
    if len(solutions) > 1 and not case.multiple_solutions:
        return [Problem(where, "puzzle", "has more than one solution (mark it multiple_solutions)")]
    return []


def duplicates(located: Sequence[tuple[Path, Case]]) -> list[Problem]:
    """A problem for each case whose puzzle an earlier case already has."""

    def where(index: int) -> str:
        path, case = located[index]
        return f"{path}: case {case.id!r}"

    pairs = repeats([case for _, case in located])
    return [
        Problem(where(later), "puzzle", f"the same puzzle as {where(first)}")
        for later, first in pairs
    ]
