"""The roles a declared item may have (harness/vocabulary.py's `Role`): a Protocol
(role_base.py) and a registry. A role says which calls to make, from the suites' cases
(`situations`), and what each answer must be (`expect`), computed by the trusted model
(harness/puzzles/sudoku.py) and written as the course writes it; the probe around them is
assembled in probes.py, the handout's own examples (`examples:` in the YAML) first. The yes/no
roles, asked both ways and marked by groups, are in questions.py.

Each role's default sampling follows the handouts that use it, at every size the assignment
declares: a position's box on every cell of the first puzzle, a unit's values on the first two
cases' puzzles and solutions, candidates on every empty cell of the first three puzzles, moves
on the first ten empty cells, a solver on every case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, get_args

from harness.kinds.expectations import Equal, GridAfter, SameMembers, Solves
from harness.kinds.function_library.declared import samples
from harness.kinds.function_library.declared.calls import UNSET, At, Spec
from harness.kinds.function_library.declared.constraint import (
    DegreeRole,
    ForwardCheck,
    HiddenSingles,
    Lcv,
    Mrv,
    Propagate,
    Search,
)
from harness.kinds.function_library.declared.expect import (
    AnyEmpty,
    Copied,
    Displayed,
    DisplayedTokens,
    FromReference,
    SolvedGrid,
    SolvedInPlace,
)
from harness.kinds.function_library.declared.questions import (
    Filled,
    InUnit,
    IsSolution,
    LegalGrid,
    LegalUnit,
    LegalValues,
    ValidMove,
)
from harness.kinds.function_library.declared.role_base import (
    Role,
    RoleBase,
    cell_id,
    name_of,
    sized,
    tupled,
    unit_of,
    value_answer,
)
from harness.kinds.function_library.declared.samples import Named
from harness.puzzles import sudoku
from harness.puzzles.suites import Case
from harness.records.probes import Expectation
from harness.vocabulary import Role as VocabularyRole

GRID_SAMPLES = 2  # cases whose puzzle and solution a unit's role is asked on, per size
CANDIDATE_SAMPLES = 3  # puzzles whose cells a cell's role is asked on, per size
MOVES = 10  # moves made (and cleared) on the first puzzle
SHOWN = 2  # puzzles (and their solutions) displayed
COPIED = 2
LOADED = 4  # puzzle files loaded
REFERENCE_SAMPLES = 2  # puzzles a reference item is asked on


# --- cells --------------------------------------------------------------------------------------


class _Positions(RoleBase):
    """Every cell of the first puzzle of each size (`positions:` chooses others)."""

    label = "case"

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        which = spec.config.positions or "every"
        return [
            At(self.grid_of(spec, case), case, cell)
            for case in samples.firsts(cases, spec.sizes)
            for cell in samples.cells(case.puzzle, which)
        ]

    def ident(self, spec: Spec, at: At) -> str:
        return sized(spec, at.size, cell_id(spec, at.cell))


class BoxOf(_Positions):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.cell is not None
        box = sudoku.box_of(at.size, *at.cell)
        return value_answer(spec, at, spec.course.index(box))


class PositionInBox(_Positions):
    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.cell is not None
        n = at.size
        place = sudoku.box_cells(n, sudoku.box_of(n, *at.cell)).index(at.cell)
        return value_answer(spec, at, spec.course.index(place))


class FirstEmpty(RoleBase):
    """Every puzzle, then, at each size, full and nearly full grids a column-major scan gets
    wrong."""

    any_cell = False

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found = samples.pool(cases, spec.sizes)[: spec.config.cases]
        puzzles = [At(self.grid_of(spec, c), c) for c in found]
        shown = spec.course.shown_position
        edges = [
            At(replace(grid, label=sized(spec, case.size, grid.label)))
            for case in samples.firsts(cases, spec.sizes)
            for grid in samples.edge_grids(case, shown)
        ]
        return puzzles + edges

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        blanks = sudoku.empty_cells(at.grid.grid)
        none = tupled(spec.config.otherwise)
        if self.any_cell and blanks:
            return AnyEmpty(at.grid.grid, spec.course.base, none)
        answer = spec.course.position(*blanks[0]) if blanks else none
        return value_answer(spec, at, answer)


class AnyEmptyRole(FirstEmpty):
    any_cell = True


class NextCell(RoleBase):
    """Every cell of an n x n grid of each size, no grid given: the next one, row-major."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        return [At(cell=(r, c), n=n) for n in spec.sizes for r in range(n) for c in range(n)]

    def ident(self, spec: Spec, at: At) -> str:
        return sized(spec, at.size, cell_id(spec, at.cell))

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.cell is not None
        n, (r, c) = at.size, at.cell
        after = (r, c + 1) if c < n - 1 else (r + 1, 0)
        answer = spec.course.position(*after) if after[0] < n else tupled(spec.config.otherwise)
        return value_answer(spec, at, answer)


