# hw5 alone (written for sudoku-harness): solveSudoku was never written.
def areLegalValues(values):
    n = int(round(len(values) ** 0.5))
    if len(values) == 0 or n * n != len(values):
        return False
    for v in values:
        if not isinstance(v, int) or v < 0 or v > len(values):
            return False
    nonzero = [v for v in values if v != 0]
    return len(nonzero) == len(set(nonzero))


def isLegalRow(board, row):
    return areLegalValues(board[row])


def isLegalCol(board, col):
    return areLegalValues([r[col] for r in board])


def isLegalBlock(board, block):
    n = int(round(len(board) ** 0.5))
    startRow = (block // n) * n
    startCol = (block % n) * n
    values = []
    for r in range(startRow, startRow + n):
        for c in range(startCol, startCol + n):
            values.append(board[r][c])
    return areLegalValues(values)


def isLegalSudoku(board):
    for i in range(len(board)):
        if not (isLegalRow(board, i) and isLegalCol(board, i) and isLegalBlock(board, i)):
            return False
    return True
