"""Probe sets: per assignment, how each graded item is probed, built from the suites.

A probe set maps an item's probe name to a builder; config.yaml names the set (`probes:`) and
each item's builder (`probe:`, defaulting to the item's name). Register new sets here.
"""

from __future__ import annotations

from harness.assignments.board_solver import probes as board_solver
from harness.assignments.stdin_program import probes as stdin_program
from harness.assignments.sudoku_functions import probes as sudoku_functions
from harness.assignments.sudoku_functions.probes import Builder
from harness.assignments.sudoku_script import probes as sudoku_script

PROBE_SETS: dict[str, dict[str, Builder]] = {
    "sudoku-functions": sudoku_functions.BUILDERS,
    "board-solver": board_solver.BUILDERS,
    "stdin-program": stdin_program.BUILDERS,
    "sudoku-script": sudoku_script.BUILDERS,
}
