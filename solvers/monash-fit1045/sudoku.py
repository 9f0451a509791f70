"""Reference for the Monash FIT1045 worked example: grids are n x n lists (n = k*k) of ints,
with the string 'x' for a blank; files hold n lines of n comma-separated entries. Written for
sudoku-harness from the course's public description; the only import is deepcopy."""

from copy import deepcopy


def subgrid_values(grid, row, col):
    k = int(len(grid) ** 0.5)
    top, left = row // k * k, col // k * k
    return [grid[r][c] for r in range(top, top + k) for c in range(left, left + k)]


def grid_from_file(file_name):
    with open(file_name) as file:
        lines = [line.strip() for line in file.read().splitlines() if line.strip()]
    return [[entry.strip() if entry.strip() == "x" else int(entry) for entry in line.split(",")]
            for line in lines]


def valid_entry(grid, num, r, c):
    if num in grid[r]:
        return False
    if any(grid[i][c] == num for i in range(len(grid))):
        return False
    return num not in subgrid_values(grid, r, c)


def grids_augmented_in_row(grid, num, r):
    if num in grid[r]:
        return [grid]
    found = []
    for c in range(len(grid)):
        if grid[r][c] == "x" and valid_entry(grid, num, r, c):
            new = deepcopy(grid)
            new[r][c] = num
            found.append(new)
    return found


def grids_augmented_with_number(grid, num):
    grids = [grid]
    for r in range(len(grid)):
        grids = [g for each in grids for g in grids_augmented_in_row(each, num, r)]
    return grids


def solve_sudoku(file_name):
    grid = grid_from_file(file_name)
    _fill(grid)
    return grid


def _fill(grid):
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == "x":
                for num in range(1, len(grid) + 1):
                    if valid_entry(grid, num, r, c):
                        grid[r][c] = num
                        if _fill(grid):
                            return True
                grid[r][c] = "x"
                return False
    return True
