// Sudoku solver - recursive backtracking
// picks the empty cell with the least possible values each time,
// but first fills in any value that only fits in one place of a row/column/box
#include <iostream>
#include <string>
#include <cmath>
using namespace std;

int n, b;
int board[25][25];
bool inRow[25][26], inCol[25][26], inBox[25][26];

int boxOf(int r, int c) { return (r / b) * b + c / b; }

void setCell(int r, int c, int v, bool on) {
    inRow[r][v] = on;
    inCol[c][v] = on;
    inBox[boxOf(r, c)][v] = on;
    board[r][c] = on ? v : 0;
}

bool canPut(int r, int c, int v) {
    return !inRow[r][v] && !inCol[c][v] && !inBox[boxOf(r, c)][v];
}

// cell number i of row/column/box u (kind 0, 1, 2)
void cellOf(int kind, int u, int i, int &r, int &c) {
    if (kind == 0) { r = u; c = i; }
    else if (kind == 1) { r = i; c = u; }
    else { r = (u / b) * b + i / b; c = (u % b) * b + i % b; }
}

bool solve() {
    // the empty cell with the fewest possible values
    int bestR = -1, bestC = -1, bestCount = 100;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (board[r][c] != 0) continue;
            int count = 0;
            for (int v = 1; v <= n; v++)
                if (canPut(r, c, v)) count++;
            if (count < bestCount) {
                bestCount = count;
                bestR = r;
                bestC = c;
            }
        }
    }
    if (bestR == -1) return true;   // full
    if (bestCount == 0) return false;

    // a value that fits in only one place of a row/column/box has to go there
    for (int kind = 0; kind < 3 && bestCount > 1; kind++) {
        for (int u = 0; u < n; u++) {
            for (int v = 1; v <= n; v++) {
                bool there = (kind == 0 && inRow[u][v]) || (kind == 1 && inCol[u][v]) || (kind == 2 && inBox[u][v]);
                if (there) continue;
                int places = 0, pr = -1, pc = -1;
                for (int i = 0; i < n; i++) {
                    int r, c;
                    cellOf(kind, u, i, r, c);
                    if (board[r][c] == 0 && canPut(r, c, v)) { places++; pr = r; pc = c; }
                }
                if (places == 0) return false;   // v has nowhere to go
                if (places == 1) {
                    setCell(pr, pc, v, true);
                    if (solve()) return true;
                    setCell(pr, pc, v, false);
                    return false;
                }
            }
        }
    }

    for (int v = 1; v <= n; v++) {
        if (canPut(bestR, bestC, v)) {
            setCell(bestR, bestC, v, true);
            if (solve()) return true;
            setCell(bestR, bestC, v, false);
        }
    }
    return false;
}

void printBoard() {
    cout << endl;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int v = board[r][c];
            if (v > 9) cout << (char)('A' + v - 10);
            else cout << v;
            if (c != n - 1) cout << " ";
        }
        cout << endl;
    }
}

int main() {
    string input[625];
    int count = 0;
    while (count < 625 && cin >> input[count]) count++;
    n = (int)sqrt((double)count);
    b = (int)sqrt((double)n);

    bool ok = true;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            string s = input[r * n + c];
            int v;
            if (s[0] >= 'A') v = s[0] - 'A' + 10;
            else v = stoi(s);
            if (v != 0) {
                if (!canPut(r, c, v)) ok = false;
                setCell(r, c, v, true);
            }
        }
    }

    if (ok && solve()) {
        printBoard();
    } else {
        cout << "No Solution" << endl;
    }
    return 0;
}
