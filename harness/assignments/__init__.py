"""Probe sets: per assignment, how each graded item is probed, built from the suites.

A probe set maps an item's probe name to a builder; config.yaml names the set (`probes:`) and
each item's builder (`probe:`, defaulting to the item's name). Register new sets here.
"""

from __future__ import annotations

from harness.assignments import board_solver, stdin_program, sudoku_functions, sudoku_script
from harness.assignments.sudoku_functions import Builder

PROBE_SETS: dict[str, dict[str, Builder]] = {
    "sudoku-functions": sudoku_functions.BUILDERS,
    "board-solver": board_solver.BUILDERS,
    "stdin-program": stdin_program.BUILDERS,
    "sudoku-script": sudoku_script.BUILDERS,
}
