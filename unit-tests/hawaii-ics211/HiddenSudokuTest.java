package edu.ics211.h09.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import edu.ics211.h09.Sudoku;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worked example's hidden tests (ours): run apart from the visible ones, named on no page.
 * Each asks both ways, as the visible ones do.
 */
class HiddenSudokuTest {

  @Test
  void fullButInvalidGridIsFalse() {
    int[][] grid = Puzzles.grid(Puzzles.SOLVED);
    grid[0][0] = grid[0][1];  // a repeat, and no blank left to fill
    int[][] before = Puzzles.copy(grid);
    assertFalse(Sudoku.solveSudoku(grid));
    assertArrayEquals(before, grid);
    int[][] valid = Puzzles.grid(Puzzles.SOLVED);  // full and valid: true, left as it is
    assertTrue(Sudoku.solveSudoku(valid), "solveSudoku said a solved grid has no solution");
    assertArrayEquals(Puzzles.grid(Puzzles.SOLVED), valid);
  }

  @Test
  void legalValuesOfABlankWithNoneIsEmptyOrNull() {
    int[][] grid = Puzzles.grid(Puzzles.SOLVED);
    grid[8][8] = 0;
    assertEquals(List.of(2), Sudoku.legalValues(grid, 8, 8));  // one value left, at first
    grid[8][7] = 2;  // the blank's last value is now taken in its row
    var values = Sudoku.legalValues(grid, 8, 8);
    if (values != null) {
      assertArrayEquals(new Object[0], values.toArray());
    } else {
      assertNull(values);
    }
  }
}
