def load_puzzle(path):
    f = open(path)
    contents = f.read()
    f.close()
    lines = contents.split('\n')
    puzzle = []
    for line in lines:
        token_strings = line.split(' ')
        token_ints = [int(t) for t in token_strings]
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    for i in range(len(puzzle)):
        if i == 0 or i == 3 or i == 6:
            print('+-------+-------+-------+')
        row = '| '
        for j in range(len(puzzle[i])):
            if puzzle[i][j] == 0:
                row += '. '
            else:
                row += str(puzzle[i][j]) + ' '
            if j == 2 or j == 5 or j == 8:
                row += '| '
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
    new_puzzle = []
    for l in puzzle:
        new_puzzle.append(l.copy())
    return new_puzzle


def get_options(puzzle, row, col):
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
    if puzzle[row][col] != 0:
        next_row, next_col = get_next(row, col)
        if next_row is None:
            return puzzle
        else:
            return solve(puzzle, next_row, next_col)

    options = get_options(puzzle, row, col)

    if len(options) == 0:
        return None

    for i in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = i
        result = solve(new_puzzle, row, col)
        if result is not None:
            return result
    return None
