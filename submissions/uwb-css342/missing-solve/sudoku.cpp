#include "sudoku.h"

#include <iostream>
#include <stdexcept>

Sudoku::Sudoku(const int *data, MatrixLocator &locator) : board(new int[81]), locator(locator) {
  for (int i = 0; i < 81; i++) {
    board[i] = data[i];
  }
}

Sudoku::~Sudoku() { delete[] board; }

int *Sudoku::cell(std::size_t row, std::size_t col) const {
  if (row > 8 || col > 8) {
    throw std::out_of_range("row or col out of range");
  }
  return locator.locate(board, row, col);
}

int &Sudoku::operator()(std::size_t row, std::size_t col) { return *cell(row, col); }

int Sudoku::operator()(std::size_t row, std::size_t col) const { return *cell(row, col); }

bool Sudoku::operator==(const int *other) const {
  for (int i = 0; i < 81; i++) {
    if (board[i] != other[i]) {
      return false;
    }
  }
  return true;
}

bool Sudoku::operator==(const Sudoku &other) const { return *this == other.board; }

void Sudoku::print() const {
  for (std::size_t r = 0; r < 9; r++) {
    for (std::size_t c = 0; c < 9; c++) {
      std::cout << " [" << (*this)(r, c) << "] ";
    }
    std::cout << std::endl;
  }
  std::cout << std::endl;
}

// true if value can go at (row, col) without repeating in its row, column or 3x3 box
static bool canPlace(const Sudoku &s, std::size_t row, std::size_t col, int value) {
  for (std::size_t k = 0; k < 9; k++) {
    if (k != col && s(row, k) == value) return false;
    if (k != row && s(k, col) == value) return false;
  }
  std::size_t boxRow = row - row % 3;
  std::size_t boxCol = col - col % 3;
  for (std::size_t r = boxRow; r < boxRow + 3; r++) {
    for (std::size_t c = boxCol; c < boxCol + 3; c++) {
      if ((r != row || c != col) && s(r, c) == value) return false;
    }
  }
  return true;
}

bool Sudoku::solve(std::size_t row, std::size_t col) {
  if (col == 9) {
    row++;
    col = 0;
  }
  if (row == 9) {
    return true;
  }
  if ((*this)(row, col) != 0) {
    return solve(row, col + 1);
  }
  for (int value = 1; value <= 9; value++) {
    if (canPlace(*this, row, col, value)) {
      (*this)(row, col) = value;
      if (solve(row, col + 1)) {
        return true;
      }
      (*this)(row, col) = 0;
    }
  }
  return false;
}
