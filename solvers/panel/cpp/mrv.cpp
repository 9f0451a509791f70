// Sudoku solver: backtracking that always fills the empty cell with the fewest candidates
// (minimum remaining values). Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank,
// values above 9 as letters (A = 10), and prints the solution or "No Solution".
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

vector<int> candidates(int row, int col) {
    vector<bool> used(n + 1, false);
    for (int i = 0; i < n; i++) {
        used[grid[row][i]] = true;
        used[grid[i][col]] = true;
    }
    int top = row - row % boxSize, left = col - col % boxSize;
    for (int r = top; r < top + boxSize; r++)
        for (int c = left; c < left + boxSize; c++) used[grid[r][c]] = true;
    vector<int> result;
    for (int value = 1; value <= n; value++)
        if (!used[value]) result.push_back(value);
    return result;
}

// The empty cell with the fewest candidates; false when the grid is full.
bool bestCell(int& bestRow, int& bestCol, vector<int>& bestOptions) {
    bool found = false;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (grid[r][c] != 0) continue;
            vector<int> options = candidates(r, c);
            if (!found || options.size() < bestOptions.size()) {
                found = true;
                bestRow = r;
                bestCol = c;
                bestOptions = options;
                if (options.size() <= 1) return true;
            }
        }
    }
    return found;
}

bool solve() {
    int row, col;
    vector<int> options;
    if (!bestCell(row, col, options)) return true;
    for (size_t i = 0; i < options.size(); i++) {
        grid[row][col] = options[i];
        if (solve()) return true;
    }
    grid[row][col] = 0;
    return false;
}

bool givensOk() {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int value = grid[r][c];
            if (value == 0) continue;
            grid[r][c] = 0;
            vector<int> options = candidates(r, c);
            grid[r][c] = value;
            bool ok = false;
            for (size_t i = 0; i < options.size(); i++)
                if (options[i] == value) ok = true;
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
