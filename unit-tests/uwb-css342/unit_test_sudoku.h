// How the worked example's tests read a board (unit-tests/uwb-css342, as the course keeps its
// helper in test/problem_3/unit_test_sudoku.h): cell by cell, each cell read through the
// handout's accessor and compared as a plain int by the test itself, never through the
// student's operator== (a student's header could make one that ignores the blanks). The
// helpers are lambdas: a function of the same name in a student's header cannot take their
// calls from them (an overload that fits an argument better would take a function's), and
// makes a call from a test ambiguous, a compile error, rather than its own.
#ifndef UNIT_TEST_SUDOKU_H
#define UNIT_TEST_SUDOKU_H

#include <gtest/gtest.h>

#include <cstddef>

#include "puzzles.h"
#include "sudoku.h"
#include "sudoku_locator.h"

// Whether the board holds `expected`, and if not, the first cell that differs.
const auto holds = [](const Sudoku &sudoku, const Board &expected) -> ::testing::AssertionResult {
  for (std::size_t row = 0; row < 9; ++row) {
    for (std::size_t col = 0; col < 9; ++col) {
      const int found = sudoku(row, col), wanted = expected[row * 9 + col];
      if (found != wanted) {
        return ::testing::AssertionFailure()
               << "cell (" << row << ", " << col << ") holds " << found << ", not " << wanted;
      }
    }
  }
  return ::testing::AssertionSuccess();
};

// Solves `puzzle` and expects true and `expected` on the board.
const auto expect_solved = [](const Board &puzzle, const Board &expected) {
  SudokuLocator locator(9, 9);
  Sudoku sudoku(puzzle.data(), locator);
  ASSERT_TRUE(sudoku.solve()) << "solve() said there is no solution";
  EXPECT_TRUE(holds(sudoku, expected)) << "the board is not the puzzle's solution";
};

#endif
