"""What the Python dead-code passes find, in source positions: spans of tokens to leave out and
tokens to read as another keyword. Positions are the AST's, (line from 1, byte offset in it);
python.py maps them onto the file's tokens."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

Position = tuple[int, int]


@dataclass(frozen=True)
class Mark:
    """A place in the tokens: the first token at or after `at`, or, when `after_statement`,
    the first after the statement ending at `at` (past its NEWLINE or `;`)."""

    at: Position
    after_statement: bool = False


@dataclass(frozen=True)
class Span:
    """The tokens from `start` up to `end` (not included) left out."""

    start: Mark
    end: Mark


@dataclass(frozen=True)
class Rename:
    """The keyword at `at` read as `kind` (an `elif` left first in its chain reads as `if`)."""

    at: Position
    kind: str


@dataclass(frozen=True)
class Found:
    spans: tuple[Span, ...] = ()
    renames: tuple[Rename, ...] = ()
    dead: frozenset[int] = frozenset()  # ids of the AST nodes that never run

    @classmethod
    def of(cls, parts: Iterable[Found]) -> Found:
        spans: list[Span] = []
        renames: list[Rename] = []
        dead: set[int] = set()
        for part in parts:
            spans += part.spans
            renames += part.renames
            dead |= part.dead
        return cls(tuple(spans), tuple(renames), frozenset(dead))


def start(node: ast.stmt) -> Position:
    """Where a statement begins: its first decorator's line, when it has one."""
    decorators = getattr(node, "decorator_list", None)
    if decorators:
        return (decorators[0].lineno, 0)
    return (node.lineno, node.col_offset)


def end(node: ast.AST) -> Position:
    return (node.end_lineno or node.lineno, node.end_col_offset or 0)  # type: ignore[attr-defined]


def whole(first: ast.stmt, last: ast.stmt | None = None) -> Span:
    """The statements from `first` to `last` (itself alone by default), with their NEWLINE."""
    return Span(Mark(start(first)), Mark(end(last or first), after_statement=True))


def before(node: ast.stmt, following: ast.AST) -> Span:
    """From the statement's start up to `following`'s (a branch kept, a value kept)."""
    at = start(following) if isinstance(following, ast.stmt) else _position(following)
    return Span(Mark(start(node)), Mark(at))


def _position(node: ast.AST) -> Position:
    return (node.lineno, node.col_offset)  # type: ignore[attr-defined]
