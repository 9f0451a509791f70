"""The driver's protocol: a probe as the line the teacher's driver reads, and the line it prints
back as the call's raw outcome.

A request is one line: the function's name, then each argument in `args:` order, as tokens
separated by spaces: a number (a row, a column, an index, a value) as itself; a position as its
row and column; a grid as its size n, then its n x n values row by row (a blank as the course
writes it); a list of values as its length, then the values.

A reply is one line of JSON: what the function returned (`true`, `3`, `[2, 5]`, a grid as a list
of rows, `null` for nothing). A call judged on the grid it changes (a solver that fills the grid
it is given and returns a flag; a move) replies `{"returned": VALUE, "grid": GRID}`, the grid as
the call left it. JSON has no tuples: where an item's role answers a pair (a position; solved
and the grid), the array replied reads as one, as a Python course returns it; any other array
reads as a list, and a reference's answer reads as the student's does. The reply comes from the
student's process: untrusted data, read defensively (its size is capped by the run's output
limit).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harness.config import ItemConfig

SHOWN = 80  # characters of a reply that is not JSON, quoted in the outcome
GRID_KEYS = frozenset({"returned", "grid"})
POSITIONS = frozenset({"first-empty", "any-empty", "next-cell"})  # roles answering a position


def answers_pair(item: ItemConfig) -> bool:
    """Whether an item's role answers a pair: a position, or solve's (solved, grid)."""
    return item.role in POSITIONS or (item.role == "solve" and item.returns == "flag-and-grid")


def request(function: str, args: Sequence[Any]) -> str:
    """The line the driver reads for one call of `function` with the course's `args`."""
    return " ".join([function, *(token for arg in args for token in _tokens(arg))])


def _tokens(arg: Any) -> list[str]:
    if isinstance(arg, tuple):  # a position
        return [_token(value) for value in arg]
    if isinstance(arg, list) and arg and all(isinstance(row, list) for row in arg):  # a grid
        return [str(len(arg)), *(_token(value) for row in arg for value in row)]
    if isinstance(arg, list):  # a list of values
        return [str(len(arg)), *(_token(value) for value in arg)]
    return [_token(arg)]


def _token(value: Any) -> str:
    text = str(value)
    if not text or len(text.split()) != 1:
        raise ValueError(f"{value!r} cannot be written as one token of a driver's line")
    return text


@dataclass(frozen=True)
class Reply:
    """A reply line read: what the call returned, and the grid as it left it (None: not said)."""

    value: Any
    grid: Any = None
    grid_given: bool = False

    def after(self, args: Sequence[Any]) -> tuple[Any, ...]:
        """The call's arguments as it left them: its grid replaced by the one replied (empty
        when the reply gave none, or the call was given no grid)."""
        if not self.grid_given:
            return ()
        found = next((i for i, arg in enumerate(args) if _is_grid(arg)), None)
        if found is None:
            return ()
        return tuple(self.grid if i == found else arg for i, arg in enumerate(args))


def read_reply(line: str, pair: bool = False) -> Reply | str:
    """The reply on `line`, or why it is none (a sentence for the feedback); a two-element
    array as a pair where the item's role answers one (`pair`)."""
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        shown = line if len(line) <= SHOWN else line[: SHOWN - 3] + "..."
        return f"the driver's reply is not JSON: {shown!r}"
    if isinstance(value, dict):
        if set(value) != GRID_KEYS:
            return (
                f"the driver replied an object with keys {sorted(value)[:4]}, not returned and grid"
            )
        return Reply(_paired(value["returned"], pair), value["grid"], grid_given=True)
    return Reply(_paired(value, pair))


def _paired(value: Any, pair: bool) -> Any:
    return tuple(value) if pair and isinstance(value, list) and len(value) == 2 else value


def _is_grid(arg: Any) -> bool:
    return isinstance(arg, list) and bool(arg) and all(isinstance(row, list) for row in arg)
