"""Equivalent constructs written one way: a copier's cheapest disguise after renaming is to swap
a construct for one that means the same, so the normalised tokens are rewritten into one form
before they are fingerprinted (for every language; the rewrites read token kinds only):

    x += e      ->  x = x + e        (any augmented operator, any target: counts[v] += 1)
    i++, ++i    ->  i = i + #        (and --)
    a > b       ->  a < b            (>= as <=: the direction is not a fingerprint's business)
    a is not b  ->  a != b           (is as ==)
    c == True   ->  c                (and `is True`, C++'s `== true`)
    if c == False:  ->  if not c:    (and while, elif, return)

What is not rewritten: structure (a `for` turned into a `while`, a comprehension into a loop),
operands swapped around a comparison, `range(0, n)` for `range(n)` (numbers are all `#`).
"""

from __future__ import annotations

from collections.abc import Sequence

from harness.similarity.records import Token

STARTS = frozenset({";", "{", "}"})  # a statement begins after one of these (or at the top)
SEPARATORS = STARTS | {"(", ","}  # what may stand before a step that is a statement of its own
AUGMENTED = {f"{op}=": op for op in ("+", "-", "*", "/", "//", "%", "**", "&", "|", "^")}
AUGMENTED |= {"<<=": "<<", ">>=": ">>"}
STEPS = {"++": "+", "--": "-"}
FLIPPED = {">": "<", ">=": "<="}
TRUE = frozenset({"True", "true"})
FALSE = frozenset({"False", "false"})
CONDITIONS = frozenset({"if", "while", "elif", "return"})


def canonical(tokens: Sequence[Token]) -> list[Token]:
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        index = _rewrite(tokens, index, out)
    return out


def _rewrite(tokens: Sequence[Token], index: int, out: list[Token]) -> int:
    """Append the canonical form of the token at `index` (and what it takes with it) to `out`;
    the index of the next token to read."""
    item, kind = tokens[index], tokens[index].kind
    after = tokens[index + 1].kind if index + 1 < len(tokens) else ""
    if kind in STEPS:
        return _step(tokens, index, out)
    if kind in AUGMENTED:
        target = out[_target(out) :]
        out.extend([Token("=", item.line), *target, Token(AUGMENTED[kind], item.line)])
        return index + 1
    if kind == "is":
        out.append(Token("!=" if after == "not" else "==", item.line))
        return index + (2 if after == "not" else 1)
    if kind == "==" and after in TRUE:
        return index + 2
    if kind == "==" and after in FALSE:
        _negate(out, tokens[index + 1])
        return index + 2
    out.append(Token(FLIPPED.get(kind, kind), item.line))
    return index + 1


def _step(tokens: Sequence[Token], index: int, out: list[Token]) -> int:
    """`i++` or `++i` as `i = i + #`; a step that is part of a larger expression is kept."""
    item = tokens[index]
    op = STEPS[item.kind]
    before = out[-1].kind if out else ";"
    after = tokens[index + 1].kind if index + 1 < len(tokens) else ";"
    start = _target(out)
    alone = start < len(out) and (out[start - 1].kind if start else ";") in SEPARATORS
    if before in ("N", "]") and alone and after in (";", ")", ","):  # i++ as a statement
        target = out[start:]
        out.extend([Token("=", item.line), *target, Token(op, item.line), Token("#", item.line)])
        return index + 1
    follows = tokens[index + 1] if index + 1 < len(tokens) else None
    if follows is not None and follows.kind == "N" and before in SEPARATORS:  # ++i
        name = Token("N", item.line)
        out.extend([name, Token("=", item.line), name, Token(op, item.line), Token("#", item.line)])
        return index + 2
    out.append(item)
    return index + 1


def _target(out: Sequence[Token]) -> int:
    """Where the assignment target that `out` ends with begins: a name with its subscripts and
    attributes (`counts[v]`, `self.board[r][c]`, `p->next`), read backwards."""
    index = len(out)
    while index > 0:
        kind = out[index - 1].kind
        if kind == "]":
            index = _opening(out, index - 1)
        elif kind == "N":
            index -= 1
            if index == 0 or out[index - 1].kind not in (".", "->"):
                return index
            index -= 1
        else:
            return index
    return index


def _opening(out: Sequence[Token], closing: int) -> int:
    """The index of the `[` matching the `]` at `closing` (0 when there is none)."""
    depth = 0
    for back in range(closing, -1, -1):
        depth += {"]": 1, "[": -1}.get(out[back].kind, 0)
        if depth == 0:
            return back
    return 0


def _start(out: Sequence[Token]) -> int:
    """Where the statement being written began."""
    for back in range(len(out) - 1, -1, -1):
        if out[back].kind in STARTS:
            return back + 1
    return 0


def _negate(out: list[Token], false: Token) -> None:
    """`... == False`: a `not` after the statement's condition keyword, when it has one."""
    start = _start(out)
    if start < len(out) and out[start].kind in CONDITIONS:
        out.insert(start + 1, Token("not", false.line))
    else:
        out.extend([Token("==", false.line), false])
