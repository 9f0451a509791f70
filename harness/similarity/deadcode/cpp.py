"""Dead C and C++ code left out of a file's tokens, read from the token stream alone (no parser):
only where the tokens make it certain.

- `if (0)`, `if (false)` (or `0L`, `0x0`, `nullptr`): its branch, a block or one simple
  statement, goes (not when a landing, below, is in it); an `else` block after it is unwrapped
  (an `else if` stays an `if`). Only for an `if` that begins a statement in a block (after `;`,
  `{` or `}`), so that taking it out leaves no loop or `else` without its statement.
- After a `return`, `break`, `continue` or `throw` that begins a statement in a block, the
  statements up to the block's `}` go, unless a `case`, a `default`, a label (any `:`) or a
  preprocessor line is among them: control can land there.

The lexer marks each preprocessor line (a lexeme of kind PREPROCESSOR), so no cut crosses one:
an `#if` can make code dead or alive in ways the tokens cannot tell.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

PREPROCESSOR = "#line"  # the kind the lexer gives a preprocessor line
FALSE = re.compile(r"(?:0+|0[xX]0+|0[bB]0+)[uUlL]*|false|nullptr")
OPENS = {"(": ")", "[": "]", "{": "}"}
CLOSES = frozenset(OPENS.values())
BEGINS = frozenset({";", "{", "}"})  # what stands before a statement of a block
ENDING = frozenset({"return", "break", "continue", "throw"})
COMPOUND = frozenset({"if", "else", "for", "while", "do", "switch", "case", "default", "try"})
LANDINGS = frozenset({"case", "default", ":", PREPROCESSOR})  # where control can jump in


@dataclass(frozen=True)
class Lexeme:
    kind: str  # as the lexer normalises it: "N" any name, "#" any number, ...
    text: str  # as written
    line: int


def live(found: Sequence[Lexeme]) -> list[Lexeme]:
    """The lexemes without dead code, and without the preprocessor marks."""
    nesting = _Nesting.of(found)
    dropped: set[int] = set()
    for index, item in enumerate(found):
        if index in dropped or index == 0 or found[index - 1].kind not in BEGINS:
            continue
        if item.kind == "if":
            dropped |= _never(found, index, nesting)
        elif item.kind in ENDING:
            dropped |= _after(found, index, nesting)
    return [item for i, item in enumerate(found) if i not in dropped and item.kind != PREPROCESSOR]


@dataclass(frozen=True)
class _Nesting:
    """The brackets of a file, matched once: each one's partner, the innermost bracket open
    around each token, and how many landings come before each token."""

    partner: dict[int, int]
    owner: list[int]  # -1: none
    landings: list[int]

    @classmethod
    def of(cls, found: Sequence[Lexeme]) -> _Nesting:
        partner: dict[int, int] = {}
        owner: list[int] = []  # -1: none
        opened: list[int] = []
        landings = [0]
        for index, item in enumerate(found):
            owner.append(opened[-1] if opened else -1)
            if item.kind in OPENS:
                opened.append(index)
            elif item.kind in CLOSES and opened and OPENS[found[opened[-1]].kind] == item.kind:
                partner[index] = opened[-1]
                partner[opened.pop()] = index
            landings.append(landings[-1] + (item.kind in LANDINGS))
        return cls(partner, owner, landings)

    def semicolon(self, found: Sequence[Lexeme], index: int) -> int | None:
        """The `;` ending the statement begun at `index`, outside any brackets in it."""
        while index < len(found):
            kind = found[index].kind
            if kind == ";":
                return index
            if kind in CLOSES or (kind in OPENS and index not in self.partner):
                return None
            index = self.partner[index] + 1 if kind in OPENS else index + 1
        return None

    def block_end(self, index: int) -> int | None:
        """The `}` closing the block the token at `index` is in."""
        opening = self.owner[index]
        return self.partner.get(opening) if opening in self.partner else None

    def lands(self, start: int, stop: int) -> bool:
        """Whether a landing is among the tokens from `start` to `stop` (not included)."""
        return self.landings[stop] > self.landings[start]


def _never(found: Sequence[Lexeme], index: int, nesting: _Nesting) -> set[int]:
    """`if (0) A`, and the `else` after it with the braces of its block."""
    if not _false_test(found, index):
        return set()
    branch = _statement(found, index + 4, nesting)
    if branch is None:
        return set()
    cut = set(range(index, branch))
    if branch < len(found) and found[branch].kind == "else":
        cut.add(branch)
        after = branch + 1
        if after < len(found) and found[after].kind == "{":
            if after not in nesting.partner:
                return set()
            cut |= {after, nesting.partner[after]}
    return cut


def _false_test(found: Sequence[Lexeme], index: int) -> bool:
    parts = found[index + 1 : index + 4]
    kinds = [item.kind for item in parts]
    return len(parts) == 3 and kinds[::2] == ["(", ")"] and bool(FALSE.fullmatch(parts[1].text))


def _statement(found: Sequence[Lexeme], index: int, nesting: _Nesting) -> int | None:
    """The index after the statement starting at `index`: a block, or a simple statement
    (nothing compound in it); None when it is neither, or a landing is in it."""
    if index >= len(found):
        return None
    if found[index].kind == "{":
        closing = nesting.partner.get(index)
    else:
        closing = nesting.semicolon(found, index)
        simple = closing is not None and not any(
            item.kind in COMPOUND for item in found[index:closing]
        )
        closing = closing if simple else None
    if closing is None or nesting.lands(index, closing + 1):
        return None
    return closing + 1


def _after(found: Sequence[Lexeme], index: int, nesting: _Nesting) -> set[int]:
    """What follows `return ...;` up to its block's `}`, when control cannot land in it."""
    end = nesting.semicolon(found, index)
    closing = nesting.block_end(index)
    if end is None or closing is None or found[closing].kind != "}":
        return set()
    if closing <= end + 1 or nesting.lands(end + 1, closing):
        return set()
    return set(range(end + 1, closing))
