"""Starter for the Monash FIT1045 worked example (written for sudoku-harness from the course's
public description; no course code).

A grid is a list of n rows of n items (n = k * k): an int in 1..n, or the string 'x' for a
blank. The only import allowed is deepcopy from copy. Complete parts A to E.
"""

from copy import deepcopy


def subgrid_values(grid, row, col):
    """Given: the values of the k x k subgrid holding cell (row, col)."""
    k = int(len(grid) ** 0.5)
    top, left = row - row % k, col - col % k
    return [grid[r][c] for r in range(top, top + k) for c in range(left, left + k)]


def grid_from_file(file_name):
    """Part A: the grid in the file (n lines of n comma-separated entries)."""
    return []


def valid_entry(grid, num, r, c):
    """Part B: True when num may go at the blank (r, c)."""
    return False


def grids_augmented_in_row(grid, num, r):
    """Part C: every valid grid with num placed in row r."""
    return []


def grids_augmented_with_number(grid, num):
    """Part D: every valid grid holding n copies of num."""
    return []


def solve_sudoku(file_name):
    """Part E: the completed grid of the file's puzzle."""
    return []
