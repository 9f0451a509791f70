/* The reference for c-functions: the five functions of our handout, over int sudoku[9][9]
   with 0 for a blank, rows and columns counted from 0. */
#include "sudoku.h"

int is_val_in_row(const int val, const int i, const int sudoku[9][9]) {
    for (int j = 0; j < 9; j++)
        if (sudoku[i][j] == val) return 1;
    return 0;
}

int is_val_in_col(const int val, const int j, const int sudoku[9][9]) {
    for (int i = 0; i < 9; i++)
        if (sudoku[i][j] == val) return 1;
    return 0;
}

int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[9][9]) {
    int top = i - i % 3, left = j - j % 3;
    for (int r = top; r < top + 3; r++)
        for (int c = left; c < left + 3; c++)
            if (sudoku[r][c] == val) return 1;
    return 0;
}

int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
    return !is_val_in_row(val, i, sudoku) && !is_val_in_col(val, j, sudoku) &&
           !is_val_in_3x3_zone(val, i, j, sudoku);
}

int solve_sudoku(int sudoku[9][9]) {
    for (int cell = 0; cell < 81; cell++) {
        int i = cell / 9, j = cell % 9;
        if (sudoku[i][j] != 0) continue;
        for (int val = 1; val <= 9; val++) {
            if (!is_val_valid(val, i, j, (const int (*)[9])sudoku)) continue;
            sudoku[i][j] = val;
            if (solve_sudoku(sudoku)) return 1;
        }
        sudoku[i][j] = 0;
        return 0;
    }
    return 1;
}
