# Sudoku solver: the handout's Algorithm 1, as written, but filling the last empty cell first (the
# loop that looks for an empty cell runs on to the end of the grid). Put the next value in that
# cell, then check whether that move broke the puzzle; on a clash, take the next value, and after
# the last value, take the move back. An explicit stack holds the moves (no recursion).
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


def solve(grid):
    n = len(grid)
    stack = []
    while True:
        if stack and clashes(grid, *stack[-1]):
            while stack and grid[stack[-1][0]][stack[-1][1]] == n:
                row, col = stack.pop()
                grid[row][col] = 0
            if not stack:
                return False
            row, col = stack[-1]
            grid[row][col] += 1
        else:
            empty = find_empty(grid)
            if empty is None:
                return True
            row, col = empty
            grid[row][col] = 1
            stack.append((row, col))


def givens_ok(grid):
    n = len(grid)
    for r in range(n):
        for c in range(n):
            if grid[r][c] != 0 and clashes(grid, r, c):
                return False
    return True


def main():
    grid = read_grid()
    if givens_ok(grid) and solve(grid):
        for row in grid:
            print(" ".join(to_text(v) for v in row))
    else:
        print("No Solution")


main()
