"""How hard a puzzle is, measured by the reference solver rather than guessed from clue counts.

- easy: naked singles alone (a cell with one candidate left) fill the grid;
- medium: naked and hidden singles (a value with one place left in a unit) fill it;
- hard: the solver has to guess.

`guesses` is the number of values the solver tries while proving the solution unique (it searches
for a second one), a measure that keeps growing where the three levels stop. With python-sat
installed it stops growing at HANDOFF_GUESSES (puzzles/decide.py): past that, the SAT solver
proves the puzzle, and the rating reads "at least that many".

`plain_tries` is what the same puzzle costs the solver a handout asks for: the first empty cell
row by row, values in ascending order, each checked against its row, column and box. An easy
puzzle by the levels above can take such a solver 100,000 tries (half a second in Python).

`technique` and `rounds` say how a puzzle is decided without guessing, for holding a tier to the
course's samples (harness/calibration/axes.py): the weakest of naked singles, hidden singles (with
naked ones) and locked candidates (with both) that decides it (fills it, or proves it has no
solution), or guessing; and how many rounds that takes, a round placing every single the grid
shows at once (and, with locked candidates, removing them all when it shows no single), so a
long chain of singles, each waiting for the last, counts as many rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from harness.puzzles import narrowing, solver
from harness.puzzles.decide import decide
from harness.puzzles.sudoku import box_of

Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)
Deduction = Literal["naked singles", "hidden singles", "locked candidates"]  # weakest first
DEDUCTIONS: tuple[Deduction, ...] = get_args(Deduction)
Technique = Literal[Deduction, "guessing"]
TECHNIQUES: tuple[Technique, ...] = get_args(Technique)


@dataclass(frozen=True)
class Rating:
    difficulty: Difficulty
    guesses: int


def rate(grid: Sequence[Sequence[int]], max_guesses: int | None = None) -> Rating:
    return Rating(difficulty=level(grid), guesses=decide(grid, 2, max_guesses=max_guesses).guesses)


def level(grid: Sequence[Sequence[int]]) -> Difficulty:
    if solver.singles_complete(grid, hidden_singles=False):
        return "easy"
    if solver.singles_complete(grid, hidden_singles=True):
        return "medium"
    return "hard"


def plain_tries(grid: Sequence[Sequence[int]], budget: int) -> int | None:
    """Values a plain row-major backtracker places before it has the first solution (or knows
    there is none); None once it has placed more than `budget`."""
    n = len(grid)
    rows, columns, boxes = [0] * n, [0] * n, [0] * n
    cells = []
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            box = box_of(n, r, c)
            if value:
                bit = 1 << (value - 1)
                rows[r] |= bit
                columns[c] |= bit
                boxes[box] |= bit
            else:
                cells.append((r, c, box))
    full = (1 << n) - 1
    placed = [0] * len(cells)  # the bit of the value in each cell, 0 for none
    at = tries = 0
    while 0 <= at < len(cells):
        r, c, box = cells[at]
        bit = placed[at]
        rows[r] &= ~bit
        columns[c] &= ~bit
        boxes[box] &= ~bit
        free = full & ~(rows[r] | columns[c] | boxes[box]) & -(bit << 1 or 1)
        bit = free & -free  # the smallest value above the last one tried, 0 when none is left
        placed[at] = bit
        if not bit:
            at -= 1
            continue
        tries += 1
        if tries > budget:
            return None
        rows[r] |= bit
        columns[c] |= bit
        boxes[box] |= bit
        at += 1
    return tries


def technique(grid: Sequence[Sequence[int]]) -> Technique:
    """The weakest deduction whose rounds decide the puzzle, or guessing when none does."""
    for deduction in DEDUCTIONS:
        if rounds(grid, deduction) is not None:
            return deduction
    return "guessing"


def rounds(grid: Sequence[Sequence[int]], deduction: Deduction) -> int | None:
    """Rounds of `deduction` until the puzzle is decided: every cell filled, or a cell (with
    hidden singles, a value in a unit) left with no place; None when a round finds nothing to
    do first. Each round places every single the grid shows (naked: a cell with one candidate;
    hidden: a value with one place in a row, column or box) at once; with locked candidates, a
    round that shows no single removes every locked candidate instead."""
    board = _Board.of(grid)
    hidden = deduction != "naked singles"
    count = 0
    while not board.decided(hidden):
        found = board.singles(hidden)
        if found:
            board.place(found)
        elif deduction != "locked candidates" or not narrowing.lock(board.masks, board.geo.n):
            return None
        count += 1
    return count


class _Board:
    """Candidate masks for `rounds`: a filled cell holds its value's bit and is `filled`."""

    def __init__(self, geo: solver.Geometry) -> None:
        self.geo = geo
        self.masks = [geo.full] * (geo.n * geo.n)
        self.filled = [False] * (geo.n * geo.n)
        self.broken = False  # two cells of a unit hold one value

    @classmethod
    def of(cls, grid: Sequence[Sequence[int]]) -> _Board:
        board = cls(solver.Geometry.of(len(grid)))
        givens = {
            r * board.geo.n + c: 1 << (value - 1)
            for r, row in enumerate(grid)
            for c, value in enumerate(row)
            if value
        }
        board.place(givens)
        return board

    def decided(self, hidden: bool) -> bool:
        if self.broken or all(self.filled) or not all(self.masks):
            return True
        if not hidden:
            return False
        return any(self._union(unit) != self.geo.full for unit in self.geo.units)

    def _union(self, unit: tuple[int, ...]) -> int:
        union = 0
        for cell in unit:
            union |= self.masks[cell]
        return union

    def singles(self, hidden: bool) -> dict[int, int]:
        """Every single the grid shows: cell -> the bit of its value (a cell two singles give
        different values marks the board broken)."""
        masks, filled = self.masks, self.filled
        found = {
            cell: mask
            for cell, mask in enumerate(masks)
            if not filled[cell] and not mask & (mask - 1)
        }
        for unit in self.geo.units if hidden else ():
            once = twice = 0
            for cell in unit:
                if not filled[cell]:
                    twice |= once & masks[cell]
                    once |= masks[cell]
            for cell in unit:
                bit = masks[cell] & once & ~twice
                if bit and not filled[cell]:
                    self.broken |= found.setdefault(cell, bit) != bit
        return found

    def place(self, values: dict[int, int]) -> None:
        """Fill each cell with its bit and remove the bit from the cell's peers."""
        masks = self.masks
        for cell, bit in values.items():
            self.broken |= not masks[cell] & bit or bit & (bit - 1) != 0
            masks[cell] = bit
            self.filled[cell] = True
        for cell, bit in values.items():
            for peer in self.geo.peers[cell]:
                if masks[peer] & bit:
                    self.broken |= self.filled[peer]
                    masks[peer] &= ~bit
