/* A typical student's solver: backtracking on the first empty cell (row by row) with no
   candidate check: every value is put in, then the move is checked (does the value now appear
   twice in its row, column or box?), and the next value tried when it does.
   solve_grid(grid) fills an N x N grid (0 = blank) in place: 1 when solved, 0 when not. */
#ifndef N
#define N 9 /* the grid's side (the panel's adapter defines it from the prototype) */
#endif
#ifndef BOX
#define BOX 3 /* the side of a box */
#endif

/* 1 when the value at (row, col) is also somewhere else in its row, column or box. */
static int clashes(int grid[N][N], int row, int col) {
    int value = grid[row][col];
    for (int i = 0; i < N; i++) {
        if (i != col && grid[row][i] == value) return 1;
        if (i != row && grid[i][col] == value) return 1;
    }
    int top = row - row % BOX, left = col - col % BOX;
    for (int r = top; r < top + BOX; r++)
        for (int c = left; c < left + BOX; c++)
            if ((r != row || c != col) && grid[r][c] == value) return 1;
    return 0;
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
        grid[row][col] = value;
        if (!clashes(grid, row, col) && search(grid)) return 1;
    }
    grid[row][col] = 0;
    return 0;
}

static int givens_ok(int grid[N][N]) {
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (grid[r][c] != 0 && clashes(grid, r, c)) return 0;
    return 1;
}

static int solve_grid(int grid[N][N]) { return givens_ok(grid) && search(grid); }
