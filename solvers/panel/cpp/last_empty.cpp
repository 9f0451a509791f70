// Sudoku solver: plain backtracking on the last empty cell (the loop that looks for an empty
// cell runs on to the end of the grid, so the one it keeps is the last).
// Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, values above 9 as letters
// (A = 10), and prints the solution or "No Solution".
#include <cmath>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

int n, boxSize;
vector<vector<int> > grid;

int toValue(const string& token) {
    if (isdigit(token[0])) return stoi(token);
    return toupper(token[0]) - 'A' + 10;
}

string toText(int value) {
    if (value < 10) return to_string(value);
    return string(1, (char)('A' + value - 10));
}

bool readGrid() {
    vector<string> tokens;
    string token;
    while (cin >> token) tokens.push_back(token);
    n = (int)round(sqrt((double)tokens.size()));
    boxSize = (int)round(sqrt((double)n));
    if (n == 0 || n * n != (int)tokens.size()) return false;
    grid.assign(n, vector<int>(n, 0));
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) grid[r][c] = toValue(tokens[r * n + c]);
    return true;
}

bool isValid(int row, int col, int value) {
    for (int i = 0; i < n; i++) {
        if (grid[row][i] == value || grid[i][col] == value) return false;
    }
    int top = row - row % boxSize, left = col - col % boxSize;
    for (int r = top; r < top + boxSize; r++)
        for (int c = left; c < left + boxSize; c++)
            if (grid[r][c] == value) return false;
    return true;
}

bool findEmpty(int& row, int& col) {
    bool found = false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (grid[r][c] == 0) {
                row = r;
                col = c;
                found = true;
            }
    return found;
}

bool solve() {
    int row, col;
    if (!findEmpty(row, col)) return true;
    for (int value = 1; value <= n; value++) {
        if (isValid(row, col, value)) {
            grid[row][col] = value;
            if (solve()) return true;
            grid[row][col] = 0;
        }
    }
    return false;
}

bool givensOk() {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int value = grid[r][c];
            if (value == 0) continue;
            grid[r][c] = 0;
            bool ok = isValid(r, c, value);
            grid[r][c] = value;
            if (!ok) return false;
        }
    return true;
}

int main() {
    if (readGrid() && givensOk() && solve()) {
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) cout << toText(grid[r][c]) << (c + 1 < n ? " " : "\n");
        }
    } else {
        cout << "No Solution" << endl;
    }
    return 0;
}
