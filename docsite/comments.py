"""What the source says of each field of a dataclass: its comments, read with tokenize.

A record's fields are documented the way the code reads best, by comments: the block of whole-line
comments right above the field (`# Never started: ...`), then the one ending its line.
"""

from __future__ import annotations

import ast
import functools
import inspect
import io
import textwrap
import tokenize
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class _Comments:
    whole: dict[int, str]  # line number: a comment alone on its line
    trailing: dict[int, str]  # line number: a comment after code


@functools.cache
def field_comments(cls: type) -> Mapping[str, str]:
    """Each annotated field of the class that has a comment, with its comment's words."""
    source = textwrap.dedent(inspect.getsource(cls))
    comments = _comments(source)
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    said: dict[str, str] = {}
    for node in body.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            end = node.end_lineno or node.lineno
            words = [*_block_above(comments.whole, node.lineno), comments.trailing.get(end, "")]
            if text := " ".join(w for w in words if w):
                said[node.target.id] = text
    return MappingProxyType(said)


def _comments(source: str) -> _Comments:
    whole: dict[int, str] = {}
    trailing: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            alone = token.line.strip().startswith("#")
            (whole if alone else trailing)[token.start[0]] = token.string.lstrip("#").strip()
    return _Comments(whole, trailing)


def _block_above(whole: dict[int, str], line: int) -> list[str]:
    """The whole-line comments directly above `line`, top first."""
    block: list[str] = []
    above = line - 1
    while above in whole:
        block.insert(0, whole[above])
        above -= 1
    return block
