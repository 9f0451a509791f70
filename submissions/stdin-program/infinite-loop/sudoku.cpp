// Sudoku - iterative DFS following Algorithm 1 from the handout.
// "Find an empty cell" picks a forced cell if there is one, otherwise the
// cell with the fewest options.
#include <iostream>
#include <string>
#include <stack>
using namespace std;

int N, B;
int grid[25][25];
int rowCount[25][26], colCount[25][26], boxCount[25][26];

int boxNum(int r, int c) { return r / B * B + c / B; }

void put(int r, int c, int v) {
    grid[r][c] = v;
    rowCount[r][v]++; colCount[c][v]++; boxCount[boxNum(r, c)][v]++;
}

void takeOut(int r, int c) {
    int v = grid[r][c];
    rowCount[r][v]--; colCount[c][v]--; boxCount[boxNum(r, c)][v]--;
    grid[r][c] = 0;
}

bool fits(int r, int c, int v) {
    return rowCount[r][v] == 0 && colCount[c][v] == 0 && boxCount[boxNum(r, c)][v] == 0;
}

int numOptions(int r, int c) {
    int n = 0;
    for (int v = 1; v <= N; v++) if (fits(r, c, v)) n++;
    return n;
}

// unit u: 0..N-1 rows, N..2N-1 columns, 2N..3N-1 boxes
void cellOf(int u, int i, int &r, int &c) {
    if (u < N) { r = u; c = i; }
    else if (u < 2 * N) { r = i; c = u - N; }
    else { int b = u - 2 * N; r = b / B * B + i / B; c = b % B * B + i % B; }
}

bool inUnit(int u, int v) {
    if (u < N) return rowCount[u][v] > 0;
    if (u < 2 * N) return colCount[u - N][v] > 0;
    return boxCount[u - 2 * N][v] > 0;
}

// invalid: the last move clashes, an empty cell has no options,
// or a row/col/box has a value with nowhere to go
bool invalid(stack<pair<int, int> > &st) {
    if (!st.empty()) {
        int r = st.top().first, c = st.top().second, v = grid[r][c];
        if (rowCount[r][v] > 1 || colCount[c][v] > 1 || boxCount[boxNum(r, c)][v] > 1) return true;
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (grid[r][c] == 0 && numOptions(r, c) == 0) return true;
    for (int u = 0; u < 3 * N; u++)
        for (int v = 1; v <= N; v++) {
            if (inUnit(u, v)) continue;
            bool somewhere = false;
            for (int i = 0; i < N && !somewhere; i++) {
                int r, c;
                cellOf(u, i, r, c);
                if (grid[r][c] == 0 && fits(r, c, v)) somewhere = true;
            }
            if (!somewhere) return true;
        }
    return false;
}

bool full() {
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (grid[r][c] == 0) return false;
    return true;
}

// finds the next empty cell to fill and the value to put there
void findCell(int &bestR, int &bestC, int &value) {
    for (int u = 0; u < 3 * N; u++)                 // a value with only one place
        for (int v = 1; v <= N; v++) {
            if (inUnit(u, v)) continue;
            int places = 0, pr = 0, pc = 0;
            for (int i = 0; i < N; i++) {
                int r, c;
                cellOf(u, i, r, c);
                if (grid[r][c] == 0 && fits(r, c, v)) { places++; pr = r; pc = c; }
            }
            if (places == 1) { bestR = pr; bestC = pc; value = v; return; }
        }
    int best = N + 1;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (grid[r][c] == 0 && numOptions(r, c) < best) {
                best = numOptions(r, c); bestR = r; bestC = c;
            }
    value = 1;
    while (!fits(bestR, bestC, value)) value++;
}

int main() {
    string t;
    string cells[625];
    int count = 0;
    while (count < 625 && cin >> t) cells[count++] = t;
    B = 3;
    if (count == 256) B = 4;
    if (count == 625) B = 5;
    N = B * B;

    for (int i = 0; i < N * N; i++) {
        char ch = cells[i][0];
        int v = (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 10 : stoi(cells[i]);
        if (v == 0) continue;
        if (!fits(i / N, i % N, v)) {          // two of the same in the input
            cout << "No Solution" << endl;
            return 0;
        }
        put(i / N, i % N, v);
    }

    stack<pair<int, int> > st;
    bool noSolution = false;
    while (true) {
        bool bad = invalid(st);
        if (!bad && full()) break;                  // solved
        if (bad) {
            // pop every move that already got to N
            while (!st.empty() && grid[st.top().first][st.top().second] == N) {
                takeOut(st.top().first, st.top().second);
                st.pop();
            }
            if (st.empty()) {
                noSolution = true;
            } else {
                int r = st.top().first, c = st.top().second;
                int v = grid[r][c];
                takeOut(r, c);
                put(r, c, v + 1);
            }
        } else {
            int r, c, v;
            findCell(r, c, v);
            put(r, c, v);
            st.push(make_pair(r, c));
        }
    }

    if (noSolution) {
        cout << "No Solution" << endl;
        return 0;
    }
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (grid[r][c] >= 10) cout << (char)('A' + grid[r][c] - 10) << " ";
            else cout << grid[r][c] << " ";
        }
        cout << endl;
    }
    return 0;
}
