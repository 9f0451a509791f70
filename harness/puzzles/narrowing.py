"""Candidates narrowed beyond singles, before a puzzle goes to the SAT solver: locked candidates.

Where a box meets a row or a column, a value the box can hold only in that intersection cannot be
anywhere else on the line (pointing), and a value the line can hold only there cannot be anywhere
else in the box (claiming). Removing those candidates, then placing the singles that follows, until
nothing changes, leaves the SAT solver fewer variables and clauses; the solutions are the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from harness.puzzles import solver
from harness.puzzles.sudoku import box_side

Cells = tuple[int, ...]
Meeting = tuple[Cells, Cells, Cells]  # a box and a line: their shared cells, the box's, the line's


def narrowed(grid: Sequence[Sequence[int]]) -> solver.Masks | None:
    """Each cell's candidates after singles and locked candidates; None on a contradiction."""
    masks = solver.candidates(grid)
    if masks is None:
        return None
    geo = solver.Geometry.of(len(grid))
    while lock(masks, geo.n):
        if not solver.settle(masks, geo):
            return None
    return masks


@cache
def meetings(n: int) -> tuple[Meeting, ...]:
    """Every box with every row and column that crosses it."""
    k = box_side(n)
    found = []
    for top in range(0, n, k):
        for left in range(0, n, k):
            box = {(top + i) * n + left + j for i in range(k) for j in range(k)}
            lines = [{r * n + c for c in range(n)} for r in range(top, top + k)]
            lines += [{r * n + c for r in range(n)} for c in range(left, left + k)]
            found += [_meeting(box, line) for line in lines]
    return tuple(found)


def lock(masks: solver.Masks, n: int) -> bool:
    """Remove every locked candidate of an n x n grid's masks once; True when any was removed."""
    return _lock(masks, meetings(n))


def _meeting(box: set[int], line: set[int]) -> Meeting:
    return tuple(sorted(box & line)), tuple(sorted(box - line)), tuple(sorted(line - box))


def _lock(masks: solver.Masks, where: tuple[Meeting, ...]) -> bool:
    """Remove every locked candidate once; True when any was removed."""
    removed = False
    for shared, box_rest, line_rest in where:
        inside = _union(masks, shared)
        removed |= _remove(masks, line_rest, inside & ~_union(masks, box_rest))
        removed |= _remove(masks, box_rest, inside & ~_union(masks, line_rest))
    return removed


def _union(masks: solver.Masks, cells: Cells) -> int:
    union = 0
    for cell in cells:
        union |= masks[cell]
    return union


def _remove(masks: solver.Masks, cells: Cells, values: int) -> bool:
    removed = False
    for cell in cells:
        if masks[cell] & values:
            masks[cell] &= ~values
            removed = True
    return removed
