/* A correct submission in another style: one loop over a unit's cells for the three checks. */
static int in_cells(const int val, const int sudoku[9][9], int top, int left, int rows, int cols) {
    for (int r = top; r < top + rows; r++)
        for (int c = left; c < left + cols; c++)
            if (sudoku[r][c] == val) return 1;
    return 0;
}

int is_val_in_row(const int val, const int i, const int sudoku[9][9]) {
    return in_cells(val, sudoku, i, 0, 1, 9);
}

int is_val_in_col(const int val, const int j, const int sudoku[9][9]) {
    return in_cells(val, sudoku, 0, j, 9, 1);
}

int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[9][9]) {
    return in_cells(val, sudoku, i / 3 * 3, j / 3 * 3, 3, 3);
}

int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
    if (is_val_in_row(val, i, sudoku) || is_val_in_col(val, j, sudoku)) return 0;
    return !is_val_in_3x3_zone(val, i, j, sudoku);
}

static int next_empty(int sudoku[9][9], int *i, int *j) {
    for (*i = 0; *i < 9; (*i)++)
        for (*j = 0; *j < 9; (*j)++)
            if (sudoku[*i][*j] == 0) return 1;
    return 0;
}

int solve_sudoku(int sudoku[9][9]) {
    int i, j;
    if (!next_empty(sudoku, &i, &j)) return 1;
    for (int val = 1; val <= 9; val++) {
        if (is_val_valid(val, i, j, (const int (*)[9])sudoku)) {
            sudoku[i][j] = val;
            if (solve_sudoku(sudoku)) return 1;
            sudoku[i][j] = 0;
        }
    }
    return 0;
}
