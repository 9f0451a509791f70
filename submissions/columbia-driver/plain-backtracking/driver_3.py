"""driver_3.py, written for sudoku-harness (the columbia-driver worked example): AC-3, then
backtracking."""

import sys

ROWS = "ABCDEFGHI"
COLUMNS = "123456789"
CELLS = [row + column for row in ROWS for column in COLUMNS]


def _units():
    rows = [[row + column for column in COLUMNS] for row in ROWS]
    columns = [[row + column for row in ROWS] for column in COLUMNS]
    bands = ("ABC", "DEF", "GHI")
    stacks = ("123", "456", "789")
    boxes = [
        [row + column for row in band for column in stack] for band in bands for stack in stacks
    ]
    return rows + columns + boxes


UNITS = _units()
PEERS = {cell: set().union(*(unit for unit in UNITS if cell in unit)) - {cell} for cell in CELLS}


def domains_of(text):
    """Each cell's possible values: its given, or 1..9."""
    return {
        cell: {int(char)} if char != "0" else set(range(1, 10)) for cell, char in zip(CELLS, text)
    }


def revise(domains, cell, peer):
    """Arc (cell, peer) of the constraint cell != peer: a value of cell is dropped when peer
    can only take that value."""
    if len(domains[peer]) == 1 and domains[peer] <= domains[cell]:
        domains[cell] = domains[cell] - domains[peer]
        return True
    return False


def ac3(domains):
    """Arc consistency over every pair of peers; False when a domain empties."""
    queue = [(cell, peer) for cell in CELLS for peer in PEERS[cell]]
    while queue:
        cell, peer = queue.pop()
        if revise(domains, cell, peer):
            if not domains[cell]:
                return False
            queue.extend((other, cell) for other in PEERS[cell] if other != peer)
    return True


def consistent(board, cell, value):
    """No peer already holds the value."""
    return all(board[peer] != value for peer in PEERS[cell])


def backtrack(board):
    """Plain search: the first empty cell in reading order, values 1..9, each checked against
    its peers. No MRV, no forward checking."""
    empty = next((cell for cell in CELLS if board[cell] == 0), None)
    if empty is None:
        return board
    for value in range(1, 10):
        if consistent(board, empty, value):
            board[empty] = value
            if backtrack(board) is not None:
                return board
    board[empty] = 0
    return None


def solve(text):
    """The solved board as 81 digits, and the algorithm that solved it."""
    domains = domains_of(text)
    if not ac3(domains):
        return None, "BTS"
    if all(len(domains[cell]) == 1 for cell in CELLS):
        return domains, "AC3"
    board = {cell: next(iter(domains[cell])) if len(domains[cell]) == 1 else 0 for cell in CELLS}
    solved = backtrack(board)
    return {cell: {solved[cell]} for cell in CELLS}, "BTS"


def board_text(domains):
    return "".join(str(next(iter(domains[cell]))) for cell in CELLS)


def main(text):
    domains, algorithm = solve(text)
    with open("output.txt", "w") as out:
        out.write(f"{board_text(domains)} {algorithm}\n")


if __name__ == "__main__":
    main(sys.argv[1])
