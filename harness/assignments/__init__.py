"""The assignments: one package each, registered here by one line.

A package gives a ProbeSet (harness/assignments/base.py): per graded item, how it is probed,
built from the suites, and the child drivers its probes name. config.yaml names the set
(`probes:`) and each item's builder (`probe:`, defaulting to the item's name).
docs/adding-an-assignment.md walks through adding one.
"""

from __future__ import annotations

from harness.assignments import board_solver, stdin_program, sudoku_functions, sudoku_script
from harness.assignments.base import ProbeSet

PROBE_SETS: dict[str, ProbeSet] = {
    "sudoku-functions": sudoku_functions.PROBE_SET,
    "board-solver": board_solver.PROBE_SET,
    "stdin-program": stdin_program.PROBE_SET,
    "sudoku-script": sudoku_script.PROBE_SET,
}
