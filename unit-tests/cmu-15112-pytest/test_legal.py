"""hw5's legality checks, tested as a 15-112 student's own test functions would (written for
sudoku-harness; no course code)."""

import pytest
from boards import BLOCK_3_CLASH, LEGAL_4X4, SAMPLE_9X9, SAMPLE_9X9_SOLVED, copy
from hw import areLegalValues, isLegalBlock, isLegalCol, isLegalRow, isLegalSudoku


def test_are_legal_values_allows_repeated_blanks():
    assert areLegalValues([0, 0, 3, 0])
    assert areLegalValues([1, 2, 3, 4, 5, 6, 7, 8, 9])


@pytest.mark.parametrize(
    "values",
    [[0, 0, 3, 3], [1, 0, 0], [0, 5, 0, 0], [-1, 0, 0, 0], []],
    ids=["a repeat", "not a square", "above N^2", "negative", "empty"],
)
def test_are_legal_values_refuses(values):
    assert areLegalValues(values) is False


def test_are_legal_values_leaves_its_argument():
    values = [0, 4, 0, 4]
    areLegalValues(values)
    assert values == [0, 4, 0, 4]


def test_is_legal_row():
    board = copy(LEGAL_4X4)
    assert all(isLegalRow(board, row) for row in range(4))
    board[1][0] = 4
    assert not isLegalRow(board, 1)


def test_is_legal_col():
    board = copy(SAMPLE_9X9)
    assert all(isLegalCol(board, col) for col in range(9))
    board[8][0] = 5
    assert not isLegalCol(board, 0)


@pytest.mark.parametrize("block", range(4))
def test_is_legal_block_counts_across_then_down(block):
    assert isLegalBlock(BLOCK_3_CLASH, block) == (block != 3)


class TestIsLegalSudoku:
    def test_legal_boards(self):
        assert isLegalSudoku(LEGAL_4X4)
        assert isLegalSudoku(SAMPLE_9X9)
        assert isLegalSudoku(SAMPLE_9X9_SOLVED)

    def test_a_clash_in_a_block_alone(self):
        assert not isLegalSudoku(BLOCK_3_CLASH)

    def test_a_clash_in_a_column(self):
        board = copy(SAMPLE_9X9)
        board[4][1] = 3
        assert not isLegalSudoku(board)
