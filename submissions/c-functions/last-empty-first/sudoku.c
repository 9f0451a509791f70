/* A correct submission whose solver fills the LAST empty cell first: the loop that looks for
   an empty cell has no break, so the cell it keeps is the last one it saw. Every answer is
   right; it is only slower on some puzzles (about a second of CPU on guessing-hard-9x9's puzzle). */

// Returns true if val is already in row i.
int is_val_in_row(const int val, const int i, const int sudoku[9][9]) {
  for (int j = 0; j < 9; j++) {
    if (sudoku[i][j] == val) {
      return 1;
    }
  }
  return 0;
}

// Returns true if val is already in column j.
int is_val_in_col(const int val, const int j, const int sudoku[9][9]) {
  for (int i = 0; i < 9; i++) {
    if (sudoku[i][j] == val) {
      return 1;
    }
  }
  return 0;
}

// Returns true if val is already in the 3x3 zone of cell (i, j).
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

// Returns true if val can be put at (i, j).
int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
  return !is_val_in_row(val, i, sudoku) && !is_val_in_col(val, j, sudoku) &&
         !is_val_in_3x3_zone(val, i, j, sudoku);
}

// Solves the sudoku by backtracking; returns 1 when solved.
int solve_sudoku(int sudoku[9][9]) {
  int i, j;
  int row = -1, col = -1;

  // find an empty cell
  for (i = 0; i < 9; i++) {
    for (j = 0; j < 9; j++) {
      if (sudoku[i][j] == 0) {
        row = i;
        col = j;
      }
    }
  }
  if (row == -1) {
    return 1;  // no empty cell: solved
  }

  for (int num = 1; num <= 9; num++) {
    if (is_val_valid(num, row, col, (const int (*)[9])sudoku)) {
      sudoku[row][col] = num;
      if (solve_sudoku(sudoku)) {
        return 1;
      }
      sudoku[row][col] = 0;
    }
  }
  return 0;
}
