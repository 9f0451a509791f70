# A correct backtracking(board) (written for sudoku-harness): MRV and forward checking, a new dict.
ROW = "ABCDEFGHI"
COL = "123456789"


def neighbours(key):
    r, c = ROW.index(key[0]), COL.index(key[1])
    found = set()
    for i in range(9):
        found.add(ROW[r] + COL[i])
        found.add(ROW[i] + COL[c])
    for i in range(r // 3 * 3, r // 3 * 3 + 3):
        for j in range(c // 3 * 3, c // 3 * 3 + 3):
            found.add(ROW[i] + COL[j])
    found.discard(key)
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
