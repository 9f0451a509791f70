"""Python read with the standard library's own tokenizer. A file that does not tokenize to the
end (a syntax error) keeps the tokens read before the error: student code is evidence as it is."""

from __future__ import annotations

import io
import keyword
import token
import tokenize
from collections.abc import Iterator

from harness.similarity.records import SourceFile, Token

SKIPPED = {token.COMMENT, token.NL, token.ENCODING, token.ENDMARKER}
KINDS = {token.NUMBER: "#", token.STRING: "S", token.NEWLINE: ";", token.INDENT: "{"}
KINDS[token.DEDENT] = "}"
STATEMENT_ENDS = {";", "{", "}"}


def read(name: str, text: str) -> SourceFile:
    return SourceFile(name, text, tuple(tokens(text)))


def tokens(text: str) -> list[Token]:
    found = _without_docstrings(list(_raw(text)))
    return [Token(_kind(t), t.start[0]) for t in found]


def _raw(text: str) -> Iterator[tokenize.TokenInfo]:
    reading = tokenize.generate_tokens(io.StringIO(text).readline)
    try:
        for item in reading:
            if item.type not in SKIPPED:
                yield item
    except (tokenize.TokenError, SyntaxError):  # IndentationError is a SyntaxError
        return


def _without_docstrings(found: list[tokenize.TokenInfo]) -> list[tokenize.TokenInfo]:
    """A string that is a whole statement (a docstring, or one used as a comment) dropped."""
    dropped: set[int] = set()
    for index, item in enumerate(found):
        if item.type == token.STRING and _alone(found, index):
            dropped.update((index, index + 1))  # and the statement's NEWLINE
    return [item for index, item in enumerate(found) if index not in dropped]


def _alone(found: list[tokenize.TokenInfo], index: int) -> bool:
    before = found[index - 1] if index else None
    after = found[index + 1] if index + 1 < len(found) else None
    starts = before is None or before.type in (token.NEWLINE, token.INDENT, token.DEDENT)
    return starts and (after is None or after.type == token.NEWLINE)


def _kind(item: tokenize.TokenInfo) -> str:
    if item.type == token.NAME:
        return item.string if keyword.iskeyword(item.string) else "N"
    return KINDS.get(item.type, item.string)
