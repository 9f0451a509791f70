"""board-solver: a2.py with Board and Solver classes, judged by a behavioural rubric."""

from __future__ import annotations

from harness.assignments.base import CHILD, ProbeSet
from harness.assignments.board_solver.probes import BUILDERS

HELPERS = {"solveBoard": ("Board",), "competency": ("Board",)}
PROBE_SET = ProbeSet(BUILDERS, (CHILD / "board_driver.py",), HELPERS)
