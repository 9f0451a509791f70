// Sudoku - backtracking with bitmasks
// tested on the 9x9 and 16x16 samples
#include <iostream>
#include <vector>
#include <string>
using namespace std;

const int MAX = 16;

int n, box;
vector<vector<int> > board(MAX, vector<int>(MAX, 0));
vector<int> rowBits(MAX, 0), colBits(MAX, 0), boxBits(MAX, 0);

int boxIndex(int r, int c) { return (r / box) * box + c / box; }

int options(int r, int c) {
    int full = (1 << (n + 1)) - 2;
    return full & ~(rowBits.at(r) | colBits.at(c) | boxBits.at(boxIndex(r, c)));
}

void setValue(int r, int c, int v) {
    board.at(r).at(c) = v;
    rowBits.at(r) |= 1 << v;
    colBits.at(c) |= 1 << v;
    boxBits.at(boxIndex(r, c)) |= 1 << v;
}

void unsetValue(int r, int c) {
    int v = board.at(r).at(c);
    board.at(r).at(c) = 0;
    rowBits.at(r) &= ~(1 << v);
    colBits.at(c) &= ~(1 << v);
    boxBits.at(boxIndex(r, c)) &= ~(1 << v);
}

bool tryValue(int r, int c, int v);

bool solve() {
    int br = -1, bc = -1, bestCount = 99;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (board.at(r).at(c) == 0) {
                int cnt = __builtin_popcount(options(r, c));
                if (cnt == 0) return false;
                if (cnt < bestCount) { bestCount = cnt; br = r; bc = c; }
            }
    if (br == -1) return true;

    // hidden single: a value with only one spot in a row
    // (same for columns and boxes)
    for (int t = 0; t < 3 && bestCount > 1; t++) {
        for (int u = 0; u < n; u++) {
            int once = 0, twice = 0;
            for (int i = 0; i < n; i++) {
                int r = t == 0 ? u : t == 1 ? i : (u / box) * box + i / box;
                int c = t == 0 ? i : t == 1 ? u : (u % box) * box + i % box;
                if (board.at(r).at(c) != 0) continue;
                int o = options(r, c);
                twice |= once & o;
                once |= o;
            }
            int single = once & ~twice;
            if (single == 0) continue;
            int v = __builtin_ctz(single);
            for (int i = 0; i < n; i++) {
                int r = t == 0 ? u : t == 1 ? i : (u / box) * box + i / box;
                int c = t == 0 ? i : t == 1 ? u : (u % box) * box + i % box;
                if (board.at(r).at(c) == 0 && (options(r, c) >> v & 1))
                    return tryValue(r, c, v);
            }
        }
    }

    int o = options(br, bc);
    for (int v = 1; v <= n; v++)
        if ((o >> v & 1) && tryValue(br, bc, v)) return true;
    return false;
}

bool tryValue(int r, int c, int v) {
    setValue(r, c, v);
    if (solve()) return true;
    unsetValue(r, c);
    return false;
}

int main() {
    vector<string> cells;
    string s;
    while (cin >> s) cells.push_back(s);
    n = 9;
    box = 3;
    while (n * n < (int)cells.size()) { box++; n = box * box; }

    bool ok = true;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            string t = cells[r * n + c];
            int v = (t[0] >= 'A') ? (t[0] - 'A' + 10) : stoi(t);
            if (v == 0) continue;
            if (!(options(r, c) >> v & 1)) ok = false;
            setValue(r, c, v);
        }
    }

    if (!ok || !solve()) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int v = board.at(r).at(c);
            if (v > 9) cout << char('A' + v - 10);
            else cout << v;
            if (c < n - 1) cout << " ";
        }
        cout << "\n";
    }
    return 0;
}
