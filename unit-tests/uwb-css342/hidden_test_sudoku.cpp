// The worked example's hidden tests (ours): run apart from the visible ones, named on no page.
// Boards are compared cell by cell, as plain ints (unit_test_sudoku.h).
#include <gtest/gtest.h>

#include "puzzles.h"
#include "sudoku.h"
#include "sudoku_locator.h"
#include "unit_test_sudoku.h"

namespace {

// UNSOLVABLE without its 1 at (7, 1): one solution, this one.
const Board ONE_GIVEN_FEWER_SOLVED = {
    7, 4, 3, 2, 8, 6, 5, 9, 1, 9, 6, 2, 1, 5, 7, 4, 3, 8, 1, 8, 5, 4, 9, 3, 2, 7, 6,
    4, 2, 1, 7, 3, 5, 6, 8, 9, 6, 7, 8, 9, 1, 4, 3, 2, 5, 3, 5, 9, 6, 2, 8, 1, 4, 7,
    5, 9, 4, 8, 6, 2, 7, 1, 3, 8, 3, 7, 5, 4, 1, 9, 6, 2, 2, 1, 6, 3, 7, 9, 8, 5, 4};

}  // namespace

TEST(sudoku_hidden, no_solution_found_by_search) {
  SudokuLocator locator(9, 9);
  Sudoku sudoku(UNSOLVABLE.data(), locator);
  EXPECT_FALSE(sudoku.solve());
  Board puzzle = UNSOLVABLE;
  puzzle[7 * 9 + 1] = 0;  // one given fewer: now a search finds a solution
  Sudoku solvable(puzzle.data(), locator);
  ASSERT_TRUE(solvable.solve()) << "solve() said there is no solution";
  EXPECT_TRUE(holds(solvable, ONE_GIVEN_FEWER_SOLVED)) << "the board is not the solution";
}

TEST(sudoku_hidden, solves_from_the_bottom_row) {
  Board puzzle = SOLVED;
  for (int i = 72; i < 81; ++i) puzzle[i] = 0;
  SudokuLocator locator(9, 9);
  Sudoku sudoku(puzzle.data(), locator);
  ASSERT_TRUE(sudoku.solve());
  EXPECT_TRUE(holds(sudoku, SOLVED));
}
