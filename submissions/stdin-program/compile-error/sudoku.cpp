#include <iostream>
#include <string>
#include <cmath>
using namespace std;

// Sudoku solver (recursive backtracking)

int n;      // 9, 16 or 25
int b;      // block size
int g[25][25];

bool ok(int r, int c, int v) {
    for (int i = 0; i < n; i++) {
        if (g[r][i] == v) return false;
        if (g[i][c] == v) return false;
    }
    int r0 = r - r % b, c0 = c - c % boxSize;
    for (int i = 0; i < b; i++)
        for (int j = 0; j < b; j++)
            if (g[r0 + i][c0 + j] == v) return false;
    return true;
}

bool solve() {
    int br = -1, bc = -1, best = 100;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (g[r][c] != 0) continue;
            int cnt = 0;
            for (int v = 1; v <= n; v++) if (ok(r, c, v)) cnt++;
            if (cnt < best) { best = cnt; br = r; bc = c; }
        }
    if (br == -1) return true;
    for (int v = 1; v <= n; v++) {
        if (ok(br, bc, v)) {
            g[br][bc] = v;
            if (solve()) return true;
            g[br][bc] = 0;
        }
    }
    return false;
}

int main() {
    string s[625];
    int cnt = 0;
    while (cnt < 625 && cin >> s[cnt]) cnt++;
    n = (int)round(sqrt(cnt));
    b = (int)round(sqrt(n));
    for (int i = 0; i < n * n; i++) {
        if (isdigit(s[i][0])) g[i / n][i % n] = stoi(s[i]);
        else g[i / n][i % n] = s[i][0] - 'A' + 10;
    }
    if (!solve()) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (g[r][c] > 9) cout << (char)('A' + g[r][c] - 10);
            else cout << g[r][c];
            if (c < n - 1) cout << " ";
        }
        cout << endl;
    }
    return 0;
}
