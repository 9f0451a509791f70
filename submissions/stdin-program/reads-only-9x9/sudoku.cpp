// Sudoku 9x9 - recursive backtracking
#include <iostream>
using namespace std;

const int N = 9;
int grid[N][N];

bool isValid(int row, int col, int num) {
    for (int i = 0; i < N; i++) {
        if (grid[row][i] == num && i != col) return false;
        if (grid[i][col] == num && i != row) return false;
    }
    int startRow = row - row % 3, startCol = col - col % 3;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int r = startRow + i, c = startCol + j;
            if (grid[r][c] == num && (r != row || c != col)) return false;
        }
    return true;
}

bool findEmpty(int &row, int &col) {
    for (row = 0; row < N; row++)
        for (col = 0; col < N; col++)
            if (grid[row][col] == 0) return true;
    return false;
}

bool solve() {
    int row, col;
    if (!findEmpty(row, col)) return true;
    for (int num = 1; num <= N; num++) {
        if (isValid(row, col, num)) {
            grid[row][col] = num;
            if (solve()) return true;
            grid[row][col] = 0;
        }
    }
    return false;
}

int main() {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            cin >> grid[i][j];

    // check the numbers we were given don't already clash
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (grid[i][j] != 0 && !isValid(i, j, grid[i][j])) {
                cout << "No Solution" << endl;
                return 0;
            }

    if (solve()) {
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                cout << grid[i][j];
                if (j < N - 1) cout << " ";
            }
            cout << endl;
        }
    } else {
        cout << "No Solution" << endl;
    }
    return 0;
}
