"""Values as a stdin program reads and writes them (decimal, or letters from A = 10), and the
answer its output is compared with: the solved grid, or `No Solution`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harness.kinds.stdin_program.output import NO_SOLUTION, Difference, Token, tokens_of
from harness.puzzles import sudoku
from harness.puzzles.suites import ValueStyle
from harness.records.evidence import Grid

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # A = 10 ... Z = 35
Place = Callable[[int, Token], str]  # how a comparison names where a grid's token is


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


@dataclass(frozen=True)
class Answer:
    """What the program should print for `puzzle`: `solution` (None: `No Solution`), in the
    suite's way of writing values; with `multiple_solutions`, any valid completion."""

    puzzle: Grid
    solution: Grid | None
    style: ValueStyle = "decimal"
    multiple_solutions: bool = False
    no_solution: str = NO_SOLUTION  # the handout's message for a puzzle without a solution

    @property
    def size(self) -> int:
        return len(self.puzzle)

    @property
    def text(self) -> str:
        """The canonical output: one row per line, single spaces; or `No Solution`."""
        if self.solution is None:
            return self.no_solution + "\n"
        return stdin_text(self.solution, self.style)

    def expected_at(self, index: int) -> Token | None:
        """The canonical output's token `index`, with its place; None past its end."""
        expected = tokens_of(self.text)
        return expected[index] if index < len(expected) else None

    def wrong_value(self, got: Sequence[Token], place: Place) -> Difference | None:
        """The first token of the grid, read row by row, that is not a value, then the first
        value that differs from the solution (with several solutions: none differ here)."""
        n = self.size
        for index, found in enumerate(got):
            if value_of(found.text) is None:
                detail = f"{place(index, found)}: {found.text!r} is not a value"
                return self._difference(detail, index, found)
        if self.solution is None or self.multiple_solutions:
            return None
        for index, found in enumerate(got):
            want = self.solution[index // n][index % n]
            if value_of(found.text) != want:
                expected = token(want, self.style)
                detail = f"{place(index, found)}: expected {expected}, got {found.text}"
                return self._difference(detail, index, found)
        return None

    def _difference(self, detail: str, index: int, found: Token) -> Difference:
        expected = self.expected_at(index)
        return Difference(detail, found.span, expected.span if expected else None)

    def completion_problem(self, got: Sequence[Token]) -> Difference | None:
        """With several solutions, what makes the printed grid no solution of the puzzle."""
        if not self.multiple_solutions:
            return None
        n = self.size
        values = [value_of(found.text) or 0 for found in got]
        grid = tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))
        problem = _completion_problem(self.puzzle, grid)
        return Difference(problem) if problem else None

    def style_note(self, got: Sequence[Token]) -> str:
        """A note when values above 9 came back in the other way of writing them."""
        texts = {found.text for found in got}
        letters = any(t in LETTERS for t in texts)
        numbers = any((value_of(t) or 0) > 9 and t not in LETTERS for t in texts)
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
