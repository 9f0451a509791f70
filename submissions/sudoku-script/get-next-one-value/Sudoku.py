def load_puzzle(path):
    with open(path, 'r') as file:
        lines = file.read().split('\n')
    puzzle = []
    for line in lines:
        token_strings = line.split()
        if len(token_strings) == 0:
            continue
        token_ints = [int(s) for s in token_strings]
        puzzle.append(token_ints)
    return puzzle


def display_puzzle(puzzle):
    for i in range(9):
        if i == 0 or i == 3 or i == 6:
            print('+-------+-------+-------+')
        row = '| '
        for j in range(9):
            if puzzle[i][j] == 0:
                row += '. '
            else:
                row += str(puzzle[i][j]) + ' '
            if j == 2 or j == 5 or j == 8:
                row += '| '
        print(row)
    print('+-------+-------+-------+')


# cells are numbered 0 to 80 going left to right, top to bottom
def get_next(row, col):
    index = row * 9 + col + 1
    if index > 80:
        return None
    return index


def copy_puzzle(puzzle):
    new_puzzle = []
    for sub in puzzle:
        new_puzzle.append(sub.copy())
    return new_puzzle


def get_options(puzzle, row, col):
    if puzzle[row][col] > 0:
        return None
    used = []
    for x in puzzle[row]:
        if x != 0:
            used.append(x)
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
    for x in range(1, 10):
        if x not in used:
            options.append(x)
    return options


def solve(puzzle, row=0, col=0):
    if puzzle[row][col] != 0:
        next_index = get_next(row, col)
        if next_index is None:
            return puzzle
        next_row = next_index // 9
        next_col = next_index % 9
        return solve(puzzle, next_row, next_col)

    options = get_options(puzzle, row, col)
    if len(options) == 0:
        return None

    for x in options:
        new_puzzle = copy_puzzle(puzzle)
        new_puzzle[row][col] = x
        result = solve(new_puzzle, row, col)
        if result is not None:
            return result
    return None
