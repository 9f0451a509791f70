"""Starter for the Columbia CSP worked example (written for sudoku-harness from the course's
public description; no course code).

A board is a dict keyed 'A1'..'I9' (rows A..I from the top, columns 1..9 from the left), each
value an int, 0 for a blank. Run `python3 sudoku.py <81 digits>` to solve one board into
output.txt. Complete `backtracking`.
"""

import sys

ROW = "ABCDEFGHI"
COL = "123456789"


def board_from_text(text):
    """The board of an 81-digit string, read row by row."""
    return {ROW[r] + COL[c]: int(text[9 * r + c]) for r in range(9) for c in range(9)}


def board_to_text(board):
    """The board's 81 values, A1 to I9, as one string."""
    return "".join(str(board[r + c]) for r in ROW for c in COL)


def backtracking(board):
    """The solved board (this one, filled in, or a new dict), by backtracking search."""
    solved_board = board
    return solved_board


if __name__ == "__main__":
    solved = backtracking(board_from_text(sys.argv[1]))
    with open("output.txt", "w") as out:
        out.write(board_to_text(solved) + "\n")
