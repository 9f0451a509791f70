"""sudoku-functions: a 1-indexed function library (get_block_num ... sudoku_solver)."""

from __future__ import annotations

from harness.assignments.base import ProbeSet
from harness.assignments.sudoku_functions.probes import BUILDERS

HELPERS = {
    "sudoku_solver": (
        "get_candidates",
        "find_first_unassigned_position",
        "make_move",
        "undo_move",
        "valid_sudoku",
        "valid_list",
        "get_row",
        "get_column",
        "get_block",
        "get_block_num",
    ),
    "get_candidates": ("get_row", "get_column", "get_block", "get_block_num"),
    "valid_sudoku": ("valid_list",),
    "get_position_inside_block": ("get_block_num",),
}
PROBE_SET = ProbeSet(BUILDERS, helpers=HELPERS)
