import sys

from board import Board


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
        if space == None:
            return True

        # only the values nothing around the space already uses
        possible = set(range(1, board.n2 + 1)) - board.evaluateSpace(space)
        for value in sorted(possible):
            board.makeMove(space, value)
            if self.solveBoard(board):
                return True
            board.undoMove(space, value)
        return False

if __name__ == "__main__":
    # change this to the input file that you'd like to test
    board = Board('tests/test-2-medium/00.csv')
    s = Solver()
    s.solveBoard(board)
    board.print()
