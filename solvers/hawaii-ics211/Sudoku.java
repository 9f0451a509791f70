package edu.ics211.h09;

import java.util.ArrayList;

/**
 * The reference solution of the Hawaii ICS 211 worked example (ours): a 9x9 Sudoku of ints,
 * 1 to 9, 0 for a blank, solved in place by recursion.
 */
public class Sudoku {

  /**
   * Fills the blanks of sudoku in place. True when it did; false when there is no solution,
   * and then sudoku is as it was.
   */
  public static boolean solveSudoku(int[][] sudoku) {
    for (int row = 0; row < 9; row++) {
      for (int column = 0; column < 9; column++) {
        if (sudoku[row][column] == 0) {
          return fill(sudoku, row, column);
        }
      }
    }
    return checkSudoku(sudoku, false);
  }

  private static boolean fill(int[][] sudoku, int row, int column) {
    ArrayList<Integer> values = legalValues(sudoku, row, column);
    for (int value : values) {
      sudoku[row][column] = value;
      if (solveSudoku(sudoku)) {
        return true;
      }
    }
    sudoku[row][column] = 0;
    return false;
  }

  /**
   * The values that cell (row, column) can take without repeating one of its row, column or
   * box, in ascending order; null when the cell is filled.
   */
  public static ArrayList<Integer> legalValues(int[][] sudoku, int row, int column) {
    if (sudoku[row][column] != 0) {
      return null;
    }
    boolean[] seen = new boolean[10];
    int top = row / 3 * 3;
    int left = column / 3 * 3;
    for (int i = 0; i < 9; i++) {
      seen[sudoku[row][i]] = true;
      seen[sudoku[i][column]] = true;
      seen[sudoku[top + i / 3][left + i % 3]] = true;
    }
    ArrayList<Integer> values = new ArrayList<>();
    for (int value = 1; value <= 9; value++) {
      if (!seen[value]) {
        values.add(value);
      }
    }
    return values;
  }

  /** Whether sudoku is 9x9, holds 0 to 9 only, and repeats no value in a unit (blanks aside). */
  public static boolean checkSudoku(int[][] sudoku, boolean printErrors) {
    if (sudoku.length != 9) {
      return false;
    }
    for (int i = 0; i < 9; i++) {
      boolean[] row = new boolean[10];
      boolean[] column = new boolean[10];
      boolean[] box = new boolean[10];
      if (sudoku[i].length != 9) {
        return false;
      }
      for (int j = 0; j < 9; j++) {
        int[] values = {sudoku[i][j], sudoku[j][i], sudoku[i / 3 * 3 + j / 3][i % 3 * 3 + j % 3]};
        boolean[][] seen = {row, column, box};
        for (int k = 0; k < 3; k++) {
          int value = values[k];
          if (value < 0 || value > 9) {
            return false;
          }
          if (value != 0 && seen[k][value]) {
            if (printErrors) {
              System.out.println("value " + value + " repeats in unit " + i);
            }
            return false;
          }
          seen[k][value] = true;
        }
      }
    }
    return true;
  }
}
