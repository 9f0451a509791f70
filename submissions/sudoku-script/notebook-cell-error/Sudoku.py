"""
Sudoku.py
COSC 130 Project 02 - Alex Jones
"""


def load_puzzle(path):
    """Loads a puzzle from a text file and returns it as a list of lists."""
    fh = open(path)
    contents = fh.read()
    fh.close()
    lines = contents.split('\n')
    puzzle = []
    for line in lines:
        token_strings = line.split()
        if token_strings == []:
            continue
        token_ints = []
        for s in token_strings:
            token_ints.append(int(s))
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    """Prints the puzzle."""
    for i in range(len(puzzle)):
        if i in [0, 3, 6]:
            print('+-------+-------+-------+')
        row = '| '
        for j in range(len(puzzle[i])):
            if puzzle[i][j] == 0:
                row += '. '
            else:
                row += str(puzzle[i][j]) + ' '
            if j in [2, 5, 8]:
                row += '| '
        print(row)
    print('+-------+-------+-------+')


def get_next(row, col):
    """Returns the position of the next cell."""
    if col < 8:
        return row, col + 1
    elif col == 8 and row < 8:
        return row + 1, 0
    else:
        return None, None


def copy_puzzle(puzzle):
    """Returns a deep copy of puzzle."""
    new_puzzle = []
    for row in puzzle:
        new_puzzle.append(row.copy())
    return new_puzzle


def get_options(puzzle, row, col):
    """Returns the valid options for a cell, or None if it is filled."""
    if puzzle[row][col] > 0:
        return None

    used = []
    for i in range(9):
        if puzzle[row][i] != 0:
            used.append(puzzle[row][i])
    for i in range(9):
        if puzzle[i][col] != 0:
            used.append(puzzle[i][col])

    start_row = 3*int(row/3)
    start_col = 3*int(col/3)
    for i in range(start_row, start_row + 3):
        for j in range(start_col, start_col + 3):
            if puzzle[i][j] != 0:
                used.append(puzzle[i][j])

    options = []
    for i in range(1, 10):
        if i not in used:
            options.append(i)
    return options


def solve(puzzle, row=0, col=0):
    """Solves the puzzle recursively. Returns None if there is no solution."""
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
