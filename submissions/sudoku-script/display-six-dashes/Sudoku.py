#############################
# COSC 130 - Project 02
#############################

def load_puzzle(path):
    with open(path) as fin:
        text = fin.read()
    lines = text.strip().split('\n')
    puzzle = []
    for line in lines:
        token_strings = line.strip().split(' ')
        token_ints = [int(tok) for tok in token_strings]
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    for i in range(9):
        if i == 0 or i == 3 or i == 6:
            print('+------+------+------+')
        row = '| '
        for j in range(9):
            if puzzle[i][j] == 0:
                row += '. '
            else:
                row += str(puzzle[i][j]) + ' '
            if j == 2 or j == 5 or j == 8:
                row += '| '
        print(row)
    print('+------+------+------+')


def get_next(row, col):
    if col < 8:
        return row, col + 1
    elif row < 8:
        return row + 1, 0
    return None, None


def copy_puzzle(puzzle):
    new_puzzle = []
    for r in puzzle:
        new_puzzle.append(r.copy())
    return new_puzzle


def get_options(puzzle, row, col):
    if puzzle[row][col] > 0:
        return None

    used = []
    for c in range(9):
        if puzzle[row][c] > 0:
            used.append(puzzle[row][c])
    for r in range(9):
        if puzzle[r][col] > 0:
            used.append(puzzle[r][col])

    start_row = 3*int(row/3)
    start_col = 3*int(col/3)
    for r in range(start_row, start_row + 3):
        for c in range(start_col, start_col + 3):
            if puzzle[r][c] > 0:
                used.append(puzzle[r][c])

    options = []
    for d in range(1, 10):
        if d not in used:
            options.append(d)
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

    for d in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = d
        result = solve(new_puzzle, row, col)
        if result is not None:
            return result
    return None
