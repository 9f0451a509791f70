// Project 1: Sudoku
// Iterative DFS using a stack of (row, col) like Algorithm 1.
// Uses bitmasks to check rows/cols/blocks quickly.
#include <iostream>
#include <iomanip>
#include <string>
#include <stack>
#include <ctime>
using namespace std;

int N, K;
int grid[25][25];
bool forced[25][25];
int rowMask[25], colMask[25], blockMask[25];

int blk(int r, int c) { return (r / K) * K + c / K; }

int possible(int r, int c) {
    int used = rowMask[r] | colMask[c] | blockMask[blk(r, c)];
    return ((1 << (N + 1)) - 2) & ~used;
}

void put(int r, int c, int v) {
    grid[r][c] = v;
    rowMask[r] |= 1 << v; colMask[c] |= 1 << v; blockMask[blk(r, c)] |= 1 << v;
}

void clear(int r, int c) {
    int v = grid[r][c];
    grid[r][c] = 0;
    rowMask[r] &= ~(1 << v); colMask[c] &= ~(1 << v); blockMask[blk(r, c)] &= ~(1 << v);
}

int firstValue(int mask, int after) {
    for (int v = after + 1; v <= N; v++)
        if (mask & (1 << v)) return v;
    return 0;
}

// picks the next move; returns false if the grid is in an invalid state
// (a cell with no options, or a value with no place left in some row/col/block)
bool nextMove(int &moveR, int &moveC, int &moveV, bool &isForced) {
    int best = 100;
    moveR = -1;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            if (grid[r][c] != 0) continue;
            int count = __builtin_popcount(possible(r, c));
            if (count == 0) return false;
            if (count < best) { best = count; moveR = r; moveC = c; }
        }
    if (moveR == -1) return true;
    moveV = firstValue(possible(moveR, moveC), 0);
    isForced = (best == 1);
    if (best == 1) return true;
    // value with only one place in a unit
    for (int u = 0; u < N; u++) {
        for (int kind = 0; kind < 3; kind++) {
            int seen = 0, twice = 0, done = 0;
            for (int i = 0; i < N; i++) {
                int r = u, c = i;
                if (kind == 1) { r = i; c = u; }
                if (kind == 2) { r = (u / K) * K + i / K; c = (u % K) * K + i % K; }
                if (grid[r][c] != 0) { done |= 1 << grid[r][c]; continue; }
                int p = possible(r, c);
                twice |= seen & p;
                seen |= p;
            }
            int all = (1 << (N + 1)) - 2;
            if ((seen | done) != all) return false;
            int once = seen & ~twice;
            if (once == 0) continue;
            int v = firstValue(once, 0);
            for (int i = 0; i < N; i++) {
                int r = u, c = i;
                if (kind == 1) { r = i; c = u; }
                if (kind == 2) { r = (u / K) * K + i / K; c = (u % K) * K + i % K; }
                if (grid[r][c] == 0 && (possible(r, c) & (1 << v))) {
                    moveR = r; moveC = c; moveV = v; isForced = true;
                    return true;
                }
            }
        }
    }
    return true;
}

bool solve() {
    stack<pair<int, int> > st;
    while (true) {
        int r, c, v;
        bool f = false;
        bool valid = nextMove(r, c, v, f);
        if (valid && r == -1) return true;  // complete
        if (valid) {
            put(r, c, v);
            forced[r][c] = f;
            st.push(make_pair(r, c));
            continue;
        }
        // invalid: undo moves until one has another value to try
        while (!st.empty()) {
            int tr = st.top().first, tc = st.top().second;
            int old = grid[tr][tc];
            clear(tr, tc);
            int nv = forced[tr][tc] ? 0 : firstValue(possible(tr, tc), old);
            if (nv != 0) {
                put(tr, tc, nv);
                break;
            }
            st.pop();
        }
        if (st.empty()) return false;
    }
}

int main() {
    clock_t start = clock();
    string tokens[625];
    int count = 0;
    while (count < 625 && cin >> tokens[count]) count++;
    if (count == 81) { N = 9; K = 3; }
    else if (count == 256) { N = 16; K = 4; }
    else { N = 25; K = 5; }

    bool bad = false;
    for (int i = 0; i < N * N; i++) {
        string t = tokens[i];
        int v = isalpha(t[0]) ? t[0] - 'A' + 10 : stoi(t);
        if (v == 0) continue;
        if (!(possible(i / N, i % N) & (1 << v))) bad = true;
        put(i / N, i % N, v);
    }

    if (bad || !solve()) {
        cout << "No Solution" << endl;
    } else {
        for (int r = 0; r < N; r++) {
            for (int c = 0; c < N; c++) {
                if (grid[r][c] < 10) cout << grid[r][c];
                else cout << char('A' + grid[r][c] - 10);
                cout << " ";
            }
            cout << endl;
        }
    }
    double secs = double(clock() - start) / CLOCKS_PER_SEC;
    cout << "Time taken: " << fixed << setprecision(4) << secs << " s" << endl;
    return 0;
}
