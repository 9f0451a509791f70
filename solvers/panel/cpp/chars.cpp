// Sudoku solver: reads the puzzle one character at a time (a digit, or a letter from A = 10),
// keeps which values each row, column and box already holds, and backtracks on the first empty
// cell. Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, and prints the solution
// or "No Solution".
#include <cctype>
#include <iostream>
#include <vector>
using namespace std;

int n, boxSize;
vector<int> cells;
bool rows[25][26], cols[25][26], boxes[25][26];

int boxOf(int i) { return (i / n / boxSize) * boxSize + (i % n) / boxSize; }

char toChar(int value) { return value < 10 ? (char)('0' + value) : (char)('A' + value - 10); }

bool solve(int i) {
    while (i < n * n && cells[i] != 0) i++;
    if (i == n * n) return true;
    int r = i / n, c = i % n, b = boxOf(i);
    for (int v = 1; v <= n; v++) {
        if (rows[r][v] || cols[c][v] || boxes[b][v]) continue;
        cells[i] = v;
        rows[r][v] = cols[c][v] = boxes[b][v] = true;
        if (solve(i + 1)) return true;
        rows[r][v] = cols[c][v] = boxes[b][v] = false;
        cells[i] = 0;
    }
    return false;
}

int main() {
    char ch;
    while (cin >> ch) {
        ch = (char)toupper(ch);
        cells.push_back(isdigit(ch) ? ch - '0' : ch - 'A' + 10);
    }
    n = 1;
    while (n * n < (int)cells.size()) n++;
    boxSize = 1;
    while (boxSize * boxSize < n) boxSize++;
    if (n > 25 || n * n != (int)cells.size()) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int i = 0; i < n * n; i++) {
        int v = cells[i];
        if (v == 0) continue;
        int r = i / n, c = i % n, b = boxOf(i);
        if (rows[r][v] || cols[c][v] || boxes[b][v]) {
            cout << "No Solution" << endl;
            return 0;
        }
        rows[r][v] = cols[c][v] = boxes[b][v] = true;
    }
    if (!solve(0)) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) cout << toChar(cells[r * n + c]) << (c + 1 < n ? ' ' : '\n');
    return 0;
}
