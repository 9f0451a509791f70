// COMS1017A Project 1: Sudoku
// Depth first search: fill the first empty cell with the smallest value that fits, move on,
// and go back when a cell has nothing left.
#include <iostream>
#include <string>
#include <vector>
using namespace std;

int N, B;
vector<int> cell;
bool inRow[25][26], inCol[25][26], inBox[25][26];

int readValue(const string& s) {
    if (s[0] >= 'A' && s[0] <= 'Z') return s[0] - 'A' + 10;
    return stoi(s);
}

char showValue(int v) {
    if (v < 10) return '0' + v;
    return 'A' + (v - 10);
}

int boxOf(int r, int c) { return (r / B) * B + c / B; }

void setCell(int i, int v, bool on) {
    int r = i / N, c = i % N;
    inRow[r][v] = on;
    inCol[c][v] = on;
    inBox[boxOf(r, c)][v] = on;
}

bool fits(int i, int v) {
    int r = i / N, c = i % N;
    return !inRow[r][v] && !inCol[c][v] && !inBox[boxOf(r, c)][v];
}

bool dfs(int i) {
    while (i < N * N && cell[i] != 0) i++;
    if (i == N * N) return true;
    for (int v = 1; v <= N; v++) {
        if (fits(i, v)) {
            cell[i] = v;
            setCell(i, v, true);
            if (dfs(i + 1)) return true;
            setCell(i, v, false);
            cell[i] = 0;
        }
    }
    return false;
}

int main() {
    string s;
    while (cin >> s) cell.push_back(readValue(s));
    N = 1;
    while (N * N < (int)cell.size()) N++;
    B = 1;
    while (B * B < N) B++;
    bool ok = true;
    for (int i = 0; i < N * N; i++) {
        if (cell[i] == 0) continue;
        if (!fits(i, cell[i])) ok = false;
        setCell(i, cell[i], true);
    }
    if (!ok || !dfs(0)) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            cout << showValue(cell[r * N + c]);
            if (c < N - 1) cout << " ";
        }
        cout << endl;
    }
    return 0;
}
