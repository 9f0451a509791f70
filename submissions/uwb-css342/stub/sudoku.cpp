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

bool Sudoku::solve() {
  // TODO: solve the puzzle in place; return false when it has no solution
}

bool Sudoku::solve(std::size_t row, std::size_t col) {
  // TODO (optional): a recursive helper
}
