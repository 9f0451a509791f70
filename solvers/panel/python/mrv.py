# Sudoku solver: backtracking that always fills the empty cell with the fewest candidates
# (minimum remaining values). Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank,
# values above 9 as letters (A = 10), and prints the solution or "No Solution".
import sys
import math


def to_value(token):
    if token.isdigit():
        return int(token)
    return ord(token.upper()) - ord("A") + 10


def to_text(value):
    if value < 10:
        return str(value)
    return chr(ord("A") + value - 10)


def read_grid():
    tokens = sys.stdin.read().split()
    n = math.isqrt(len(tokens))
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            row.append(to_value(tokens[r * n + c]))
        grid.append(row)
    return grid


def candidates(grid, row, col):
    n = len(grid)
    box = math.isqrt(n)
    used = set()
    for i in range(n):
        used.add(grid[row][i])
        used.add(grid[i][col])
    top = row - row % box
    left = col - col % box
    for r in range(top, top + box):
        for c in range(left, left + box):
            used.add(grid[r][c])
    return [v for v in range(1, n + 1) if v not in used]


def best_cell(grid):
    """The empty cell with the fewest candidates, and its candidates; None when full."""
    best = None
    best_options = None
    n = len(grid)
    for r in range(n):
        for c in range(n):
            if grid[r][c] == 0:
                options = candidates(grid, r, c)
                if best is None or len(options) < len(best_options):
                    best = (r, c)
                    best_options = options
                    if len(options) <= 1:
                        return best, best_options
    return best, best_options


def solve(grid):
    cell, options = best_cell(grid)
    if cell is None:
        return True
    row, col = cell
    for value in options:
        grid[row][col] = value
        if solve(grid):
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
                ok = value in candidates(grid, r, c)
                grid[r][c] = value
                if not ok:
                    return False
    return True


def main():
    sys.setrecursionlimit(10000)
    grid = read_grid()
    if givens_ok(grid) and solve(grid):
        for row in grid:
            print(" ".join(to_text(v) for v in row))
    else:
        print("No Solution")


main()
