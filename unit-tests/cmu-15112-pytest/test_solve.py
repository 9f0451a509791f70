"""hw11's solveSudoku: the solved board returned, or None (written for sudoku-harness; no course
code). The board's ==, as the handout's sample test compares it, or any solution where a board
has several. A test that expects None also asks for a near board's solution, so a function that
answers one constant passes none of them."""

from boards import (
    LEGAL_4X4,
    NO_ROOM_4X4,
    ROOM_4X4,
    SAMPLE_9X9,
    SAMPLE_9X9_SOLVED,
    SOLVED_4X4,
    copy,
    is_solution,
)
from hw import solveSudoku


def test_solves_4x4():
    assert solveSudoku(copy(LEGAL_4X4)) == SOLVED_4X4


def test_solves_the_sample():
    assert solveSudoku(copy(SAMPLE_9X9)) == SAMPLE_9X9_SOLVED


def test_a_solved_board_is_its_own_solution():
    assert solveSudoku(copy(SOLVED_4X4)) == SOLVED_4X4
    board = copy(SOLVED_4X4)
    board[3][3] = 0  # and one blank is filled
    assert solveSudoku(board) == SOLVED_4X4


def test_no_solution_is_none():
    assert solveSudoku(copy(NO_ROOM_4X4)) is None
    assert is_solution(ROOM_4X4, solveSudoku(copy(ROOM_4X4)))  # room for the 2: solved
