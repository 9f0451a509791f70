"""Our csp-sudoku worked example's own code, trusted and imported by path: the reference answers
as its handout says (solvers/csp-sudoku/HANDOUT.md), and the starter gives the helpers and only
stubs of the six tasks. Grading either through the harness is `check -a csp-sudoku`."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from harness.puzzles.suites import Case, load_suite
from tests.conftest import REPO

REFERENCE = REPO / "solvers" / "csp-sudoku" / "csp.py"
STARTER = REPO / "solvers" / "starters" / "csp-sudoku" / "csp.py"

# 4x4, boxes 2x2; (0, 1), (0, 2) and (1, 0) are blank.
SMALL = [[1, 0, 0, 4], [0, 4, 1, 2], [4, 1, 2, 3], [2, 3, 4, 1]]
SOLVED = [[1, 2, 3, 4], [3, 4, 1, 2], [4, 1, 2, 3], [2, 3, 4, 1]]


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def ref() -> ModuleType:
    return _load(REFERENCE, "csp_reference")


def _rows(grid: Any) -> list[list[int]]:
    return [list(row) for row in grid]


def _domains(board: Any) -> list[list[set[int]]]:
    return [[set(cell.domain) for cell in line] for line in board.cells]


def _case(suite: str, index: int) -> Case:
    return load_suite(REPO / "testcases" / f"{suite}.yaml").cases[index]


def test_the_constructor_leaves_blank_domains_full_and_helpers_answer_as_the_handout_says(
    ref: ModuleType,
) -> None:
    board = ref.Board(SMALL)
    assert board.size == 4
    assert board.cells[0][1].domain == {1, 2, 3, 4}
    assert board.cells[0][0].domain == {1}
    peers = {(p.row, p.col) for p in board.peers(0, 1)}
    assert peers == {(0, 0), (0, 2), (0, 3), (1, 1), (2, 1), (3, 1), (1, 0)}
    assert [(c.row, c.col) for c in board.unassigned()] == [(0, 1), (0, 2), (1, 0)]
    twin = board.copy()
    twin.assign(0, 1, 2)
    assert board.cells[0][1].value == 0 and board.cells[0][1].domain == {1, 2, 3, 4}
    assert twin.grid()[0] == [1, 2, 0, 4]


def test_forward_check_removes_from_unassigned_peers_only_and_counts_without_change(
    ref: ModuleType,
) -> None:
    board = ref.Board(SMALL)
    before = _domains(board)
    assert board.forward_check(0, 1, 3, mode="count") == 2  # (0, 2) and (1, 0)
    assert board.forward_check(0, 1, 1, mode="count") == 2
    assert board.forward_check(0, 2, 3, mode="count") == 1  # (0, 1): (1, 0) is in another box
    assert _domains(board) == before
    assert board.forward_check(0, 1, 3) is True
    assert board.cells[0][2].domain == {1, 2, 4} and board.cells[1][0].domain == {1, 2, 4}
    assert board.cells[0][0].domain == {1} and board.cells[0][1].domain == {1, 2, 3, 4}
    board.cells[0][2].domain = {2}
    assert board.forward_check(0, 1, 2) is False  # (0, 2) left empty


def test_degree_mrv_and_lcv_read_the_unassigned_peers(ref: ModuleType) -> None:
    board = ref.Board(SMALL)
    assert [board.degree(0, 1), board.degree(0, 2), board.degree(3, 3)] == [2, 1, 0]
    board.cells[1][0].domain = {3, 4}
    assert board.mrv() is board.cells[1][0]
    board.cells[0][2].domain = {2, 3}  # of (0, 1)'s open peers: 3 in both domains, 2 and 4 in one
    ranked = board.lcv(0, 1)
    assert ranked[0] == 1 and set(ranked[1:3]) == {2, 4} and ranked[3] == 3
    assert ref.Board(SOLVED).mrv() is None


def test_ac3_prunes_to_arc_consistency_and_finds_a_contradiction(ref: ModuleType) -> None:
    board = ref.Board(SMALL)
    assert ref.ac3(board) is True
    assert [board.cells[0][1].domain, board.cells[0][2].domain] == [{2}, {3}]
    assert board.cells[1][0].domain == {3} and board.cells[1][0].value == 0
    clash = ref.Board([[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert ref.ac3(clash) is False


@pytest.mark.parametrize(("suite", "index"), [("classic-9x9", 0), ("small-4x4", 0)])
def test_backtrack_solves_into_a_copy_and_leaves_the_board(
    ref: ModuleType, suite: str, index: int
) -> None:
    case = _case(suite, index)
    board = ref.Board(_rows(case.puzzle))
    before = (board.grid(), _domains(board))
    solved = ref.backtrack(board)
    assert solved is not board and solved.grid() == _rows(case.solution)
    assert (board.grid(), _domains(board)) == before


@pytest.mark.parametrize(("suite", "index"), [("unsolvable-9x9", 0), ("small-4x4", 3)])
def test_backtrack_answers_none_without_a_solution(ref: ModuleType, suite: str, index: int) -> None:
    case = _case(suite, index)
    assert case.solution is None
    board = ref.Board(_rows(case.puzzle))
    before = (board.grid(), _domains(board))
    assert ref.backtrack(board) is None
    assert (board.grid(), _domains(board)) == before


def test_the_starter_gives_the_helpers_and_stubs_every_task() -> None:
    starter = _load(STARTER, "csp_starter")
    board = starter.Board(SMALL)
    assert len(board.peers(0, 1)) == 7 and board.copy().grid() == SMALL
    before = _domains(board)
    answers = [
        board.forward_check(0, 1, 3),
        board.forward_check(0, 1, 3, mode="count"),
        board.degree(0, 1),
        board.mrv(),
        board.lcv(0, 1),
        starter.ac3(board),
        starter.backtrack(board),
    ]
    assert answers == [None] * 7
    assert _domains(board) == before
