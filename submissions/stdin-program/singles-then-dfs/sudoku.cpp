// COMS1017A Project 1: Sudoku
// First fill in what is forced: a cell where only one value can go, and a value that can only
// go in one cell of its row, column or block. Then depth first search on the first empty cell.
#include <iostream>
#include <string>
using namespace std;

int grid[25][25];
int n, b;

bool safe(int row, int col, int val) {
    for (int i = 0; i < n; i++) {
        if (grid[row][i] == val) return false;
        if (grid[i][col] == val) return false;
    }
    int r0 = row - row % b, c0 = col - col % b;
    for (int r = r0; r < r0 + b; r++)
        for (int c = c0; c < c0 + b; c++)
            if (grid[r][c] == val) return false;
    return true;
}

// a cell with exactly one possible value gets it
bool nakedSingles() {
    bool placed = false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (grid[r][c] != 0) continue;
            int count = 0, last = 0;
            for (int v = 1; v <= n && count < 2; v++)
                if (safe(r, c, v)) {
                    count++;
                    last = v;
                }
            if (count == 1) {
                grid[r][c] = last;
                placed = true;
            }
        }
    return placed;
}

// cells of group g (0..n-1 rows, n..2n-1 columns, 2n..3n-1 blocks), k-th cell
void groupCell(int g, int k, int& r, int& c) {
    if (g < n) {
        r = g;
        c = k;
    } else if (g < 2 * n) {
        r = k;
        c = g - n;
    } else {
        int blk = g - 2 * n;
        r = (blk / b) * b + k / b;
        c = (blk % b) * b + k % b;
    }
}

// a value with exactly one possible cell in a row, column or block goes there
bool hiddenSingles() {
    bool placed = false;
    for (int g = 0; g < 3 * n; g++) {
        for (int v = 1; v <= n; v++) {
            int count = 0, pr = -1, pc = -1;
            bool there = false;
            for (int k = 0; k < n; k++) {
                int r, c;
                groupCell(g, k, r, c);
                if (grid[r][c] == v) there = true;
                else if (grid[r][c] == 0 && safe(r, c, v)) {
                    count++;
                    pr = r;
                    pc = c;
                }
            }
            if (!there && count == 1) {
                grid[pr][pc] = v;
                placed = true;
            }
        }
    }
    return placed;
}

bool solve() {
    int row = -1, col = -1;
    for (int r = 0; r < n && row < 0; r++)
        for (int c = 0; c < n; c++)
            if (grid[r][c] == 0) {
                row = r;
                col = c;
                break;
            }
    if (row < 0) return true;
    for (int v = 1; v <= n; v++) {
        if (safe(row, col, v)) {
            grid[row][col] = v;
            if (solve()) return true;
            grid[row][col] = 0;
        }
    }
    return false;
}

int main() {
    string tok;
    int cells[625];
    int count = 0;
    while (count < 625 && cin >> tok) {
        if (tok[0] >= 'A' && tok[0] <= 'P') cells[count++] = tok[0] - 'A' + 10;
        else cells[count++] = stoi(tok);
    }
    n = 1;
    while (n * n < count) n++;
    b = 1;
    while (b * b < n) b++;
    for (int i = 0; i < n * n; i++) grid[i / n][i % n] = cells[i];

    bool more = true;
    while (more) {
        bool a = nakedSingles();
        bool h = hiddenSingles();
        more = a || h;
    }

    if (!solve()) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (grid[r][c] < 10) cout << grid[r][c];
            else cout << (char)('A' + grid[r][c] - 10);
            if (c + 1 < n) cout << ' ';
        }
        cout << '\n';
    }
    return 0;
}
