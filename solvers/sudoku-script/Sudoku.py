"""COSC 130 Project 02: an automated sudoku solver (reference solution).

A puzzle state is a list of nine lists of nine ints, one list per row, with 0 for an empty
cell. Rows and columns are counted from 0.
"""


def load_puzzle(path):
    """Read the puzzle stored in the text file at `path`: nine lines of nine numbers."""
    with open(path) as f:
        text = f.read()
    lines = text.split('\n')
    puzzle = []
    for line in lines:
        line = line.strip()          # copes with '\r' (CRLF files) and trailing spaces
        if line == '':               # copes with a final newline or blank lines
            continue
        token_strings = line.split()
        token_ints = [int(token) for token in token_strings]
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    """Print the puzzle state, with '.' for an empty cell and borders around the blocks."""
    border = '+-------+-------+-------+'
    for i in range(len(puzzle)):
        if i in (0, 3, 6):
            print(border)
        row = '| '
        for j in range(len(puzzle[i])):
            value = puzzle[i][j]
            if value == 0:
                row += '. '
            else:
                row += str(value) + ' '
            if j in (2, 5, 8):
                row += '| '
        print(row)
    print(border)


def get_next(row, col):
    """Return the position of the cell after (row, col), moving left to right, top to bottom."""
    if col < 8:
        return row, col + 1
    elif row < 8:
        return row + 1, 0
    else:
        return None, None


def copy_puzzle(puzzle):
    """Return a deep copy of the puzzle state: a new list of new row lists."""
    new_puzzle = []
    for sub_list in puzzle:
        new_puzzle.append(sub_list.copy())
    return new_puzzle


def get_options(puzzle, row, col):
    """Return None if the cell is filled, else the digits that could go in it, in order."""
    if puzzle[row][col] > 0:
        return None

    used = []
    for value in puzzle[row]:
        if value != 0:
            used.append(value)
    for i in range(9):
        if puzzle[i][col] != 0:
            used.append(puzzle[i][col])

    start_row = 3 * int(row / 3)
    start_col = 3 * int(col / 3)
    for i in range(start_row, start_row + 3):
        for j in range(start_col, start_col + 3):
            if puzzle[i][j] != 0:
                used.append(puzzle[i][j])

    options = []
    for digit in range(1, 10):
        if digit not in used:
            options.append(digit)
    return options


def solve(puzzle, row=0, col=0):
    """Return the solved puzzle state, or None if there is none. `puzzle` is not changed."""
    if puzzle[row][col] != 0:
        next_row, next_col = get_next(row, col)
        if next_row is None:
            return puzzle
        return solve(puzzle, next_row, next_col)

    options = get_options(puzzle, row, col)
    if len(options) == 0:
        return None

    for value in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = value
        result = solve(new_puzzle, row, col)
        if result is not None:
            return result
    return None
