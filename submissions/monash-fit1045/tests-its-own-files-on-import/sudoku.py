# Task 2 (written for sudoku-harness), with its own tests left at the bottom.
import copy


def subgrid_values(grid, row, col):
    k = int(len(grid) ** 0.5)
    r0, c0 = row // k * k, col // k * k
    return [grid[r][c] for r in range(r0, r0 + k) for c in range(c0, c0 + k)]


def grid_from_file(file_name):
    grid = []
    with open(file_name) as f:
        for line in f:
            line = line.strip()
            if line == "":
                continue
            row = []
            for item in line.split(","):
                item = item.strip()
                row.append(item if item == "x" else int(item))
            grid.append(row)
    return grid


def valid_entry(grid, num, r, c):
    column = [grid[i][c] for i in range(len(grid))]
    return num not in grid[r] and num not in column and num not in subgrid_values(grid, r, c)


def grids_augmented_in_row(grid, num, r):
    if num in grid[r]:
        return [grid]
    result = []
    for c in range(len(grid)):
        if grid[r][c] == "x" and valid_entry(grid, num, r, c):
            new_grid = copy.deepcopy(grid)
            new_grid[r][c] = num
            result.append(new_grid)
    return result


def grids_augmented_with_number(grid, num):
    grids = [grid]
    for r in range(len(grid)):
        next_grids = []
        for g in grids:
            next_grids += grids_augmented_in_row(g, num, r)
        grids = next_grids
    return grids


def solve_sudoku(file_name):
    grid = grid_from_file(file_name)
    return fill(grid)


def fill(grid):
    for r in range(len(grid)):
        for c in range(len(grid)):
            if grid[r][c] == "x":
                for num in range(1, len(grid) + 1):
                    if valid_entry(grid, num, r, c):
                        grid[r][c] = num
                        solved = fill(grid)
                        if solved:
                            return solved
                grid[r][c] = "x"
                return None
    return grid


print(grid_from_file("gridA.txt"))
print(solve_sudoku("gridB.txt"))
