/* Sudoku solver: the handout's Algorithm 1, as written, but filling the last empty cell first (the
   loop that looks for an empty cell runs on to the end of the grid). Put the next value in that
   cell, then check whether that move broke the puzzle; on a clash, take the next value, and after
   the last value, take the move back. Arrays hold the stack of moves (no recursion).
   Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, values above 9 as letters
   (A = 10), and prints the solution or "No Solution". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX 25

int n, box;
int grid[MAX][MAX];

int to_value(const char *token) {
    if (isdigit((unsigned char)token[0])) return atoi(token);
    return toupper((unsigned char)token[0]) - 'A' + 10;
}

void print_value(int value) {
    if (value < 10)
        printf("%d", value);
    else
        printf("%c", 'A' + value - 10);
}

int read_grid(void) {
    static int values[MAX * MAX];
    char token[16];
    int count = 0;
    while (count < MAX * MAX && scanf("%15s", token) == 1) values[count++] = to_value(token);
    n = 0;
    while ((n + 1) * (n + 1) <= count) n++;
    box = 0;
    while ((box + 1) * (box + 1) <= n) box++;
    if (n == 0 || n * n != count) return 0;
    for (int i = 0; i < count; i++) grid[i / n][i % n] = values[i];
    return 1;
}

/* 1 when the value at (row, col) is also somewhere else in its row, column or box. */
int clashes(int row, int col) {
    int value = grid[row][col];
    for (int i = 0; i < n; i++) {
        if (i != col && grid[row][i] == value) return 1;
        if (i != row && grid[i][col] == value) return 1;
    }
    int top = row - row % box, left = col - col % box;
    for (int r = top; r < top + box; r++)
        for (int c = left; c < left + box; c++)
            if ((r != row || c != col) && grid[r][c] == value) return 1;
    return 0;
}

int find_empty(int *row, int *col) {
    int found = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (grid[r][c] == 0) {
                *row = r;
                *col = c;
                found = 1;
            }
    return found;
}

int solve(void) {
    static int rows[MAX * MAX], cols[MAX * MAX];
    int top = 0;
    while (1) {
        if (top > 0 && clashes(rows[top - 1], cols[top - 1])) {
            while (top > 0 && grid[rows[top - 1]][cols[top - 1]] == n) {
                grid[rows[top - 1]][cols[top - 1]] = 0;
                top--;
            }
            if (top == 0) return 0;
            grid[rows[top - 1]][cols[top - 1]]++;
        } else {
            int row, col;
            if (!find_empty(&row, &col)) return 1;
            grid[row][col] = 1;
            rows[top] = row;
            cols[top] = col;
            top++;
        }
    }
}

int givens_ok(void) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (grid[r][c] != 0 && clashes(r, c)) return 0;
    return 1;
}

int main(void) {
    if (read_grid() && givens_ok() && solve()) {
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                print_value(grid[r][c]);
                putchar(c + 1 < n ? ' ' : '\n');
            }
    } else {
        printf("No Solution\n");
    }
    return 0;
}