# --- units --------------------------------------------------------------------------------------


class UnitValues(RoleBase):
    """Every unit of the first cases' puzzles and solutions, at each size."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        chosen = samples.per_size(cases, spec.sizes, spec.count(GRID_SAMPLES), False)
        grids = list(samples.puzzles_and_solutions(chosen))
        return [At(g, index=i) for g in grids for i in range(len(g.grid))]

    def ident(self, spec: Spec, at: At) -> str:
        return f"{name_of(at)}#{spec.course.index(at.index or 0)}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.index is not None
        values = sudoku.unit_values(at.grid.grid, unit_of(spec), at.index)
        return value_answer(spec, at, spec.course.values(values))


# --- a cell's values ----------------------------------------------------------------------------


class Candidates(RoleBase):
    """Every empty cell of the first three puzzles of each size (`positions:`, `cases:` choose
    others)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        which = spec.config.positions or "empty"
        chosen = samples.per_size(cases, spec.sizes, spec.count(CANDIDATE_SAMPLES), False)
        return [
            At(self.grid_of(spec, case), case, cell)
            for case in chosen
            for cell in samples.cells(case.puzzle, which)
        ]

    def ident(self, spec: Spec, at: At) -> str:
        name = at.label or (at.case.label if at.case is not None else name_of(at))
        return f"{name}@{cell_id(spec, at.cell)}"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None
        grid, (r, c) = at.grid.grid, at.cell
        if at.answer is not UNSET:
            return Equal(at.answer)
        if grid[r][c]:
            return Equal(spec.config.otherwise)
        values = spec.course.values(sudoku.candidates(grid, r, c))
        return Equal(values) if spec.config.order == "ascending" else SameMembers(tuple(values))


# --- moves --------------------------------------------------------------------------------------


class Place(RoleBase):
    """The first ten empty cells of the first puzzle of each size, each given its solution's
    value."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        found: list[At] = []
        for case in samples.firsts(cases, spec.sizes):
            grid, full = self.grid_of(spec, case), samples.solved(case)
            cells = sudoku.empty_cells(case.puzzle)[:MOVES]
            found += [At(grid, case, (r, c), value=full[r][c]) for r, c in cells]
        return found

    def ident(self, spec: Spec, at: At) -> str:
        return sized(spec, at.size, f"{cell_id(spec, at.cell)}={at.value}")

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None and at.value is not None
        after = sudoku.placed(at.grid.grid, *at.cell, at.value)
        return GridAfter(after, spec.course)


class Clear(RoleBase):
    """The last ten empty cells of the first puzzle of each size, cleared from its solution."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        return [
            At(self.grid_of(spec, case, "solution"), case, cell)
            for case in samples.firsts(cases, spec.sizes)
            for cell in sudoku.empty_cells(case.puzzle)[-MOVES:]
        ]

    def ident(self, spec: Spec, at: At) -> str:
        return sized(spec, at.size, cell_id(spec, at.cell))

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None and at.cell is not None
        return GridAfter(samples.emptied(at.grid.grid, at.cell), spec.course)


class Copy(RoleBase):
    """The first two puzzles: copied, then every cell of the copy changed."""

    driver = "script.copy_independence"

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        chosen = samples.pool(cases, spec.sizes)[: spec.count(COPIED)]
        return [At(self.grid_of(spec, case), case) for case in chosen]

    def ident(self, spec: Spec, at: At) -> str:
        return at.case.label if at.case is not None else name_of(at)

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

    def written(value: int) -> str:
        return fmt.blank if value == 0 and fmt.blank is not None else str(course.value(value))

    rows = [fmt.separator.join(written(v) for v in row) + trailing for row in grid]
    return newline.join(rows) + final


