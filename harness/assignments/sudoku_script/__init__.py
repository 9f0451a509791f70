"""sudoku-script: Sudoku.py with load/display/get_next/copy/get_options/solve, and a notebook."""

from __future__ import annotations

from harness.assignments.base import CHILD, ProbeSet
from harness.assignments.sudoku_script.probes import BUILDERS

HELPERS = {"solve": ("get_next", "get_options", "copy_puzzle")}
PROBE_SET = ProbeSet(BUILDERS, (CHILD / "script_driver.py",), HELPERS)
