// Project 1 - Sudoku, 16x16 version
// (I made a copy of the program for each size)
#include <iostream>
#include <string>
using namespace std;

const int N = 16;
const int BOX = 4;
const int ALL = ((1 << N) - 1) << 1;   // bits 1..N

int cell[N][N];
int rows[N], cols[N], boxes[N];

inline int boxOf(int r, int c) { return (r / BOX) * BOX + c / BOX; }
inline int freeValues(int r, int c) { return ALL & ~(rows[r] | cols[c] | boxes[boxOf(r, c)]); }

void place(int r, int c, int v) {
    cell[r][c] = v;
    rows[r] ^= 1 << v; cols[c] ^= 1 << v; boxes[boxOf(r, c)] ^= 1 << v;
}

void unplace(int r, int c) {
    int v = cell[r][c];
    cell[r][c] = 0;
    rows[r] ^= 1 << v; cols[c] ^= 1 << v; boxes[boxOf(r, c)] ^= 1 << v;
}

bool solve() {
    int bestR = -1, bestC = -1, bestCnt = N + 1;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (cell[r][c] == 0) {
                int cnt = __builtin_popcount(freeValues(r, c));
                if (cnt < bestCnt) { bestCnt = cnt; bestR = r; bestC = c; }
            }
    if (bestR == -1) return true;
    if (bestCnt == 0) return false;

    if (bestCnt > 1) {
        // look for a value that can only go in one place in a row/column/box
        for (int u = 0; u < N; u++) {
            for (int type = 0; type < 3; type++) {
                int once = 0, more = 0, placed = 0;
                int rr[N], cc[N];
                for (int i = 0; i < N; i++) {
                    if (type == 0) { rr[i] = u; cc[i] = i; }
                    if (type == 1) { rr[i] = i; cc[i] = u; }
                    if (type == 2) { rr[i] = (u / BOX) * BOX + i / BOX; cc[i] = (u % BOX) * BOX + i % BOX; }
                    int v = cell[rr[i]][cc[i]];
                    if (v) { placed |= 1 << v; continue; }
                    int f = freeValues(rr[i], cc[i]);
                    more |= once & f;
                    once |= f;
                }
                if ((once | placed) != ALL) return false;   // some value can't go anywhere
                int single = once & ~more;
                if (!single) continue;
                int v = __builtin_ctz(single);
                for (int i = 0; i < N; i++) {
                    if (cell[rr[i]][cc[i]] == 0 && (freeValues(rr[i], cc[i]) & (1 << v))) {
                        place(rr[i], cc[i], v);
                        if (solve()) return true;
                        unplace(rr[i], cc[i]);
                        return false;
                    }
                }
            }
        }
    }

    int f = freeValues(bestR, bestC);
    for (int v = 1; v <= N; v++) {
        if (f & (1 << v)) {
            place(bestR, bestC, v);
            if (solve()) return true;
            unplace(bestR, bestC);
        }
    }
    return false;
}

int main() {
    bool clash = false;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            string s;
            cin >> s;
            int v;
            if (s[0] >= 'A' && s[0] <= 'Z') v = s[0] - 'A' + 10;
            else v = stoi(s);
            if (v == 0) continue;
            if (!(freeValues(r, c) & (1 << v))) clash = true;
            place(r, c, v);
        }

    if (clash || !solve()) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (cell[r][c] > 9) cout << char('A' + cell[r][c] - 10);
            else cout << cell[r][c];
            if (c + 1 < N) cout << ' ';
        }
        cout << '\n';
    }
    return 0;
}
