"""How hard a puzzle is, measured by the reference solver rather than guessed from clue counts.

- easy: naked singles alone (a cell with one candidate left) fill the grid;
- medium: naked and hidden singles (a value with one place left in a unit) fill it;
- hard: the solver has to guess.

`guesses` is the number of values the solver tries while proving the solution unique (it searches
for a second one), a measure that keeps growing where the three levels stop. With python-sat
installed it stops growing at HANDOFF_GUESSES (puzzles/decide.py): past that, the SAT solver
proves the puzzle, and the rating reads "at least that many".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from harness.puzzles import solver
from harness.puzzles.decide import decide

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
