"""The roles a declared item may have (harness/vocabulary.py's `Role`): a Protocol and a
registry. A role says which calls to make, from the suites' cases (`situations`), and what each
answer must be (`expect`), computed by the trusted model (harness/puzzles/sudoku.py) and written
as the course writes it; the probe around them is assembled in probes.py, the handout's own
examples (`examples:` in the YAML) first.

Each role's default sampling follows the handouts that use it: a position's box on every cell
of the first puzzle, a unit's values on the first two cases' puzzles and solutions, candidates
on every empty cell of the first three puzzles, moves on the first ten empty cells, a solver on
every case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from harness.assignments.declared import samples
from harness.assignments.declared.calls import UNSET, At, Spec
from harness.assignments.declared.expect import (
    AnyEmpty,
    Copied,
    Displayed,
    DisplayedTokens,
    FromReference,
    SolvedGrid,
    SolvedInPlace,
)
from harness.assignments.declared.samples import Named
from harness.assignments.expectations import Equal, GridAfter, SameMembers, Solves
from harness.puzzles import sudoku
from harness.puzzles.sudoku import UnitKind
from harness.puzzles.suites import Case
from harness.records.probes import Expectation

GRID_SAMPLES = 2  # cases whose puzzle and solution a unit's role is asked on
CANDIDATE_SAMPLES = 3  # puzzles whose cells a cell's role is asked on
MOVES = 10  # moves made (and cleared) on the first puzzle
SHOWN = 2  # puzzles (and their solutions) displayed
COPIED = 2
LOADED = 4  # puzzle files loaded
REFERENCE_SAMPLES = 2  # puzzles a reference item is asked on


class Role(Protocol):
    label: str  # how the feedback names a suite's grid by default: "grid" or "case"
    driver: str  # a child driver the calls run through ("": the function itself)

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        """The calls to make, built from the suites' cases."""
        ...

    def expect(self, spec: Spec, at: At) -> Expectation:
        """What the answer to one call must be."""
        ...

    def ident(self, spec: Spec, at: At) -> str:
        """The call's id, stable and unique within the item."""
        ...

    def suffix(self, at: At) -> str:
        """What the shown call ends with (a load's variant, a copy's check)."""
        ...


class _Base:
    label = "grid"
    driver = ""

    def suffix(self, at: At) -> str:
        return ""

    def ident(self, spec: Spec, at: At) -> str:
        return _name(at)


def _name(at: At) -> str:
    if at.label:
        return at.label
    if at.grid is not None:
        return at.grid.label
    return at.case.label if at.case is not None else ""


def _cell_id(spec: Spec, cell: tuple[int, int] | None) -> str:
    if cell is None:
        return ""
    r, c = spec.course.position(*cell)
    return f"({r},{c})"


def _grid_of(spec: Spec, case: Case, kind: str = "puzzle") -> Named:
    """A case's puzzle (or solution), named as the item's `label:` (or its role's) says."""
    grid = case.puzzle if kind == "puzzle" else samples.solved(case)
    mode = spec.config.label or ROLES[spec.config.role or "reference"].label
    name = case.label if mode == "case" else f"{case.label} {kind}"
    return Named(name, grid, case.hidden)


def _value_answer(spec: Spec, at: At, computed: Any) -> Expectation:
    return Equal(_tupled(at.answer) if at.answer is not UNSET else computed)


