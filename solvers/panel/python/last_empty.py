# Sudoku solver: plain backtracking on the last empty cell (the loop that looks for an empty
# cell runs on to the end of the grid, so the one it keeps is the last).
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


def find_empty(grid):
    found = None
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == 0:
                found = (r, c)
    return found


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
    if givens_ok(grid) and solve(grid):
        for row in grid:
            print(" ".join(to_text(v) for v in row))
    else:
        print("No Solution")


main()
