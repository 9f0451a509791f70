/* Starter for the c-functions worked example (written for sudoku-harness, in the spirit of
   UIUC ECE 220 MP7; no course code): five functions over int sudoku[9][9], rows and columns
   from 0, 0 for a blank, called by the teacher's driver. Each returns 0 until you write it.

   The handout's header, sudoku.h, declares them: every build gets the course's copy beside
   this file (config.yaml's driver.given). */
#include "sudoku.h"

/* 1 when val is in row i, else 0. */
int is_val_in_row(const int val, const int i, const int sudoku[9][9]) {
    return 0;
}

/* 1 when val is in column j, else 0. */
int is_val_in_col(const int val, const int j, const int sudoku[9][9]) {
    return 0;
}

/* 1 when val is in the 3x3 zone holding cell (i, j), else 0. */
int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[9][9]) {
    return 0;
}

/* 1 when val may go at (i, j): not in its row, column or zone. */
int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
    return 0;
}

/* Fills the grid in place by backtracking: 1 when solved, 0 when it cannot be. */
int solve_sudoku(int sudoku[9][9]) {
    return 0;
}
