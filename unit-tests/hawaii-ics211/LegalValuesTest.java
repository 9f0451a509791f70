import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import edu.ics211.h09.Sudoku;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worked example's tests of legalValues (ours, in the spirit of ICS 211's). */
class LegalValuesTest {

  @Test
  void filledCellOfASolvedGridIsNull() {
    assertNull(Sudoku.legalValues(Puzzles.grid(Puzzles.SOLVED), 0, 2));
  }

  @Test
  void filledCellOfAPuzzleIsNull() {
    // (0, 2) holds a given and other cells of the grid are blank: the list would not be empty
    assertNull(Sudoku.legalValues(Puzzles.grid(Puzzles.NEWSPAPER), 0, 2));
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
    Sudoku.legalValues(grid, 4, 4);
    assertEquals(Puzzles.HARD, cells(grid));
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
