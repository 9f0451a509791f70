# A typical student's solver: backtracking on the first empty cell (row by row), trying only
# the values its row, column and box allow (a candidate check before each placement).
# solve_grid(grid) fills an n x n grid of ints (0 = blank) in place: True when solved.
import math


def is_valid(grid, row, col, value):
    n = len(grid)
    box = math.isqrt(n)
    for i in range(n):
        if grid[row][i] == value or grid[i][col] == value:
            return False
    top = row - row % box
    left = col - col % box
    for r in range(top, top + box):
        for c in range(left, left + box):
            if grid[r][c] == value:
                return False
    return True


def find_empty(grid):
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == 0:
                return r, c
    return None


def search(grid):
    empty = find_empty(grid)
    if empty is None:
        return True
    row, col = empty
    for value in range(1, len(grid) + 1):
        if is_valid(grid, row, col, value):
            grid[row][col] = value
            if search(grid):
                return True
            grid[row][col] = 0
    return False


def givens_ok(grid):
    n = len(grid)
    for r in range(n):
        for c in range(n):
            value = grid[r][c]
            if value != 0:
                grid[r][c] = 0
                ok = is_valid(grid, r, c, value)
                grid[r][c] = value
                if not ok:
                    return False
    return True


def solve_grid(grid):
    return givens_ok(grid) and search(grid)
