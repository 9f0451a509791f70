"""The evidence of a failed case: its grids, read by kind of expectation, and its output.

A registry maps each expectation that judges a whole Sudoku grid to a reader of the three grids
behind a case (the puzzle, the expected grid, the grid the submission gave). Expectations not in
it (single values, lists, boards driven through a class, printed layouts) give no grids. A puzzle
that several completions solve gives none either: a difference from one solution would mislead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.assignments.expectations import GridAfter, Solves
from harness.assignments.stdin_program.expect import PrintedGrid, output_lines, value_of
from harness.assignments.sudoku_script.expect import SolvedUnchanged
from harness.records.evidence import Evidence, Grids
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe


def evidence_of(probe: Probe, outcome: CallOutcome) -> Evidence | None:
    """What a failed case leaves to show: its grids when it returned one, and its output."""
    return Evidence.from_parts(grids_of(probe, outcome), outcome.output)


def grids_of(probe: Probe, outcome: CallOutcome) -> Grids | None:
    reader = READERS.get(type(probe.expect))
    if reader is None or outcome.kind != "returned":
        return None
    return reader(probe.expect, probe, outcome)


def _solves(expect: Solves, probe: Probe, outcome: CallOutcome) -> Grids | None:
    value = outcome.value
    if expect.any_completion or not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    return Grids.from_values(expect.puzzle, expect.solution, value[1])


def _grid_after(expect: GridAfter, probe: Probe, outcome: CallOutcome) -> Grids | None:
    given = probe.args[0] if probe.args else None  # the grid the call was given
    return Grids.from_values(given, expect.expected, outcome.value)


def _solved_unchanged(expect: SolvedUnchanged, probe: Probe, outcome: CallOutcome) -> Grids | None:
    return Grids.from_values(expect.puzzle, expect.solution, outcome.value)


def _printed(expect: PrintedGrid, probe: Probe, outcome: CallOutcome) -> Grids | None:
    if expect.multiple_solutions:
        return None
    printed = _printed_grid(str(outcome.value), expect.size)
    return Grids.from_values(expect.puzzle, expect.solution, printed)


def _printed_grid(text: str, n: int) -> list[list[int | None]]:
    """The values a program printed, row by row (one line of n * n values too); a token that
    is not a value reads as None, which no grid holds."""
    rows = [line.split() for line in output_lines(text)]
    if len(rows) == 1 and len(rows[0]) == n * n:
        rows = [rows[0][r * n : (r + 1) * n] for r in range(n)]
    return [[value_of(token) for token in row] for row in rows]


Reader = Callable[[Any, Probe, CallOutcome], Grids | None]
READERS: dict[type[Any], Reader] = {
    Solves: _solves,
    GridAfter: _grid_after,
    SolvedUnchanged: _solved_unchanged,
    PrintedGrid: _printed,
}
