package edu.ics211.h09.tests;

import java.util.Arrays;

/** Grids the worked example's tests share (ours): 9x9, 1 to 9, 0 for a blank. */
final class Puzzles {
  private Puzzles() {}

  static final String SOLVED =
      "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
  static final String TOP_ROW_BLANK =  // SOLVED with its top row blank: each blank has one value
      "000000000967345821251876493548132976729564138136798245372689514814253769695417382";
  static final String NEWSPAPER =
      "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
  static final String HARD =
      "704000320300008000050130094000300280400000060000000009800540100107800005000007000";
  static final String UNSOLVABLE =
      "740200000902050000080093000000000609670010005000008040590002000010500062000079004";
  static final String MANY_SOLUTIONS =
      "000000000900305001001806400008102900700000008006708200002609500800203009005010300";

  static int[][] grid(String cells) {
    int[][] grid = new int[9][9];
    for (int i = 0; i < 81; i++) {
      grid[i / 9][i % 9] = cells.charAt(i) - '0';
    }
    return grid;
  }

  static int[][] copy(int[][] grid) {
    int[][] copy = new int[9][];
    for (int row = 0; row < 9; row++) {
      copy[row] = Arrays.copyOf(grid[row], 9);
    }
    return copy;
  }

  /** Why grid is not a completion of puzzle (null when it is one). */
  static String whyNotSolved(int[][] puzzle, int[][] grid) {
    for (int row = 0; row < 9; row++) {
      for (int column = 0; column < 9; column++) {
        int value = grid[row][column];
        if (value < 1 || value > 9) {
          return "cell (" + row + ", " + column + ") holds " + value;
        }
        if (puzzle[row][column] != 0 && puzzle[row][column] != value) {
          return "the given at (" + row + ", " + column + ") was changed";
        }
        for (int other = 0; other < 9; other++) {
          if (other != column && grid[row][other] == value) {
            return value + " repeats in row " + row;
          }
          if (other != row && grid[other][column] == value) {
            return value + " repeats in column " + column;
          }
          int r = row / 3 * 3 + other / 3;
          int c = column / 3 * 3 + other % 3;
          if ((r != row || c != column) && grid[r][c] == value) {
            return value + " repeats in the box of (" + row + ", " + column + ")";
          }
        }
      }
    }
    return null;
  }
}
