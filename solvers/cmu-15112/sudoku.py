"""Reference for the CMU 15-112 worked example (hw5's legality checks and hw11's solver, in one
module): boards are N^2 x N^2 lists of ints, 0 for a blank; blocks are numbered across, then
down. Written for sudoku-harness from the course's public description; no course code."""

import math


def areLegalValues(values):
    n2 = len(values)
    n = math.isqrt(n2)
    if n2 == 0 or n * n != n2:
        return False
    seen = set()
    for value in values:
        if type(value) is not int or value < 0 or value > n2:
            return False
        if value != 0:
            if value in seen:
                return False
            seen.add(value)
    return True


def isLegalRow(board, row):
    return areLegalValues(list(board[row]))


def isLegalCol(board, col):
    return areLegalValues([board[r][col] for r in range(len(board))])


def isLegalBlock(board, block):
    n = math.isqrt(len(board))
    top, left = (block // n) * n, (block % n) * n
    return areLegalValues([board[r][c] for r in range(top, top + n) for c in range(left, left + n)])


def isLegalSudoku(board):
    n2 = len(board)
    return all(isLegalRow(board, i) and isLegalCol(board, i) and isLegalBlock(board, i)
               for i in range(n2))


def solveSudoku(board):
    board = [list(row) for row in board]
    if not isLegalSudoku(board):
        return None
    return board if _fill(board) else None


def _fill(board):
    best = None
    for r, row in enumerate(board):
        for c, value in enumerate(row):
            if value == 0:
                options = _options(board, r, c)
                if best is None or len(options) < len(best[2]):
                    best = (r, c, options)
    if best is None:
        return True
    r, c, options = best
    for value in options:
        board[r][c] = value
        if _fill(board):
            return True
    board[r][c] = 0
    return False


def _options(board, r, c):
    n2 = len(board)
    n = math.isqrt(n2)
    top, left = r // n * n, c // n * n
    used = set(board[r]) | {board[i][c] for i in range(n2)}
    used |= {board[i][j] for i in range(top, top + n) for j in range(left, left + n)}
    return [v for v in range(1, n2 + 1) if v not in used]
