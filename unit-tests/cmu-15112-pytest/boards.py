"""Boards for the CMU 15-112 pytest worked example (written for sudoku-harness; no course code):
N^2 x N^2 lists of ints, 0 for a blank. A given file: a student's own copy is ignored."""

LEGAL_4X4 = [[4, 0, 0, 2], [0, 2, 4, 0], [3, 0, 0, 4], [0, 4, 3, 0]]
SOLVED_4X4 = [[4, 3, 1, 2], [1, 2, 4, 3], [3, 1, 2, 4], [2, 4, 3, 1]]
BLOCK_3_CLASH = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]  # rows, columns legal
NO_CLASH = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0]]  # its second 1 in block 2
NO_ROOM_4X4 = [[0, 1, 0, 0], [0, 0, 0, 2], [0, 0, 0, 0], [2, 0, 0, 0]]  # legal, no 2 fits row 0
ROOM_4X4 = [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0]]  # without the 2 at (1, 3)

SAMPLE_9X9 = [  # the well-known puzzle a handout's sample test solves
    [5, 3, 0, 0, 7, 0, 0, 0, 0],
    [6, 0, 0, 1, 9, 5, 0, 0, 0],
    [0, 9, 8, 0, 0, 0, 0, 6, 0],
    [8, 0, 0, 0, 6, 0, 0, 0, 3],
    [4, 0, 0, 8, 0, 3, 0, 0, 1],
    [7, 0, 0, 0, 2, 0, 0, 0, 6],
    [0, 6, 0, 0, 0, 0, 2, 8, 0],
    [0, 0, 0, 4, 1, 9, 0, 0, 5],
    [0, 0, 0, 0, 8, 0, 0, 7, 9],
]
SAMPLE_9X9_SOLVED = [
    [5, 3, 4, 6, 7, 8, 9, 1, 2],
    [6, 7, 2, 1, 9, 5, 3, 4, 8],
    [1, 9, 8, 3, 4, 2, 5, 6, 7],
    [8, 5, 9, 7, 6, 1, 4, 2, 3],
    [4, 2, 6, 8, 5, 3, 7, 9, 1],
    [7, 1, 3, 9, 2, 4, 8, 5, 6],
    [9, 6, 1, 5, 3, 7, 2, 8, 4],
    [2, 8, 7, 4, 1, 9, 6, 3, 5],
    [3, 4, 5, 2, 8, 6, 1, 7, 9],
]


def copy(board):
    return [list(row) for row in board]


def is_solution(puzzle, board):
    """Whether `board` is a solved version of `puzzle`, any of them when it has several: the
    same N^2 x N^2 shape, every given kept, and 1..N^2 once in each row, column and block."""
    size = len(puzzle)
    n = round(size**0.5)
    if not isinstance(board, list) or len(board) != size:
        return False
    if any(not isinstance(row, list) or len(row) != size for row in board):
        return False
    if any(puzzle[r][c] not in (0, board[r][c]) for r in range(size) for c in range(size)):
        return False
    units = [[(r, c) for c in range(size)] for r in range(size)]
    units += [[(r, c) for r in range(size)] for c in range(size)]
    units += [
        [(top + r, left + c) for r in range(n) for c in range(n)]
        for top in range(0, size, n)
        for left in range(0, size, n)
    ]
    everything = list(range(1, size + 1))
    return all(sorted(board[r][c] for r, c in unit) == everything for unit in units)
