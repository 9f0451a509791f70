"""hw5's legality checks, tested as a 15-112 student's own test functions would (written for
sudoku-harness; no course code). Each test asks both ways (a legal list or board beside an
illegal one), so a function that answers one constant passes none of them."""

import pytest
from boards import BLOCK_3_CLASH, LEGAL_4X4, NO_CLASH, SAMPLE_9X9, SAMPLE_9X9_SOLVED, copy
from hw import areLegalValues, isLegalBlock, isLegalCol, isLegalRow, isLegalSudoku


def test_are_legal_values_allows_repeated_blanks():
    assert areLegalValues([0, 0, 3, 0])
    assert areLegalValues([1, 2, 3, 4, 5, 6, 7, 8, 9])
    assert areLegalValues([0, 0, 3, 3]) is False  # 0 may repeat, 3 may not


@pytest.mark.parametrize(
    ("legal", "illegal"),
    [([1, 2, 3, 4], [1, 2, 3]), ([1, 2, 3, 4], [1, 2, 3, 5]), ([1, 2, 3, 4], [1, 2, 3, -1]),
     ([1], [])],
    ids=["not a square", "above N^2", "negative", "empty"],
)  # fmt: skip
def test_are_legal_values_refuses(legal, illegal):
    assert areLegalValues(legal)  # the nearest legal list, no blank in it
    assert areLegalValues(illegal) is False


def test_are_legal_values_leaves_its_argument():
    legal, illegal = [4, 0, 3, 0], [0, 5, 0, 5]  # illegal twice over: 5 repeats, and 5 > 4
    assert areLegalValues(legal)
    assert areLegalValues(illegal) is False
    assert legal == [4, 0, 3, 0]
    assert illegal == [0, 5, 0, 5]


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
        assert not isLegalSudoku([[1] * 4 for _ in range(4)])  # 1 repeats in every unit

    def test_a_clash_in_a_block_alone(self):
        assert not isLegalSudoku(BLOCK_3_CLASH)
        assert isLegalSudoku(NO_CLASH)  # the second 1 in another block: legal

    def test_a_clash_in_a_column(self):
        board = copy(SAMPLE_9X9)
        board[4][1] = 3  # column 1 already holds a 3
        assert not isLegalSudoku(board)
        board[4][1] = 2  # its value in the solution
        assert isLegalSudoku(board)
