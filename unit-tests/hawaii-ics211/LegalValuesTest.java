package edu.ics211.h09.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import edu.ics211.h09.Sudoku;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worked example's tests of legalValues (ours, in the spirit of ICS 211's). Each asks both
 * ways (null for a filled cell and a list for a blank one; a value in the list and one left out),
 * so a legalValues that answers one constant passes none of them.
 */
class LegalValuesTest {

  @Test
  void filledCellOfASolvedGridIsNull() {
    int[][] grid = Puzzles.grid(Puzzles.SOLVED);
    assertNull(Sudoku.legalValues(grid, 0, 2));
    grid[0][2] = 0;  // the same cell blank: its one value
    assertEquals(List.of(3), Sudoku.legalValues(grid, 0, 2));
  }

  @Test
  void filledCellOfAPuzzleIsNull() {
    // (0, 2) holds a given and other cells of the grid are blank: the list would not be empty
    int[][] grid = Puzzles.grid(Puzzles.NEWSPAPER);
    assertNull(Sudoku.legalValues(grid, 0, 2));
    assertNotNull(Sudoku.legalValues(grid, 0, 0), "a blank cell of the same puzzle gave null");
  }

  @Test
  void onlyValueLeft() {
    int[][] grid = Puzzles.grid(Puzzles.SOLVED);
    grid[4][4] = 0;
    assertEquals(List.of(6), Sudoku.legalValues(grid, 4, 4));
  }

  @Test
  void valuesInAscendingOrder() {
    assertEquals(List.of(4, 5), Sudoku.legalValues(Puzzles.grid(Puzzles.NEWSPAPER), 0, 0));
    assertEquals(List.of(6, 9), Sudoku.legalValues(Puzzles.grid(Puzzles.HARD), 0, 3));
  }

  @Test
  void leavesTheGridAsItWas() {
    int[][] grid = Puzzles.grid(Puzzles.HARD);
    // two blanks, each asked for its value in the solution and for one its units hold: (4, 4)
    // can hold 2 but not 6 (in its row), (4, 6) can hold 5 but not 2 (in its column)
    List<Integer> center = Sudoku.legalValues(grid, 4, 4);
    assertEquals(Puzzles.HARD, cells(grid));
    List<Integer> right = Sudoku.legalValues(grid, 4, 6);
    assertEquals(Puzzles.HARD, cells(grid));
    assertNotNull(center, "legalValues(4, 4) of a blank cell gave null");
    assertNotNull(right, "legalValues(4, 6) of a blank cell gave null");
    assertTrue(center.contains(2) && !center.contains(6), "legalValues(4, 4) gave " + center);
    assertTrue(right.contains(5) && !right.contains(2), "legalValues(4, 6) gave " + right);
  }

  private static String cells(int[][] grid) {
    StringBuilder text = new StringBuilder();
    for (int[] row : grid) {
      for (int value : row) {
        text.append(value);
      }
    }
    return text.toString();
  }
}
