# A correct hw5 + hw11 (written for sudoku-harness): first-empty backtracking, any N.
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


def solveSudoku(board):
    board = [row[:] for row in board]
    if not isLegalSudoku(board):
        return None
    return board if solve(board) else None


def solve(board):
    for r in range(len(board)):
        for c in range(len(board)):
            if board[r][c] == 0:
                for v in range(1, len(board) + 1):
                    board[r][c] = v
                    if isLegalSudoku(board) and solve(board):
                        return True
                board[r][c] = 0
                return False
    return True
