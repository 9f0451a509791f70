/* The four checks are right; solve_sudoku is the starter's, never written: it returns 0. */
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

int solve_sudoku(int sudoku[9][9]) {
    return 0;
}
