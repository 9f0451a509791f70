"""The trusted model, checked against facts from the handouts and hand-made grids."""

from __future__ import annotations

import pytest

from harness.puzzles import sudoku
from harness.puzzles.suites import load_suite
from tests.conftest import REPO
from tests.handouts import HANDOUT_LISTS

FIG5 = load_suite(REPO / "testcases" / "handout-examples.yaml").cases[0]


def test_handout_examples_hold() -> None:
    # the handout's 1-indexed examples, read through the 0-indexed model
    assert sudoku.box_of(9, 3, 5) + 1 == 5  # (4, 6) is in block 5
    assert sudoku.box_of(9, 2, 4) + 1 == 2  # (3, 5) is in block 2
    assert sudoku.box_cells(9, 4).index((3, 5)) + 1 == 3  # (4, 6) is index 3 of block 5
    assert FIG5.solution is not None
    assert sudoku.unit_values(FIG5.solution, "row", 3) == [8, 5, 9, 7, 6, 1, 4, 2, 3]
    assert sudoku.unit_values(FIG5.solution, "column", 3) == [6, 1, 3, 7, 8, 9, 5, 4, 2]
    assert sudoku.unit_values(FIG5.solution, "box", 3) == [8, 5, 9, 4, 2, 6, 7, 1, 3]
    assert sudoku.empty_cells(FIG5.puzzle)[0] == (0, 2)  # (1, 3)


def test_conflicts_name_the_unit() -> None:
    grid = [list(row) for row in FIG5.puzzle]
    grid[0][2] = 5  # row 1 already has a 5
    assert sudoku.Conflict("row", 0) in sudoku.conflicts(grid)
    assert not sudoku.is_valid(grid)


def test_candidates_exclude_row_column_and_box() -> None:
    assert sudoku.candidates(FIG5.puzzle, 0, 2) == [1, 2, 4]


@pytest.mark.parametrize("n", [0, 2, 8, 10])
def test_sizes_that_are_not_squares_are_refused(n: int) -> None:
    with pytest.raises(ValueError):
        sudoku.box_side(n)


def test_the_model_agrees_with_the_handouts_valid_list_examples() -> None:
    for values, valid in HANDOUT_LISTS:
        assert sudoku.has_repeat(values) is not valid
