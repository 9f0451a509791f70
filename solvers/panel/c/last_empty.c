/* Sudoku solver: plain backtracking on the last empty cell (the loop that looks for an empty
   cell runs on to the end of the grid, so the one it keeps is the last).
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

int is_valid(int row, int col, int value) {
    for (int i = 0; i < n; i++)
        if (grid[row][i] == value || grid[i][col] == value) return 0;
    int top = row - row % box, left = col - col % box;
    for (int r = top; r < top + box; r++)
        for (int c = left; c < left + box; c++)
            if (grid[r][c] == value) return 0;
    return 1;
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
    int row, col;
    if (!find_empty(&row, &col)) return 1;
    for (int value = 1; value <= n; value++) {
        if (is_valid(row, col, value)) {
            grid[row][col] = value;
            if (solve()) return 1;
            grid[row][col] = 0;
        }
    }
    return 0;
}

int givens_ok(void) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int value = grid[r][c];
            if (value == 0) continue;
            grid[r][c] = 0;
            int ok = is_valid(r, c, value);
            grid[r][c] = value;
            if (!ok) return 0;
        }
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
