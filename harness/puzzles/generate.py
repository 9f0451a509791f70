"""`suites generate`: new puzzles with a unique solution, at a measured difficulty, reproducibly.

A random full grid comes from the reference solver trying values in a shuffled order. Clues are
then removed in a random order while the puzzle keeps the property its difficulty needs:

- easy: naked singles alone still fill the grid;
- medium: naked and hidden singles still fill it;
- hard: first as for medium, then on while the solution stays unique, until proving it takes
  the reference search a target of guesses (`--min-guesses`; by default the size's, PROOFS), or
  the guess budget for the whole puzzle is spent.

How a removal is proved depends on the size. Up to 16 x 16 the reference search proves it within
a guess budget, and a removal it cannot prove is not made. From 25 x 25 on (`Proofs.sat`), each
removal is decided whatever it costs: the search up to the target, then the SAT solver
(puzzles/decide.py), one clue at a time, so the puzzle stops just past the target instead of
leaping far beyond it. That needs python-sat (the `sat` extra), and says so in one line without
it, so the same arguments never give one file with python-sat and another without. The SAT
solver's answer is exact, so the puzzle made does not depend on how long it took. With
`--max-guesses` (a ceiling) the search alone proves every removal within it, and a removal it
cannot prove is not made: a band of difficulty between the two counts, for a timed league.

Each property implies a unique solution. With `max_blanks`, removing stops at that many blanks:
an easy puzzle with fewer blanks is one that plain first-empty backtracking, as students write it,
also solves in time (`suites calibrate`). The result is rated (see rating.py) and kept only when
the measured level is the one asked for; otherwise the case starts again from a new grid. Every
random choice comes from a generator seeded with (seed, size, difficulty, case, attempt), so the
same arguments give the same file on any machine.

With `max_rounds` and `max_tries`, a puzzle is kept only when it is no harder than an official
sample on those axes too (harness/calibration/axes.py): the deduction `rounds_of` (the sample's
technique; by default the difficulty's: naked singles for easy, hidden singles for medium)
decides it in at most that many rounds (rating.rounds), and a plain first-empty backtracker
places at most that many values (rating.plain_tries); otherwise the case starts again from a
new grid (an unsolvable one tries its next wrong value first).

With `clues` (sparse boards), none of that: the given number of cells of a random full grid are
kept and the rest blanked, and any valid completion is accepted (see _sparse).

With `unsolvable`, the puzzle made is then spoiled: one blank gets a value it does not hold in the
solution, one clashing with no given, chosen (in a random order of blanks and values) so that
naked and hidden singles alone prove there is no solution, as naked singles prove it of the
handout's unsolvable sample. With `tier`, each case is named by the official sample it is to
stand beside (harness/records/tiers.py); `suites calibrate` checks that it does.

Removals are tried in chunks that grow while they succeed and shrink when they fail, so the early
stretch, where nearly every clue can go, costs a few checks instead of one per cell; after 2n
failures in a row at one cell a time, the stage stops (the rest would nearly all fail too, and at
25 x 25 each check costs milliseconds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from harness.errors import BadInput
from harness.puzzles import sat, solver, sudoku
from harness.puzzles.decide import HANDOFF_GUESSES, decide
from harness.puzzles.rating import (
    DEDUCTIONS,
    Deduction,
    Difficulty,
    Rating,
    level,
    plain_tries,
    rounds,
)
from harness.puzzles.sudoku import box_side
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.tiers import Tier

SIZES = (4, 9, 16, 25, 36)
SINGLES: dict[Difficulty, Deduction] = {"easy": "naked singles", "medium": "hidden singles"}
MAX_ATTEMPTS = 200
PROOF_GUESSES = 200  # per uniqueness check while removing clues for a hard puzzle, by search


@dataclass(frozen=True)
class Proofs:
    """How the hard stage proves that a removal keeps the solution unique."""

    target: int  # done once the search needs this many guesses to prove the puzzle unique
    ceiling: int | None  # the search proves within this many guesses, or the removal is not
    # made; None: past the target, the SAT solver decides (puzzles/decide.py)
    exact: bool  # one clue at a time, and a puzzle short of the target is made again

    @property
    def sat(self) -> bool:
        return self.ceiling is None

    @property
    def budget(self) -> int:
        """Search guesses for all the checks of one puzzle (counted, so deterministic)."""
        return 10 * (self.ceiling or 2 * self.target)


SEARCH_TARGET = 10  # up to 16 x 16: any guess at all makes a puzzle hard enough
SAT_TARGET = 500  # from 25 x 25: a tenth of a second of search, then SAT for what is past it
PROOFS = {
    n: Proofs(SEARCH_TARGET, PROOF_GUESSES, exact=False)
    if n <= 16
    else Proofs(SAT_TARGET, None, exact=True)
    for n in SIZES
}

Cells = list[list[int]]
Keeps = Callable[[Cells], bool]


@dataclass(frozen=True)
class Request:
    size: int
    count: int
    difficulty: Difficulty
    seed: int
    max_blanks: int | None = None  # stop removing clues at this many blanks (None: no limit)
    min_guesses: int | None = None  # hard: the proofs' target (None: the size's, PROOFS)
    max_guesses: int | None = None  # hard: the proofs' ceiling (None: the size's, PROOFS)
    tier: Tier | None = None  # the official sample each case stands beside (named after it)
    unsolvable: bool = False  # each puzzle then gets one wrong value: no solution
    clues: int | None = None  # sparse: this many clues of a full grid, any completion accepted
    max_rounds: int | None = None  # `rounds_of` decides it in this many rounds
    max_tries: int | None = None  # a plain first-empty backtracker places this many values
    rounds_of: Deduction | None = None  # whose rounds (None: the difficulty's deduction)

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise BadInput(f"--size: {self.size} is not one of {', '.join(map(str, SIZES))}")
        if self.count < 1:
            raise BadInput(f"--count: {self.count} must be at least 1")
        if self.max_blanks is not None and self.max_blanks < 1:
            raise BadInput(f"--max-blanks: {self.max_blanks} must be at least 1")
        if self.unsolvable and self.tier is not None:
            raise BadInput("--tier: a tier names a sample with a solution, not --unsolvable")
        if self.clues is not None:
            self._check_sparse()
        self._check_guesses()
        self._check_axes()

    def _check_axes(self) -> None:
        for flag, value in (("--max-rounds", self.max_rounds), ("--max-tries", self.max_tries)):
            if value is not None and value < 0:
                raise BadInput(f"{flag}: {value} must be at least 0")
        if self.max_rounds is not None and self.difficulty == "hard":
            raise BadInput(
                "--max-rounds: only for --difficulty easy or medium (the rounds of the singles "
                "that decide the puzzle; a hard one needs guesses)"
            )
        if self.rounds_of is not None and self.max_rounds is None:
            raise BadInput("--rounds-of: only with --max-rounds")
        needed = SINGLES.get(self.difficulty, self.deduction)
        if DEDUCTIONS.index(self.deduction) < DEDUCTIONS.index(needed):
            raise BadInput(
                f"--rounds-of: {self.deduction} never decides a {self.difficulty} puzzle "
                f"(it needs {needed})"
            )
        if self.clues is not None and self.measured:
            raise BadInput("--clues: a sparse board is not measured: no --max-rounds/--max-tries")

    @property
    def deduction(self) -> Deduction:
        """The deduction whose rounds `max_rounds` counts."""
        if self.rounds_of is not None:
            return self.rounds_of
        return SINGLES.get(self.difficulty, "locked candidates")

    @property
    def measured(self) -> bool:
        return self.max_rounds is not None or self.max_tries is not None

    def fits(self, puzzle: Grid) -> bool:
        """The puzzle keeps within `max_rounds` and `max_tries` (True when neither is set)."""
        if self.max_rounds is not None:
            taken = rounds(puzzle, self.deduction)
            if taken is None or taken > self.max_rounds:
                return False
        return self.max_tries is None or plain_tries(puzzle, self.max_tries) is not None

    def _check_guesses(self) -> None:
        low, high = self.min_guesses, self.max_guesses
        if (low is not None or high is not None) and self.difficulty != "hard":
            raise BadInput("--min-guesses/--max-guesses: only for --difficulty hard")
        proofs = self.proofs
        if proofs.ceiling is not None and proofs.ceiling < proofs.target:
            given = "" if high else f" (the default at {self.size}x{self.size}: give a larger one)"
            raise BadInput(f"--max-guesses: {proofs.ceiling} is below {proofs.target}{given}")
        if self.difficulty != "hard" or not proofs.sat:
            return
        if proofs.target > HANDOFF_GUESSES:
            raise BadInput(
                f"--min-guesses: {proofs.target} is past {HANDOFF_GUESSES:,}, where the search "
                "hands over to the SAT solver and stops counting; give --max-guesses too"
            )
        if not sat.available():
            raise BadInput(
                f"--difficulty: hard {self.size}x{self.size} puzzles are proved unique by a SAT "
                "solver: install python-sat (pip install 'sudoku-harness[sat]'), or give "
                "--max-guesses to prove them by search alone"
            )

    def _check_sparse(self) -> None:
        if self.clues is None or not 0 <= self.clues < self.size * self.size:
            raise BadInput(f"--clues: {self.clues} must be from 0 to {self.size**2 - 1}")
        if self.unsolvable or self.max_blanks is not None or self.difficulty != "hard":
            raise BadInput("--clues: a sparse board is --difficulty hard, alone (no --unsolvable)")
        if self.min_guesses is not None or self.max_guesses is not None:
            raise BadInput("--clues: a sparse board is not proved unique: no --min/--max-guesses")

    @property
    def proofs(self) -> Proofs:
        """The size's proofs, with this request's target and ceiling."""
        proofs = PROOFS[self.size]
        if self.min_guesses is None and self.max_guesses is None:
            return proofs
        target = self.min_guesses or proofs.target
        return Proofs(target, self.max_guesses or proofs.ceiling, exact=True)


def generate(request: Request, suite: str) -> list[Case]:
    make = _sparse if request.clues is not None else _case
    return [make(request, suite, index) for index in range(request.count)]


def _sparse(request: Request, suite: str, index: int) -> Case:
    """`clues` cells of a random full grid, chosen at random, the rest blank: a board with
    many solutions, any valid completion accepted. As sparse as the 17-clue boards of B351's
    hard tier, it takes a most-constrained search through states where every empty space has
    many options (a heuristic that returns None there fails it), and, unproved, it is made in
    milliseconds; `suites calibrate -a board-solver` chooses among them."""
    rng = random.Random(f"{request.seed}:{request.size}:sparse{request.clues}:{index}")
    solution = full_grid(request.size, rng)
    n = request.size
    kept = set(rng.sample([(r, c) for r in range(n) for c in range(n)], request.clues or 0))
    puzzle = tuple(
        tuple(v if (r, c) in kept else 0 for c, v in enumerate(row))
        for r, row in enumerate(solution)
    )
    source = f"generated: seed {request.seed}, case {index + 1}, {request.clues} clues"
    name = f"sparse-{_name(request, index)}"
    return Case(
        suite, name, puzzle, solution, multiple_solutions=True, source=source, tier=request.tier
    )


def _case(request: Request, suite: str, index: int) -> Case:
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"{request.seed}:{request.size}:{request.difficulty}:{index}:{attempt}")
        made = _attempt(request, rng)
        if made is None:
            continue
        puzzle, solution, rating = made
        clues = sum(v != 0 for row in puzzle for v in row)
        source = (
            f"generated: seed {request.seed}, case {index + 1}, attempt {attempt + 1}, "
            f"{clues} clues"
        )
        case = Case(
            suite=suite,
            id=f"{request.tier or request.difficulty}-{_name(request, index)}",
            puzzle=puzzle,
            solution=solution,
            source=source,
            rating=rating,
            tier=request.tier,
        )
        if not request.unsolvable and request.fits(puzzle):
            return case
        spoilt = spoiled(case, rng, request.fits) if request.unsolvable else None
        if spoilt is not None:
            return replace(spoilt, id=f"unsolvable-{_name(request, index)}")
    within = " within --max-rounds/--max-tries" if request.measured else ""
    raise BadInput(
        f"--difficulty: no {request.difficulty} {request.size}x{request.size} puzzle{within} "
        f"in {MAX_ATTEMPTS} attempts (try another difficulty or seed)"
    )


def _name(request: Request, index: int) -> str:
    return f"{request.size}x{request.size}-{index + 1:03d}"


def spoiled(
    case: Case, rng: random.Random, fits: Callable[[Grid], bool] = lambda _: True
) -> Case | None:
    """The case with one blank given a wrong value that clashes with no given, such that naked
    and hidden singles prove there is no solution and the puzzle `fits`; None when no blank and
    value does that."""
    assert case.solution is not None
    blanks = sudoku.empty_cells(case.puzzle)
    rng.shuffle(blanks)
    for r, c in blanks:
        wrong = [v for v in sudoku.candidates(case.puzzle, r, c) if v != case.solution[r][c]]
        rng.shuffle(wrong)
        for value in wrong:
            puzzle = sudoku.placed(case.puzzle, r, c, value)
            if solver.candidates(puzzle, hidden_singles=True) is None and fits(puzzle):
                note = f"; then {value} put at row {r + 1}, column {c + 1}: no solution"
                source = f"{case.source}{note} (singles prove it)"
                return replace(case, puzzle=puzzle, solution=None, rating=None, source=source)
    return None


def _attempt(request: Request, rng: random.Random) -> tuple[Grid, Grid, Rating] | None:
    solution = full_grid(request.size, rng)
    puzzle = solution
    proofs = request.proofs
    for stage in STAGES[request.difficulty]:
        chunk = 1 if stage.proving and proofs.exact else None
        puzzle = remove_clues(puzzle, solution, stage.keeps(proofs), rng, request.max_blanks, chunk)
    measured = level(puzzle)
    if measured != request.difficulty:
        return None
    guesses = decide(puzzle, limit=2).guesses
    if request.difficulty == "hard" and proofs.exact and guesses < proofs.target:
        return None
    return puzzle, solution, Rating(difficulty=measured, guesses=guesses)


def full_grid(n: int, rng: random.Random) -> Grid:
    box_side(n)
    empty = [[0] * n for _ in range(n)]
    return solver.search(empty, limit=1, rng=rng).solutions[0]


def remove_clues(
    puzzle: Grid,
    solution: Grid,
    keeps: Keeps,
    rng: random.Random,
    max_blanks: int | None = None,
    first_chunk: int | None = None,
) -> Grid:
    """Blank the puzzle's clues in a random order, a chunk at a time (`first_chunk` first, the
    size when None), while `keeps` holds, and while the puzzle has fewer than `max_blanks`
    blanks."""
    n = len(solution)
    work = [list(row) for row in puzzle]
    order = [(r, c) for r in range(n) for c in range(n) if puzzle[r][c]]
    rng.shuffle(order)
    if max_blanks is not None:
        order = order[: max(0, max_blanks - (n * n - len(order)))]
    chunk, start, failures = first_chunk or n, 0, 0
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

    def __init__(self, proofs: Proofs) -> None:
        self.proofs = proofs
        self.spent = 0
        self.done = False

    def __call__(self, work: Cells) -> bool:
        if self.done or self.spent >= self.proofs.budget:
            return False
        if self.proofs.sat:
            found = decide(work, 2, max_guesses=None, handoff=self.proofs.target)
        else:
            found = solver.search(work, 2, max_guesses=self.proofs.ceiling)
        self.spent += found.guesses
        self.done = found.unique and found.guesses >= self.proofs.target
        return found.unique


@dataclass(frozen=True)
class Stage:
    keeps: Callable[[Proofs], Keeps]
    proving: bool = False  # each removal is a uniqueness proof (one at a time if Proofs.exact)


STAGES: dict[Difficulty, tuple[Stage, ...]] = {
    "easy": (Stage(lambda _: _naked_singles),),
    "medium": (Stage(lambda _: _all_singles),),
    "hard": (Stage(lambda _: _all_singles), Stage(_Unique, proving=True)),
}
