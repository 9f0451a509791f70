"""The SAT path of the reference solver (`harness.puzzles.sat`) and the one function every caller
decides a puzzle through (`harness.puzzles.decide`), with and without `python-sat`."""

from __future__ import annotations

import re
from typing import Any

import pytest

from harness.errors import BadInput
from harness.puzzles import importers, narrowing, sat, solver, sudoku
from harness.puzzles.decide import HANDOFF_GUESSES, decide
from harness.puzzles.generate import Request, generate
from harness.puzzles.rating import Rating, rate
from harness.puzzles.validation import check_case
from harness.records.evidence import Grid
from tests.conftest import DATASETS
from tests.test_solver import FIG5, _sample

FRISCH = DATASETS / "benchmarks" / "gecode_25x25_frisch18.txt"
QUICK_FRISCH = 2  # the third of the 18: about half a second by SAT, never finished by search


def frisch() -> Grid:
    if not FRISCH.exists():
        pytest.skip(f"{FRISCH} is not here")
    return importers.read(FRISCH, "lines", limit=QUICK_FRISCH + 1)[QUICK_FRISCH].puzzle


def blanked(grid: Grid, cells: list[tuple[int, int]]) -> Grid:
    return tuple(
        tuple(0 if (r, c) in cells else v for c, v in enumerate(row)) for r, row in enumerate(grid)
    )


# Rows 4 and 5 (one band) hold the same two values in columns 6 and 9 (two boxes), swapped:
# blanking the four cells leaves exactly two solutions.
assert FIG5.solution is not None
TWO_SOLUTIONS = blanked(FIG5.solution, [(3, 5), (3, 8), (4, 5), (4, 8)])


@pytest.mark.parametrize("tuning", sat.TUNINGS)
@pytest.mark.parametrize("encoding", sat.ENCODINGS)
def test_sat_proves_a_minimal_25x25_puzzle_the_search_cannot_finish(
    encoding: sat.Encoding, tuning: sat.Tuning
) -> None:
    puzzle = frisch()
    assert solver.search(puzzle, limit=2, max_guesses=200).exhausted
    found = sat.search(puzzle, limit=2, encoding=encoding, tuning=tuning)
    assert len(found) == 1
    assert sudoku.is_solution_of(puzzle, found[0])


@pytest.mark.parametrize("tuning", sat.TUNINGS)
@pytest.mark.parametrize("encoding", sat.ENCODINGS)
def test_sat_finds_both_solutions_of_a_puzzle_with_two(
    encoding: sat.Encoding, tuning: sat.Tuning
) -> None:
    found = sat.search(TWO_SOLUTIONS, limit=5, encoding=encoding, tuning=tuning)
    assert len(set(found)) == 2
    assert FIG5.solution in found
    assert all(sudoku.is_solution_of(TWO_SOLUTIONS, grid) for grid in found)


@pytest.mark.parametrize("encoding", sat.ENCODINGS)
def test_sat_says_a_contradiction_has_no_solution(encoding: sat.Encoding) -> None:
    grid = [list(row) for row in FIG5.puzzle]
    grid[0][2] = 5  # row 1 already has a 5
    assert sat.search(grid, encoding=encoding) == ()


def test_sat_counts_up_to_the_limit() -> None:
    empty = ((0,) * 4,) * 4
    assert len(set(sat.search(empty, limit=7))) == 7
    assert sat.search(empty, limit=0) == ()


def test_sat_agrees_with_the_search_on_9x9_and_16x16_puzzles() -> None:
    cases = generate(Request(size=9, count=2, difficulty="hard", seed=5), "t")
    cases += generate(Request(size=16, count=1, difficulty="medium", seed=5), "t")
    puzzles = [case.puzzle for case in cases] + _sample("gecode_16x16_janko55.txt", 11, 5)
    for puzzle in [*puzzles, TWO_SOLUTIONS]:
        expected = solver.search(puzzle, limit=2).solutions
        for encoding in sat.ENCODINGS:
            assert set(sat.search(puzzle, limit=2, encoding=encoding)) == set(expected)


def test_decide_leaves_what_the_search_finishes_to_the_search() -> None:
    found = decide(FIG5.puzzle)
    assert found == solver.search(FIG5.puzzle, limit=2, max_guesses=solver.DEFAULT_MAX_GUESSES)
    assert found.decided_by == "search"


