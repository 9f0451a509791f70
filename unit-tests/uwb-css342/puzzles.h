// Puzzles the tests share (unit-tests/uwb-css342): 81 cells, row by row, 0 for a blank.
#ifndef PUZZLES_H
#define PUZZLES_H

#include <array>

using Board = std::array<int, 81>;

// A solved grid, and puzzles made from it by blanking cells.
inline const Board SOLVED = {
    4, 8, 3, 9, 2, 1, 6, 5, 7, 9, 6, 7, 3, 4, 5, 8, 2, 1, 2, 5, 1, 8, 7, 6, 4, 9, 3,
    5, 4, 8, 1, 3, 2, 9, 7, 6, 7, 2, 9, 5, 6, 4, 1, 3, 8, 1, 3, 6, 7, 9, 8, 2, 4, 5,
    3, 7, 2, 6, 8, 9, 5, 1, 4, 8, 1, 4, 2, 5, 3, 7, 6, 9, 6, 9, 5, 4, 1, 7, 3, 8, 2};

// A puzzle of the newspaper kind: 51 blanks, one solution (SOLVED).
inline const Board NEWSPAPER = {
    0, 0, 3, 0, 2, 0, 6, 0, 0, 9, 0, 0, 3, 0, 5, 0, 0, 1, 0, 0, 1, 8, 0, 6, 4, 0, 0,
    0, 0, 8, 1, 0, 2, 9, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 6, 7, 0, 8, 2, 0, 0,
    0, 0, 2, 6, 0, 9, 5, 0, 0, 8, 0, 0, 2, 0, 3, 0, 0, 9, 0, 0, 5, 0, 1, 0, 3, 0, 0};

// Needs guessing: 56 blanks, one solution (HARD_SOLVED).
inline const Board HARD = {
    7, 0, 4, 0, 0, 0, 3, 2, 0, 3, 0, 0, 0, 0, 8, 0, 0, 0, 0, 5, 0, 1, 3, 0, 0, 9, 4,
    0, 0, 0, 3, 0, 0, 2, 8, 0, 4, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9,
    8, 0, 0, 5, 4, 0, 1, 0, 0, 1, 0, 7, 8, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 7, 0, 0, 0};

// HARD's solution.
inline const Board HARD_SOLVED = {
    7, 1, 4, 9, 5, 6, 3, 2, 8, 3, 9, 2, 4, 7, 8, 6, 5, 1, 6, 5, 8, 1, 3, 2, 7, 9, 4,
    5, 6, 1, 3, 9, 4, 2, 8, 7, 4, 8, 9, 7, 2, 1, 5, 6, 3, 2, 7, 3, 6, 8, 5, 4, 1, 9,
    8, 3, 6, 5, 4, 9, 1, 7, 2, 1, 2, 7, 8, 6, 3, 9, 4, 5, 9, 4, 5, 2, 1, 7, 8, 3, 6};

// No value repeats in a row, column or box, yet no completion exists: only a search finds out.
inline const Board UNSOLVABLE = {
    7, 4, 0, 2, 0, 0, 0, 0, 0, 9, 0, 2, 0, 5, 0, 0, 0, 0, 0, 8, 0, 0, 9, 3, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 6, 0, 9, 6, 7, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 0, 0, 8, 0, 4, 0,
    5, 9, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 5, 0, 0, 0, 6, 2, 0, 0, 0, 0, 7, 9, 0, 0, 4};

// Internal linkage (static): an inline function's out-of-line copy is a weak symbol, which a
// function of the same name in the student's own .cpp would replace at link time (at -O0, as the
// course builds); this one is the tests' alone. (The boards are variables: one of the student's
// of the same name does not link.)
static Board blanked(const Board &board, bool (*blank)(int row, int col)) {
  Board out = board;
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 9; ++col)
      if (blank(row, col)) out[row * 9 + col] = 0;
  return out;
}

#endif
