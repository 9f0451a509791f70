"""Expectations accept every reading the handout allows, and say which one they accepted."""

from __future__ import annotations

from typing import Any

from harness.kinds.expectations import Equal, GridAfter, SameMembers, Solves
from harness.kinds.function_library.declared.samples import solved
from harness.records.outcomes import CallOutcome
from tests.test_sudoku import FIG5

SOLUTION = solved(FIG5)


def returned(
    value: Any, args_after: tuple[Any, ...] = (), same: tuple[tuple[str, int], ...] = ()
) -> CallOutcome:
    return CallOutcome("returned", value=value, args_after=args_after, same=same)


def test_a_list_is_accepted_for_a_tuple_and_said() -> None:
    judgement = Equal((1, 3)).judge(returned([1, 3]))
    assert judgement.passed
    assert judgement.accepted == ("a list where the handout shows a tuple",)


def test_one_is_accepted_for_true_but_not_a_string() -> None:
    assert Equal(True).judge(returned(1)).passed
    assert not Equal(True).judge(returned("True")).passed
    assert not Equal(True).judge(returned(2)).passed
    assert not Equal(1).judge(returned(True)).passed  # a bool where a number is asked is wrong


def test_candidates_in_any_order_but_each_once() -> None:
    expect = SameMembers((1, 2, 4))
    assert expect.judge(returned([4, 2, 1])).accepted == ("values in another order than ascending",)
    assert expect.judge(returned([1, 2, 4])).accepted == ()
    assert not expect.judge(returned([1, 2, 4, 4])).passed
    assert not expect.judge(returned([1, 2])).passed
    assert not expect.judge(returned("124")).passed


def test_a_move_in_place_or_as_a_new_grid() -> None:
    grid = [list(row) for row in SOLUTION]
    expect = GridAfter(SOLUTION)
    assert expect.judge(returned(grid, same=(("", 0),))).accepted[0].startswith("works in place")
    assert expect.judge(returned(grid)).accepted == ("returns a new grid",)


def test_a_move_that_only_changes_in_place_must_still_return() -> None:
    judgement = GridAfter(SOLUTION).judge(returned(None, args_after=([list(r) for r in SOLUTION],)))
    assert not judgement.passed
    assert "must also return it" in judgement.detail


def test_grid_differences_name_the_cell() -> None:
    grid = [list(row) for row in SOLUTION]
    grid[2][4] = 9
    judgement = GridAfter(SOLUTION).judge(returned(grid))
    assert judgement.detail == "row 3, column 5 holds 9, expected 4"


def test_solver_pair_as_tuple_or_list() -> None:
    grid = [list(row) for row in SOLUTION]
    expect = Solves(FIG5.puzzle, SOLUTION)
    assert expect.judge(returned((True, grid))).passed
    listed = expect.judge(returned([True, grid]))
    assert listed.passed and "a list where the handout shows a tuple" in "; ".join(listed.accepted)
    assert not expect.judge(returned((False, grid))).passed
    assert not expect.judge(returned(grid)).passed


def test_any_completion_when_several_solutions_are_allowed() -> None:
    empty = ((0,) * 4,) * 4
    other = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
    expect = Solves(
        empty, ((2, 1, 4, 3), (4, 3, 2, 1), (1, 2, 3, 4), (3, 4, 1, 2)), any_completion=True
    )
    assert expect.judge(returned((True, [list(r) for r in other]))).passed


def test_unsolvable_wants_false() -> None:
    expect = Solves(FIG5.puzzle, None)
    assert expect.judge(returned((False, [list(r) for r in FIG5.puzzle]))).passed
    assert not expect.judge(returned((True, [list(r) for r in SOLUTION]))).passed
