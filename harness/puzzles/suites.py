"""Suites: YAML files of puzzle / expected-solution pairs, validated as they load, and written.

    name: handout-examples          # optional, defaults to the file's stem
    description: ...                # optional
    values: letters                 # optional: how a stdin program is fed values above 9:
                                    # letters from A = 10 (the wits sample I/O), or decimal
    cases:
      - id: fig5
        puzzle: |                   # one row per line; whitespace-separated; 0 or . is blank
          5 3 0 0 7 0 0 0 0
          ...
        solution: |                 # required unless `unsolvable: true`
          ...
        hidden: false               # optional: graded, details not shown to students
        tags: [handout]             # optional
        multiple_solutions: false   # optional: any valid completion is accepted
        source: "handout fig. 5"    # optional
        difficulty: hard            # optional, measured: easy | medium | hard (see rating.py)
        guesses: 12                 # optional, measured with the difficulty
        tier: easy                  # optional: the official sample it stands beside, by name
                                    # (basic | easy | medium | hard: harness/records/tiers.py)

Every error names the file, the case and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from harness.errors import BadInput
from harness.puzzles import sudoku
from harness.puzzles.rating import Difficulty, Rating
from harness.records.evidence import Grid
from harness.records.tiers import Tier
from harness.yamlfile import dotted, first_error, read_yaml

Fail = Callable[[str, str], BadInput]
SIZES = (4, 9, 16, 25, 36)  # the grid sizes the harness grades, generates and imports
ValueStyle = Literal["decimal", "letters"]  # how values above 9 are written to a program's stdin


class _CaseModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: str = Field(min_length=1)
    puzzle: str
    solution: str | None = None
    unsolvable: bool = False
    multiple_solutions: bool = False
    hidden: bool = False
    tags: list[str] = Field(default_factory=list)
    source: str | None = None
    difficulty: Difficulty | None = None
    guesses: int | None = Field(default=None, ge=0)
    tier: Tier | None = None


class _SuiteModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    name: str | None = None
    description: str = ""
    values: ValueStyle = "decimal"
    cases: list[Any] = Field(min_length=1)  # each validated on its own, so every bad one is named


@dataclass(frozen=True)
class Case:
    suite: str
    id: str
    puzzle: Grid
    solution: Grid | None  # None: the puzzle has no solution
    hidden: bool = False
    multiple_solutions: bool = False
    tags: tuple[str, ...] = ()
    source: str | None = None
    rating: Rating | None = None
    values: ValueStyle = "decimal"  # the suite's: how a stdin program is fed values above 9
    tier: Tier | None = None  # the official sample it stands beside (suites calibrate)

    @property
    def size(self) -> int:
        return len(self.puzzle)

    @property
    def label(self) -> str:
        return f"{self.suite}/{self.id}"


@dataclass(frozen=True)
class Suite:
    name: str
    path: Path
    cases: tuple[Case, ...]


class GridError(ValueError):
    """A grid text that is not a square Sudoku grid; the message says why."""


def parse_grid(text: str) -> Grid:
    """Rows of whitespace-separated integers, `.` or `0` for a blank."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    n = len(rows)
    if n not in SIZES:
        sizes = ", ".join(map(str, SIZES))
        raise GridError(f"{n} rows: the size must be a square number ({sizes})")
    return tuple(_parse_row(tokens, number, n) for number, tokens in enumerate(rows, 1))


def _parse_row(tokens: list[str], number: int, n: int) -> tuple[int, ...]:
    if len(tokens) != n:
        raise GridError(f"row {number} has {len(tokens)} values, expected {n}")
    values = tuple(0 if token == "." else _parse_value(token, number) for token in tokens)
    for value in values:
        if not 0 <= value <= n:
            raise GridError(f"row {number}: value {value} is out of range 0..{n}")
    return values


def _parse_value(token: str, row: int) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > 3:
        raise GridError(f"row {row}: {token!r} is not a value (use integers, 0 or . for blank)")
    return int(token)


@dataclass(frozen=True)
class SuiteScan:
    """A suite file read as far as it goes: the cases that loaded and a problem for each other."""

    path: Path
    name: str
    cases: tuple[Case, ...]
    problems: tuple[BadInput, ...]


def scan_suite(path: Path) -> SuiteScan:
    """Every case of the file checked on its own; raises only when the file itself is unusable."""
    data = read_yaml(path)
    try:
        model = _SuiteModel.model_validate(data)
    except ValidationError as err:
        location, message = first_error(err)
        raise BadInput.at(str(path), f"{dotted(location)}: {message}") from None
    name = model.name or path.stem
    cases: list[Case] = []
    problems: list[BadInput] = []
    for index in range(len(model.cases)):
        try:
            cases.append(_load_case(path, name, data, index, model.values))
        except BadInput as problem:
            problems.append(problem)
    problems.extend(_duplicate_ids(path, cases))
    return SuiteScan(path=path, name=name, cases=tuple(cases), problems=tuple(problems))


def load_suite(path: Path) -> Suite:
    scan = scan_suite(path)
    if scan.problems:
        raise scan.problems[0]
    return Suite(name=scan.name, path=path, cases=scan.cases)


def load_suites(paths: Sequence[Path]) -> tuple[Suite, ...]:
    suites = tuple(load_suite(path) for path in paths)
    names = [suite.name for suite in suites]
    for suite in suites:
        if names.count(suite.name) > 1:
            raise BadInput.at(str(suite.path), f"suite name {suite.name!r} is used twice")
    return suites


