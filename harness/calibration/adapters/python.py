"""A Python panel member: the core algorithm (solvers/panel/functions/python/NAME.py, which
fills rows of ints with 0 for a blank in place) followed by the assignment's functions, written
from config.yaml: each takes its arguments as `args:` says, reads the puzzle in the course's
representation (rows, a flat list, a string or a dict keyed A1..I9; its blank and its values),
or from a file in the course's format, and answers as `returns:` asks.

The glue is generated once per calibration and runs once per call: the time is the core's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from harness.calibration.adapters.target import Interface, Target
from harness.kinds.course import Course
from harness.vocabulary import Conventions

ENTRY = "solution.py"  # the member's file where config.yaml names no `entry:`
CORE_NAMES = ("is_valid", "clashes", "find_empty", "search", "givens_ok", "solve_grid")

HELPERS = """

# --- the assignment's interface: written by sudoku-harness from config.yaml ----------------------
import math as _math

_REPRESENTATION = {representation!r}
_TO_COURSE = {to_course!r}
_FROM_COURSE = {{value: model for model, value in _TO_COURSE.items()}}
_FROM_TEXT = {{str(value): model for model, value in _TO_COURSE.items()}}
_KEYS = {keys!r}


def _cells(board):
    if _REPRESENTATION == "rows":
        return [value for row in board for value in row]
    if _REPRESENTATION == "dict":
        return [board[key] for key in _KEYS]
    return list(board)


def _model(board):
    cells = _cells(board)
    table = _FROM_TEXT if _REPRESENTATION == "string" else _FROM_COURSE
    n = _math.isqrt(len(cells))
    return [[table[cells[r * n + c]] for c in range(n)] for r in range(n)]


def _from_file(path, separator, blank=None):
    table = _FROM_TEXT if blank is None else {{**_FROM_TEXT, blank: 0}}
    with open(path, encoding="utf-8") as handle:
        lines = [line.strip() for line in handle.read().splitlines() if line.strip()]
    rows = [line.split(separator) if separator else list(line) for line in lines]
    return [[table[token.strip()] for token in row] for row in rows]


def _course(grid):
    values = [_TO_COURSE[value] for row in grid for value in row]
    n = len(grid)
    if _REPRESENTATION == "rows":
        return [values[r * n : (r + 1) * n] for r in range(n)]
    if _REPRESENTATION == "dict":
        return dict(zip(_KEYS, values))
    if _REPRESENTATION == "string":
        return "".join(str(value) for value in values)
    return values


def _write_back(board, grid):
    values = [_TO_COURSE[value] for row in grid for value in row]
    n = len(grid)
    for index, value in enumerate(values):
        if _REPRESENTATION == "rows":
            board[index // n][index % n] = value
        elif _REPRESENTATION == "dict":
            board[_KEYS[index]] = value
        else:
            board[index] = value


def _answer(board, grid, solved, returns):
    if returns == "flag-and-grid":
        return (True, _course(grid)) if solved else (False, board)
    if returns in ("flag", "inverted-flag"):
        if solved:
            _write_back(board, grid)
        return solved if returns == "flag" else (0 if solved else 1)
    return _course(grid) if solved else None
"""

FUNCTION = """

def {function}(*args):
    given = args[{at}]
    grid = {read}
    return _answer(given, grid, solve_grid(grid), {returns!r})
"""


class PythonAdapter:
    """The core, then the helpers and a function per target."""

    suffix = ".py"

    def member(self, core: str, interface: Interface) -> tuple[tuple[str, str], ...]:
        targets = interface.targets
        conventions = targets[0].conventions
        text = core + _helpers(conventions) + "".join(_function(t) for t in targets)
        return ((interface.entry or ENTRY, text),)


def _helpers(conventions: Conventions) -> str:
    course = Course(conventions)
    largest = max(conventions.sizes)
    keys: Sequence[Any] = ()
    if conventions.representation == "dict":
        keys = list(course.grid(tuple((0,) * largest for _ in range(largest))))
    return HELPERS.format(
        representation=conventions.representation,
        to_course={value: course.value(value) for value in range(largest + 1)},
        keys=list(keys),
    )


def _function(target: Target) -> str:
    name = target.function
    if name in CORE_NAMES or name.startswith("_") or not name.isidentifier():
        raise target.refuse(f"its function {name!r} is a name the panel's own code uses")
    in_place = target.returns in ("flag", "inverted-flag")
    if in_place and (target.given_file or target.conventions.representation == "string"):
        raise target.refuse(f"returns: {target.returns} fills the grid in place, and a "
                            "string or a file cannot be filled")  # fmt: skip
    separator, blank = target.file.separator, target.file.blank  # blank: the file's own mark
    read = f"_from_file(given, {separator!r}, {blank!r})" if target.given_file else "_model(given)"
    return FUNCTION.format(function=name, at=target.puzzle_at, read=read, returns=target.returns)