def _tupled(value: Any) -> Any:
    """A position written in YAML as a list is the tuple the course's functions return."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(v is None or type(v) is int for v in value)
    ):
        return tuple(value)
    return value


# --- cells --------------------------------------------------------------------------------------


class _Positions(_Base):
    """Every cell of the first puzzle (`positions:` chooses others)."""

    label = "case"

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        case = samples.first(cases, spec.sizes)
        grid = _grid_of(spec, case)
        which = spec.config.positions or "every"
        return [At(grid, case, cell) for cell in samples.cells(case.puzzle, which)]

    def ident(self, spec: Spec, at: At) -> str:
        return _cell_id(spec, at.cell)


class BoxOf(_Positions):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.cell is not None
        box = sudoku.box_of(at.size, *at.cell)
        return _value_answer(spec, at, spec.course.index(box))


class PositionInBox(_Positions):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.cell is not None
        n = at.size
        place = sudoku.box_cells(n, sudoku.box_of(n, *at.cell)).index(at.cell)
        return _value_answer(spec, at, spec.course.index(place))


class FirstEmpty(_Base):
    """Every puzzle, then full and nearly full grids a column-major scan gets wrong."""

    any_cell = False

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found = samples.pool(cases, spec.sizes)[: spec.config.cases]
        puzzles = [At(_grid_of(spec, c), c) for c in found]
        edges = samples.edge_grids(samples.first(cases, spec.sizes), spec.course.shown_position)
        return puzzles + [At(grid) for grid in edges]

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        blanks = sudoku.empty_cells(at.grid.grid)
        none = _tupled(spec.config.otherwise)
        if self.any_cell and blanks:
            return AnyEmpty(at.grid.grid, spec.course.base, none)
        answer = spec.course.position(*blanks[0]) if blanks else none
        return _value_answer(spec, at, answer)


class AnyEmptyRole(FirstEmpty):
    any_cell = True


class NextCell(_Base):
    """Every cell of an n x n grid, no grid given: the next one, row-major."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        n = spec.sizes[0]
        return [At(cell=(r, c), n=n) for r in range(n) for c in range(n)]

    def ident(self, spec: Spec, at: At) -> str:
        return _cell_id(spec, at.cell)

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.cell is not None
        n, (r, c) = at.size, at.cell
        after = (r, c + 1) if c < n - 1 else (r + 1, 0)
        answer = spec.course.position(*after) if after[0] < n else _tupled(spec.config.otherwise)
        return _value_answer(spec, at, answer)


# --- units --------------------------------------------------------------------------------------