class Load(RoleBase):
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
            # a second item on one loader (another format): its files in a folder of its own,
            # never over the first's (every probe's files are written before the calls)
            folder = "puzzles" if spec.item == spec.function else f"puzzles/{spec.item}"
            found.append(self._written(spec, case, name, newline, final, "", folder))
        return found

    def _written(
        self,
        spec: Spec,
        case: Case,
        name: str,
        newline: str,
        final: str,
        trailing: str,
        folder: str = "puzzles",
    ) -> At:
        path = f"{folder}/{case.id}-{name}.txt"
        text = file_text(spec, case.puzzle, newline, final, trailing)
        return At(case=case, file=(path, text), label=name, grid=Named("", case.puzzle))

    def ident(self, spec: Spec, at: At) -> str:
        return f"{at.case.label if at.case else ''}:{at.label}"

    def suffix(self, at: At) -> str:
        return f" ({at.label})"

    def expect(self, spec: Spec, at: At) -> Expectation:
        assert at.grid is not None
        return Equal(spec.course.grid(at.grid.grid))


class Display(RoleBase):
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


class Solve(RoleBase):
    """Every case (those without a solution where `unsolvable:` says the handout defines them;
    those with several where any completion is accepted). A case without a solution is answered
    as a constant would answer it, so it counts only once a case with one is solved
    (harness/grading/stub_answers.py)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        several = spec.config.completion == "any"
        chosen = samples.pool(cases, spec.sizes, several)
        usable = chosen if self._unsolvable(spec) else samples.solvable(chosen)
        return [At(self.grid_of(spec, case), case) for case in usable]

    def _unsolvable(self, spec: Spec) -> bool:
        return spec.config.unsolvable and spec.config.returns != "grid"

    def ident(self, spec: Spec, at: At) -> str:
        return at.case.label if at.case is not None else name_of(at)

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


class Reference(RoleBase):
    """The calls `args:` describes, on the first cases' puzzles and solutions: each empty cell
    where a cell is asked, each value where a value is, each unit where a unit's number is. The
    teacher's reference answers each call before grading (harness/grading/answers.py)."""

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        kinds = set(spec.kinds)
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
        parts = [name_of(at), cell_id(spec, at.cell)]
        parts += [f"#{spec.course.index(at.index)}" if at.index is not None else ""]
        parts += [f"={at.value}" if at.value is not None else ""]
        return "".join(parts)

    def expect(self, spec: Spec, at: At) -> Expectation:
        given = at.answer is not UNSET
        answer = at.answer if given else None
        return FromReference(spec.config.compare, at.size, spec.course, answer, given)


def role(name: VocabularyRole) -> Role:
    """The role config.yaml's `role: name` declares; register a new role here and in
    the literal (harness/vocabulary.py): one the literal names and this lacks is a type
    error (a missing return), not a KeyError at grading time."""
    match name:
        case "box-of":
            return BoxOf()
        case "position-in-box":
            return PositionInBox()
        case "unit-values":
            return UnitValues()
        case "in-unit":
            return InUnit()
        case "first-empty":
            return FirstEmpty()
        case "any-empty":
            return AnyEmptyRole()
        case "legal-values":
            return LegalValues()
        case "legal-unit":
            return LegalUnit()
        case "legal-grid":
            return LegalGrid()
        case "filled":
            return Filled()
        case "is-solution":
            return IsSolution()
        case "valid-move":
            return ValidMove()
        case "candidates":
            return Candidates()
        case "place":
            return Place()
        case "clear":
            return Clear()
        case "next-cell":
            return NextCell()
        case "copy":
            return Copy()
        case "load":
            return Load()
        case "display":
            return Display()
        case "solve":
            return Solve()
        case "forward-check":
            return ForwardCheck()
        case "degree":
            return DegreeRole()
        case "mrv":
            return Mrv()
        case "lcv":
            return Lcv()
        case "ac3" | "naked-singles":
            return Propagate()
        case "hidden-singles":
            return HiddenSingles()
        case "search":
            return Search()
        case "reference":
            return Reference()


ROLES: Mapping[VocabularyRole, Role] = {name: role(name) for name in get_args(VocabularyRole)}
