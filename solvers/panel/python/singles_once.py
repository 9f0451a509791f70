# Sudoku solver: fill naked singles (a cell with one candidate) and hidden singles (a value with
# one place left in a row, column or box) until nothing changes, once, before the search; then
# plain backtracking on the first empty cell, checking row, column and box by scanning.
# Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, values above 9 as letters
# (A = 10), and prints the solution or "No Solution".
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


def candidates(grid, row, col):
    return [v for v in range(1, len(grid) + 1) if is_valid(grid, row, col, v)]


def units(n):
    box = math.isqrt(n)
    result = []
    for r in range(n):
        result.append([(r, c) for c in range(n)])
    for c in range(n):
        result.append([(r, c) for r in range(n)])
    for top in range(0, n, box):
        for left in range(0, n, box):
            result.append([(top + i, left + j) for i in range(box) for j in range(box)])
    return result


def fill_singles(grid):
    """Place naked and hidden singles until none is left. A cell or a value with nowhere to go
    is not noticed here: the search meets it."""
    n = len(grid)
    all_units = units(n)
    changed = True
    while changed:
        changed = False
        for r in range(n):
            for c in range(n):
                if grid[r][c] == 0:
                    options = candidates(grid, r, c)
                    if len(options) == 1:
                        grid[r][c] = options[0]
                        changed = True
        for unit in all_units:
            for value in range(1, n + 1):
                if any(grid[r][c] == value for r, c in unit):
                    continue
                places = [(r, c) for r, c in unit if grid[r][c] == 0 and is_valid(grid, r, c, value)]
                if len(places) == 1:
                    r, c = places[0]
                    grid[r][c] = value
                    changed = True


def find_empty(grid):
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == 0:
                return r, c
    return None


def solve(grid):
    empty = find_empty(grid)
    if empty is None:
        return True
    row, col = empty
    for value in range(1, len(grid) + 1):
        if is_valid(grid, row, col, value):
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
                ok = is_valid(grid, r, c, value)
                grid[r][c] = value
                if not ok:
                    return False
    return True


def main():
    sys.setrecursionlimit(10000)
    grid = read_grid()
    solved = False
    if givens_ok(grid):
        fill_singles(grid)
        solved = solve(grid)
    if solved:
        for row in grid:
            print(" ".join(to_text(v) for v in row))
    else:
        print("No Solution")


main()
