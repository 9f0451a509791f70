"""Probes for `board-solver` (B351 A2): the Board methods and Solver.solveBoard, by the rubric.

Suite cases are routed by tag: `methods` boards probe makeMove, undoMove, isValidMove and
getMostConstrainedUnsolvedSpace (a complete board there probes "None when solved"), and
`constrained` boards only the latter (states with no solution a search meets: a space with no
possible value); `search`
boards are solved with the calls traced, for solveBoard's nine criteria; `competency` boards are
solved as a course's main would, for the competency item. Each board is written as the course's
CSV into the worker's folder; expected answers stay here (board_expect.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from harness.assignments.base import Builder
from harness.assignments.board_solver.expect import (
    Competent,
    MostConstrained,
    MoveMade,
    MoveUndone,
    Traced,
    ValidMoves,
)
from harness.assignments.board_solver.model import Space, csv_text
from harness.puzzles import sudoku
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.probes import Probe

TRACE_CAP = 150_000  # makeMove/undoMove/solveBoard calls recorded before a search is stopped
MOVES_PER_BOARD = 3  # makeMove and undoMove probes per board: first, middle and last blank
BOARD, SOLVER = "Board", "Solver"


def tagged(cases: Sequence[Case], tag: str) -> list[Case]:
    return [case for case in cases if tag in case.tags]


def complete(grid: Grid) -> bool:
    return all(all(row) for row in grid)


def board_file(case: Case, grid: Grid | None = None, suffix: str = "") -> tuple[str, str]:
    return f"boards/{case.suite}-{case.id}{suffix}.csv", csv_text(grid or case.puzzle)


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


def makeMove(cases: Sequence[Case]) -> list[Probe]:
    probes = []
    for case in tagged(cases, "methods"):
        path, text = board_file(case)
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


def undoMove(cases: Sequence[Case]) -> list[Probe]:
    probes = []
    for case in tagged(cases, "methods"):
        for space, value in moves(case):
            filled = sudoku.placed(case.puzzle, *space, value)
            path, text = board_file(case, filled, f"-with-{space[0]}-{space[1]}")
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


def isValidMove(cases: Sequence[Case]) -> list[Probe]:
    return [
        _on_board(case, "isValidMove", "board.is_valid_move", ValidMoves(case.puzzle, case.id))
        for case in tagged(cases, "methods")
        if not complete(case.puzzle)
    ]


def getMostConstrainedUnsolvedSpace(cases: Sequence[Case]) -> list[Probe]:
    item = "getMostConstrainedUnsolvedSpace"
    return [
        _on_board(case, item, "board.most_constrained", MostConstrained(case.puzzle, case.id))
        for case in [*tagged(cases, "methods"), *tagged(cases, "constrained")]
    ]


def _on_board(case: Case, item: str, driver: str, expect: ValidMoves | MostConstrained) -> Probe:
    path, text = board_file(case)
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


def solveBoard(cases: Sequence[Case]) -> list[Probe]:
    needs = (BOARD, f"{BOARD}.makeMove", f"{BOARD}.undoMove", SOLVER, f"{SOLVER}.solveBoard")
    probes = []
    for case in tagged(cases, "search"):
        path, text = board_file(case)
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


def competency(cases: Sequence[Case]) -> list[Probe]:
    probes = []
    for case in tagged(cases, "competency"):
        path, text = board_file(case)
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


BUILDERS: dict[str, Builder] = {
    builder.__name__: builder
    for builder in (
        makeMove,
        undoMove,
        isValidMove,
        getMostConstrainedUnsolvedSpace,
        solveBoard,
        competency,
    )
}
