"""The answer a program prints in the course's format (config.yaml's `program.answer`, for
`compare: exact` and `completion`): the solved grid written so, or the handout's message for a
puzzle without a solution; and the grid a program printed, judged with the harness's model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from harness.kinds.stdin_program.formats import Reading, read_grid, value_text, written
from harness.kinds.stdin_program.output import Difference, raw_lines
from harness.program_io import NO_SOLUTION, LabelConfig, PuzzleFormat, ValueWriting
from harness.puzzles import sudoku
from harness.records.evidence import Grid, Span


@dataclass(frozen=True)
class FormattedAnswer:
    """What a program should print for `puzzle`, in `form` with values written as `values`:
    `solution` (None: the `no_solution` message); with `multiple_solutions`, any valid
    completion; then, for `compare: completion`, the `label`."""

    puzzle: Grid
    solution: Grid | None
    form: PuzzleFormat
    values: ValueWriting
    multiple_solutions: bool = False
    label: LabelConfig | None = None
    no_solution: str = NO_SOLUTION

    @property
    def size(self) -> int:
        return len(self.puzzle)

    @cached_property
    def text(self) -> str:
        """The canonical output: the solution in the format, or the no-solution message."""
        if self.solution is None:
            return self.no_solution + "\n"
        return written(self.solution, self.form, self.values)

    def read(self, lines: Sequence[str]) -> Reading:
        return read_grid(lines, self.size, self.form, self.values)

    def expected_at(self, index: int) -> Span | None:
        """Cell `index`'s place in the canonical output."""
        spans = self.read(raw_lines(self.text)).spans
        return spans[index] if index < len(spans) else None

    def solved_grid(self, lines: Sequence[str]) -> Reading | Difference:
        """The grid printed where the puzzle has a solution, read and judged: what is wrong
        (the handout's no-solution message, a grid that cannot be read or is no solution), else
        the reading."""
        if self.no_solution and "\n".join(lines).strip() == self.no_solution:
            return Difference(f"printed {self.no_solution!r}, but the puzzle has a solution")
        reading = self.read(lines)
        if reading.problem:
            return Difference(reading.problem, reading.at)
        found = self.grid_problem(reading)
        return reading if found is None else found

    def grid_problem(self, reading: Reading) -> Difference | None:
        """What makes a grid read from the output no solution of the puzzle: a blank left, then
        (one solution) the first value that differs from it, or (several) a given changed or a
        unit repeating a value, as the model finds."""
        cells, spans = reading.cells, reading.spans
        if 0 in cells:
            index = cells.index(0)
            return Difference(f"{_place(index, self.size)}: left blank", spans[index])
        if self.solution is not None and not self.multiple_solutions:
            return self._first_wrong(cells, spans)
        return _not_a_completion(self.puzzle, reading.grid)

    def _first_wrong(self, cells: Sequence[int], spans: Sequence[Span]) -> Difference | None:
        assert self.solution is not None
        wanted = [value for row in self.solution for value in row]
        for index, (got, want) in enumerate(zip(cells, wanted, strict=True)):
            if got != want:
                said = f"expected {value_text(want, self.values)}, got "
                said += value_text(got, self.values)
                detail = f"{_place(index, self.size)}: {said}"
                return Difference(detail, spans[index], self.expected_at(index))
        return None


def _not_a_completion(puzzle: Grid, grid: Grid) -> Difference | None:
    if not sudoku.keeps_givens(puzzle, grid):
        return Difference("the grid changes a given of the puzzle")
    clashes = sudoku.conflicts(grid)
    if clashes:
        clash = clashes[0]
        return Difference(f"not a valid solution: {clash.kind} {clash.index + 1} repeats a value")
    return None


def _place(index: int, n: int) -> str:
    row, column = divmod(index, n)
    return f"row {row + 1}, column {column + 1}"
