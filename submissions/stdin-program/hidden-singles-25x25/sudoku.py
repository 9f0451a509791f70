# COMS1017A Project 1 - Sudoku solver
# Reads the puzzle from standard input and prints the solved grid, or "No Solution".
# Method: fill in every cell that has only one possible value, and every value that only
# fits in one cell of a row, column or block. When that gets stuck, try the values of the
# first empty cell one by one and repeat on a copy of the board.
import sys

LETTERS = "ABCDEFGHIJKLMNOP"


def parse(token):
    if token in LETTERS:
        return LETTERS.index(token) + 10
    return int(token)


def show(value):
    if value >= 10:
        return LETTERS[value - 10]
    return str(value)


def read_board():
    board = []
    for line in sys.stdin:
        if line.strip() != "":
            board.append([parse(t) for t in line.split()])
    return board


def block_size(size):
    b = 1
    while b * b < size:
        b += 1
    return b


def possible(board, row, col):
    size = len(board)
    b = block_size(size)
    seen = set(board[row])
    for r in range(size):
        seen.add(board[r][col])
    br = (row // b) * b
    bc = (col // b) * b
    for r in range(br, br + b):
        for c in range(bc, bc + b):
            seen.add(board[r][c])
    return [v for v in range(1, size + 1) if v not in seen]


def groups(size):
    b = block_size(size)
    result = []
    for i in range(size):
        result.append([(i, c) for c in range(size)])
        result.append([(r, i) for r in range(size)])
    for br in range(0, size, b):
        for bc in range(0, size, b):
            result.append([(r, c) for r in range(br, br + b) for c in range(bc, bc + b)])
    return result


def fill_singles(board, all_groups):
    size = len(board)
    progress = True
    while progress:
        progress = False
        options = {}
        for r in range(size):
            for c in range(size):
                if board[r][c] == 0:
                    options[(r, c)] = possible(board, r, c)
                    if not options[(r, c)]:
                        return False
        # naked singles
        for (r, c), opts in options.items():
            if len(opts) == 1 and opts[0] in possible(board, r, c):
                board[r][c] = opts[0]
                progress = True
            elif len(opts) == 1:
                return False
        if progress:
            continue
        # hidden singles
        for group in all_groups:
            placed = [board[r][c] for r, c in group]
            for v in range(1, size + 1):
                if v in placed:
                    continue
                spots = [(r, c) for r, c in group if board[r][c] == 0 and v in options[(r, c)]]
                if len(spots) == 0:
                    return False
                if len(spots) == 1:
                    r, c = spots[0]
                    if v not in possible(board, r, c):
                        return False
                    board[r][c] = v
                    placed.append(v)
                    progress = True
    return True


def first_empty(board):
    for r in range(len(board)):
        for c in range(len(board)):
            if board[r][c] == 0:
                return (r, c)
    return None


def solve(board, all_groups):
    if not fill_singles(board, all_groups):
        return None
    spot = first_empty(board)
    if spot is None:
        return board
    r, c = spot
    for v in possible(board, r, c):
        attempt = [row[:] for row in board]
        attempt[r][c] = v
        answer = solve(attempt, all_groups)
        if answer is not None:
            return answer
    return None


def valid_start(board):
    size = len(board)
    for r in range(size):
        for c in range(size):
            v = board[r][c]
            if v != 0:
                board[r][c] = 0
                ok = v in possible(board, r, c)
                board[r][c] = v
                if not ok:
                    return False
    return True


def main():
    sys.setrecursionlimit(5000)
    board = read_board()
    answer = None
    if valid_start(board):
        answer = solve(board, groups(len(board)))
    if answer is None:
        print("No Solution")
        return
    for row in answer:
        print(" ".join(show(v) for v in row))


main()
