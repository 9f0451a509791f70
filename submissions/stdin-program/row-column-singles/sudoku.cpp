// COMS1017A Project 1: Sudoku
// Depth first search on the first empty cell. Before every guess the grid is filled as far as
// it goes by the two rules from the lecture: a cell where only one value fits, and a value that
// fits in only one cell of its row or of its column. A cell where nothing fits, or a value that
// fits nowhere in its row or column, means the last guess was wrong.
#include <iostream>
#include <string>
#include <vector>
using namespace std;

typedef vector<vector<int> > Grid;

int n, b;

bool fits(const Grid& g, int row, int col, int val) {
    for (int i = 0; i < n; i++) {
        if (g[row][i] == val || g[i][col] == val) return false;
    }
    int r0 = row - row % b, c0 = col - col % b;
    for (int r = r0; r < r0 + b; r++)
        for (int c = c0; c < c0 + b; c++)
            if (g[r][c] == val) return false;
    return true;
}

// fills every cell with one possible value; -1 when a cell has none
int onlyValue(Grid& g) {
    int placed = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (g[r][c] != 0) continue;
            int count = 0, last = 0;
            for (int v = 1; v <= n && count < 2; v++)
                if (fits(g, r, c, v)) {
                    count++;
                    last = v;
                }
            if (count == 0) return -1;
            if (count == 1) {
                g[r][c] = last;
                placed++;
            }
        }
    return placed;
}

// line i: row i when byRow, else column i; fills each value with one place in it; -1 when a
// value has no place left
int onlyPlace(Grid& g, int i, bool byRow) {
    int placed = 0;
    for (int v = 1; v <= n; v++) {
        int count = 0, at = -1;
        bool there = false;
        for (int k = 0; k < n && !there; k++) {
            int r = byRow ? i : k, c = byRow ? k : i;
            if (g[r][c] == v) there = true;
            else if (g[r][c] == 0 && fits(g, r, c, v)) {
                count++;
                at = k;
            }
        }
        if (there) continue;
        if (count == 0) return -1;
        if (count == 1) {
            if (byRow) g[i][at] = v;
            else g[at][i] = v;
            placed++;
        }
    }
    return placed;
}

bool fill(Grid& g) {
    while (true) {
        int placed = onlyValue(g);
        if (placed < 0) return false;
        for (int i = 0; i < n; i++) {
            int row = onlyPlace(g, i, true), col = onlyPlace(g, i, false);
            if (row < 0 || col < 0) return false;
            placed += row + col;
        }
        if (placed == 0) return true;
    }
}

bool solve(Grid& g) {
    if (!fill(g)) return false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (g[r][c] != 0) continue;
            for (int v = 1; v <= n; v++) {
                if (!fits(g, r, c, v)) continue;
                Grid next = g;
                next[r][c] = v;
                if (solve(next)) {
                    g = next;
                    return true;
                }
            }
            return false;
        }
    return true;
}

int main() {
    vector<int> cells;
    string tok;
    while (cin >> tok) {
        if (tok[0] >= 'A' && tok[0] <= 'Z') cells.push_back(tok[0] - 'A' + 10);
        else cells.push_back(stoi(tok));
    }
    n = 1;
    while (n * n < (int)cells.size()) n++;
    b = 1;
    while (b * b < n) b++;
    Grid g(n, vector<int>(n));
    for (int i = 0; i < n * n; i++) g[i / n][i % n] = cells[i];

    if (!solve(g)) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (g[r][c] < 10) cout << g[r][c];
            else cout << (char)('A' + g[r][c] - 10);
            if (c + 1 < n) cout << ' ';
        }
        cout << '\n';
    }
    return 0;
}
