// Sudoku solver: the handout's Algorithm 1, as written, but filling the last empty cell first (the
// loop that looks for an empty cell runs on to the end of the grid). Put the next value in that
// cell, then check whether that move broke the puzzle; on a clash, take the next value, and after
// the last value, take the move back. A stack<pair<int,int> > holds the moves (no recursion).
// Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, values above 9 as letters
// (A = 10), and prints the solution or "No Solution".
#include <cmath>
#include <iostream>
#include <stack>
#include <string>
#include <utility>
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

// True when the value at (row, col) is also somewhere else in its row, column or box.
bool clashes(int row, int col) {
    int value = grid[row][col];
    for (int i = 0; i < n; i++) {
        if (i != col && grid[row][i] == value) return true;
        if (i != row && grid[i][col] == value) return true;
    }
    int top = row - row % boxSize, left = col - col % boxSize;
    for (int r = top; r < top + boxSize; r++)
        for (int c = left; c < left + boxSize; c++)
            if ((r != row || c != col) && grid[r][c] == value) return true;
    return false;
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
    stack<pair<int, int> > moves;
    while (true) {
        if (!moves.empty() && clashes(moves.top().first, moves.top().second)) {
            while (!moves.empty() && grid[moves.top().first][moves.top().second] == n) {
                grid[moves.top().first][moves.top().second] = 0;
                moves.pop();
            }
            if (moves.empty()) return false;
            grid[moves.top().first][moves.top().second]++;
        } else {
            int row, col;
            if (!findEmpty(row, col)) return true;
            grid[row][col] = 1;
            moves.push(make_pair(row, col));
        }
    }
}

bool givensOk() {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (grid[r][c] != 0 && clashes(r, c)) return false;
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
