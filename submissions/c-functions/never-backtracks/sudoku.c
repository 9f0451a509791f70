/* Never backtracks: solve_sudoku fills the cells only one value fits, again and again, and
   gives up when none is left. The puzzles those cells alone finish are solved; the others,
   which need a guess, return 0 though they have a solution. */
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

static int only_value(int sudoku[9][9], int i, int j) {
    int found = 0;
    for (int val = 1; val <= 9; val++) {
        if (!is_val_valid(val, i, j, (const int (*)[9])sudoku)) continue;
        if (found) return 0;
        found = val;
    }
    return found;
}

int solve_sudoku(int sudoku[9][9]) {
    for (int progress = 1; progress;) {
        progress = 0;
        for (int i = 0; i < 9; i++)
            for (int j = 0; j < 9; j++) {
                int val = sudoku[i][j] ? 0 : only_value(sudoku, i, j);
                if (val) sudoku[i][j] = val, progress = 1;
            }
    }
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++)
            if (!sudoku[i][j]) return 0;
    return 1;
}
