"""Reference solver for the `stdin-program` assignment (Wits COMS1017A/1021A Project 1).

Reads an n x n Sudoku (n = 4, 9, 16, 25 or 36) from stdin as whitespace-separated tokens and
prints its solution, or `No Solution` when it has none.

Input: n * n tokens, row by row; n is worked out from the count. `0` or `.` is a blank; values
1-9 are digits; values above 9 are either letters (A = 10, B = 11, ... as in the course's sample
files, where 16 x 16 uses A..G and 25 x 25 uses A..P) or decimal numbers (10, 11, ...). A 36 x 36
grid must use decimal numbers, since the letters stop at Z = 35.

Output: n lines, values separated by single spaces. Values above 9 are written the way the input
wrote them: letters if it had any letter, decimal if it had any number >= 10; with neither,
letters up to 25 x 25 and decimal for 36 x 36. Bad input gets a message on stderr and exit 1.

Method: each cell keeps its candidates as one int (bit v - 1 set when value v is possible).
Propagation places naked singles (a cell with one candidate left) and hidden singles (a value
with one place left in a row, column or box), and applies box/line interactions (a value that a
box can only have in one line, or a line in one box, is removed from the rest of that line or
box), until nothing changes. The search then takes the cell with the fewest candidates and tries
its values in turn, each on a copy of the candidates; a value that fails is removed from the cell
and propagation runs again before the next choice. (Box/line interactions are cheap, and they cut
the search sharply on hard 25 x 25 puzzles, above all ones with no solution.)

Pure standard library; runs under `python3 -S -B sudoku.py < puzzle.txt`.
"""

from __future__ import annotations

import math
import sys

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # A = 10, ..., Z = 35
SIZES = (4, 9, 16, 25, 36)

Candidates = list[int]  # one bit mask per cell, cells numbered row-major from 0
Cells = tuple[int, ...]


class BadInput(Exception):
    """The input is not a Sudoku this program can read."""


# ---------------------------------------------------------------- geometry


class Geometry:
    """Index tables for an n x n grid (n = k * k), built once per run.

    units: the 3n rows, columns and boxes, as tuples of cells.
    peers: for each cell, the other cells sharing a unit with it.
    crossings: each place where a line (row or column) crosses a box (see Crossing).
    """

    def __init__(self, n: int) -> None:
        k = math.isqrt(n)
        self.n = n
        self.full = (1 << n) - 1
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = [
            tuple((top + i) * n + left + j for i in range(k) for j in range(k))
            for top in range(0, n, k)
            for left in range(0, n, k)
        ]
        self.units: tuple[Cells, ...] = tuple(rows + cols + boxes)
        peers: list[set[int]] = [set() for _ in range(n * n)]
        for unit in self.units:
            for cell in unit:
                peers[cell].update(unit)
        self.peers: tuple[Cells, ...] = tuple(
            tuple(sorted(p - {cell})) for cell, p in enumerate(peers)
        )
        self.crossings = crossings(rows, k, 0) + crossings(cols, k, n * k)


# Where a line (row or column) crosses a box, as the tuple
#   (segment, line_rest, box_rest, line_others, box_others):
# the k cells they share, the rest of the line, the rest of the box, and the numbers of the other
# crossings (same orientation) on the line and in the box, whose segments make up those rests.
Crossing = tuple[Cells, Cells, Cells, Cells, Cells]


def crossings(lines: list[Cells], k: int, first: int) -> list[Crossing]:
    """The crossings of `lines` (all rows, or all columns) with the boxes. Segment j of line i
    (the line's cells j*k .. j*k + k - 1) is crossing number first + i * k + j."""
    found = []
    for i, line in enumerate(lines):
        top = i - i % k
        band = lines[top : top + k]  # the k lines through the same boxes
        for j in range(k):
            part = slice(j * k, j * k + k)
            segment = line[part]
            line_rest = line[: j * k] + line[j * k + k :]
            box_rest = tuple(cell for other in band if other is not line for cell in other[part])
            line_others = tuple(first + i * k + jj for jj in range(k) if jj != j)
            box_others = tuple(first + ii * k + j for ii in range(top, top + k) if ii != i)
            found.append((segment, line_rest, box_rest, line_others, box_others))
    return found


