"""The reference solver, checked against known answers and an independent SAT encoding."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from pysat.solvers import Cadical153

from harness.puzzles import importers, solver, sudoku
from harness.puzzles.generate import Request, generate
from harness.puzzles.rating import plain_tries, rate
from harness.puzzles.suites import load_suite
from harness.records.evidence import Grid
from tests.conftest import DATASETS, REPO

FIG5 = load_suite(REPO / "testcases" / "handout-examples.yaml").cases[0]
BENCHMARKS = DATASETS / "benchmarks"


def test_the_handout_puzzle_has_exactly_its_solution() -> None:
    found = solver.search(FIG5.puzzle, limit=5)
    assert found.solutions == (FIG5.solution,)
    assert found.unique


def test_counting_stops_at_the_limit_and_every_solution_is_valid() -> None:
    empty = ((0,) * 4,) * 4
    found = solver.search(empty, limit=3)
    assert len(found.solutions) == 3 == len(set(found.solutions))
    assert all(sudoku.is_solution_of(empty, grid) for grid in found.solutions)
    assert solver.count(empty, limit=1000) == 288  # the number of 4x4 Sudoku grids


def test_clashing_givens_have_no_solution() -> None:
    grid = [list(row) for row in FIG5.puzzle]
    grid[0][2] = 5  # row 1 already has a 5
    assert solver.search(grid).solutions == ()
    assert solver.solve(grid) is None


@pytest.mark.parametrize("n", [4, 9, 16, 25, 36])
def test_an_empty_grid_of_every_size_is_filled(n: int) -> None:
    empty = [[0] * n for _ in range(n)]
    grid = solver.solve(empty)
    assert grid is not None and sudoku.is_solution_of(empty, grid)


def test_a_shuffled_search_is_reproducible_and_differs_by_seed() -> None:
    empty = [[0] * 9 for _ in range(9)]
    first = solver.search(empty, 1, rng=random.Random(3)).solutions
    assert first == solver.search(empty, 1, rng=random.Random(3)).solutions
    assert first != solver.search(empty, 1, rng=random.Random(4)).solutions


def test_a_guess_budget_gives_up_and_says_so() -> None:
    empty = [[0] * 9 for _ in range(9)]
    found = solver.search(empty, limit=10, max_guesses=3)
    assert found.exhausted and found.guesses == 3 and not found.unique


def test_singles_are_told_apart_from_search() -> None:
    assert FIG5.solution is not None
    one_blank = [list(row) for row in FIG5.solution]
    one_blank[4][4] = 0
    assert solver.singles_complete(one_blank, hidden_singles=False)
    assert rate(one_blank).difficulty == "easy"
    hard = generate(Request(size=9, count=1, difficulty="hard", seed=1), "t")[0].puzzle
    assert not solver.singles_complete(hard, hidden_singles=True)
    assert rate(hard).guesses > 0


def test_plain_tries_count_what_a_handouts_row_major_backtracker_places() -> None:
    assert FIG5.solution is not None
    assert plain_tries(FIG5.solution, 0) == 0
    one_blank = [list(row) for row in FIG5.solution]
    one_blank[8][8] = 0
    assert plain_tries(one_blank, 1) == 1
    # an easy puzzle by singles that costs the plain solver 129,235 values (counted by a
    # recursive solver as students write it): a second or more in Python
    easy = generate(Request(size=9, count=4, difficulty="easy", seed=1), "t")[3].puzzle
    assert solver.singles_complete(easy, hidden_singles=False)
    assert plain_tries(easy, 200_000) == 129_235
    assert plain_tries(easy, 129_234) is None
    clash = [list(row) for row in FIG5.puzzle]
    clash[0][2] = 5  # no solution: it tries every value of the first blank, then stops
    assert (plain_tries(clash, 10**6) or 0) > 0


def test_bad_grids_are_refused() -> None:
    with pytest.raises(ValueError):
        solver.search([[0] * 9 for _ in range(8)])
    with pytest.raises(ValueError):
        solver.search([[10] + [0] * 8] + [[0] * 9 for _ in range(8)])


# --- the independent check: a SAT encoding solved by CaDiCaL --------------------------------


def sat_count(puzzle: Grid, limit: int = 2) -> int:
    """Solutions counted up to `limit` by a SAT solver, blocking each one found."""
    n = len(puzzle)
    with Cadical153(bootstrap_with=list(_clauses(puzzle))) as sat:
        found = 0
        while found < limit and sat.solve():
            found += 1
            model = sat.get_model()
            sat.add_clause([-v for v in model if v > 0 and v <= n * n * n])
        return found


def _var(n: int, r: int, c: int, v: int) -> int:
    return (r * n + c) * n + v + 1


def _clauses(puzzle: Grid) -> Iterator[list[int]]:
    n = len(puzzle)
    cells = [[(r, c) for c in range(n)] for r in range(n)]
    units = (
        cells
        + [[(r, c) for r in range(n)] for c in range(n)]
        + [sudoku.box_cells(n, b) for b in range(n)]
    )
    for r, c in itertools.product(range(n), repeat=2):
        yield [_var(n, r, c, v) for v in range(n)]
        for v, w in itertools.combinations(range(n), 2):
            yield [-_var(n, r, c, v), -_var(n, r, c, w)]
        if puzzle[r][c]:
            yield [_var(n, r, c, puzzle[r][c] - 1)]
    for unit, v in itertools.product(units, range(n)):
        yield [_var(n, r, c, v) for r, c in unit]
        for (r1, c1), (r2, c2) in itertools.combinations(unit, 2):
            yield [-_var(n, r1, c1, v), -_var(n, r2, c2, v)]


def _sample(name: str, every: int, count: int) -> list[Grid]:
    path = BENCHMARKS / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    found = importers.read(path, "lines", limit=every * (count - 1) + 1)
    return [raw.puzzle for raw in found[::every]]


def _agree(puzzles: list[Grid]) -> list[int]:
    counts = []
    for puzzle in puzzles:
        ours = len(solver.search(puzzle, limit=2).solutions)
        assert ours == sat_count(puzzle), puzzle
        counts.append(ours)
    return counts


def test_sat_agrees_on_puzzles_with_several_solutions() -> None:
    assert _agree(_sample("tdoku_puzzles7_serg_benchmark.txt", 997, 10)) == [2] * 10


def test_sat_agrees_on_published_unique_puzzles() -> None:
    puzzles = _sample("norvig_top95.txt", 9, 6) + _sample("royle_17clue_49151_pytudes.txt", 4999, 6)
    assert _agree(puzzles) == [1] * 12


def test_sat_agrees_on_generated_puzzles_and_on_them_with_a_clue_removed() -> None:
    cases = generate(Request(size=9, count=3, difficulty="hard", seed=11), "t")
    cases += generate(Request(size=16, count=1, difficulty="medium", seed=11), "t")
    puzzles = [case.puzzle for case in cases]
    assert _agree(puzzles) == [1] * 4
    weakened = [_without_first_clue(puzzle) for puzzle in puzzles[:3]]
    _agree(weakened)  # hard puzzles are minimal or nearly: some of these have two solutions


def _without_first_clue(puzzle: Grid) -> Grid:
    flat = [v for row in puzzle for v in row]
    flat[next(i for i, v in enumerate(flat) if v)] = 0
    n = len(puzzle)
    return tuple(tuple(flat[r * n : (r + 1) * n]) for r in range(n))
