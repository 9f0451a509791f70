# A typical student's solver: backtracking on the last empty cell (the loop that looks for an
# empty cell runs on to the end of the grid, so the one it keeps is the last) with no candidate
# check: every value is put in, then the move is checked (does the value now appear twice in its
# row, column or box?), and the next value tried when it does.
# solve_grid(grid) fills an n x n grid of ints (0 = blank) in place: True when solved.
import math


def clashes(grid, row, col):
    """True when the value at (row, col) is also somewhere else in its row, column or box."""
    n = len(grid)
    box = math.isqrt(n)
    value = grid[row][col]
    for i in range(n):
        if i != col and grid[row][i] == value:
            return True
        if i != row and grid[i][col] == value:
            return True
    top = row - row % box
    left = col - col % box
    for r in range(top, top + box):
        for c in range(left, left + box):
            if (r, c) != (row, col) and grid[r][c] == value:
                return True
    return False


def find_empty(grid):
    found = None
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == 0:
                found = (r, c)
    return found


def search(grid):
    empty = find_empty(grid)
    if empty is None:
        return True
    row, col = empty
    for value in range(1, len(grid) + 1):
        grid[row][col] = value
        if not clashes(grid, row, col) and search(grid):
            return True
    grid[row][col] = 0
    return False


def givens_ok(grid):
    n = len(grid)
    for r in range(n):
        for c in range(n):
            if grid[r][c] != 0 and clashes(grid, r, c):
                return False
    return True


def solve_grid(grid):
    return givens_ok(grid) and search(grid)
