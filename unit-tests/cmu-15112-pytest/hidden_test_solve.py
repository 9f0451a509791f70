"""hw11's solveSudoku on boards the students never see (written for sudoku-harness)."""

from boards import BLOCK_3_CLASH, NO_CLASH, SAMPLE_9X9_SOLVED, copy, is_solution
from hw import solveSudoku


def test_illegal_givens_are_none():
    assert solveSudoku(copy(BLOCK_3_CLASH)) is None
    assert is_solution(NO_CLASH, solveSudoku(copy(NO_CLASH)))  # the same givens, legal: solved


def test_a_9x9_with_a_third_of_its_cells_blank():
    board = copy(SAMPLE_9X9_SOLVED)  # 32 blanks, one solution
    for row in range(9):
        for col in range(9):
            if (2 * row + col) % 3 == 0 or (row >= 7 and (9 * row + col) % 2 == 0):
                board[row][col] = 0
    assert solveSudoku(board) == SAMPLE_9X9_SOLVED
