# Sudoku solver: fill naked singles (a cell with one candidate) and hidden singles (a value with
# one place left in a row, column or box) until nothing changes, then guess on the first empty
# cell and do it all again on a copy of the grid. Reads an n x n puzzle (n = 9, 16 or 25) from
# stdin, 0 = blank, values above 9 as letters (A = 10), and prints the solution or "No Solution".
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


def propagate(grid, all_units):
    """Place naked and hidden singles until none is left; False when a cell or a value has
    nowhere to go."""
    n = len(grid)
    changed = True
    while changed:
        changed = False
        options = {}
        for r in range(n):
            for c in range(n):
                if grid[r][c] == 0:
                    options[(r, c)] = candidates(grid, r, c)
                    if len(options[(r, c)]) == 0:
                        return False
        for (r, c), values in options.items():
            if len(values) == 1:
                if values[0] not in candidates(grid, r, c):
                    return False
                grid[r][c] = values[0]
                changed = True
        if changed:
            continue
        for unit in all_units:
            for value in range(1, n + 1):
                if any(grid[r][c] == value for r, c in unit):
                    continue
                places = [(r, c) for r, c in unit if grid[r][c] == 0 and value in options[(r, c)]]
                if len(places) == 0:
                    return False
                if len(places) == 1:
                    r, c = places[0]
                    grid[r][c] = value
                    changed = True
                    break
            if changed:
                break
    return True


def find_empty(grid):
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == 0:
                return r, c
    return None


def solve(grid, all_units):
    if not propagate(grid, all_units):
        return None
    empty = find_empty(grid)
    if empty is None:
        return grid
    row, col = empty
    for value in candidates(grid, row, col):
        copy = [list(r) for r in grid]
        copy[row][col] = value
        result = solve(copy, all_units)
        if result is not None:
            return result
    return None


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
    result = None
    if givens_ok(grid):
        result = solve(grid, units(len(grid)))
    if result is None:
        print("No Solution")
    else:
        for row in result:
            print(" ".join(to_text(v) for v in row))


main()
