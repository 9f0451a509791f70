// The worked example's visible tests (ours, in the spirit of UW Bothell CSS 342's): a Sudoku
// kept row by row in 81 ints, solved in place by Sudoku::solve(). Each test asks both ways (a
// puzzle solved, and where it says false, a near one it must solve), so a solve() that answers
// one constant passes none of them. A board is read cell by cell and compared as plain ints
// (unit_test_sudoku.h), never through the student's operator==.
#include <gtest/gtest.h>

#include "puzzles.h"
#include "sudoku.h"
#include "sudoku_locator.h"
#include "unit_test_sudoku.h"

namespace {

bool top_row(int row, int) { return row == 0; }
bool top_row_and_left_column(int row, int col) { return row == 0 || col == 0; }
bool two_on_the_diagonal(int row, int col) { return row == col && row < 2; }
bool main_diagonal(int row, int col) { return row == col; }
bool anti_diagonal(int row, int col) { return row + col == 8; }

}  // namespace

TEST(sudoku, constructor_copies) {
  Board data{};
  for (int i = 0; i < 81; ++i) data[i] = i % 9 + 1;
  const Board given = data;
  SudokuLocator locator(9, 9);
  Sudoku sudoku(data.data(), locator);
  EXPECT_TRUE(holds(sudoku, given));
  data[40] = 0;  // the caller's array changes; the board keeps its own copy
  EXPECT_TRUE(holds(sudoku, given)) << "the board changed with the caller's array";
}

TEST(sudoku, cells_read_and_written) {
  SudokuLocator locator(9, 9);
  Sudoku sudoku(SOLVED.data(), locator);
  EXPECT_EQ(sudoku(2, 5), SOLVED[2 * 9 + 5]);
  sudoku(2, 5) = 0;
  EXPECT_EQ(sudoku(2, 5), 0);
  EXPECT_THROW(sudoku(9, 0), std::out_of_range);
}

TEST(sudoku, solves_top_row) { expect_solved(blanked(SOLVED, top_row), SOLVED); }

TEST(sudoku, solves_top_row_and_left_column) {
  expect_solved(blanked(SOLVED, top_row_and_left_column), SOLVED);
}

TEST(sudoku, solves_two_on_the_diagonal) {
  expect_solved(blanked(SOLVED, two_on_the_diagonal), SOLVED);
}

TEST(sudoku, solves_main_diagonal) { expect_solved(blanked(SOLVED, main_diagonal), SOLVED); }

TEST(sudoku, solves_anti_diagonal) { expect_solved(blanked(SOLVED, anti_diagonal), SOLVED); }

TEST(sudoku, solves_newspaper_puzzle) { expect_solved(NEWSPAPER, SOLVED); }

TEST(sudoku, solves_hard_puzzle) { expect_solved(HARD, HARD_SOLVED); }

TEST(sudoku, keeps_solved_board) {
  expect_solved(SOLVED, SOLVED);
  expect_solved(blanked(SOLVED, top_row), SOLVED);  // and fills one that is not yet solved
}

TEST(sudoku, no_solution_with_clashing_givens) {
  Board puzzle = NEWSPAPER;
  puzzle[0] = 6;  // a second 6 in the top row
  SudokuLocator locator(9, 9);
  Sudoku sudoku(puzzle.data(), locator);
  EXPECT_FALSE(sudoku.solve());
  expect_solved(NEWSPAPER, SOLVED);  // the same puzzle without the clash has a solution
}
