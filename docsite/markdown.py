"""Markdown the generated pages share: table cells that stay one cell, tables, and sentences."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

CODE = re.compile(r"(`[^`]*`)")  # a code span: written as it is
PLAIN_WORD = re.compile(r"[a-z][a-z-]*[ ,]")  # a word, not a name before a colon
ESCAPED = {"|": r"\|", "<": "&lt;", ">": "&gt;", "*": r"\*", "\n": " "}


def cell(text: str) -> str:
    """Text for one table cell: pipes, angle brackets and stars outside code spans escaped (a
    `<path>` is no tag, a `*.cpp` no emphasis), and one line."""
    parts = CODE.split(text)
    return "".join(
        part.replace("|", r"\|") if part.startswith("`") else _escaped(part) for part in parts
    )


def _escaped(text: str) -> str:
    return "".join(ESCAPED.get(char, char) for char in text)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table; cells are taken as already written (see `cell`)."""
    lines = [_row(headers), _row(["---"] * len(headers))]
    lines += [_row(row) for row in rows]
    return "\n".join(lines)


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def sentence(text: str) -> str:
    """A description as a sentence: a first word in plain lower case gets its capital (not a
    name such as `tmpfs:` or `false:`), and the end a full stop."""
    text = " ".join(text.split())
    if PLAIN_WORD.match(text):
        text = text[0].upper() + text[1:]
    return text if not text or text.endswith((".", "?", "!")) else text + "."


def code(text: str) -> str:
    """`text` as a code span, whatever backticks it holds."""
    fence = "``" if "`" in text else "`"
    padding = " " if "`" in text else ""
    return f"{fence}{padding}{text}{padding}{fence}"
