// The worked example's hidden tests (ours): run apart from the visible ones, named on no page.
#include <gtest/gtest.h>

#include "puzzles.h"
#include "sudoku.h"
#include "sudoku_locator.h"

TEST(sudoku_hidden, no_solution_found_by_search) {
  SudokuLocator locator(9, 9);
  Sudoku sudoku(UNSOLVABLE.data(), locator);
  EXPECT_FALSE(sudoku.solve());
}

TEST(sudoku_hidden, solves_from_the_bottom_row) {
  Board puzzle = SOLVED;
  for (int i = 72; i < 81; ++i) puzzle[i] = 0;
  SudokuLocator locator(9, 9);
  Sudoku sudoku(puzzle.data(), locator);
  ASSERT_TRUE(sudoku.solve());
  EXPECT_TRUE(sudoku == SOLVED.data());
}
