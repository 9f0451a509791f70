// Sudoku solver: fill naked singles (a cell with one candidate) and hidden singles (a value with
// one place left in a row, column or box) until nothing changes, once, before the search; then
// plain backtracking on the first empty cell, checking row, column and box by scanning.
// Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, values above 9 as letters
// (A = 10), and prints the solution or "No Solution".
#include <cmath>
#include <iostream>
#include <string>
#include <utility>
#include <vector>
using namespace std;

int n, boxSize;
vector<vector<int> > grid;
vector<vector<pair<int, int> > > units;

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

void makeUnits() {
    for (int r = 0; r < n; r++) {
        vector<pair<int, int> > unit;
        for (int c = 0; c < n; c++) unit.push_back(make_pair(r, c));
        units.push_back(unit);
    }
    for (int c = 0; c < n; c++) {
        vector<pair<int, int> > unit;
        for (int r = 0; r < n; r++) unit.push_back(make_pair(r, c));
        units.push_back(unit);
    }
    for (int top = 0; top < n; top += boxSize)
        for (int left = 0; left < n; left += boxSize) {
            vector<pair<int, int> > unit;
            for (int i = 0; i < boxSize; i++)
                for (int j = 0; j < boxSize; j++) unit.push_back(make_pair(top + i, left + j));
            units.push_back(unit);
        }
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

// Naked singles, then hidden singles, until nothing changes. A cell or a value with nowhere to go
// is not noticed here: the search meets it.
void fillSingles() {
    bool changed = true;
    while (changed) {
        changed = false;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                if (grid[r][c] != 0) continue;
                int count = 0, last = 0;
                for (int value = 1; value <= n; value++)
                    if (isValid(r, c, value)) {
                        count++;
                        last = value;
                    }
                if (count == 1) {
                    grid[r][c] = last;
                    changed = true;
                }
            }
        for (size_t u = 0; u < units.size(); u++)
            for (int value = 1; value <= n; value++) {
                int count = 0, placeRow = -1, placeCol = -1;
                bool present = false;
                for (size_t i = 0; i < units[u].size(); i++) {
                    int r = units[u][i].first, c = units[u][i].second;
                    if (grid[r][c] == value) present = true;
                    if (grid[r][c] == 0 && isValid(r, c, value)) {
                        count++;
                        placeRow = r;
                        placeCol = c;
                    }
                }
                if (present) continue;
                if (count == 1) {
                    grid[placeRow][placeCol] = value;
                    changed = true;
                }
            }
    }
}

bool findEmpty(int& row, int& col) {
    for (row = 0; row < n; row++)
        for (col = 0; col < n; col++)
            if (grid[row][col] == 0) return true;
    return false;
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
    if (!readGrid()) {
        cout << "No Solution" << endl;
        return 0;
    }
    makeUnits();
    bool solved = false;
    if (givensOk()) {
        fillSingles();
        solved = solve();
    }
    if (solved) {
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) cout << toText(grid[r][c]) << (c + 1 < n ? " " : "\n");
        }
    } else {
        cout << "No Solution" << endl;
    }
    return 0;
}
