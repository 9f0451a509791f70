#include <iostream>
#include <string>
#include <vector>
using namespace std;

// Sudoku DFS (recursive).
// At each step we either branch on the empty cell with the fewest options,
// or on the value that has the fewest places left in some row/column/box
// (whichever gives fewer choices).

int n, k;
int sudoku[25][25];
bool rowHas[25][26], colHas[25][26], boxHas[25][26];

bool allowed(int r, int c, int v) {
    return !rowHas[r][v] && !colHas[c][v] && !boxHas[(r / k) * k + c / k][v];
}

void place(int r, int c, int v) {
    sudoku[r][c] = v;
    rowHas[r][v] = colHas[c][v] = boxHas[(r / k) * k + c / k][v] = true;
}

void removeValue(int r, int c) {
    int v = sudoku[r][c];
    sudoku[r][c] = 0;
    rowHas[r][v] = colHas[c][v] = boxHas[(r / k) * k + c / k][v] = false;
}

bool dfs() {
    vector<pair<pair<int, int>, int> > best;  // list of (row, col), value to try
    bool full = true;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (sudoku[r][c] != 0) continue;
            full = false;
            vector<pair<pair<int, int>, int> > choices;
            for (int v = 1; v <= n; v++)
                if (allowed(r, c, v)) choices.push_back(make_pair(make_pair(r, c), v));
            if (choices.empty()) return false;
            if (best.empty() || choices.size() < best.size()) best = choices;
        }
    }
    if (full) return true;

    for (int unit = 0; unit < 3 * n && best.size() > 1; unit++) {
        for (int v = 1; v <= n; v++) {
            int kind = unit / n, u = unit % n;
            if (kind == 0 && rowHas[u][v]) continue;
            if (kind == 1 && colHas[u][v]) continue;
            if (kind == 2 && boxHas[u][v]) continue;
            vector<pair<pair<int, int>, int> > choices;
            for (int i = 0; i < n; i++) {
                int r, c;
                if (kind == 0) { r = u; c = i; }
                else if (kind == 1) { r = i; c = u; }
                else { r = (u / k) * k + i / k; c = (u % k) * k + i % k; }
                if (sudoku[r][c] == 0 && allowed(r, c, v))
                    choices.push_back(make_pair(make_pair(r, c), v));
            }
            if (choices.empty()) return false;
            if (choices.size() < best.size()) best = choices;
        }
    }

    for (size_t i = 0; i < best.size(); i++) {
        int r = best[i].first.first, c = best[i].first.second, v = best[i].second;
        place(r, c, v);
        if (dfs()) return true;
        removeValue(r, c);
    }
    return false;
}

int main() {
    vector<string> in;
    string s;
    while (cin >> s) in.push_back(s);
    n = 9; k = 3;
    if (in.size() == 256) { n = 16; k = 4; }
    if (in.size() == 625) { n = 25; k = 5; }

    bool possible = true;
    for (int i = 0; i < n * n; i++) {
        int v;
        if (in[i][0] >= 'A' && in[i][0] <= 'Z') v = in[i][0] - 'A' + 10;
        else v = stoi(in[i]);
        if (v == 0) continue;
        if (!allowed(i / n, i % n, v)) possible = false;
        place(i / n, i % n, v);
    }

    if (!possible || !dfs()) {
        cout << "no solution" << endl;
        return 0;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c) cout << ' ';
            if (sudoku[r][c] >= 10) cout << (char)('A' + sudoku[r][c] - 10);
            else cout << sudoku[r][c];
        }
        cout << '\n';
    }
    return 0;
}
