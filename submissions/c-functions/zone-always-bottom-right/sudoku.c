/* Row and column checks, validity and the solver are right; the zone check starts at the
   bottom-right zone whatever cell it is asked about. is_val_valid has its own loops. */
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
    int top = 6, left = 6;
    for (int r = top; r < top + 3; r++)
        for (int c = left; c < left + 3; c++)
            if (sudoku[r][c] == val) return 1;
    return 0;
}

int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
    for (int k = 0; k < 9; k++)
        if (sudoku[i][k] == val || sudoku[k][j] == val) return 0;
    int top = i - i % 3, left = j - j % 3;
    for (int r = top; r < top + 3; r++)
        for (int c = left; c < left + 3; c++)
            if (sudoku[r][c] == val) return 0;
    return 1;
}

int solve_sudoku(int sudoku[9][9]) {
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            if (sudoku[i][j] != 0) continue;
            for (int val = 1; val <= 9; val++) {
                if (!is_val_valid(val, i, j, sudoku)) continue;
                sudoku[i][j] = val;
                if (solve_sudoku(sudoku)) return 1;
                sudoku[i][j] = 0;
            }
            return 0;
        }
    return 1;
}