# ---------------------------------------------------------------- propagation


class Contradiction(Exception):
    """The candidates admit no solution."""


def eliminate(cand: Candidates, queue: list[int], peers: tuple[Cells, ...]) -> None:
    """Remove each queued cell's value from its peers, queueing peers left with one value.

    Raises Contradiction when a cell has no candidates left.
    """
    while queue:
        cell = queue.pop()
        bit = cand[cell]
        for peer in peers[cell]:
            mask = cand[peer]
            if mask & bit:
                mask ^= bit
                if not mask:
                    raise Contradiction
                cand[peer] = mask
                if not mask & (mask - 1):
                    queue.append(peer)


def hidden_singles(cand: Candidates, queue: list[int], geo: Geometry) -> None:
    """Place every value that has one possible cell left in some unit, queueing those cells.

    Raises Contradiction when a value has no place left in some unit.
    """
    full = geo.full
    for unit in geo.units:
        once = twice = fixed = 0
        for cell in unit:
            mask = cand[cell]
            twice |= once & mask
            once |= mask
            if not mask & (mask - 1):
                fixed |= mask
        if once != full:
            raise Contradiction
        hidden = once & ~twice & ~fixed
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            for cell in unit:
                if cand[cell] & bit:
                    cand[cell] = bit
                    queue.append(cell)
                    break
            else:  # this unit's last place for `bit` was just given another value
                raise Contradiction


def remove(cand: Candidates, queue: list[int], cells: Cells, drop: int) -> bool:
    """Remove the values in `drop` from `cells`; True if any cell changed."""
    changed = False
    for cell in cells:
        mask = cand[cell]
        if mask & drop:
            mask &= ~drop
            if not mask:
                raise Contradiction
            cand[cell] = mask
            changed = True
            if not mask & (mask - 1):
                queue.append(cell)
    return changed


def box_line(cand: Candidates, queue: list[int], geo: Geometry) -> bool:
    """Box/line interactions (locked candidates); True if any candidate was removed.

    Where a line crosses a box: a value the box can only have in the shared cells is removed
    from the rest of the line ("pointing"), and a value the line can only have there is removed
    from the rest of the box ("claiming"). Raises Contradiction when a cell is left empty.
    """
    unions = []  # the candidates of each crossing's segment
    for segment, _, _, _, _ in geo.crossings:
        union = 0
        for cell in segment:
            union |= cand[cell]
        unions.append(union)
    changed = False
    for here, (_, line_rest, box_rest, line_others, box_others) in zip(
        unions, geo.crossings, strict=True
    ):
        in_line = in_box = 0
        for other in line_others:
            in_line |= unions[other]
        for other in box_others:
            in_box |= unions[other]
        pointing = here & in_line & ~in_box
        if pointing and remove(cand, queue, line_rest, pointing):
            changed = True
        claiming = here & in_box & ~in_line
        if claiming and remove(cand, queue, box_rest, claiming):
            changed = True
    return changed


def propagate(cand: Candidates, queue: list[int], geo: Geometry) -> bool:
    """Apply naked singles, hidden singles and box/line interactions until none finds anything.

    False when the candidates turn out to admit no solution.
    """
    try:
        while True:
            eliminate(cand, queue, geo.peers)
            hidden_singles(cand, queue, geo)
            if not queue and not box_line(cand, queue, geo):
                return True
    except Contradiction:
        return False


# ---------------------------------------------------------------- search


def fewest_candidates(cand: Candidates) -> int:
    """The unsolved cell with the fewest candidates, or -1 when every cell is solved."""
    best, best_count = -1, 1 << 30
    for cell, mask in enumerate(cand):
        if mask & (mask - 1):
            count = mask.bit_count()
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break
    return best


