package edu.ics211.h09.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import edu.ics211.h09.Sudoku;
import org.junit.jupiter.api.Test;

/**
 * The worked example's tests of solveSudoku (ours): in place, any valid completion. Each asks
 * both ways (where false is expected, a puzzle to solve beside it; a solved grid kept beside one
 * to fill), so a solveSudoku that answers one constant, or does nothing, passes none of them.
 */
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
    assertSolves(Puzzles.TOP_ROW_BLANK);  // and a grid not yet solved is filled
  }

  @Test
  void noSolutionIsFalse() {
    assertFalse(Sudoku.solveSudoku(Puzzles.grid(Puzzles.UNSOLVABLE)));
    assertSolves(Puzzles.TOP_ROW_BLANK);  // and true where there is a solution
  }

  @Test
  void noSolutionRestoresTheGrid() {
    int[][] grid = Puzzles.grid(Puzzles.UNSOLVABLE);
    Sudoku.solveSudoku(grid);
    assertArrayEquals(Puzzles.grid(Puzzles.UNSOLVABLE), grid, "the grid was not restored");
    // and where there is a solution, the grid it was given holds it
    int[][] puzzle = Puzzles.grid(Puzzles.TOP_ROW_BLANK);
    int[][] solvable = Puzzles.copy(puzzle);
    Sudoku.solveSudoku(solvable);
    assertNull(Puzzles.whyNotSolved(puzzle, solvable), "a puzzle with a solution was not solved");
  }
}
