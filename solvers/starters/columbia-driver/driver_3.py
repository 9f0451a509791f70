"""Starter for the columbia-driver worked example (written for sudoku-harness from the course's
public description; no course code).

    python3 driver_3.py <81 digits, row by row, 0 for a blank>

must write output.txt: the solved board's 81 digits, one space, then AC3 when arc consistency
alone solved it, else BTS (backtracking search). Complete `ac3` and `backtracking`.
"""

import sys

ROWS = "ABCDEFGHI"
COLUMNS = "123456789"


def board_from_text(text):
    return {ROWS[r] + COLUMNS[c]: int(text[9 * r + c]) for r in range(9) for c in range(9)}


def board_to_text(board):
    return "".join(str(board[r + c]) for r in ROWS for c in COLUMNS)


def ac3(board):
    """Narrows the board by arc consistency; True when that alone filled every cell."""
    return False


def backtracking(board):
    """The solved board, by backtracking search (most constrained cell first, forward checking)."""
    solved_board = board
    return solved_board


def main(text):
    board = board_from_text(text)
    if ac3(board):
        answer, algorithm = board, "AC3"
    else:
        answer, algorithm = backtracking(board), "BTS"
    with open("output.txt", "w") as out:
        out.write(f"{board_to_text(answer)} {algorithm}\n")


if __name__ == "__main__":
    main(sys.argv[1])
