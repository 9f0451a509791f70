// COMS1017A Project 1 - Sudoku
// Iterative DFS (Algorithm 1 in the handout) with some speed-ups:
//  - bitmasks for the values already used in each row, column and block
//  - always fill the empty cell with the fewest possible values next
//  - unless a row/column/block has a value that fits in only one cell
#include <iostream>
#include <string>
#include <stack>
#include <utility>
using namespace std;

int size;          // 9, 16 or 25
int blockSize;     // 3, 4 or 5
int grid[25][25];
int rowUsed[25], colUsed[25], blockUsed[25];   // bit v is set if v is used
int allValues;

int block(int r, int c) {
    return (r / blockSize) * blockSize + c / blockSize;
}

int toValue(const string &s) {
    if (s[0] >= 'A' && s[0] <= 'Z') return s[0] - 'A' + 10;
    return stoi(s);
}

string toText(int v) {
    if (v >= 10) return string(1, (char)('A' + v - 10));
    return to_string(v);
}

void place(int r, int c, int v) {
    grid[r][c] = v;
    rowUsed[r] |= 1 << v;
    colUsed[c] |= 1 << v;
    blockUsed[block(r, c)] |= 1 << v;
}

void unplace(int r, int c) {
    int v = grid[r][c];
    grid[r][c] = 0;
    rowUsed[r] &= ~(1 << v);
    colUsed[c] &= ~(1 << v);
    blockUsed[block(r, c)] &= ~(1 << v);
}

int options(int r, int c) {
    return allValues & ~(rowUsed[r] | colUsed[c] | blockUsed[block(r, c)]);
}

int lowestValue(int mask) {
    return __builtin_ctz(mask);
}

// Looks at every row, column and block: if some value has no place left the
// state is invalid; if it has exactly one place, that cell is returned in r, c
// (every solution from here has that value there, so it is the best next move).
bool checkUnits(bool &stuck, int &bestR, int &bestC, int &bestV) {
    for (int u = 0; u < 3 * size; u++) {
        int once = 0, twice = 0, used = 0;
        for (int i = 0; i < size; i++) {
            int r, c;
            if (u < size) { r = u; c = i; }                      // row
            else if (u < 2 * size) { r = i; c = u - size; }      // column
            else {                                               // block
                int b = u - 2 * size;
                r = (b / blockSize) * blockSize + i / blockSize;
                c = (b % blockSize) * blockSize + i % blockSize;
            }
            if (grid[r][c] != 0) { used |= 1 << grid[r][c]; continue; }
            int opts = options(r, c);
            twice |= once & opts;
            once |= opts;
        }
        if (allValues & ~used & ~once) { stuck = true; return false; }
        int single = once & ~twice;
        if (single) {
            bestV = lowestValue(single);
            for (int i = 0; i < size; i++) {
                int r, c;
                if (u < size) { r = u; c = i; }
                else if (u < 2 * size) { r = i; c = u - size; }
                else {
                    int b = u - 2 * size;
                    r = (b / blockSize) * blockSize + i / blockSize;
                    c = (b % blockSize) * blockSize + i % blockSize;
                }
                if (grid[r][c] == 0 && (options(r, c) & (1 << bestV))) {
                    bestR = r;
                    bestC = c;
                    return true;
                }
            }
        }
    }
    return false;
}

bool solve() {
    stack<pair<int, int> > moves;
    while (true) {
        // find the most constrained empty cell
        int bestR = -1, bestC = -1, bestCount = size + 1;
        bool stuck = false;
        for (int r = 0; r < size && !stuck; r++) {
            for (int c = 0; c < size; c++) {
                if (grid[r][c] != 0) continue;
                int count = __builtin_popcount(options(r, c));
                if (count == 0) { stuck = true; break; }
                if (count < bestCount) {
                    bestCount = count;
                    bestR = r;
                    bestC = c;
                }
            }
        }
        if (!stuck && bestR == -1) return true;   // no empty cells left
        if (!stuck) {
            int v = lowestValue(options(bestR, bestC));
            if (bestCount > 1) {
                int r, c, single;
                if (checkUnits(stuck, r, c, single)) {
                    bestR = r;
                    bestC = c;
                    v = single;
                }
            }
            if (!stuck) {
                place(bestR, bestC, v);
                moves.push(make_pair(bestR, bestC));
                continue;
            }
        }
        // invalid state: backtrack to a move that still has a bigger value to try
        while (true) {
            if (moves.empty()) return false;
            int r = moves.top().first, c = moves.top().second;
            int v = grid[r][c];
            unplace(r, c);
            int bigger = options(r, c) & ~((2 << v) - 1);
            if (bigger != 0) {
                place(r, c, lowestValue(bigger));
                break;
            }
            moves.pop();
        }
    }
}

int main() {
    ios::sync_with_stdio(false);
    cin.tie(0);

    string cells[625];
    int count = 0;
    string token;
    while (count < 625 && cin >> token) {
        cells[count] = token;
        count++;
    }
    size = 9;
    if (count >= 625) size = 25;
    else if (count >= 256) size = 16;
    blockSize = 3;
    if (size == 16) blockSize = 4;
    if (size == 25) blockSize = 5;
    allValues = ((1 << (size + 1)) - 1) & ~1;

    bool valid = true;
    for (int r = 0; r < size; r++) {
        for (int c = 0; c < size; c++) {
            int v = toValue(cells[r * size + c]);
            if (v == 0) continue;
            if (!(options(r, c) & (1 << v))) valid = false;   // clash in the givens
            place(r, c, v);
        }
    }

    if (!valid || !solve()) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < size; r++) {
        for (int c = 0; c < size; c++) {
            if (c > 0) cout << " ";
            cout << toText(grid[r][c]);
        }
        cout << "\n";
    }
    return 0;
}
