# backtracking(board) (written for sudoku-harness): a forward check written without brackets.
ROW = "ABCDEFGHI"
COL = "123456789"


def same_unit(a, b):
    ra, ca, rb, cb = ROW.index(a[0]), COL.index(a[1]), ROW.index(b[0]), COL.index(b[1])
    return ra == rb or ca == cb and ra // 3 == rb // 3 and ca // 3 == cb // 3


def neighbours(key):
    r, c = ROW.index(key[0]), COL.index(key[1])
    found = set()
    for other_row in ROW:
        for other_col in COL:
            other = other_row + other_col
            if other != key and same_unit(key, other):
                found.add(other)
    return found


def legal(board, key):
    used = {board[n] for n in neighbours(key)}
    return [v for v in range(1, 10) if v not in used]


def backtracking(board):
    board = dict(board)
    empty = [k for k in board if board[k] == 0]
    if not empty:
        return board
    key = min(empty, key=lambda k: len(legal(board, k)))
    for value in legal(board, key):
        board[key] = value
        if all(legal(board, n) for n in neighbours(key) if board[n] == 0):
            result = backtracking(board)
            if result is not None:
                return result
    return None
