"""Dead Python code left out of a file's tokens: what reach.py (never runs) and unused.py (never
read) find in its AST, mapped onto the tokens `tokenize` read. A block's INDENT and DEDENT go
together: when a branch is unwrapped its INDENT goes, and with it the DEDENT that closes it.
A file the AST cannot be built for (it does not parse) keeps every token."""

from __future__ import annotations

import ast
import keyword
import re
import token
import tokenize
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence

from harness.similarity.deadcode.reach import unreachable
from harness.similarity.deadcode.spans import Found, Mark, Position, Span
from harness.similarity.deadcode.unused import unread

Tokens = Sequence[tokenize.TokenInfo]
WORD = re.compile(r"[^\W\d]\w*")  # what may be a name, in an f-string's text


def live(text: str, found: Tokens) -> list[tokenize.TokenInfo]:
    """The tokens without dead code (`elif` read as `if` where it came to lead its chain)."""
    where = _Where(text, found)
    dead = _dead(text, where)
    if dead is None or not dead.spans:
        return list(found)
    dropped = _balanced(found, {i for s in dead.spans for i in where.span(s.start, s.end)})
    renamed = {where.name(r.at): r.kind for r in dead.renames}
    return [
        item._replace(string=renamed[index]) if index in renamed else item
        for index, item in enumerate(found)
        if index not in dropped
    ]


def _dead(text: str, where: _Where) -> Found | None:
    try:
        tree = ast.parse(text)
        never = unreachable(tree)
        gone = frozenset(i for s in never.spans for i in where.span(s.start, s.end))
        return Found.of([never, unread(tree, never.dead, _Names(where, gone))])
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # hostile nesting, NUL bytes
        return None


class _Where:
    """AST positions (byte offsets) found among the tokens (character offsets)."""

    def __init__(self, text: str, found: Tokens) -> None:
        self.lines = text.split("\n")
        self.found = found
        self.starts = [item.start for item in found]

    def first(self, at: Position) -> int:
        """The index of the first token at or after `at`."""
        line, offset = at
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        if not text.isascii():  # the AST counts bytes, tokenize characters
            offset = len(text.encode("utf-8")[:offset].decode("utf-8", errors="replace"))
        return bisect_left(self.starts, (line, offset))

    def name(self, at: Position) -> int:
        """The index of the name or keyword at `at` (DEDENTs start where it starts)."""
        index = self.first(at)
        while index < len(self.found) and self.found[index].type != token.NAME:
            index += 1
        return index

    def index(self, mark: Mark) -> int:
        index = self.first(mark.at)
        if mark.after_statement and index < len(self.found) and _ends(self.found[index]):
            index += 1
        return index

    def span(self, start: Mark, end: Mark) -> range:
        return range(self.index(start), self.index(end))


class _Names:
    """The names each token writes (a name; the words of an f-string, whose names tokenize does
    not split out before Python 3.12), the tokens `gone` left out."""

    def __init__(self, where: _Where, gone: frozenset[int]) -> None:
        self.where = where
        self.gone = gone
        self.words = [_words(item) for item in where.found]
        self.bound: frozenset[str] | None = None

    def of(self, span: Span) -> Counter[str]:
        found = self.where.span(span.start, span.end)
        return Counter(w for i in found if i not in self.gone for w in self.words[i])

    def rebound(self) -> frozenset[str]:
        """The names the file binds, as far as a builtin's name goes: any name not called, or
        after `def` or `class` (found once, when first asked)."""
        if self.bound is None:
            found = self.where.found
            self.bound = frozenset(
                item.string
                for index, item in enumerate(found)
                if item.type == token.NAME
                and (_after(found, index) != "(" or _before(found, index) in ("def", "class"))
            )
        return self.bound


def _words(item: tokenize.TokenInfo) -> tuple[str, ...]:
    if item.type == token.NAME:
        return () if keyword.iskeyword(item.string) else (item.string,)
    if item.type == token.STRING and "f" in item.string.split("'")[0].split('"')[0].lower():
        return tuple(WORD.findall(item.string))
    return ()


def _after(found: Tokens, index: int) -> str:
    return found[index + 1].string if index + 1 < len(found) else ""


def _before(found: Tokens, index: int) -> str:
    return found[index - 1].string if index else ""


def _ends(item: tokenize.TokenInfo) -> bool:
    return item.type == token.NEWLINE or (item.type == token.OP and item.string == ";")


def _balanced(found: Tokens, dropped: set[int]) -> frozenset[int]:
    """The dropped tokens with every block's DEDENT going or staying with its INDENT."""
    opened: list[int] = []
    for index, item in enumerate(found):
        if item.type == token.INDENT:
            opened.append(index)
        elif item.type == token.DEDENT and opened:
            if opened.pop() in dropped:
                dropped.add(index)
            else:
                dropped.discard(index)
    return frozenset(dropped)
