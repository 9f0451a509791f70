// The class students complete (unit-tests/uwb-css342, written for the harness's worked example):
// a 9x9 Sudoku kept row by row in one array of 81 ints, 0 for a blank. The header is given;
// students may add private declarations (a helper) and implement solve() in sudoku.cpp.
#ifndef SUDOKU_H
#define SUDOKU_H

#include <cstddef>

#include "matrix_locator.h"

#define SUDOKU_BOARD_SIZE 9

class Sudoku {
 public:
  // Copies the 81 values of `data` (the caller's array stays its own).
  explicit Sudoku(const int *data, MatrixLocator &locator);
  Sudoku(const Sudoku &) = delete;
  Sudoku &operator=(const Sudoku &) = delete;
  virtual ~Sudoku();

  int &operator()(std::size_t row, std::size_t col);        // throws std::out_of_range
  int operator()(std::size_t row, std::size_t col) const;  // throws std::out_of_range
  bool operator==(const int *other) const;                   // all 81 cells equal
  bool operator==(const Sudoku &other) const;
  void print() const;

  // Fills the blanks in place so that every row, column and box holds 1 to 9 once; true when it
  // did, false when the puzzle has no solution (the board is then unspecified).
  bool solve();

 private:
  int *cell(std::size_t row, std::size_t col) const;
  bool solve(std::size_t row, std::size_t col);  // an optional helper: the cells from (row, col)

  int *board;
  MatrixLocator &locator;
};

#endif
