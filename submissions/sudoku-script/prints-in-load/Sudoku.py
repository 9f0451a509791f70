# Project 02 - Sudoku solver

def load_puzzle(path):
    f = open(path)
    s = f.read()
    f.close()
    lines = s.split('\n')
    puzzle = []
    for line in lines:
        print(line)
        if line.strip() != '':
            token_strings = line.split()
            token_ints = [int(t) for t in token_strings]
            puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    for i, r in enumerate(puzzle):
        if i in [0, 3, 6]:
            print('+-------+-------+-------+')
        row = '| '
        for j, n in enumerate(r):
            if n == 0:
                row += '. '
            else:
                row += str(n) + ' '
            if j in [2, 5, 8]:
                row += '| '
        print(row)
    print('+-------+-------+-------+')


def get_next(row, col):
    if col < 8:
        return row, col+1
    elif row < 8:
        return row+1, 0
    else:
        return None, None


def copy_puzzle(puzzle):
    new_puzzle = []
    for lst in puzzle:
        new_puzzle.append(lst.copy())
    return new_puzzle


def get_options(puzzle, row, col):
    if puzzle[row][col] > 0:
        return None
    used = []
    for n in puzzle[row]:
        if n > 0:
            used.append(n)
    for r in puzzle:
        if r[col] > 0:
            used.append(r[col])
    start_row = 3*int(row/3)
    start_col = 3*int(col/3)
    for i in range(3):
        for j in range(3):
            n = puzzle[start_row + i][start_col + j]
            if n > 0:
                used.append(n)
    options = []
    for n in range(1, 10):
        if n not in used:
            options.append(n)
    return options


def solve(puzzle, row=0, col=0):
    if puzzle[row][col] != 0:
        next_row, next_col = get_next(row, col)
        if next_row is None:
            return puzzle
        return solve(puzzle, next_row, next_col)

    options = get_options(puzzle, row, col)
    if len(options) == 0:
        return None

    for n in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = n
        result = solve(new_puzzle, row, col)
        if result is not None:
            return result
    return None
