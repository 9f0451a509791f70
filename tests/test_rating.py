"""How a puzzle is decided without guessing: the weakest technique and its rounds (rating.py)."""

from __future__ import annotations

import pytest

from harness.puzzles.generate import Request, generate
from harness.puzzles.rating import DEDUCTIONS, level, rounds, technique
from harness.puzzles.suites import load_suite
from tests.conftest import REPO

SOLVED = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))


def blanked(cells: set[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(0 if (r, c) in cells else v for c, v in enumerate(row))
        for r, row in enumerate(SOLVED)
    )


def test_a_round_places_every_single_the_grid_shows_at_once() -> None:
    assert rounds(SOLVED, "naked singles") == 0
    assert rounds(blanked({(0, 0), (0, 1), (3, 3)}), "naked singles") == 1
    # the first row and column blank: (0, 0) has three candidates until the six cells beside it
    # are placed in the first round, so naked singles wait a second round for it; 1 has one
    # place left in the first row, so with hidden singles it goes in the first
    cross = blanked({(0, c) for c in range(4)} | {(r, 0) for r in range(4)})
    assert [rounds(cross, d) for d in DEDUCTIONS] == [2, 1, 1]
    assert technique(cross) == "naked singles"


def test_clashing_givens_are_decided_before_any_round() -> None:
    clash = [list(row) for row in blanked({(0, 0)})]
    clash[0][0] = 2  # row 1 already has a 2
    assert rounds(clash, "naked singles") == 0 and technique(clash) == "naked singles"


@pytest.mark.parametrize(
    ("difficulty", "seed", "expected", "counted"),
    [
        ("medium", 3, "hidden singles", [None, 9, 9]),
        ("hard", 5, "locked candidates", [None, None, 17]),
        ("hard", 1, "guessing", [None, None, None]),
    ],
)
def test_the_weakest_deduction_that_decides_it_is_the_technique(
    difficulty: str, seed: int, expected: str, counted: list[int | None]
) -> None:
    request = Request(9, 1, difficulty, seed)  # type: ignore[arg-type]
    (case,) = generate(request, "t")
    assert technique(case.puzzle) == expected
    assert [rounds(case.puzzle, d) for d in DEDUCTIONS] == counted


def test_the_technique_agrees_with_the_levels_on_the_shipped_9x9_suites() -> None:
    same = {"easy": "naked singles", "medium": "hidden singles"}
    for name in ("classic-9x9", "hidden-9x9", "guessing-9x9", "handout-examples"):
        for case in load_suite(REPO / "testcases" / f"{name}.yaml").cases:
            found = technique(case.puzzle)
            assert same.get(level(case.puzzle), found) == found, case.label
            assert level(case.puzzle) != "hard" or found in ("locked candidates", "guessing")


def test_an_unsolvable_puzzle_is_decided_when_singles_prove_it_has_no_solution() -> None:
    (case,) = generate(Request(9, 1, "medium", 3, unsolvable=True), "t")
    assert case.solution is None
    refuted = rounds(case.puzzle, "hidden singles")
    assert refuted is not None and technique(case.puzzle) in ("naked singles", "hidden singles")
    assert rounds(case.puzzle, "locked candidates") == refuted
