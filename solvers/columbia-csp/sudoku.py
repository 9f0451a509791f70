"""Reference for the Columbia CSP worked example: backtracking(board) on a dict keyed 'A1'..'I9'
(rows A..I, columns 1..9), 0 for a blank, returning the solved board. Minimum remaining values
with forward checking. Written for sudoku-harness from the course's public description."""

ROW = "ABCDEFGHI"
COL = "123456789"


def backtracking(board):
    domains = {key: _domain(board, key) for key in board if board[key] == 0}
    solved = _search(dict(board), domains)
    return solved


def _search(board, domains):
    if not domains:
        return board
    key = min(domains, key=lambda k: len(domains[k]))
    for value in sorted(domains[key]):
        pruned = _assign(domains, key, value)
        if pruned is not None:
            board[key] = value
            found = _search(board, pruned)
            if found is not None:
                return found
    board[key] = 0
    return None


def _assign(domains, key, value):
    left = {}
    for other, values in domains.items():
        if other == key:
            continue
        if _peers(key, other) and value in values:
            values = values - {value}
            if not values:
                return None
        left[other] = values
    return left


def _domain(board, key):
    return {v for v in range(1, 10) if all(board[p] != v for p in board if _peers(key, p))}


def _peers(a, b):
    if a == b:
        return False
    ra, ca, rb, cb = ROW.index(a[0]), COL.index(a[1]), ROW.index(b[0]), COL.index(b[1])
    return ra == rb or ca == cb or (ra // 3 == rb // 3 and ca // 3 == cb // 3)
