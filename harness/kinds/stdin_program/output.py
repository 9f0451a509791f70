"""A program's printed answer read as text: its tokens and where each sits, its lines, and how
its layout differs from the canonical one (one row per line, values separated by single spaces).

Shared by both ways of comparing it with the answer (tokens.py, lines.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from harness.program_io import NO_SOLUTION as NO_SOLUTION  # the default, kept with the keys
from harness.records.evidence import Span

SHOWN = 60  # characters of a line quoted in feedback
JUDGE_SPACE = re.compile(r"[^ \t\n\r\f\v]+")  # tokens as judges read them: ASCII whitespace
ANY_SPACE = re.compile(r"\S+")  # tokens as str.split() reads them (line by line comparison)


@dataclass(frozen=True)
class Token:
    text: str
    line: int  # 0-indexed line of the output (CRLF read as LF)
    start: int  # 0-indexed column of its first character

    @property
    def span(self) -> Span:
        return self.line, self.start, self.start + len(self.text)


@dataclass(frozen=True)
class Difference:
    """The first place where the output differs from the answer: said, and marked on each side
    (None: not on that side, e.g. a line the output lacks)."""

    detail: str
    received_at: Span | None = None
    expected_at: Span | None = None


Compared = Difference | tuple[str, ...]  # the first difference, or the readings accepted under


def raw_lines(text: str) -> list[str]:
    """The output's lines, CRLF read as LF (what spans count in)."""
    return text.replace("\r\n", "\n").split("\n")


def tokens_of(text: str, pattern: re.Pattern[str] = JUDGE_SPACE) -> list[Token]:
    """Every token of the text, in order, with its place."""
    return [
        Token(found.group(), index, found.start())
        for index, line in enumerate(raw_lines(text))
        for found in pattern.finditer(line)
    ]


def output_lines(text: str) -> list[str]:
    """The output's lines without trailing whitespace; trailing empty lines dropped."""
    lines = [line.rstrip() for line in raw_lines(text)]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def quoted(line: str) -> str:
    if not line.strip():
        return "an empty line"
    return repr(line if len(line) <= SHOWN else line[:SHOWN] + "...")


def whole_line(lines: Sequence[str], index: int) -> Span | None:
    """A whole line (an empty one too) as a place to mark; None past the end."""
    return (index, 0, len(lines[index])) if index < len(lines) else None


def layout_differences(text: str, per_line: Sequence[int], what: str) -> tuple[str, ...]:
    """How the output's layout differs from `per_line` tokens on each line with single spaces
    between them, said concretely; empty when it does not (trailing spaces, the final newline
    and CRLF do not count). `what` names the answer ("the grid")."""
    lines = output_lines(text)
    filled = [line for line in lines if line.strip()]
    first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    inside = sum(1 for line in lines[first:] if not line.strip())
    notes = [
        _count(first, "blank line") + f" before {what}" if first else "",
        _count(inside, "blank line") + f" inside {what}" if inside else "",
        _lines_note(filled, per_line, what),
        "tabs between values" if any("\t" in line for line in filled) else "",
        "extra spaces" if any(_extra_spaces(line) for line in filled) else "",
        "other whitespace (\\r, \\f or \\v)" if any(_other_space(line) for line in filled) else "",
    ]
    return tuple(note for note in notes if note)


def _count(count: int, noun: str) -> str:
    return f"a {noun}" if count == 1 else f"{count} {noun}s"


def _lines_note(filled: list[str], per_line: Sequence[int], what: str) -> str:
    counts = [len(JUDGE_SPACE.findall(line)) for line in filled]
    if counts == list(per_line):
        return ""
    if len(filled) == 1:
        return f"{what} on one line"
    return f"{what} on {len(filled)} lines, not {len(per_line)}"


def _extra_spaces(line: str) -> bool:
    return line.startswith(" ") or "  " in line.strip()


def _other_space(line: str) -> bool:
    return any(char in line for char in "\r\f\v")
