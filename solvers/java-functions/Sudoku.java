// The reference for java-functions: the four static methods of our handout, over int[][] with 0
// for a blank, rows and columns counted from 0.
public final class Sudoku {
    private Sudoku() {}

    /** Whether value may go at (row, col): no cell of its row, column or box holds it. */
    public static boolean isValid(int[][] grid, int row, int col, int value) {
        int top = row - row % 3, left = col - col % 3;
        for (int k = 0; k < 9; k++) {
            if (grid[row][k] == value || grid[k][col] == value) return false;
            if (grid[top + k / 3][left + k % 3] == value) return false;
        }
        return true;
    }

    /** The values that may go at (row, col), ascending. */
    public static int[] candidates(int[][] grid, int row, int col) {
        int count = 0;
        int[] found = new int[9];
        for (int value = 1; value <= 9; value++) {
            if (isValid(grid, row, col, value)) found[count++] = value;
        }
        return java.util.Arrays.copyOf(found, count);
    }

    /** The empty cell with the fewest candidates, the first in reading order on a tie, as
     * {row, col}; null when the grid is full. */
    public static int[] mostConstrained(int[][] grid) {
        int[] best = null;
        int fewest = 10;
        for (int row = 0; row < 9; row++) {
            for (int col = 0; col < 9; col++) {
                if (grid[row][col] != 0) continue;
                int count = candidates(grid, row, col).length;
                if (count < fewest) {
                    fewest = count;
                    best = new int[] {row, col};
                }
            }
        }
        return best;
    }

    /** Fills the grid in place; true when solved, false (the grid as given) when it cannot be. */
    public static boolean solve(int[][] grid) {
        int[] cell = mostConstrained(grid);
        if (cell == null) return true;
        for (int value : candidates(grid, cell[0], cell[1])) {
            grid[cell[0]][cell[1]] = value;
            if (solve(grid)) return true;
        }
        grid[cell[0]][cell[1]] = 0;
        return false;
    }
}
