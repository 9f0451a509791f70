"""board-solver: a2.py with Board and Solver classes, judged by a behavioural rubric."""

from __future__ import annotations

from harness.kinds.board_classes.board_solver.probes import BUILDERS, configured
from harness.kinds.probe_set import CHILD, ProbeSet

# solveBoard's criteria are judged with the student's Solver on the reference Board when a
# Board method fails, as the course's autograder does; competency stays the whole program's
# (Solver().solveBoard(Board(file)) as the course's main runs it, own Board and all).
HELPERS = {"solveBoard": ("Board",)}
PROBE_SET = ProbeSet(BUILDERS, (CHILD / "board_driver.py",), HELPERS, configured)
