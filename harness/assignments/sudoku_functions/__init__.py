"""sudoku-functions: a 1-indexed function library (get_block_num ... sudoku_solver)."""

from __future__ import annotations

from harness.assignments.base import ProbeSet
from harness.assignments.sudoku_functions.probes import BUILDERS

PROBE_SET = ProbeSet(BUILDERS)
