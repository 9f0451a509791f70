def load_puzzle(path):
    with open(path) as f:
        text = f.read()
    lines = text.split('\n')
    puzzle = []
    for line in lines:
        if line.strip() == '':
            continue
        token_strings = line.strip().split(' ')
        token_ints = []
        for t in token_strings:
            token_ints.append(int(t))
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    for i in range(9):
        if i % 3 == 0:
            print('+-------+-------+-------+')
        row = '| '
        for j in range(9):
            value = puzzle[i][j]
            if value == 0:
                row += '. '
            else:
                row += str(value) + ' '
            if j % 3 == 2:
                row += '| '
        print(row)
    print('+-------+-------+-------+')


def get_next(row, col):
    if col < 8:
        return row, col + 1
    if row < 8:
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
        if puzzle[row][c] != 0:
            used.append(puzzle[row][c])
    for r in range(9):
        if puzzle[r][col] != 0:
            used.append(puzzle[r][col])
    start_row = 3*int(row/3)
    start_col = 3*int(col/3)
    for r in range(start_row, start_row + 3):
        for c in range(start_col, start_col + 3):
            if puzzle[r][c] != 0:
                used.append(puzzle[r][c])
    options = []
    for d in range(1, 10):
        if d not in used:
            options.append(d)
    return options


def solve(puzzle, row, col):
    if puzzle[row][col] != 0:
        next_row, next_col = get_next(row, col)
        if next_row == None:
            return puzzle
        return solve(puzzle, next_row, next_col)

    options = get_options(puzzle, row, col)
    if options == []:
        return None

    for option in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = option
        result = solve(new_puzzle, row, col)
        if result != None:
            return result
    return None