def _load_case(path: Path, suite: str, data: Any, index: int, values: ValueStyle) -> Case:
    try:
        raw = _CaseModel.model_validate(data["cases"][index])
    except ValidationError as err:
        location, message = first_error(err)
        field = dotted(location) if location else "(the case)"
        case = _case_name(data, index)
        raise BadInput.at(str(path), f"case {case}: {field}: {message}") from None
    return _build_case(path, suite, raw, values)


def _case_name(data: Any, index: int) -> str:
    try:
        raw_id = data["cases"][index]["id"]
    except (KeyError, IndexError, TypeError):
        raw_id = None
    return repr(raw_id) if isinstance(raw_id, str) else f"#{index + 1}"


def _build_case(path: Path, suite: str, raw: _CaseModel, values: ValueStyle) -> Case:
    def fail(field: str, message: str) -> BadInput:
        return BadInput.at(str(path), f"case {raw.id!r}: {field}: {message}")

    puzzle = _grid_field(raw.puzzle, "puzzle", fail)
    solution = None if raw.solution is None else _grid_field(raw.solution, "solution", fail)
    _check_pair(puzzle, solution, raw, fail)
    return Case(
        suite=suite,
        id=raw.id,
        puzzle=puzzle,
        solution=solution,
        hidden=raw.hidden,
        multiple_solutions=raw.multiple_solutions,
        tags=tuple(raw.tags),
        source=raw.source,
        rating=_rating(raw, fail),
        values=values,
        tier=raw.tier,
    )


def _rating(raw: _CaseModel, fail: Fail) -> Rating | None:
    if raw.difficulty is None and raw.guesses is None:
        return None
    if raw.difficulty is None or raw.guesses is None:
        missing = "difficulty" if raw.difficulty is None else "guesses"
        raise fail(missing, "missing: `difficulty` and `guesses` are recorded together")
    return Rating(difficulty=raw.difficulty, guesses=raw.guesses)


def _grid_field(text: str, field: str, fail: Fail) -> Grid:
    try:
        return parse_grid(text)
    except GridError as err:
        raise fail(field, str(err)) from None


def _check_pair(puzzle: Grid, solution: Grid | None, raw: _CaseModel, fail: Fail) -> None:
    if solution is None and not raw.unsolvable:
        raise fail("solution", "missing (or mark the case `unsolvable: true`)")
    if solution is not None and raw.unsolvable:
        raise fail("unsolvable", "the case has a solution but is marked unsolvable")
    if solution is None:
        return
    clashes = sudoku.conflicts(puzzle)
    if clashes:
        raise fail("puzzle", f"the givens repeat a value in {_name(clashes[0])}")
    problem = solution_problem(puzzle, solution)
    if problem is not None:
        raise fail("solution", problem)


def solution_problem(puzzle: Grid, solution: Grid) -> str | None:
    """Why `solution` is not a complete, valid grid keeping the puzzle's givens; None if it is."""
    if len(solution) != len(puzzle):
        return f"size {len(solution)} differs from the puzzle's {len(puzzle)}"
    if any(v == 0 for row in solution for v in row):
        return "has blank cells"
    clashes = sudoku.conflicts(solution)
    if clashes:
        return f"not a valid grid: {_name(clashes[0])} repeats a value"
    if not sudoku.keeps_givens(puzzle, solution):
        return "changes a given of the puzzle"
    return None


def _duplicate_ids(path: Path, cases: list[Case]) -> list[BadInput]:
    seen: set[str] = set()
    problems = []
    for case in cases:
        if case.id in seen:
            problems.append(
                BadInput.at(str(path), f"case {case.id!r}: id: used by an earlier case too")
            )
        seen.add(case.id)
    return problems


def _name(conflict: sudoku.Conflict) -> str:
    return f"{conflict.kind} {conflict.index + 1}"


def repeats(cases: Sequence[Case]) -> list[tuple[int, int]]:
    """(later, first): the index of each case whose puzzle an earlier case already has, and the
    index of that earlier case."""
    first: dict[Grid, int] = {}
    found = []
    for index, case in enumerate(cases):
        earlier = first.setdefault(case.puzzle, index)
        if earlier != index:
            found.append((index, earlier))
    return found


def format_grid(grid: Grid) -> str:
    """The suite text of a grid: one row per line, values right-aligned, 0 for a blank."""
    width = len(str(len(grid)))
    return "".join(" ".join(f"{v:>{width}}" for v in row) + "\n" for row in grid)


def dump_suite(name: str, description: str, cases: Sequence[Case]) -> str:
    """The YAML text of a suite that `load_suite` reads back into the same cases."""
    document: dict[str, object] = {"name": name, "description": description}
    if any(case.values == "letters" for case in cases):
        document["values"] = "letters"
    document["cases"] = [_case_document(case) for case in cases]
    return yaml.dump(document, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def _case_document(case: Case) -> dict[str, object]:
    document: dict[str, object] = {"id": case.id}
    if case.source is not None:
        document["source"] = case.source
    if case.rating is not None:
        document["difficulty"] = case.rating.difficulty
        document["guesses"] = case.rating.guesses
    if case.tier is not None:
        document["tier"] = case.tier
    if case.hidden:
        document["hidden"] = True
    if case.tags:
        document["tags"] = list(case.tags)
    if case.multiple_solutions:
        document["multiple_solutions"] = True
    document["puzzle"] = _Block(format_grid(case.puzzle))
    if case.solution is None:
        document["unsolvable"] = True
    else:
        document["solution"] = _Block(format_grid(case.solution))
    return document


class _Block(str):
    """A string written as a YAML literal block (`|`)."""


class _Dumper(yaml.SafeDumper):
    pass


def _block(dumper: yaml.SafeDumper, text: _Block) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", str(text), style="|")


_Dumper.add_representer(_Block, _block)
