/* The teacher's driver for c-functions (sudoku-harness, shape `driven`): built with the
   student's files, it reads one call a line on stdin, calls the student's function, and prints
   its reply on a line of its own, in JSON.

   A line is the function's name, then its arguments in config.yaml's `args:` order: a number
   as itself, a grid as its size (9), then its 81 values row by row, 0 for a blank. A truth
   value is replied as `true` or `false` (any int other than 0 is true, as in C); solve_sudoku,
   which fills the grid it is given, as {"returned": FLAG, "grid": THE GRID AFTER}.

   The student's own prints go to stderr: stdout carries the replies alone. */
#define _POSIX_C_SOURCE 200809L /* fdopen and dup, under -std=c11 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define N 9

int is_val_in_row(const int val, const int i, const int sudoku[N][N]);
int is_val_in_col(const int val, const int j, const int sudoku[N][N]);
int is_val_in_3x3_zone(const int val, const int i, const int j, const int sudoku[N][N]);
int is_val_valid(const int val, const int i, const int j, const int sudoku[N][N]);
int solve_sudoku(int sudoku[N][N]);

typedef const int (*Grid)[N];

static FILE *replies;

static int read_grid(int grid[N][N]) {
    int n;
    if (scanf("%d", &n) != 1 || n != N) return 0;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (scanf("%d", &grid[r][c]) != 1) return 0;
    return 1;
}

static void reply_truth(int value) { fputs(value ? "true" : "false", replies); }

static void reply_grid(int grid[N][N]) {
    for (int r = 0; r < N; r++) {
        fputs(r == 0 ? "[[" : ", [", replies);
        for (int c = 0; c < N; c++) fprintf(replies, c == 0 ? "%d" : ", %d", grid[r][c]);
        fputc(']', replies);
    }
    fputc(']', replies);
}

/* One call: 1 when it was read and answered. */
static int call(const char *name) {
    int grid[N][N], val, i, j;
    if (strcmp(name, "is_val_in_row") == 0 && scanf("%d %d", &val, &i) == 2 && read_grid(grid))
        reply_truth(is_val_in_row(val, i, (Grid)grid));
    else if (strcmp(name, "is_val_in_col") == 0 && scanf("%d %d", &val, &j) == 2 && read_grid(grid))
        reply_truth(is_val_in_col(val, j, (Grid)grid));
    else if (strcmp(name, "is_val_in_3x3_zone") == 0 && scanf("%d %d %d", &val, &i, &j) == 3 &&
             read_grid(grid))
        reply_truth(is_val_in_3x3_zone(val, i, j, (Grid)grid));
    else if (strcmp(name, "is_val_valid") == 0 && scanf("%d %d %d", &val, &i, &j) == 3 &&
             read_grid(grid))
        reply_truth(is_val_valid(val, i, j, (Grid)grid));
    else if (strcmp(name, "solve_sudoku") == 0 && read_grid(grid)) {
        int solved = solve_sudoku(grid);
        fputs("{\"returned\": ", replies);
        reply_truth(solved);
        fputs(", \"grid\": ", replies);
        reply_grid(grid);
        fputc('}', replies);
    } else
        return 0;
    fputc('\n', replies);
    fflush(replies);
    return 1;
}

int main(void) {
    replies = fdopen(dup(STDOUT_FILENO), "w");
    dup2(STDERR_FILENO, STDOUT_FILENO);
    char name[64];
    while (scanf("%63s", name) == 1) {
        if (!call(name)) {
            fprintf(stderr, "driver: cannot read a call of %s\n", name);
            return 2;
        }
    }
    return 0;
}
