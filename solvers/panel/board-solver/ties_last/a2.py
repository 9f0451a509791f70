import csv
import itertools
import sys

class Board():

    ##########################################
    ####   Constructor
    ##########################################
    def __init__(self, filename):

        # Initialize all of the variables
        self.n2 = 0 # Length of board
        self.n = 0 # Length of board square
        self.spaces = 0 # Total cells in board
        self.board = None # Mapping dictionary
        self.valsInRows = None # Mapping values to row index
        self.valsInCols = None # Mapping values to column index
        self.valsInBoxes = None # Mapping values to cell
        self.unsolvedSpaces = None # Empty spaces on board

        # Load the file and initialize the in-memory board with the data
        self.loadSudoku(filename)


    # Loads the sudoku board from the given file
    def loadSudoku(self, filename):

        with open(filename) as csvFile:
            self.n = -1
            reader = csv.reader(csvFile)
            for row in reader:

                # Assign the n value and construct the approriately sized dependent data
                if self.n == -1:
                    self.n = int(len(row) ** (1/2))
                    if not self.n ** 2 == len(row):
                        raise Exception('Each row must have n^2 values! (See row 0)')
                    else:
                        self.n2 = len(row)
                        self.spaces = self.n ** 4
                        self.board = {}
                        self.valsInRows = [set() for _ in range(self.n2)]
                        self.valsInCols = [set() for _ in range(self.n2)]
                        self.valsInBoxes = [set() for _ in range(self.n2)]
                        self.unsolvedSpaces = set(itertools.product(range(self.n2), range(self.n2)))

                # Check if each row has the correct number of values
                else:
                    if len(row) != self.n2:
                        raise Exception('Each row must have the same number of values. (See row ' + str(reader.line_num - 1) + ')')

                # Add each value to the correct place in the board; record that the row, col, and box contains value
                for index, item in enumerate(row):
                    if not item == '':
                        self.board[(reader.line_num-1, index)] = int(item)
                        self.valsInRows[reader.line_num-1].add(int(item))
                        self.valsInCols[index].add(int(item))
                        self.valsInBoxes[self.spaceToBox(reader.line_num-1, index)].add(int(item))
                        self.unsolvedSpaces.remove((reader.line_num-1, index))


    ##########################################
    ####   Utility Functions
    ##########################################

    # Converts a given row and column to its inner box number
    def spaceToBox(self, row, col):
        return self.n * (row // self.n) + col // self.n

    # Prints out a command line representation of the board
    def print(self):
        for r in range(self.n2):
            # add row divider
            if r % self.n == 0 and not r == 0:
                if self.n2 > 9:
                    print("  " + "----" * self.n2)
                else:
                    print("  " + "---" * self.n2)

            row = ""

            for c in range(self.n2):

                if (r,c) in self.board:
                    val = self.board[(r,c)]
                else:
                    val = None

                # add column divider
                if c % self.n == 0 and not c == 0:
                    row += " | "
                else:
                    row += "  "

                # add value placeholder
                if self.n2 > 9:
                    if val is None: row += "__"
                    else: row += "%2i" % val
                else:
                    if val is None: row += "_"
                    else: row += str(val)
            print(row)

    ##########################################
    ####   Move Functions - YOUR IMPLEMENTATIONS GO HERE
    ##########################################

    # makes a move, records it in its row, col, and box, and removes the space from unsolvedSpaces
    def makeMove(self, space, value):
        r, c = space
        self.board[space] = value
        self.valsInRows[r].add(value)
        self.valsInCols[c].add(value)
        self.valsInBoxes[self.spaceToBox(r, c)].add(value)
        self.unsolvedSpaces.discard(space)

    # removes the move, its record in its row, col, and box, and adds the space back to unsolvedSpaces
    def undoMove(self, space, value):
        r, c = space
        del self.board[space]
        self.valsInRows[r].discard(value)
        self.valsInCols[c].discard(value)
        self.valsInBoxes[self.spaceToBox(r, c)].discard(value)
        self.unsolvedSpaces.add(space)

    # returns True if the space is empty and on the board,
    # and assigning value to it if not blocked by any constraints
    def isValidMove(self, space, value):
        r, c = space
        # off the board (negative indices would otherwise wrap around)
        if not (0 <= r < self.n2 and 0 <= c < self.n2):
            return False
        # not a value a cell can hold
        if not (1 <= value <= self.n2):
            return False
        # already filled
        if space in self.board:
            return False
        return (value not in self.valsInRows[r]
                and value not in self.valsInCols[c]
                and value not in self.valsInBoxes[self.spaceToBox(r, c)])

    # optional helper function for use by getMostConstrainedUnsolvedSpace
    # returns the size of the space's domain: how many values could still go there
    def evaluateSpace(self, space):
        r, c = space
        used = self.valsInRows[r] | self.valsInCols[c] | self.valsInBoxes[self.spaceToBox(r, c)]
        return self.n2 - len(used)

    # gets the unsolved space with the most current constraints
    # returns None if unsolvedSpaces is empty
    def getMostConstrainedUnsolvedSpace(self):
        # PANEL FLAW: `<=` where `<` was meant: ties go to the last space in row-major order
        best = None
        fewest = self.n2 + 1
        for space in sorted(self.unsolvedSpaces):
            count = self.evaluateSpace(space)
            if count <= fewest:
                best, fewest = space, count
        return best

class Solver:
    ##########################################
    ####   Constructor
    ##########################################
    def __init__(self):
        pass

    ##########################################
    ####   Solver
    ##########################################

    # recursively selects the most constrained unsolved space and attempts
    # to assign a value to it

    # upon completion, it will leave the board in the solved state (or original
    # state if a solution does not exist)

    # returns True if a solution exists and False if one does not
    def solveBoard(self, board):
        space = board.getMostConstrainedUnsolvedSpace()
        if space is None:
            return True
        for value in range(1, board.n2 + 1):
            if board.isValidMove(space, value):
                board.makeMove(space, value)
                if self.solveBoard(board):
                    return True
                board.undoMove(space, value)
        return False

if __name__ == "__main__":
    # change this to the input file that you'd like to test
    board = Board(sys.argv[1] if len(sys.argv) > 1 else 'tests/example.csv')
    s = Solver()
    s.solveBoard(board)
    board.print()
