import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import edu.ics211.h09.Sudoku;
import org.junit.jupiter.api.Test;

/** The worked example's tests of solveSudoku (ours): in place, any valid completion. */
class SolveSudokuTest {

  private static void assertSolves(String cells) {
    int[][] puzzle = Puzzles.grid(cells);
    int[][] grid = Puzzles.copy(puzzle);
    assertTrue(Sudoku.solveSudoku(grid), "solveSudoku said there is no solution");
    assertNull(Puzzles.whyNotSolved(puzzle, grid));
  }

  @Test
  void solvesNewspaperPuzzle() {
    assertSolves(Puzzles.NEWSPAPER);
  }

  @Test
  void solvesHardPuzzle() {
    assertSolves(Puzzles.HARD);
  }

  @Test
  void solvesPuzzleWithManySolutions() {
    assertSolves(Puzzles.MANY_SOLUTIONS);
  }

  @Test
  void solvedGridIsTrue() {
    assertSolves(Puzzles.SOLVED);
  }

  @Test
  void noSolutionIsFalse() {
    assertFalse(Sudoku.solveSudoku(Puzzles.grid(Puzzles.UNSOLVABLE)));
  }

  @Test
  void noSolutionRestoresTheGrid() {
    int[][] grid = Puzzles.grid(Puzzles.UNSOLVABLE);
    Sudoku.solveSudoku(grid);
    assertArrayEquals(Puzzles.grid(Puzzles.UNSOLVABLE), grid, "the grid was not restored");
  }
}
