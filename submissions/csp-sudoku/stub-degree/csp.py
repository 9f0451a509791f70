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

    # ---- the tasks ----

    def forward_check(self, row, col, value, mode="remove"):
        """Task 1. "remove": take value out of the unassigned peers' domains; False when one is
        left empty, True otherwise. "count": how many unassigned peers have value in their
        domain, changing nothing."""
        open_peers = [peer for peer in self.peers(row, col) if peer.value == 0]
        if mode == "count":
            return sum(1 for peer in open_peers if value in peer.domain)
        for peer in open_peers:
            peer.domain.discard(value)
        return all(peer.domain for peer in open_peers)

    def degree(self, row, col):
        """Task 2. How many of the other cells of its row, column and box are unassigned."""
        return 0

    def mrv(self):
        """Task 3. An unassigned cell with the fewest values left; None when there is none."""
        return min(self.unassigned(), key=lambda cell: len(cell.domain), default=None)

    def lcv(self, row, col):
        """Task 4. The cell's values, the one fewest unassigned peers could take first."""
        values = sorted(self.cells[row][col].domain)
        return sorted(values, key=lambda value: self.forward_check(row, col, value, "count"))


def revise(cell, peer):
    """Remove from cell's domain each value that peer's domain cannot differ from; True when
    something was removed."""
    stuck = {value for value in cell.domain if peer.domain == {value}}
    cell.domain -= stuck
    return bool(stuck)


def ac3(board):
    """Task 5. Make every arc consistent, in place; False when a domain empties."""
    queue = [(cell, peer) for line in board.cells for cell in line
             for peer in board.peers(cell.row, cell.col)]
    while queue:
        cell, peer = queue.pop()
        if revise(cell, peer):
            if not cell.domain:
                return False
            queue.extend((other, cell) for other in board.peers(cell.row, cell.col)
                         if other is not peer)
    return True


def backtrack(board):
    """Task 6. A solved copy of the board, or None when it has no solution; the board given is
    left as it was."""
    start = board.copy()
    if not ac3(start):
        return None
    return search(start)


def search(board):
    """Complete this board (its own to change), or None: MRV, LCV, forward checking, AC-3."""
    cell = board.mrv()
    if cell is None:
        return board
    for value in board.lcv(cell.row, cell.col):
        child = board.copy()
        child.assign(cell.row, cell.col, value)
        if child.forward_check(cell.row, cell.col, value) and ac3(child):
            solved = search(child)
            if solved is not None:
                return solved
    return None


if __name__ == "__main__":
    puzzle = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
    solved = backtrack(Board(puzzle))
    print(solved.grid() if solved else "no solution")
