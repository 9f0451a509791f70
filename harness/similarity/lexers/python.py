"""Python read with the standard library's own tokenizer. A file that does not tokenize to the
end (a bad indentation, an unclosed string) keeps the tokens read before the error, and the
lines from the error on are read one at a time, without their indentation: student code is
evidence as it is, and a copy of a broken file is broken the same way."""

from __future__ import annotations

import io
import keyword
import token
import tokenize
from collections.abc import Iterator

from harness.similarity.deadcode.python import live
from harness.similarity.equivalents import canonical
from harness.similarity.records import SourceFile, Token

SKIPPED = {token.COMMENT, token.NL, token.ENCODING, token.ENDMARKER}
KINDS = {token.NUMBER: "#", token.STRING: "S", token.NEWLINE: ";", token.INDENT: "{"}
KINDS[token.DEDENT] = "}"


def read(name: str, text: str) -> SourceFile:
    return SourceFile(name, text, tuple(tokens(text)))


def tokens(text: str) -> list[Token]:
    found = _without_docstrings(live(text, list(_raw(text))))
    return canonical([Token(_kind(t), t.start[0]) for t in found])


def _raw(text: str) -> Iterator[tokenize.TokenInfo]:
    reading = tokenize.generate_tokens(io.StringIO(text).readline)
    last = 0
    try:
        for item in reading:
            last = item.start[0]
            if item.type not in SKIPPED:
                yield item
    except (tokenize.TokenError, SyntaxError) as err:  # IndentationError is a SyntaxError
        lines = text.split("\n")
        for number in range(_failed_at(err, last), len(lines) + 1):
            yield from _one_line(lines[number - 1].strip(), number)


def _failed_at(err: tokenize.TokenError | SyntaxError, last: int) -> int:
    """The line the tokenizer stopped on (an unclosed bracket: the line after the last token)."""
    if isinstance(err, SyntaxError) and err.lineno:
        return err.lineno
    return last + 1


def _one_line(line: str, number: int) -> Iterator[tokenize.TokenInfo]:
    """A line read alone: its tokens, then the end of a statement; nothing if it cannot be."""
    found = []
    try:
        for item in tokenize.generate_tokens(io.StringIO(line).readline):
            if item.type not in SKIPPED and item.type != token.NEWLINE:
                found.append(item._replace(start=(number, item.start[1])))
    except (tokenize.TokenError, SyntaxError):
        return
    if found:
        yield from found
        yield tokenize.TokenInfo(token.NEWLINE, "", (number, len(line)), (number, len(line)), line)


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
