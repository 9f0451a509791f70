package edu.ics211.h09;

import java.util.ArrayList;

/**
 * Recursive Sudoku solver for H09 (9x9 version).
 */
public class Sudoku {

  /**
   * Find an assignment of values to sudoku cells that makes the sudoku valid.
   *
   * @param sudoku the sudoku to be solved
   * @return whether a solution was found; if false, the sudoku is unchanged
   */
  public static boolean solveSudoku(int[][] sudoku) {
    int row = -1;
    int col = -1;
    // find the first empty cell
    for (int r = 0; r < 9 && row < 0; r++) {
      for (int c = 0; c < 9; c++) {
        if (sudoku[r][c] == 0) {
          row = r;
          col = c;
          break;
        }
      }
    }
    // base case 1: no empty cell, so it is a solution only if it is valid
    if (row < 0) {
      return checkSudoku(sudoku, false);
    }
    ArrayList<Integer> legal = legalValues(sudoku, row, col);
    for (int i = 0; i < legal.size(); i++) {
      sudoku[row][col] = legal.get(i);
      if (solveSudoku(sudoku)) {
        return true;
      }
    }
    sudoku[row][col] = 0; // undo before going back
    return false;
  }

  /**
   * Find the legal values for the given sudoku and cell.
   *
   * @param sudoku the sudoku being solved.
   * @param row the row of the cell to get values for.
   * @param column the column of the cell.
   * @return an ordered list of the values that are legal, or null if the cell is filled.
   */
  public static ArrayList<Integer> legalValues(int[][] sudoku, int row, int column) {
    if (sudoku[row][column] != 0) {
      return null;
    }
    ArrayList<Integer> result = new ArrayList<Integer>();
    for (int value = 1; value <= 9; value++) {
      sudoku[row][column] = value; // try the value in its cell
      if (!repeated(sudoku, row, column)) {
        result.add(value);
      }
    }
    return result;
  }

  private static boolean repeated(int[][] sudoku, int row, int column) {
    int value = sudoku[row][column];
    for (int i = 0; i < 9; i++) {
      if (i != column && sudoku[row][i] == value || i != row && sudoku[i][column] == value) {
        return true;
      }
    }
    int boxRow = (row / 3) * 3;
    int boxCol = (column / 3) * 3;
    for (int r = boxRow; r < boxRow + 3; r++) {
      for (int c = boxCol; c < boxCol + 3; c++) {
        if ((r != row || c != column) && sudoku[r][c] == value) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean fits(int[][] sudoku, int row, int column, int value) {
    for (int i = 0; i < 9; i++) {
      if (sudoku[row][i] == value || sudoku[i][column] == value) {
        return false;
      }
    }
    int boxRow = (row / 3) * 3;
    int boxCol = (column / 3) * 3;
    for (int r = boxRow; r < boxRow + 3; r++) {
      for (int c = boxCol; c < boxCol + 3; c++) {
        if (sudoku[r][c] == value) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Checks that the sudoku is 9x9, with values 0..9, and no value repeated in a row, column
   * or 3x3 box (0s are ignored).
   *
   * @param sudoku the sudoku to check
   * @param printErrors whether to print the first problem found
   * @return true if the sudoku is valid
   */
  public static boolean checkSudoku(int[][] sudoku, boolean printErrors) {
    if (sudoku.length != 9) {
      if (printErrors) {
        System.out.println("sudoku has " + sudoku.length + " rows, should have 9");
      }
      return false;
    }
    for (int i = 0; i < 9; i++) {
      if (sudoku[i].length != 9) {
        return false;
      }
      for (int j = 0; j < 9; j++) {
        if (sudoku[i][j] < 0 || sudoku[i][j] > 9) {
          return false;
        }
      }
    }
    for (int i = 0; i < 9; i++) {
      for (int j = 0; j < 9; j++) {
        int value = sudoku[i][j];
        if (value == 0) {
          continue;
        }
        sudoku[i][j] = 0;
        boolean ok = fits(sudoku, i, j, value);
        sudoku[i][j] = value;
        if (!ok) {
          if (printErrors) {
            System.out.println("value " + value + " at " + i + ", " + j + " is repeated");
          }
          return false;
        }
      }
    }
    return true;
  }
}
