"""Probes for `board-solver` (B351 A2): the Board methods and Solver.solveBoard, by the rubric.

Suite cases are routed by tag: `methods` boards probe makeMove, undoMove, isValidMove and
getMostConstrainedUnsolvedSpace (a complete board there probes "None when solved"), and
`constrained` boards only the latter (states with no solution a search meets: a space with no
possible value); `search`
boards are solved with the calls traced, for solveBoard's nine criteria; `competency` boards are
solved as a course's main would, for the competency item. Each board is written as the course's
CSV into the worker's folder; expected answers stay here (board_expect.py).

The classes are read from config.yaml (`configured`): the Board methods are declared on
`objects: Board` (their items' `object:`), solveBoard on `Solver`; the board file each probe
writes is the one Board's `make:` reads (the course's CSV when undeclared); the spellings of a
class a module may use are its `aliases:` (config's accepted_names).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Protocol

from harness.config import AssignmentConfig
from harness.errors import BadInput
from harness.kinds.board_classes.board_solver.expect import (
    Competent,
    MostConstrained,
    MoveMade,
    MoveUndone,
    Traced,
    ValidMoves,
)
from harness.kinds.board_classes.board_solver.model import Space
from harness.kinds.probe_set import Builder
from harness.puzzles import sudoku
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.probes import Probe
from harness.vocabulary import FileFormat, Maker

TRACE_CAP = 150_000  # makeMove/undoMove/solveBoard calls recorded before a search is stopped
MOVES_PER_BOARD = 3  # makeMove and undoMove probes per board: first, middle and last blank
BOARD, SOLVER = "Board", "Solver"  # the names the child driver calls them by (board_driver.py)
BOARD_METHODS = ("makeMove", "undoMove", "isValidMove", "getMostConstrainedUnsolvedSpace")
CSV = FileFormat(separator=",")  # the course's: one row a line, no final newline
NEWLINES = {"lf": "\n", "crlf": "\r\n"}


def declared_file(assignment: AssignmentConfig) -> FileFormat:
    """The board file `assignment` declares its Board is made from (`objects: Board: make:`),
    the course's CSV when it declares none; BadInput naming a key the plug-in cannot follow."""
    board = _object(assignment, BOARD_METHODS, BOARD)
    solver = _object(assignment, ("solveBoard",), SOLVER)
    if solver in assignment.objects and assignment.objects[solver].make != Maker(args=()):
        raise BadInput(f"objects.{solver}.make: the course's main makes its solver with no "
                       "arguments: write `make: {args: []}`")  # fmt: skip
    shape = assignment.objects.get(board)
    return _board_file(board, shape.make) if shape is not None else CSV


def _object(assignment: AssignmentConfig, items: Sequence[str], name: str) -> str:
    """`name`, the class the driver calls `items` on; BadInput if one is declared on another."""
    for item in items:
        cfg = assignment.items.get(item)
        if cfg is not None and cfg.object not in (None, name):
            raise BadInput(f"items.{item}.object: the plug-in's driver calls this class {name} "
                           f"(not {cfg.object}): declare it as {name}, other spellings as its "
                           "`aliases:`")  # fmt: skip
    return name


def _board_file(board: str, make: Maker) -> FileFormat:
    where = f"objects.{board}.make"
    if make.function or make.method or make.args != ("file",):
        raise BadInput(f"{where}: the course's Board is made from its board file: write "
                       "`make: {args: [file]}` (not a loader, nor a grid)")  # fmt: skip
    fmt = make.file
    if fmt.newline not in NEWLINES or fmt.variants:
        raise BadInput(f"{where}.file: one newline (lf or crlf) and no variants: every probe "
                       "reads the board file it is given")  # fmt: skip
    if not fmt.separator:
        raise BadInput(f"{where}.file.separator: a blank is an empty field, so the values need "
                       'a separator (the course\'s is ",")')  # fmt: skip
    return fmt


def board_text(grid: Grid, fmt: FileFormat = CSV) -> str:
    """The board as `fmt` writes it: a blank as an empty field (the course's CSV)."""
    newline = NEWLINES[fmt.newline]
    rows = [fmt.separator.join(str(v) if v else "" for v in row) for row in grid]
    return newline.join(rows) + (newline if fmt.final_newline else "")


def tagged(cases: Sequence[Case], tag: str) -> list[Case]:
    return [case for case in cases if tag in case.tags]


def complete(grid: Grid) -> bool:
    return all(all(row) for row in grid)


def board_file(
    case: Case, grid: Grid | None = None, suffix: str = "", fmt: FileFormat = CSV
) -> tuple[str, str]:
    return f"boards/{case.suite}-{case.id}{suffix}.csv", board_text(grid or case.puzzle, fmt)


