// A typical student's solver: backtracking on the last empty cell (the loop that looks for an
// empty cell runs on to the end of the grid, so the one it keeps is the last: how most last-empty-
// first solvers come about), trying only the values its row, column and box allow (a candidate
// check before each placement).
// Core.solveGrid(grid) fills an n x n grid (0 = blank) in place: true when solved.
final class Core {
    private Core() {}

    static boolean isValid(int[][] grid, int row, int col, int value) {
        int n = grid.length;
        int box = (int) Math.sqrt(n);
        for (int i = 0; i < n; i++) {
            if (grid[row][i] == value || grid[i][col] == value) return false;
        }
        int top = row - row % box, left = col - col % box;
        for (int r = top; r < top + box; r++) {
            for (int c = left; c < left + box; c++) {
                if (grid[r][c] == value) return false;
            }
        }
        return true;
    }

    static int[] findEmpty(int[][] grid) {
        int[] found = null;
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid.length; c++) {
                if (grid[r][c] == 0) found = new int[] {r, c};
            }
        }
        return found;
    }

    static boolean search(int[][] grid) {
        int[] empty = findEmpty(grid);
        if (empty == null) return true;
        int row = empty[0], col = empty[1];
        for (int value = 1; value <= grid.length; value++) {
            if (isValid(grid, row, col, value)) {
                grid[row][col] = value;
                if (search(grid)) return true;
                grid[row][col] = 0;
            }
        }
        return false;
    }

    static boolean givensOk(int[][] grid) {
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid.length; c++) {
                int value = grid[r][c];
                if (value == 0) continue;
                grid[r][c] = 0;
                boolean ok = isValid(grid, r, c, value);
                grid[r][c] = value;
                if (!ok) return false;
            }
        }
        return true;
    }

    static boolean solveGrid(int[][] grid) {
        return givensOk(grid) && search(grid);
    }
}