class UnitValues(_Base):
    """Every unit of the first cases' puzzles and solutions."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        chosen = samples.pool(cases, spec.sizes)[: spec.count(GRID_SAMPLES)]
        grids = list(samples.puzzles_and_solutions(chosen))
        return [At(g, index=i) for g in grids for i in range(len(g.grid))]

    def ident(self, spec: Spec, at: At) -> str:
        return f"{_name(at)}#{spec.course.index(at.index or 0)}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.index is not None
        kind = _unit(spec)
        values = sudoku.unit_values(at.grid.grid, kind, at.index)
        return _value_answer(spec, at, spec.course.values(values))


class InUnit(_Base):
    """Every unit of the first case's puzzle, asked about every value: the unit by its number,
    or (where `args:` gives a cell instead) through a cell of it, a different cell for each
    value, so that every cell of the grid is asked once (a box's bounds off by one show)."""

    label = "case"

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        by_cell = _by_cell(spec)
        found: list[At] = []
        for case in samples.pool(cases, spec.sizes)[: spec.count(1)]:
            grid, n = _grid_of(spec, case), case.size
            for u in range(n):
                cells = sudoku.unit_cells(n, _unit(spec), u)
                found += [
                    At(grid, case, cells[v - 1], value=v)
                    if by_cell
                    else At(grid, case, index=u, value=v)
                    for v in range(1, n + 1)
                ]
        return found

    def ident(self, spec: Spec, at: At) -> str:
        where = _cell_id(spec, at.cell) if at.cell else f"#{spec.course.index(at.index or 0)}"
        return f"{_name(at)}{where}={at.value}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.value is not None
        n, kind = at.size, _unit(spec)
        index = at.index if at.cell is None else _unit_through(n, kind, at.cell)
        assert index is not None
        values = sudoku.unit_values(at.grid.grid, kind, index)
        return _value_answer(spec, at, at.value in values)


def _by_cell(spec: Spec) -> bool:
    """Whether `args:` asks about a unit through a cell of it, rather than by its number."""
    kinds = set(spec.arguments)
    if "value" not in kinds or not kinds & {"index", "position", "row", "column"}:
        raise ValueError("args: in-unit needs a value, and the unit's index or a cell in it")
    return "index" not in kinds


def _unit_through(n: int, kind: UnitKind, cell: tuple[int, int]) -> int:
    r, c = cell
    return r if kind == "row" else c if kind == "column" else sudoku.box_of(n, r, c)


def _unit(spec: Spec) -> UnitKind:
    unit = spec.config.unit
    assert unit is not None  # the vocabulary requires it for these roles
    return unit


class LegalValues(_Base):
    """The first case's rows: its solution's, its puzzle's, and its solution's with a repeat."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        case = samples.first(cases, spec.sizes)
        b = spec.course.base
        found: list[At] = []
        for i in range(case.size):
            full, partial = samples.solved(case)[i], case.puzzle[i]
            found += [
                At(case=case, values=full, label=f"{case.label} solution row {i + b}"),
                At(case=case, values=partial, label=f"{case.label} puzzle row {i + b}"),
                At(
                    case=case,
                    values=samples.with_repeat(full, i),
                    label=f"{case.label} solution row {i + b} with a repeat",
                ),
            ]
        return found

    def expect(self, spec: Spec, at: At) -> Expectation:
        return _value_answer(spec, at, not sudoku.has_repeat(at.values or ()))


class LegalUnit(_Base):
    """Every unit of the first cases' puzzles, solutions, and puzzles broken in such a unit."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        kind = _unit(spec)
        found: list[At] = []
        for case in samples.solvable(samples.pool(cases, spec.sizes))[: spec.count(GRID_SAMPLES)]:
            broken = samples.broken_only_in(case.puzzle, kind)
            label = f"{case.label} puzzle broken only in a {kind}"
            grids = [*samples.puzzles_and_solutions([case]), Named(label, broken, case.hidden)]
            found += [At(g, case, index=i) for g in grids for i in range(case.size)]
        return found

    def ident(self, spec: Spec, at: At) -> str:
        return f"{_name(at)}#{spec.course.index(at.index or 0)}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.index is not None
        values = sudoku.unit_values(at.grid.grid, _unit(spec), at.index)
        return _value_answer(spec, at, not sudoku.has_repeat(values))


class _Grids(_Base):
    """The first cases' puzzles and solutions, and puzzles broken in one unit of each kind."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for case in samples.solvable(samples.pool(cases, spec.sizes))[
            : spec.count(CANDIDATE_SAMPLES)
        ]:
            found += [At(g, case) for g in samples.puzzles_and_solutions([case])]
            for kind in samples.UNIT_KINDS:
                label = f"{case.label} puzzle broken only in a {kind}"
                grid = samples.broken_only_in(case.puzzle, kind)
                found.append(At(Named(label, grid, case.hidden), case))
        return found


class LegalGrid(_Grids):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return _value_answer(spec, at, sudoku.is_valid(at.grid.grid))


class Filled(_Grids):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return _value_answer(spec, at, not sudoku.empty_cells(at.grid.grid))


class IsSolution(_Grids):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        grid = at.grid.grid
        return _value_answer(spec, at, not sudoku.empty_cells(grid) and sudoku.is_valid(grid))


# --- a cell's values ----------------------------------------------------------------------------


class Candidates(_Base):
    """Every empty cell of the first three puzzles (`positions:`, `cases:` choose others)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        which = spec.config.positions or "empty"
        chosen = samples.pool(cases, spec.sizes)[: spec.count(CANDIDATE_SAMPLES)]
        return [
            At(_grid_of(spec, case), case, cell)
            for case in chosen
            for cell in samples.cells(case.puzzle, which)
        ]

    def ident(self, spec: Spec, at: At) -> str:
        name = at.label or (at.case.label if at.case is not None else _name(at))
        return f"{name}@{_cell_id(spec, at.cell)}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None
        grid, (r, c) = at.grid.grid, at.cell
        if at.answer is not UNSET:
            return Equal(at.answer)
        if grid[r][c]:
            return Equal(spec.config.otherwise)
        values = spec.course.values(sudoku.candidates(grid, r, c))
        return Equal(values) if spec.config.order == "ascending" else SameMembers(tuple(values))


class ValidMove(_Base):
    """On the first puzzle's empty cells: the solution's value (a valid move) and a value the
    cell's row, column or box already holds (not one)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        case = samples.first(cases, spec.sizes)
        grid = _grid_of(spec, case)
        found: list[At] = []
        for r, c in sudoku.empty_cells(case.puzzle)[: spec.count(1) * MOVES]:
            found.append(At(grid, case, (r, c), value=samples.solved(case)[r][c]))
            taken = _taken(case.puzzle, r, c)
            if taken is not None:
                found.append(At(grid, case, (r, c), value=taken))
        return found

    def ident(self, spec: Spec, at: At) -> str:
        return f"{_name(at)}@{_cell_id(spec, at.cell)}={at.value}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None and at.value is not None
        return _value_answer(spec, at, at.value in sudoku.candidates(at.grid.grid, *at.cell))


def _taken(grid: Any, r: int, c: int) -> int | None:
    free = set(sudoku.candidates(grid, r, c))
    return next((v for v in range(1, len(grid) + 1) if v not in free), None)


# --- moves --------------------------------------------------------------------------------------


class Place(_Base):
    """The first ten empty cells of the first puzzle, each given its solution's value."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        case = samples.first(cases, spec.sizes)
        grid = _grid_of(spec, case)
        full = samples.solved(case)
        cells = sudoku.empty_cells(case.puzzle)[:MOVES]
        return [At(grid, case, (r, c), value=full[r][c]) for r, c in cells]

    def ident(self, spec: Spec, at: At) -> str:
        return f"{_cell_id(spec, at.cell)}={at.value}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None and at.value is not None
        after = sudoku.placed(at.grid.grid, *at.cell, at.value)
        return GridAfter(after, spec.course)


class Clear(_Base):
    """The first puzzle's last ten empty cells, cleared from its solution."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        case = samples.first(cases, spec.sizes)
        grid = _grid_of(spec, case, "solution")
        return [At(grid, case, cell) for cell in sudoku.empty_cells(case.puzzle)[-MOVES:]]

    def ident(self, spec: Spec, at: At) -> str:
        return _cell_id(spec, at.cell)

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None
        return GridAfter(samples.emptied(at.grid.grid, at.cell), spec.course)


class Copy(_Base):
    """The first two puzzles: copied, then every cell of the copy changed."""

    driver = "script.copy_independence"

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        chosen = samples.pool(cases, spec.sizes)[: spec.count(COPIED)]
        return [At(_grid_of(spec, case), case) for case in chosen]

    def ident(self, spec: Spec, at: At) -> str:
        return at.case.label if at.case is not None else _name(at)

    def suffix(self, at: At) -> str:
        return ", then changing the copy"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return Copied(at.grid.grid)


# --- files and printing -------------------------------------------------------------------------

VARIANTS = {  # name: (shown as, newline, after the last line, after each line)
    "final-newline": ("final-newline", "\n", "\n", ""),
    "trailing-spaces": ("trailing-spaces", "\n", "", " "),
    "crlf-final-newline": ("CRLF-and-final-CRLF", "\r\n", "\r\n", ""),
}


def file_text(spec: Spec, grid: Any, newline: str, final: str = "", trailing: str = "") -> str:
    """A puzzle file as the course writes it: one row a line, values separated."""
    fmt, course = spec.config.file, spec.course
    rows = [fmt.separator.join(str(course.value(v)) for v in row) + trailing for row in grid]
    return newline.join(rows) + final


class Load(_Base):
    """The first four puzzles, each written to a file in the course's format (`file:`); or the
    first puzzle written each way `file.variants` lists."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        fmt = spec.config.file
        chosen = samples.pool(cases, spec.sizes)
        if fmt.variants:
            case = chosen[0]
            return [self._written(spec, case, *VARIANTS[name]) for name in fmt.variants]
        found = []
        for index, case in enumerate(chosen[: spec.count(LOADED)]):
            crlf = fmt.newline == "crlf" or (fmt.newline == "alternate" and index % 2 == 0)
            newline, name = ("\r\n", "CRLF") if crlf else ("\n", "LF")
            final = newline if fmt.final_newline else ""
            found.append(self._written(spec, case, name, newline, final, ""))
        return found

    def _written(
        self, spec: Spec, case: Case, name: str, newline: str, final: str, trailing: str
    ) -> At:
        path = f"puzzles/{case.id}-{name}.txt"
        text = file_text(spec, case.puzzle, newline, final, trailing)
        return At(case=case, file=(path, text), label=name, grid=Named("", case.puzzle))

    def ident(self, spec: Spec, at: At) -> str:
        return f"{at.case.label if at.case else ''}:{at.label}"

    def suffix(self, at: At) -> str:
        return f" ({at.label})"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return Equal(spec.course.grid(at.grid.grid))


class Display(_Base):
    """The first two puzzles and their solutions, printed."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        chosen = samples.pool(cases, spec.sizes)[: spec.count(SHOWN)]
        return [At(g) for g in samples.puzzles_and_solutions(chosen)]

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        if spec.config.layout == "boxed":
            return Displayed(at.grid.grid)
        return DisplayedTokens(at.grid.grid, spec.course)


# --- solving ------------------------------------------------------------------------------------


class Solve(_Base):
    """Every case (those without a solution where `unsolvable:` says the handout defines them;
    those with several where any completion is accepted)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        several = spec.config.completion == "any"
        chosen = samples.pool(cases, spec.sizes, several)
        usable = chosen if self._unsolvable(spec) else samples.solvable(chosen)
        return [At(_grid_of(spec, case), case) for case in usable]

    def _unsolvable(self, spec: Spec) -> bool:
        return spec.config.unsolvable and spec.config.returns != "grid"

    def ident(self, spec: Spec, at: At) -> str:
        return at.case.label if at.case is not None else _name(at)

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        puzzle, cfg, course = at.grid.grid, spec.config, spec.course
        solution = at.case.solution if at.case is not None else at.answer
        several = bool(at.case and at.case.multiple_solutions)
        if cfg.returns == "flag-and-grid":
            return Solves(puzzle, solution, several, course)
        if cfg.returns in ("flag", "inverted-flag"):
            inverted = cfg.returns == "inverted-flag"
            return SolvedInPlace(puzzle, solution, inverted, cfg.restores, several, course)
        return SolvedGrid(puzzle, solution, cfg.keeps_input, several, course)


# --- the teacher's reference --------------------------------------------------------------------


class Reference(_Base):
    """The calls `args:` describes, on the first cases' puzzles and solutions: each empty cell
    where a cell is asked, each value where a value is, each unit where a unit's number is. The
    teacher's reference answers each call before grading (harness/grading/answers.py)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        kinds = set(spec.arguments)
        chosen = samples.pool(cases, spec.sizes)[: spec.count(REFERENCE_SAMPLES)]
        found = [At(g, c) for c in chosen for g in samples.puzzles_and_solutions([c])]
        if kinds & {"position", "row", "column"}:
            which = spec.config.positions or "empty"
            found = [
                replace(at, cell=cell)
                for at in found
                for cell in samples.cells(at.grid.grid if at.grid else (), which)
            ]
        if "value" in kinds:
            found = [replace(at, value=v) for at in found for v in range(1, at.size + 1)]
        if "index" in kinds:
            found = [replace(at, index=i) for at in found for i in range(at.size)]
        return found

    def ident(self, spec: Spec, at: At) -> str:
        parts = [_name(at), _cell_id(spec, at.cell)]
        parts += [f"#{spec.course.index(at.index)}" if at.index is not None else ""]
        parts += [f"={at.value}" if at.value is not None else ""]
        return "".join(parts)

    def expect(self, spec: Spec, at: At) -> Expectation:
        given = at.answer is not UNSET
        answer = at.answer if given else None
        return FromReference(spec.config.compare, at.size, spec.course, answer, given)


ROLES: dict[str, Role] = {
    "box-of": BoxOf(),
    "position-in-box": PositionInBox(),
    "unit-values": UnitValues(),
    "in-unit": InUnit(),
    "first-empty": FirstEmpty(),
    "any-empty": AnyEmptyRole(),
    "legal-values": LegalValues(),
    "legal-unit": LegalUnit(),
    "legal-grid": LegalGrid(),
    "filled": Filled(),
    "is-solution": IsSolution(),
    "valid-move": ValidMove(),
    "candidates": Candidates(),
    "place": Place(),
    "clear": Clear(),
    "next-cell": NextCell(),
    "copy": Copy(),
    "load": Load(),
    "display": Display(),
    "solve": Solve(),
    "reference": Reference(),
}