def solution(case: Case) -> Grid:
    if case.solution is None:
        raise ValueError(f"{case.label} has no solution: tag it for competency or search only")
    return case.solution


def moves(case: Case) -> list[tuple[Space, int]]:
    blanks = sudoku.empty_cells(case.puzzle)
    if not blanks:
        return []
    picks = dict.fromkeys([blanks[0], blanks[len(blanks) // 2], blanks[-1]])
    return [((r, c), solution(case)[r][c]) for r, c in list(picks)[:MOVES_PER_BOARD]]


def makeMove(cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]:
    probes = []
    for case in tagged(cases, "methods"):
        path, text = board_file(case, fmt=fmt)
        probes += [
            Probe(
                "makeMove",
                f"{case.id}@{space}={value}",
                f"makeMove({space}, {value}) on board {case.id}",
                (path, space, value),
                MoveMade(case.puzzle, space, value, case.id),
                case.hidden,
                driver="board.make_move",
                needs=(BOARD, f"{BOARD}.makeMove"),
                files=((path, text),),
            )
            for space, value in moves(case)
        ]
    return probes


def undoMove(cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]:
    probes = []
    for case in tagged(cases, "methods"):
        for space, value in moves(case):
            filled = sudoku.placed(case.puzzle, *space, value)
            path, text = board_file(case, filled, f"-with-{space[0]}-{space[1]}", fmt)
            probes.append(
                Probe(
                    "undoMove",
                    f"{case.id}@{space}={value}",
                    f"undoMove({space}, {value}) on board {case.id} with {value} at {space}",
                    (path, space, value),
                    MoveUndone(filled, space, value, case.id),
                    case.hidden,
                    driver="board.undo_move",
                    needs=(BOARD, f"{BOARD}.undoMove"),
                    files=((path, text),),
                )
            )
    return probes


def isValidMove(cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]:
    return [
        _on_board(case, "isValidMove", "board.is_valid_move", ValidMoves(case.puzzle, case.id), fmt)
        for case in tagged(cases, "methods")
        if not complete(case.puzzle)
    ]


def getMostConstrainedUnsolvedSpace(cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]:
    item = "getMostConstrainedUnsolvedSpace"
    return [
        _on_board(case, item, "board.most_constrained", MostConstrained(case.puzzle, case.id), fmt)
        for case in [*tagged(cases, "methods"), *tagged(cases, "constrained")]
    ]


def _on_board(
    case: Case, item: str, driver: str, expect: ValidMoves | MostConstrained, fmt: FileFormat
) -> Probe:
    path, text = board_file(case, fmt=fmt)
    return Probe(
        item,
        case.id,
        f"{item} on board {case.id}",
        (path,),
        expect,
        case.hidden,
        driver=driver,
        needs=(BOARD, f"{BOARD}.{item}"),
        files=((path, text),),
    )


def solveBoard(cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]:
    needs = (BOARD, f"{BOARD}.makeMove", f"{BOARD}.undoMove", SOLVER, f"{SOLVER}.solveBoard")
    probes = []
    for case in tagged(cases, "search"):
        path, text = board_file(case, fmt=fmt)
        probes.append(
            Probe(
                "solveBoard",
                case.id,
                f"solveBoard on board {case.id}",
                (path, TRACE_CAP),
                Traced(case.puzzle, case.solution, case.id),
                case.hidden,
                driver="board.solve_traced",
                needs=needs,
                files=((path, text),),
            )
        )
    return probes


def competency(cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]:
    probes = []
    for case in tagged(cases, "competency"):
        path, text = board_file(case, fmt=fmt)
        probes.append(
            Probe(
                "competency",
                case.id,
                f"Solver().solveBoard(Board({path!r}))",
                (path,),
                Competent(case.puzzle, case.solution, case.id, case.multiple_solutions),
                case.hidden,
                driver="board.solve",
                needs=(BOARD, SOLVER, f"{SOLVER}.solveBoard"),
                files=((path, text),),
            )
        )
    return probes


class _Writes(Protocol):
    """A builder writing its boards in a given file format."""

    __name__: str

    def __call__(self, cases: Sequence[Case], fmt: FileFormat = CSV) -> list[Probe]: ...


WRITING: tuple[_Writes, ...] = (
    makeMove,
    undoMove,
    isValidMove,
    getMostConstrainedUnsolvedSpace,
    solveBoard,
    competency,
)
BUILDERS: dict[str, Builder] = {builder.__name__: builder for builder in WRITING}


def configured(assignment: AssignmentConfig) -> dict[str, Builder]:
    """The builders writing each board as `assignment`'s Board reads it."""
    fmt = declared_file(assignment)
    return {b.__name__: functools.partial(b, fmt=fmt) for b in WRITING}
