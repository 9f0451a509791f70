/* solve_sudoku, in a file of its own: a closing brace is missing, so this file does not compile.
   It is left out of the build; only solve_sudoku, which it would define, is CE. */
int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]);

int solve_sudoku(int sudoku[9][9]) {
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            if (sudoku[i][j]) continue;
            for (int val = 1; val <= 9; val++) {
                if (!is_val_valid(val, i, j, (const int (*)[9])sudoku)) continue;
                sudoku[i][j] = val;
                if (solve_sudoku(sudoku)) return 1;
                sudoku[i][j] = 0;
            }
            return 0;
    return 1;
}
