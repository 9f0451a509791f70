// Starter for the java-functions worked example (written for sudoku-harness; no course code):
// class Sudoku's public static methods over int[][] grids, 0 for a blank, rows and columns from
// 0, called by the teacher's runner. Replace each body with your own.
public final class Sudoku {
    private Sudoku() {}

    /** Whether value may go at (row, col): no cell of its row, column or box holds it. */
    public static boolean isValid(int[][] grid, int row, int col, int value) {
        return false;
    }

    /** The values that may go at (row, col), ascending. */
    public static int[] candidates(int[][] grid, int row, int col) {
        return new int[0];
    }

    /** The empty cell with the fewest candidates (the first in reading order on a tie), as
     * {row, col}; null when the grid is full. */
    public static int[] mostConstrained(int[][] grid) {
        return null;
    }

    /** Fills the grid in place; true when solved, false (the grid as given) when it cannot be. */
    public static boolean solve(int[][] grid) {
        return false;
    }
}
