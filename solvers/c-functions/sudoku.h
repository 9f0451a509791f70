/* Our handout's header for c-functions: the five functions a submission defines. */
#ifndef SUDOKU_H
#define SUDOKU_H

int is_val_in_row(const int val, const int i, const int sudoku[9][9]);
int is_val_in_col(const int val, const int j, const int sudoku[9][9]);
int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[9][9]);
int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]);
int solve_sudoku(int sudoku[9][9]);

#endif
