package edu.ics211.h09;

import java.util.ArrayList;

/**
 * Starter for the Hawaii ICS 211 worked example (written for sudoku-harness from the course's
 * public description; no course code): a 9x9 Sudoku of ints, 1 to 9, 0 for a blank. Complete
 * solveSudoku (recursively) and legalValues.
 */
public class Sudoku {

  /**
   * Fills the blanks of sudoku in place. True when it did; false when there is no solution,
   * and then sudoku must be as it was.
   */
  public static boolean solveSudoku(int[][] sudoku) {
    return false;
  }

  /**
   * The values that cell (row, column) can take without repeating one of its row, column or
   * box, in ascending order; null when the cell is filled.
   */
  public static ArrayList<Integer> legalValues(int[][] sudoku, int row, int column) {
    return null;
  }
}