def test_decide_hands_a_long_search_over_to_sat() -> None:
    puzzle = frisch()
    found = decide(puzzle, max_guesses=50)
    assert found.decided_by == "sat" and found.unique and found.guesses == 50
    assert sudoku.is_solution_of(puzzle, found.solutions[0])


@pytest.mark.usefixtures("without_sat")
def test_without_python_sat_decide_is_the_search_as_before() -> None:
    assert not sat.available()
    puzzle = frisch()
    found = decide(puzzle, max_guesses=50)
    assert found == solver.search(puzzle, limit=2, max_guesses=50)
    assert found.exhausted and found.decided_by == "search"


def test_importing_and_validating_a_minimal_25x25_puzzle_proves_it_unique() -> None:
    puzzle = frisch()
    raw = importers.RawCase("f3", puzzle, None, unsolvable=False, origin="frisch:3")
    case = importers.complete(raw, "t", max_guesses=50)
    assert case.solution is not None and sudoku.is_solution_of(puzzle, case.solution)
    assert not case.multiple_solutions
    assert case.rating is not None and case.rating.difficulty == "hard"
    assert check_case(FRISCH, case, max_guesses=50) == []


def test_locked_candidates_narrow_a_25x25_puzzle_and_keep_its_solution() -> None:
    puzzle = frisch()
    singles, narrowed = solver.candidates(puzzle), narrowing.narrowed(puzzle)
    assert singles is not None and narrowed is not None
    assert sum(map(int.bit_count, narrowed)) < sum(map(int.bit_count, singles))
    (solution,) = sat.search(puzzle, encoding="reduced")
    flat = [v for row in solution for v in row]
    assert all(mask >> (value - 1) & 1 for mask, value in zip(narrowed, flat, strict=True))


def test_rating_a_puzzle_past_the_search_counts_the_guesses_before_sat() -> None:
    puzzle = frisch()
    assert rate(puzzle) == Rating("hard", HANDOFF_GUESSES)


def test_a_hard_25x25_puzzle_is_made_past_what_the_search_can_prove() -> None:
    (case,) = generate(Request(size=25, count=1, difficulty="hard", seed=2), "t")
    assert case.rating == Rating("hard", HANDOFF_GUESSES)  # the search gave up: SAT proved it
    found = decide(case.puzzle)
    assert found.decided_by == "sat" and found.solutions == (case.solution,)


def test_a_hard_25x25_tier_between_two_guess_counts_is_proved_by_search() -> None:
    request = Request(25, 1, "hard", seed=2503, min_guesses=200, max_guesses=2_000)
    (case,) = generate(request, "t")
    assert case.rating is not None and 200 <= case.rating.guesses <= 2_000
    assert solver.search(case.puzzle, max_guesses=2_000).solutions == (case.solution,)


@pytest.mark.usefixtures("without_sat")
def test_without_python_sat_a_hard_25x25_request_says_what_to_install() -> None:
    with pytest.raises(BadInput, match=r"install python-sat .* or give --max-guesses"):
        Request(size=25, count=1, difficulty="hard", seed=1)
    Request(size=25, count=1, difficulty="hard", seed=1, max_guesses=2_000)  # search alone
    Request(size=9, count=1, difficulty="hard", seed=1)  # up to 16x16 the search proves


@pytest.mark.parametrize(
    ("request_args", "message"),
    [
        ({"difficulty": "medium", "min_guesses": 10}, "only for --difficulty hard"),
        ({"min_guesses": 300, "max_guesses": 200}, "--max-guesses: 200 is below 300"),
        ({"min_guesses": HANDOFF_GUESSES + 1}, "give --max-guesses too"),
        ({"size": 9, "min_guesses": 300}, "200 is below 300 (the default at 9x9: give a larger"),
    ],
)
def test_guess_counts_a_request_cannot_meet_are_one_line_errors(
    request_args: dict[str, Any], message: str
) -> None:
    arguments: dict[str, Any] = {"size": 25, "difficulty": "hard", **request_args}
    with pytest.raises(BadInput, match=re.escape(message)):
        Request(count=1, seed=1, **arguments)
