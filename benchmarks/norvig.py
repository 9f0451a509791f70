"""Peter Norvig's constraint-propagation solver, as published in "Solving Every Sudoku Puzzle"
(norvig.com/sudoku.html, 2006; the code in norvig/pytudes py/sudoku.py, MIT licence).

A faithful port to Python 3 for the benchmark, and the yardstick it compares against: a dict
from square names to strings of remaining digits, `assign` and `eliminate` with both of his
strategies (a square with one value left; a unit with one place left for a value), and a
depth-first search on the square with the fewest values, copying the dict at every guess. The
only change is that the grid size is a parameter (his code fixes it at 9 x 9); at 9 x 9 the
tables below are exactly his.
"""

from __future__ import annotations

import math
from functools import cache

Values = dict[str, str]
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0"


def cross(a: str | list[str], b: str | list[str]) -> list[str]:
    """Cross product of elements in a and elements in b."""
    return [x + y for x in a for y in b]


class Norvig:
    def __init__(self, n: int = 9) -> None:
        k = math.isqrt(n)
        self.digits = ALPHABET[:n]
        rows = [chr(ord("a") + i) for i in range(n)]
        cols = [f"{i:02d}" for i in range(n)] if n > 9 else list(self.digits)
        self.squares = cross(rows, cols)
        unitlist = (
            [cross(rows, [c]) for c in cols]
            + [cross([r], cols) for r in rows]
            + [
                cross(rows[i : i + k], cols[j : j + k])
                for i in range(0, n, k)
                for j in range(0, n, k)
            ]
        )
        self.units = {s: [u for u in unitlist if s in u] for s in self.squares}
        self.peers = {s: set(sum(self.units[s], [])) - {s} for s in self.squares}  # noqa: RUF017

    def parse_grid(self, grid: str) -> Values | bool:
        """Convert grid to a dict of possible values, {square: digits}, or
        return False if a contradiction is detected."""
        values = {s: self.digits for s in self.squares}
        for s, d in self.grid_values(grid).items():
            if d in self.digits and not self.assign(values, s, d):
                return False
        return values

    def grid_values(self, grid: str) -> dict[str, str]:
        """Convert grid into a dict of {square: char} with '0' or '.' for empties."""
        chars = [c for c in grid if c in self.digits or c in "0."]
        assert len(chars) == len(self.squares)
        return dict(zip(self.squares, chars, strict=True))

    def assign(self, values: Values, s: str, d: str) -> Values | bool:
        """Eliminate all the other values (except d) from values[s] and propagate.
        Return values, except return False if a contradiction is detected."""
        other_values = values[s].replace(d, "")
        if all(self.eliminate(values, s, d2) for d2 in other_values):
            return values
        return False

    def eliminate(self, values: Values, s: str, d: str) -> Values | bool:
        """Eliminate d from values[s]; propagate when values or places <= 2.
        Return values, except return False if a contradiction is detected."""
        if d not in values[s]:
            return values  # Already eliminated
        values[s] = values[s].replace(d, "")
        # (1) If a square s is reduced to one value d2, then eliminate d2 from the peers.
        if len(values[s]) == 0:
            return False  # Contradiction: removed last value
        elif len(values[s]) == 1:
            d2 = values[s]
            if not all(self.eliminate(values, s2, d2) for s2 in self.peers[s]):
                return False
        # (2) If a unit u is reduced to only one place for a value d, then put it there.
        for u in self.units[s]:
            dplaces = [s for s in u if d in values[s]]
            if len(dplaces) == 0:
                return False  # Contradiction: no place for this value
            elif len(dplaces) == 1:  # noqa: SIM102 - his code, kept as published
                # d can only be in one place in unit; assign it there
                if not self.assign(values, dplaces[0], d):
                    return False
        return values

    def search(self, values: Values | bool) -> Values | bool:
        """Using depth-first search and propagation, try all possible values."""
        if values is False or values is True:
            return False  # Failed earlier
        if all(len(values[s]) == 1 for s in self.squares):
            return values  # Solved!
        # Chose the unfilled square s with the fewest possibilities
        _, s = min((len(values[s]), s) for s in self.squares if len(values[s]) > 1)
        return some(self.search(self.assign(values.copy(), s, d)) for d in values[s])

    def solve(self, grid: str) -> Values | bool:
        return self.search(self.parse_grid(grid))


def some(seq: object) -> Values | bool:
    """Return some element of seq that is true."""
    for e in seq:  # type: ignore[attr-defined]
        if e:
            return e  # type: ignore[no-any-return]
    return False


@cache
def norvig(n: int) -> Norvig:
    return Norvig(n)


def solve(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...] | None:
    """Adapter to the harness's grids (0 = blank); None when Norvig finds no solution."""
    n = len(grid)
    solver = norvig(n)
    text = "".join(solver.digits[v - 1] if v else "." for row in grid for v in row)
    values = solver.solve(text)
    if not isinstance(values, dict):
        return None
    flat = [solver.digits.index(values[s]) + 1 for s in solver.squares]
    return tuple(tuple(flat[r * n : (r + 1) * n]) for r in range(n))
