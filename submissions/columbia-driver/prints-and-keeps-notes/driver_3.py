"""driver_3.py, written for sudoku-harness (the columbia-driver worked example): AC-3, then
backtracking with MRV and forward checking; prints what it does and keeps notes of each board in
README.txt."""

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


def forward_checked(domains, cell, value):
    """The domains after cell = value, its peers losing the value; None when one empties."""
    narrowed = dict(domains)
    narrowed[cell] = {value}
    for peer in PEERS[cell]:
        if value in narrowed[peer]:
            narrowed[peer] = narrowed[peer] - {value}
            if not narrowed[peer]:
                return None
    return narrowed


def backtrack(domains, unassigned):
    """Search: the unassigned cell with the fewest values left first (MRV), each value
    checked forward against its peers."""
    if not unassigned:
        return domains
    cell = min(unassigned, key=lambda c: (len(domains[c]), c))
    for value in sorted(domains[cell]):
        narrowed = forward_checked(domains, cell, value)
        if narrowed is not None:
            found = backtrack(narrowed, unassigned - {cell})
            if found is not None:
                return found
    return None


def solve(text):
    """The solved board as 81 digits, and the algorithm that solved it."""
    domains = domains_of(text)
    if not ac3(domains):
        return None, "BTS"
    if all(len(domains[cell]) == 1 for cell in CELLS):
        return domains, "AC3"
    unassigned = {cell for cell in CELLS if len(domains[cell]) > 1}
    return backtrack(domains, unassigned), "BTS"


def board_text(domains):
    return "".join(str(next(iter(domains[cell]))) for cell in CELLS)


def main(text):
    print(text)
    domains, algorithm = solve(text)
    print(board_text(domains), algorithm)
    with open("output.txt", "w") as out:
        out.write(f"{board_text(domains)} {algorithm}\n")
    with open("README.txt", "a") as notes:
        notes.write(f"{text} solved by {algorithm}\n")


if __name__ == "__main__":
    main(sys.argv[1])
