"""What a stdin program must print, judged in the supervisor: the solved grid, or `No Solution`.

The output is compared line by line after tokenizing: trailing spaces, the final newline and CRLF
do not matter, and a value written as a letter (A = 10) or as a number is the same value.
Anything beyond the grid (a blank first line, a timing line) is a wrong answer, and the detail
shows the first difference. The grid on one line is accepted too (the handout asks only for
"values separated by spaces") and the feedback says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.puzzles import sudoku
from harness.puzzles.suites import ValueStyle
from harness.records.evidence import Grid, Grids
from harness.records.outcomes import CallOutcome
from harness.records.probes import Judgement, Probe, readings

NO_SOLUTION = "No Solution"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # A = 10 ... Z = 35
SHOWN = 60  # characters of a line quoted in feedback


def token(value: int, style: ValueStyle) -> str:
    """How a value is written: letters from A = 10, or decimal."""
    if style == "letters" and 10 <= value < 10 + len(LETTERS):
        return LETTERS[value - 10]
    return str(value)


def stdin_text(puzzle: Grid, style: ValueStyle) -> str:
    """The puzzle as the program reads it: one row per line, 0 for a blank."""
    return "".join(" ".join(token(v, style) for v in row) + "\n" for row in puzzle)


def value_of(text: str) -> int | None:
    """A token's value: decimal digits, or one capital letter from A = 10; None otherwise."""
    if text.isascii() and text.isdigit() and len(text) <= 3:  # not "²", which int() refuses
        return int(text)
    if len(text) == 1 and text in LETTERS:
        return LETTERS.index(text) + 10
    return None


def output_lines(text: str) -> list[str]:
    """The output's lines without trailing whitespace; trailing empty lines dropped."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _quoted(line: str) -> str:
    if not line.strip():
        return "an empty line"
    return repr(line if len(line) <= SHOWN else line[:SHOWN] + "...")


@dataclass(frozen=True)
class PrintedGrid:
    """The expected output for one puzzle; `solution` None: the puzzle has none."""

    puzzle: Grid
    solution: Grid | None
    style: ValueStyle = "decimal"
    multiple_solutions: bool = False
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.puzzle)

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        if self.multiple_solutions:
            return None
        printed = printed_grid(str(outcome.value), self.size)
        return Grids.from_values(self.puzzle, self.solution, printed)

    def judge(self, outcome: CallOutcome) -> Judgement:
        lines = output_lines(str(outcome.value))
        if self.solution is None:
            return self._no_solution(lines)
        if [line.split() for line in lines] == [NO_SOLUTION.split()]:
            return Judgement(False, f"printed {NO_SOLUTION!r}, but the puzzle has a solution")
        return self._grid(lines, self.solution)

    def _no_solution(self, lines: list[str]) -> Judgement:
        if [line.split() for line in lines] == [NO_SOLUTION.split()]:
            return Judgement(True)
        got = "nothing" if not lines else _quoted(lines[0])
        more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
        return Judgement(
            False, f"the puzzle has no solution: expected {NO_SOLUTION!r}, got {got}{more}"
        )

    def _grid(self, lines: list[str], solution: Grid) -> Judgement:
        rows = [line.split() for line in lines]
        accepted = ""
        n = self.size
        if len(rows) == 1 and len(rows[0]) == n * n:
            rows = [rows[0][r * n : (r + 1) * n] for r in range(n)]
            accepted = "the grid on one line"
        problem = self._layout(lines, rows)
        if problem:
            return Judgement(False, problem)
        values = [[value_of(t) for t in row] for row in rows]
        for r, row in enumerate(values):
            for c, value in enumerate(row):
                if value is None:
                    return Judgement(
                        False, f"line {r + 1}, value {c + 1}: {rows[r][c]!r} is not a value"
                    )
        grid = tuple(tuple(v or 0 for v in row) for row in values)
        problem = self._difference(grid, solution, rows)
        if problem:
            return Judgement(False, problem)
        return Judgement(True, accepted=readings(accepted, self._style(rows)))

    def _layout(self, lines: list[str], rows: list[list[str]]) -> str:
        n = self.size
        for index in range(max(n, len(rows))):
            if index >= len(rows):
                return f"line {index + 1}: missing (the output ends after {len(rows)} lines)"
            if index >= n:
                return f"line {index + 1}: unexpected {_quoted(lines[index])} after the grid"
            if len(rows[index]) != n:
                shown = _quoted(lines[index]) if len(lines) > index else repr(" ".join(rows[index]))
                return f"line {index + 1}: expected {n} values, got {shown}"
        return ""

    def _difference(self, grid: Grid, solution: Grid, rows: list[list[str]]) -> str:
        if self.multiple_solutions:
            return _completion_problem(self.puzzle, grid)
        for r in range(self.size):
            for c in range(self.size):
                if grid[r][c] != solution[r][c]:
                    expected = token(solution[r][c], self.style)
                    return f"line {r + 1}, value {c + 1}: expected {expected}, got {rows[r][c]}"
        return ""

    def _style(self, rows: list[list[str]]) -> str:
        """A note when values above 9 came back in the other way of writing them."""
        tokens = {t for row in rows for t in row}
        letters = any(t in LETTERS for t in tokens)
        numbers = any((value_of(t) or 0) > 9 and t not in LETTERS for t in tokens)
        if self.style == "letters" and numbers:
            return "values above 9 written as numbers (the input used letters)"
        if self.style == "decimal" and letters:
            return "values above 9 written as letters (the input used numbers)"
        return ""


def _completion_problem(puzzle: Grid, grid: Grid) -> str:
    if any(not 1 <= v <= len(grid) for row in grid for v in row):
        return "a value is out of range"
    if not sudoku.keeps_givens(puzzle, grid):
        return "the grid changes a given of the puzzle"
    clashes = sudoku.conflicts(grid)
    if clashes:
        clash = clashes[0]
        return f"not a valid solution: {clash.kind} {clash.index + 1} repeats a value"
    return ""


def printed_grid(text: str, n: int) -> list[list[int | None]]:
    """The values a program printed, row by row (one line of n * n values too); a token that
    is not a value reads as None, which no grid holds."""
    rows = [line.split() for line in output_lines(text)]
    if len(rows) == 1 and len(rows[0]) == n * n:
        rows = [rows[0][r * n : (r + 1) * n] for r in range(n)]
    return [[value_of(token) for token in row] for row in rows]
