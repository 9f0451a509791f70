/* The four checks; solve_sudoku is in solve.c. */
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
    int top = i / 3 * 3, left = j / 3 * 3;
    for (int r = top; r <= top + 2; r++)
        for (int c = left; c <= left + 2; c++)
            if (sudoku[r][c] == val) return 1;
    return 0;
}

int is_val_valid(const int val, const int i, const int j, const int sudoku[9][9]) {
    return !is_val_in_row(val, i, sudoku) && !is_val_in_col(val, j, sudoku) &&
           !is_val_in_3x3_zone(val, i, j, sudoku);
}

