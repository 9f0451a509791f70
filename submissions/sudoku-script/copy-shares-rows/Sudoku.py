def load_puzzle(path):
    file = open(path)
    text = file.read()
    file.close()
    lines = text.splitlines()
    puzzle = []
    for line in lines:
        if line.strip() == '':
            continue
        token_strings = line.split()
        token_ints = []
        for token in token_strings:
            token_ints.append(int(token))
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    for i in range(len(puzzle)):
        if i in (0, 3, 6):
            print('+-------+-------+-------+')
        row = '| '
        for j in range(len(puzzle[i])):
            if puzzle[i][j] == 0:
                row = row + '. '
            else:
                row = row + str(puzzle[i][j]) + ' '
            if j in (2, 5, 8):
                row = row + '| '
        print(row)
    print('+-------+-------+-------+')


def get_next(row, col):
    if col < 8:
        return row, col + 1
    elif row < 8:
        return row + 1, 0
    else:
        return None, None


def copy_puzzle(puzzle):
    new_puzzle = puzzle.copy()
    return new_puzzle


def get_options(puzzle, row, col):
    if puzzle[row][col] > 0:
        return None
    used = []
    for value in puzzle[row]:
        if value != 0:
            used.append(value)
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
    for digit in range(1, 10):
        if digit not in used:
            options.append(digit)
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

    for value in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = value
        result = solve(new_puzzle, row, col)
        if result is not None:
            return result
    return None
