"""Paths into a student's objects, written in config.yaml as text and kept as data: how to get
from a board to one of its cells (`cells[row][column]`), and from a cell to its value, domain,
row or column (`domain`, `get_domain()`).

A path is a dot-separated run of attribute names, each followed by any subscripts and
zero-argument calls: `cells[row][column]`, `grid.cells[index]`, `cell_at[position]`,
`get_domain()`, `[row][column]` (the board itself subscripted). A subscript is `row`, `column`,
`index` (the flat row-major number, row x n + column), `position` (the tuple (row, column)), or
a whole number. Nothing is evaluated: the child driver (harness/sandbox/child/object_driver.py)
walks the steps with getattr, [] and (). Parsing is strict and says what it could not read.
"""

from __future__ import annotations

import re
from typing import Literal

Key = Literal["row", "column", "index", "position"]
KEYS: tuple[Key, ...] = ("row", "column", "index", "position")
Step = tuple[str, str | int]  # ("attr", name) | ("item", key or number) | ("call", "")

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SUBSCRIPT = re.compile(r"\[\s*([A-Za-z_]+|\d+)\s*\]")
_CALL = re.compile(r"\(\s*\)")


def parse(text: str) -> tuple[Step, ...]:
    """The steps of a path; ValueError saying where it stops making sense."""
    steps: list[Step] = []
    at = 0
    text = text.strip()
    if not text:
        raise ValueError("an empty path")
    while at < len(text):
        at = _segment(text, at, steps, first=not steps)
    return tuple(steps)


def _segment(text: str, at: int, steps: list[Step], first: bool) -> int:
    if not first:
        if text[at] != ".":
            raise ValueError(f"{text!r}: expected '.', '[' or '()' at {text[at:]!r}")
        at += 1
    name = _NAME.match(text, at)
    if name is not None:
        steps.append(("attr", name.group()))
        at = name.end()
    elif not (first and text[at] == "["):
        raise ValueError(f"{text!r}: expected a name at {text[at:]!r}")
    while at < len(text) and text[at] in "[(":
        subscript, call = _SUBSCRIPT.match(text, at), _CALL.match(text, at)
        if subscript is not None:
            steps.append(("item", _key(text, subscript.group(1))))
            at = subscript.end()
        elif call is not None:
            steps.append(("call", ""))
            at = call.end()
        else:
            raise ValueError(
                f"{text!r}: {text[at:]!r} is not a subscript ([row], [column], [index], "
                "[position], [0]) or a call without arguments (())"
            )
    return at


def _key(text: str, key: str) -> str | int:
    if key.isdigit():
        return int(key)
    if key not in KEYS:
        raise ValueError(
            f"{text!r}: [{key}] is not a subscript here (row, column, index, position or a "
            "whole number)"
        )
    return key


def keys(steps: tuple[Step, ...]) -> set[str]:
    """The cell's coordinates a path's subscripts use."""
    return {str(arg) for kind, arg in steps if kind == "item" and isinstance(arg, str)}


def cell_path(text: str) -> tuple[Step, ...]:
    """A path from a board to one cell: it must say which (row and column, index, or
    position)."""
    steps = parse(text)
    used = keys(steps)
    if not ({"row", "column"} <= used or "index" in used or "position" in used):
        raise ValueError(
            f"{text!r} does not say which cell: use [row] and [column], [index] or [position]"
        )
    return steps


def plain_path(text: str) -> tuple[Step, ...]:
    """A path that needs no coordinates (from a cell to its value, from a board to an
    attribute)."""
    steps = parse(text)
    if keys(steps):
        used = ", ".join(sorted(keys(steps)))
        raise ValueError(f"{text!r}: [{used}] has no meaning here (only on the way to a cell)")
    return steps


def writable(text: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """A path the driver may also write through (a domain it sets): it ends in an attribute or a
    subscript, not a call."""
    if steps[-1][0] == "call":
        raise ValueError(
            f"{text!r} ends in a call: the harness sets domains through it, so it must end in "
            "an attribute or a subscript"
        )
    return steps


def shown(steps: tuple[Step, ...]) -> str:
    """A path written back as text."""
    parts: list[str] = []
    for kind, arg in steps:
        if kind == "attr":
            parts.append(("." if parts else "") + str(arg))
        elif kind == "item":
            parts.append(f"[{arg}]")
        else:
            parts.append("()")
    return "".join(parts)
