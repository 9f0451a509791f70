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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from harness.puzzles import solver
from harness.puzzles.decide import decide
from harness.puzzles.sudoku import box_of

Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)


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
    cells = [(r, c, box_of(n, r, c)) for r in range(n) for c in range(n) if grid[r][c] == 0]
    used = {
        key
        for r, row in enumerate(grid)
        for c, v in enumerate(row)
        if v
        for key in (("row", r, v), ("column", c, v), ("box", box_of(n, r, c), v))
    }
    placed = [0] * len(cells)
    at = tries = 0
    while 0 <= at < len(cells):
        row, col, box = cells[at]
        keys = (("row", row), ("column", col), ("box", box))
        used.difference_update((kind, unit, placed[at]) for kind, unit in keys)
        value = next(
            (v for v in range(placed[at] + 1, n + 1) if all((*k, v) not in used for k in keys)),
            0,
        )
        placed[at] = value
        if not value:
            at -= 1
            continue
        tries += 1
        if tries > budget:
            return None
        used.update((kind, unit, value) for kind, unit in keys)
        at += 1
    return tries
