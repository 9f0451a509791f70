/* MP7: the five functions over sudoku[9][9]. */
#include <stdio.h>

// 1 if val is already somewhere in row i
int is_val_in_row(const int val, const int i, const int sudoku[9][9]) {
  for (int j = 0; j < 9; j++) {
    if (sudoku[i][j] == val) {
      return 1;
    }
  }
  return 0;
}

// 1 if val is already somewhere in column j
int is_val_in_col(const int val, const int j, const int sudoku[9][9]) {
  for (int i = 0; i < 9; i++) {
    if (sudoku[i][j] == val) {
      return 1;
    }
  }
  return 0;
}

// 1 if val is already in the 3x3 zone that holds (i, j)
int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[9][9]) {
  int row0 = (i / 3) * 3;
  int col0 = (j / 3) * 3;
  for (int r = row0; r < row0 + 3; r++) {
    for (int c = col0; c < col0 + 3; c++) {
      if (sudoku[r][c] == val) {
        return 1;
      }
    }
  }
  return 0;
}

// 1 if val can go at (i, j)
int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
  if (is_val_in_row(val, i, sudoku)) return 0;
  if (is_val_in_col(val, j, sudoku)) return 0;
  if (is_val_in_3x3_zone(val, i, j, sudoku)) return 0;
  return 1;
}

// fills the grid; 1 when solved
int solve_sudoku(int sudoku[9][9]) {
  int i, j;
  // find the first empty cell
  for (i = 0; i < 9; i++) {
    for (j = 0; j < 9; j++) {
      if (sudoku[i][j] == 0) break;
    }
    if (j < 9) break;
  }
  if (sudoku[i][j] != 0) {
    return 1;  // no empty cell left: solved
  }
  for (int val = 1; val <= 9; val++) {
    if (is_val_valid(val, i, j, sudoku)) {
      sudoku[i][j] = val;
      if (solve_sudoku(sudoku)) {
        return 1;
      }
      sudoku[i][j] = 0;
    }
  }
  return 0;
}
