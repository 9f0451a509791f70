// A typical student's solver: backtracking on the first empty cell (row by row) with no
// candidate check: every value is put in, then the move is checked (does the value now appear
// twice in its row, column or box?), and the next value tried when it does.
// Core.solveGrid(grid) fills an n x n grid (0 = blank) in place: true when solved.
final class Core {
    private Core() {}

    /** True when the value at (row, col) is also somewhere else in its row, column or box. */
    static boolean clashes(int[][] grid, int row, int col) {
        int n = grid.length;
        int box = (int) Math.sqrt(n);
        int value = grid[row][col];
        for (int i = 0; i < n; i++) {
            if (i != col && grid[row][i] == value) return true;
            if (i != row && grid[i][col] == value) return true;
        }
        int top = row - row % box, left = col - col % box;
        for (int r = top; r < top + box; r++) {
            for (int c = left; c < left + box; c++) {
                if ((r != row || c != col) && grid[r][c] == value) return true;
            }
        }
        return false;
    }

    static int[] findEmpty(int[][] grid) {
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid.length; c++) {
                if (grid[r][c] == 0) return new int[] {r, c};
            }
        }
        return null;
    }

    static boolean search(int[][] grid) {
        int[] empty = findEmpty(grid);
        if (empty == null) return true;
        int row = empty[0], col = empty[1];
        for (int value = 1; value <= grid.length; value++) {
            grid[row][col] = value;
            if (!clashes(grid, row, col) && search(grid)) return true;
        }
        grid[row][col] = 0;
        return false;
    }

    static boolean givensOk(int[][] grid) {
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid.length; c++) {
                if (grid[r][c] != 0 && clashes(grid, r, c)) return false;
            }
        }
        return true;
    }

    static boolean solveGrid(int[][] grid) {
        return givensOk(grid) && search(grid);
    }
}
