/* A typical student's solver: backtracking on the first empty cell (row by row), trying only
   the values its row, column and box allow (a candidate check before each placement).
   solve_grid(grid) fills an N x N grid (0 = blank) in place: 1 when solved, 0 when not. */
#ifndef N
#define N 9 /* the grid's side (the panel's adapter defines it from the prototype) */
#endif
#ifndef BOX
#define BOX 3 /* the side of a box */
#endif

static int in_row(int grid[N][N], int row, int value) {
    for (int c = 0; c < N; c++)
        if (grid[row][c] == value) return 1;
    return 0;
}

static int in_col(int grid[N][N], int col, int value) {
    for (int r = 0; r < N; r++)
        if (grid[r][col] == value) return 1;
    return 0;
}

static int in_box(int grid[N][N], int row, int col, int value) {
    int top = row - row % BOX, left = col - col % BOX;
    for (int r = top; r < top + BOX; r++)
        for (int c = left; c < left + BOX; c++)
            if (grid[r][c] == value) return 1;
    return 0;
}

static int is_valid(int grid[N][N], int row, int col, int value) {
    return !in_row(grid, row, value) && !in_col(grid, col, value) &&
           !in_box(grid, row, col, value);
}

static int find_empty(int grid[N][N], int *row, int *col) {
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (grid[r][c] == 0) {
                *row = r;
                *col = c;
                return 1;
            }
    return 0;
}

static int search(int grid[N][N]) {
    int row, col;
    if (!find_empty(grid, &row, &col)) return 1;
    for (int value = 1; value <= N; value++) {
        if (is_valid(grid, row, col, value)) {
            grid[row][col] = value;
            if (search(grid)) return 1;
            grid[row][col] = 0;
        }
    }
    return 0;
}

static int givens_ok(int grid[N][N]) {
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int value = grid[r][c];
            if (value == 0) continue;
            grid[r][c] = 0;
            int ok = is_valid(grid, r, c, value);
            grid[r][c] = value;
            if (!ok) return 0;
        }
    return 1;
}

static int solve_grid(int grid[N][N]) { return givens_ok(grid) && search(grid); }
