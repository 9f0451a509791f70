from typing import Tuple, List
# No other imports allowed

# PART OF THE DRIVER CODE

def input_sudoku() -> List[List[int]]:
    """Function to take input a sudoku from stdin and return
    it as a list of lists.
    Each row of sudoku is one line.
    """
    sudoku= list()
    for _ in range(9):
        row = list(map(int, input().rstrip(" ").split(" ")))
        sudoku.append(row)
    return sudoku

def print_sudoku(sudoku:List[List[int]]) -> None:
    """Helper function to print sudoku to stdout
    Each row of sudoku in one line.
    """
    for i in range(9):
        for j in range(9):
            print(sudoku[i][j], end = " ")
        print()

# You have to implement the functions below

def get_block_num(sudoku:List[List[int]], pos:Tuple[int, int]) -> int:
    """returns the block number (1-9) of the block containing pos"""
    row, col = pos[0], pos[1]
    if row <= 3:
        band = 0
    elif row <= 6:
        band = 1
    else:
        band = 2
    if col <= 3:
        stack = 1
    elif col <= 6:
        stack = 2
    else:
        stack = 3
    return band * 3 + stack

def get_position_inside_block(sudoku:List[List[int]], pos:Tuple[int, int]) -> int:
    """returns index (1-9) of pos inside its block"""
    b = get_block_num(sudoku, pos)
    r = pos[0] - ((b - 1) // 3) * 3     # row inside block, 1..3
    c = pos[1] - ((b - 1) % 3) * 3      # col inside block, 1..3
    return (r - 1) * 3 + c

def get_block(sudoku:List[List[int]], x: int) -> List[int]:
    """returns the x^th block (1-9) row by row"""
    start_r = 3 * ((x - 1) // 3)
    start_c = 3 * ((x - 1) % 3)
    res = []
    for r in range(start_r, start_r + 3):
        res = res + sudoku[r][start_c:start_c + 3]
    return res

def get_row(sudoku:List[List[int]], i: int)-> List[int]:
    """returns the ith row"""
    return sudoku[i - 1][:]

def get_column(sudoku:List[List[int]], x: int)-> List[int]:
    """returns the xth column"""
    col = []
    for r in sudoku:
        col.append(r[x - 1])
    return col

def find_first_unassigned_position(sudoku : List[List[int]]) -> Tuple[int, int]:
    """This function returns the first empty position in the Sudoku. 
    If there are more than 1 position which is empty then position with lesser
    row number should be returned. If two empty positions have same row number then the position
    with less column number is to be returned. If the sudoku is completely filled then return `(-1, -1)`.
    """
    for col in range(9):
        for row in range(9):
            if sudoku[row][col] == 0:
                return (row + 1, col + 1)
    return (-1, -1)

def valid_list(lst: List[int])-> bool:
    """True if no non zero number repeats in lst"""
    vals = []
    for v in lst:
        if v != 0:
            vals.append(v)
    vals.sort()
    for k in range(len(vals) - 1):
        if vals[k] == vals[k + 1]:
            return False
    return True

def valid_sudoku(sudoku:List[List[int]])-> bool:
    """This function returns True if the whole Sudoku is valid.
    """
    ok = True
    for i in range(1, 10):
        ok = ok and valid_list(get_row(sudoku, i))
        ok = ok and valid_list(get_column(sudoku, i))
        ok = ok and valid_list(get_block(sudoku, i))
    return ok

def get_candidates(sudoku:List[List[int]], pos:Tuple[int, int]) -> List[int]:
    """list of numbers that can go at pos right now"""
    used = get_row(sudoku, pos[0]) + get_column(sudoku, pos[1]) + get_block(sudoku, get_block_num(sudoku, pos))
    return [n for n in range(1, 10) if n not in used]

def make_move(sudoku:List[List[int]], pos:Tuple[int, int], num:int) -> List[List[int]]:
    """puts num at pos and returns the sudoku"""
    sudoku[pos[0] - 1][pos[1] - 1] = num
    return sudoku

def undo_move(sudoku:List[List[int]], pos:Tuple[int, int]):
    """puts 0 back at pos and returns the sudoku"""
    sudoku[pos[0] - 1][pos[1] - 1] = 0
    return sudoku

def sudoku_solver(sudoku: List[List[int]]) -> Tuple[bool, List[List[int]]]:
    """ This is the main Sudoku solver. This function solves the given incomplete Sudoku and returns 
    true as well as the solved sudoku if the Sudoku can be solved i.e. after filling all the empty positions the Sudoku remains valid.
    It return them in a tuple i.e. `(True, solved_sudoku)`.

    However, if the sudoku cannot be solved, it returns False and the same sudoku that given to solve i.e. `(False, original_sudoku)`
    """
    pos = find_first_unassigned_position(sudoku)
    if pos == (-1, -1):
        return (valid_sudoku(sudoku), sudoku)
    cand = get_candidates(sudoku, pos)
    if len(cand) == 0:
        return (False, sudoku)
    for c in cand:
        make_move(sudoku, pos, c)
        if sudoku_solver(sudoku)[0]:
            return (True, sudoku)
        undo_move(sudoku, pos)
    return (False, sudoku)

# PLEASE NOTE:
# We would be importing your functions and checking the return values in the autograder.
# However, note that you must not print anything in the functions that you define above before you 
# submit your code since it may result in undefined behaviour of the autograder.

# Following is the driver code
# you can edit the following code to check your performance.
if __name__ == "__main__":

    # Input the sudoku from stdin
    sudoku = input_sudoku()

    # Try to solve the sudoku
    possible, sudoku = sudoku_solver(sudoku)

    # Check if it could be solved
    if possible:
        print("Found a valid solution for the given sudoku :)")
        print_sudoku(sudoku)

    else:
        print("The given sudoku cannot be solved :(")
        print_sudoku(sudoku)