def search(cand: Candidates, geo: Geometry) -> Candidates | None:
    """Depth-first search from a propagated state; the solved candidates, or None.

    `cand` belongs to this call and is narrowed in place as guesses fail.
    """
    while True:
        cell = fewest_candidates(cand)
        if cell < 0:
            return cand
        bit = cand[cell] & -cand[cell]
        trial = cand[:]
        trial[cell] = bit
        if propagate(trial, [cell], geo):
            solved = search(trial, geo)
            if solved is not None:
                return solved
        # `bit` cannot go in `cell` here: drop it and let propagation use that fact.
        cand[cell] ^= bit
        queue = [] if cand[cell] & (cand[cell] - 1) else [cell]
        if not propagate(cand, queue, geo):
            return None


def solve(values: list[int], geo: Geometry) -> list[int] | None:
    """The solution of a puzzle given row-major (0 = blank), or None when it has none."""
    cand = [geo.full] * (geo.n * geo.n)
    queue = []
    for cell, value in enumerate(values):
        if value:
            cand[cell] = 1 << (value - 1)
            queue.append(cell)
    # Givens that clash with each other are caught here as an empty cell.
    if not propagate(cand, queue, geo):
        return None
    sys.setrecursionlimit(max(1000, len(cand) + 100))  # at most one level per blank cell
    solved = search(cand, geo)
    if solved is None:
        return None
    return [mask.bit_length() for mask in solved]


# ---------------------------------------------------------------- input and output


def size_of(count: int) -> int:
    """n for a grid of `count` cells, when it is one of SIZES."""
    for n in SIZES:
        if n * n == count:
            return n
    raise BadInput(
        f"expected 16, 81, 256, 625 or 1296 values (a 4x4, 9x9, 16x16, 25x25 or 36x36 grid), "
        f"got {count}"
    )


def read_value(token: str, n: int) -> tuple[int, str]:
    """A token's value (0 = blank) and how it was written: 'digit', 'letter' or 'decimal'."""
    if token == ".":
        return 0, "digit"
    if token.isdigit() and token.isascii():
        value = int(token)
        style = "decimal" if value >= 10 else "digit"
    elif len(token) == 1 and token.upper() in LETTERS and n < 36:
        value, style = 10 + LETTERS.index(token.upper()), "letter"
    elif len(token) == 1 and token.upper() in LETTERS:
        raise BadInput(f"{n}x{n} values must be decimal numbers, got {token!r}")
    else:
        raise BadInput(
            f"{token!r} is not a value (use 0 or . for a blank, and 1-{n} as digits, "
            f"letters from A = 10, or decimal numbers)"
        )
    if value > n:
        raise BadInput(f"{token!r} is too large for a {n}x{n} grid")
    return value, style


def parse(text: str) -> tuple[int, list[int], bool]:
    """The grid size, the values row-major, and whether to write values above 9 as letters."""
    tokens = text.split()
    n = size_of(len(tokens))
    values, styles = [], set()
    for token in tokens:
        value, style = read_value(token, n)
        values.append(value)
        styles.add(style)
    if "letter" in styles:
        letters = True
    elif "decimal" in styles:
        letters = False
    else:
        letters = n <= 25
    return n, values, letters


def show(value: int, letters: bool) -> str:
    return LETTERS[value - 10] if letters and value >= 10 else str(value)


def render(n: int, values: list[int], letters: bool) -> str:
    rows = [values[r * n : (r + 1) * n] for r in range(n)]
    return "".join(" ".join(show(v, letters) for v in row) + "\n" for row in rows)


def main() -> int:
    try:
        n, values, letters = parse(sys.stdin.read())
    except BadInput as problem:
        sys.stderr.write(f"sudoku: {problem}\n")
        return 1
    solution = solve(values, Geometry(n))
    sys.stdout.write("No Solution\n" if solution is None else render(n, solution, letters))
    return 0


if __name__ == "__main__":
    sys.exit(main())
