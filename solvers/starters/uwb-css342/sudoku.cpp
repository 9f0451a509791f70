// Starter for the UW Bothell CSS 342 worked example (written for sudoku-harness from the course's
// public description; no course code): the class of sudoku.h with everything but solve() given.
// Write solve() (and, if you like, the helper solve(row, col)) so that it fills the board in
// place and returns whether it could.
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
  for (std::size_t row = 0; row < SUDOKU_BOARD_SIZE; ++row) {
    for (std::size_t col = 0; col < SUDOKU_BOARD_SIZE; ++col) std::cout << " [" << (*this)(row, col) << "] ";
    std::cout << '\n';
  }
  std::cout << '\n';
}

bool Sudoku::solve() {
  // TODO: fill the blanks in place; return false when the puzzle has no solution
}

bool Sudoku::solve(std::size_t row, std::size_t col) {
  // TODO (optional): a recursive helper over the cells from (row, col)
}
