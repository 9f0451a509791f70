"""Drivers for script assignments (`sudoku-script`): scenarios that need more than one call's
return value. Standard library only; they run in the student's interpreter and report data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def copy_independence(module: Any, name: str, puzzle: list[list[int]]) -> dict[str, Any]:
    """Call the copy function, then change every cell of the copy: report the copy as it was,
    whether it is the same outer list or shares rows, and whether the original changed."""
    before = [list(row) for row in puzzle]
    copy = getattr(module, name)(puzzle)
    taken = _plain(copy)
    shared = (
        [i for i, row in enumerate(copy) if any(row is p for p in puzzle)]
        if isinstance(copy, list)
        else []
    )
    if isinstance(copy, list):
        for row in copy:
            if isinstance(row, list):
                for c in range(len(row)):
                    row[c] = -1
    return {
        "copy": taken,
        "same_outer": copy is puzzle,
        "shared_rows": shared,
        "original_changed": puzzle != before,
    }


def _plain(value: Any) -> Any:
    """Lists of lists of ints as plain lists; anything else as its repr."""
    if isinstance(value, (list, tuple)) and all(isinstance(r, (list, tuple)) for r in value):
        return [[v if type(v) is int else repr(v) for v in row] for row in value]
    return repr(value)[:200]


DRIVERS: dict[str, Callable[..., Any]] = {"script.copy_independence": copy_independence}
