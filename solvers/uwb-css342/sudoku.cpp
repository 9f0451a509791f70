// The reference solution of the UW Bothell worked example (ours): backtracking over the cells in
// reading order, trying 1 to 9 where no row, column or box already holds the value.
#include "sudoku.h"

#include <iostream>
#include <stdexcept>

Sudoku::Sudoku(const int *data, MatrixLocator &locator) : board(new int[81]), locator(locator) {
  for (int i = 0; i < 81; ++i) board[i] = data[i];
}

Sudoku::~Sudoku() { delete[] board; }

int *Sudoku::cell(std::size_t row, std::size_t col) const {
  if (row >= SUDOKU_BOARD_SIZE || col >= SUDOKU_BOARD_SIZE) throw std::out_of_range("no such cell");
  return locator.locate(board, row, col);
}

int &Sudoku::operator()(std::size_t row, std::size_t col) { return *cell(row, col); }

int Sudoku::operator()(std::size_t row, std::size_t col) const { return *cell(row, col); }

bool Sudoku::operator==(const int *other) const {
  for (int i = 0; i < 81; ++i)
    if (board[i] != other[i]) return false;
  return true;
}

bool Sudoku::operator==(const Sudoku &other) const { return *this == other.board; }

void Sudoku::print() const {
  for (std::size_t row = 0; row < 9; ++row) {
    for (std::size_t col = 0; col < 9; ++col) std::cout << " [" << (*this)(row, col) << "] ";
    std::cout << '\n';
  }
  std::cout << '\n';
}

static bool allowed(const Sudoku &s, std::size_t row, std::size_t col, int value) {
  for (std::size_t i = 0; i < 9; ++i)
    if (s(row, i) == value || s(i, col) == value) return false;
  std::size_t top = row / 3 * 3, left = col / 3 * 3;
  for (std::size_t r = top; r < top + 3; ++r)
    for (std::size_t c = left; c < left + 3; ++c)
      if (s(r, c) == value) return false;
  return true;
}

bool Sudoku::solve() { return solve(0, 0); }

bool Sudoku::solve(std::size_t row, std::size_t col) {
  if (row == 9) return true;
  std::size_t next_row = col == 8 ? row + 1 : row, next_col = col == 8 ? 0 : col + 1;
  if ((*this)(row, col) != 0) return solve(next_row, next_col);
  for (int value = 1; value <= 9; ++value) {
    if (!allowed(*this, row, col, value)) continue;
    (*this)(row, col) = value;
    if (solve(next_row, next_col)) return true;
  }
  (*this)(row, col) = 0;
  return false;
}
