/* The handout's header for the c-functions worked example (ours, in the spirit of UIUC ECE 220
   MP7's sudoku.h): the five functions over int sudoku[9][9], rows and columns from 0, 0 for a
   blank. Given to every build (config.yaml's driver.given): a student's own copy is replaced by
   this one, and one laid beside their files where they handed in none. */
#ifndef SUDOKU_H
#define SUDOKU_H

int is_val_in_row(const int val, const int i, const int sudoku[9][9]);
int is_val_in_col(const int val, const int j, const int sudoku[9][9]);
int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[9][9]);
int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]);
int solve_sudoku(int sudoku[9][9]);

#endif
