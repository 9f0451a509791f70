"""`suites generate`: new puzzles with a unique solution, at a measured difficulty, reproducibly.

A random full grid comes from the reference solver trying values in a shuffled order. Clues are
then removed in a random order while the puzzle keeps the property its difficulty needs:

- easy: naked singles alone still fill the grid;
- medium: naked and hidden singles still fill it;
- hard: first as for medium, then on while the solution stays unique (proved by the solver
  within a guess budget per removal; a removal it cannot prove is not made), until proving it
  takes TARGET_GUESSES or the budget for the whole puzzle is spent.

Each property implies a unique solution. With `max_blanks`, removing stops at that many blanks:
an easy puzzle with fewer blanks is one that plain first-empty backtracking, as students write it,
also solves in time (`suites calibrate`). The result is rated (see rating.py) and kept only when
the measured level is the one asked for; otherwise the case starts again from a new grid. Every
random choice comes from a generator seeded with (seed, size, difficulty, case, attempt), so the
same arguments give the same file on any machine.

Removals are tried in chunks that grow while they succeed and shrink when they fail, so the early
stretch, where nearly every clue can go, costs a few checks instead of one per cell; after 2n
failures in a row at one cell a time, the stage stops (the rest would nearly all fail too, and at
25 x 25 each check costs milliseconds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from harness.errors import BadInput
from harness.puzzles import solver
from harness.puzzles.rating import Difficulty, Rating, level
from harness.puzzles.sudoku import box_side
from harness.puzzles.suites import Case
from harness.records.evidence import Grid

SIZES = (4, 9, 16, 25, 36)
MAX_ATTEMPTS = 200
PROOF_GUESSES = 200  # per uniqueness check while removing clues for a hard puzzle
HARD_GUESSES = 2_000  # for all of them, so a 25x25 takes seconds (counted, so deterministic)
TARGET_GUESSES = 10  # a hard puzzle this hard to prove unique needs no more removing

Cells = list[list[int]]
Keeps = Callable[[Cells], bool]


@dataclass(frozen=True)
class Request:
    size: int
    count: int
    difficulty: Difficulty
    seed: int
    max_blanks: int | None = None  # stop removing clues at this many blanks (None: no limit)

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise BadInput(f"--size: {self.size} is not one of {', '.join(map(str, SIZES))}")
        if self.count < 1:
            raise BadInput(f"--count: {self.count} must be at least 1")
        if self.max_blanks is not None and self.max_blanks < 1:
            raise BadInput(f"--max-blanks: {self.max_blanks} must be at least 1")


def generate(request: Request, suite: str) -> list[Case]:
    return [_case(request, suite, index) for index in range(request.count)]


def _case(request: Request, suite: str, index: int) -> Case:
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"{request.seed}:{request.size}:{request.difficulty}:{index}:{attempt}")
        made = _attempt(request, rng)
        if made is not None:
            puzzle, solution, rating = made
            clues = sum(v != 0 for row in puzzle for v in row)
            return Case(
                suite=suite,
                id=f"{request.difficulty}-{request.size}x{request.size}-{index + 1:03d}",
                puzzle=puzzle,
                solution=solution,
                source=(
                    f"generated: seed {request.seed}, case {index + 1}, attempt {attempt + 1}, "
                    f"{clues} clues"
                ),
                rating=rating,
            )
    raise BadInput(
        f"--difficulty: no {request.difficulty} {request.size}x{request.size} puzzle "
        f"in {MAX_ATTEMPTS} attempts (try another difficulty or seed)"
    )


def _attempt(request: Request, rng: random.Random) -> tuple[Grid, Grid, Rating] | None:
    solution = full_grid(request.size, rng)
    puzzle = solution
    for keeps in STAGES[request.difficulty]:
        puzzle = remove_clues(puzzle, solution, keeps(), rng, request.max_blanks)
    measured = level(puzzle)
    if measured != request.difficulty:
        return None
    guesses = solver.search(puzzle, limit=2).guesses
    return puzzle, solution, Rating(difficulty=measured, guesses=guesses)


def full_grid(n: int, rng: random.Random) -> Grid:
    box_side(n)
    empty = [[0] * n for _ in range(n)]
    return solver.search(empty, limit=1, rng=rng).solutions[0]


def remove_clues(
    puzzle: Grid, solution: Grid, keeps: Keeps, rng: random.Random, max_blanks: int | None = None
) -> Grid:
    """Blank the puzzle's clues in a random order, a chunk at a time, while `keeps` holds, and
    while the puzzle has fewer than `max_blanks` blanks."""
    n = len(solution)
    work = [list(row) for row in puzzle]
    order = [(r, c) for r in range(n) for c in range(n) if puzzle[r][c]]
    rng.shuffle(order)
    if max_blanks is not None:
        order = order[: max(0, max_blanks - (n * n - len(order)))]
    chunk, start, failures = n, 0, 0
    while start < len(order) and failures < 2 * n:
        cells = order[start : start + chunk]
        for r, c in cells:
            work[r][c] = 0
        if keeps(work):
            start += len(cells)
            chunk, failures = chunk * 2, 0
        else:
            _restore(work, solution, cells)
            if len(cells) > 1:
                chunk = max(1, len(cells) // 2)
            else:
                start, failures = start + 1, failures + 1
    return tuple(tuple(row) for row in work)


def _restore(work: Cells, solution: Grid, cells: list[tuple[int, int]]) -> None:
    for r, c in cells:
        work[r][c] = solution[r][c]


def _naked_singles(work: Cells) -> bool:
    return solver.singles_complete(work, hidden_singles=False)


def _all_singles(work: Cells) -> bool:
    return solver.singles_complete(work, hidden_singles=True)


class _Unique:
    """Whether the solution stays unique, while the puzzle's guess budget lasts."""

    def __init__(self) -> None:
        self.spent = 0
        self.done = False

    def __call__(self, work: Cells) -> bool:
        if self.done or self.spent >= HARD_GUESSES:
            return False
        found = solver.search(work, limit=2, max_guesses=PROOF_GUESSES)
        self.spent += found.guesses
        self.done = found.unique and found.guesses >= TARGET_GUESSES
        return found.unique


STAGES: dict[Difficulty, tuple[Callable[[], Keeps], ...]] = {
    "easy": (lambda: _naked_singles,),
    "medium": (lambda: _all_singles,),
    "hard": (lambda: _all_singles, _Unique),
}
