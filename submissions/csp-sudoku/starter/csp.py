"""Constraint search for Sudoku: the starter of the csp-sudoku lab (sudoku-harness).

Rows and columns count from 0; a grid is a list of rows of ints, 0 for a blank; a board is 4x4 or
9x9. Cell and Board's helpers (peers, unassigned, assign, copy, grid) are given: keep them as they
are. Write the six tasks below (HANDOUT.md states each one and its marks).
"""

import math


class Cell:
    """One square: its position, its value (0 while unassigned) and the values it may still take."""

    def __init__(self, row, col, value=0, size=9):
        self.row = row
        self.col = col
        self.value = value
        self.domain = {value} if value else set(range(1, size + 1))

    def __repr__(self):
        return f"Cell({self.row}, {self.col}, value={self.value}, domain={sorted(self.domain)})"


class Board:
    """A size x size grid of cells, built from a grid of ints (0 for a blank)."""

    def __init__(self, grid):
        self.size = len(grid)
        self.cells = [
            [Cell(row, col, grid[row][col], self.size) for col in range(self.size)]
            for row in range(self.size)
        ]

    # ---- given: use these, do not change them ----

    def peers(self, row, col):
        """The other cells of the cell's row, column and box, each once."""
        side = math.isqrt(self.size)
        top, left = row - row % side, col - col % side
        places = {(row, c) for c in range(self.size)}
        places |= {(r, col) for r in range(self.size)}
        places |= {(r, c) for r in range(top, top + side) for c in range(left, left + side)}
        places.discard((row, col))
        return [self.cells[r][c] for r, c in sorted(places)]

    def unassigned(self):
        """The cells whose value is 0, row by row."""
        return [cell for line in self.cells for cell in line if cell.value == 0]

    def assign(self, row, col, value):
        """Give the cell its value; its domain becomes that value alone."""
        cell = self.cells[row][col]
        cell.value = value
        cell.domain = {value}

    def copy(self):
        """A new board with the same values and domains, sharing nothing with this one."""
        other = Board(self.grid())
        for mine, theirs in zip(self.cells, other.cells):
            for cell, twin in zip(mine, theirs):
                twin.domain = set(cell.domain)
        return other

    def grid(self):
        """The values as a list of rows."""
        return [[cell.value for cell in line] for line in self.cells]

    # ---- the tasks: write these ----

    def forward_check(self, row, col, value, mode="remove"):
        """Task 1. mode "remove": take value out of the domains of the unassigned peers of
        (row, col); return False when one of them is left with an empty domain, True otherwise.
        mode "count": return how many unassigned peers have value in their domain, and change
        nothing. Neither mode assigns the cell (row, col) itself."""
        pass

    def degree(self, row, col):
        """Task 2. Return how many of the other cells of its row, column and box are
        unassigned."""
        return None

    def mrv(self):
        """Task 3. Return an unassigned Cell with the fewest values in its domain (any of the
        tied ones), or None when every cell is assigned."""
        return None

    def lcv(self, row, col):
        """Task 4. Return the cell's domain values as a list, ordered by how many unassigned
        peers have each in their domain, fewest first (tied values in any order)."""
        return None


def ac3(board):
    """Task 5. Make every domain arc consistent, in place: a value stays in a cell's domain only
    while every peer's domain holds a value that differs from it. Return False when a domain
    is left empty, True otherwise."""
    return None


def backtrack(board):
    """Task 6. Return a solved copy of the board (a Board, every cell assigned), found by a
    backtracking search using the tasks above, or None when the puzzle has no solution. The
    board given must be left as it was (values and domains)."""
    return None


if __name__ == "__main__":
    puzzle = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
    solved = backtrack(Board(puzzle))
    print(solved.grid() if solved else "no solution")
