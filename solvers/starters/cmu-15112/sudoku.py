"""Starter for the CMU 15-112 worked example (written for sudoku-harness from the course's
public description; no course code): hw5's legality checks and hw11's solver, in one module.

A board is an N^2 x N^2 list of lists of ints, 0 for a blank, values 1..N^2; rows, columns and
blocks are numbered from 0, blocks across and then down. Replace each body with your own.
"""


def areLegalValues(values):
    """True when `values` (a 1-D list) has N^2 entries for some N >= 1, each an int in 0..N^2,
    and no value but 0 repeats. Do not change the list."""
    return False


def isLegalRow(board, row):
    """True when the values of row `row` are legal (use areLegalValues)."""
    return False


def isLegalCol(board, col):
    """True when the values of column `col` are legal."""
    return False


def isLegalBlock(board, block):
    """True when the values of block `block` are legal."""
    return False


def isLegalSudoku(board):
    """True when every row, column and block of `board` is legal."""
    return False


def solveSudoku(board):
    """A solved version of `board` (by recursive backtracking), or None when it has none."""
    return None
