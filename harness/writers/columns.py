"""Text fitted to a width: cut with an ellipsis, wrapped, and tables whose columns share it.

Widths are terminal cells, not characters: a wide character (CJK, most emoji) takes two, a
combining mark none, so a student's name in any script keeps its row within the width.

A table is a tuple of `Column`s. Each has its natural width (its widest header line or cell);
one with a `least` may narrow down to it, in the order their `yields` say, its text cut with an
ellipsis or wrapped onto more lines. `fitted` says how wide each column gets; `fits` whether
that is within the width, so a caller can try another arrangement (fewer or narrower columns)
when it is not.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

ELLIPSIS = "…"
Align = Literal["left", "right"]
Overflow = Literal["cut", "wrap"]  # what a narrowed column does with text wider than it


def cells(text: str) -> int:
    """The terminal cells `text` takes."""
    return sum(_cell(char) for char in text)


def _cell(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def shorten(text: str, width: int) -> str:
    """`text`, or as much of it as fits in `width` cells followed by an ellipsis."""
    if cells(text) <= width:
        return text
    kept, used = [], 0
    for char in text:
        used += _cell(char)
        if used > width - 1:
            break
        kept.append(char)
    return "".join(kept) + ELLIPSIS if width >= 1 else ""


def wrap(text: str, width: int, lines: int | None = None) -> list[str]:
    """`text` wrapped at `width` cells, each of its own lines apart; at most `lines` lines, the
    last ending in an ellipsis when text was left out."""
    wrapped = [
        line
        for paragraph in text.splitlines() or [""]
        for line in textwrap.wrap(paragraph, max(width, 1), break_on_hyphens=False) or [""]
    ]
    if lines is not None and len(wrapped) > lines:
        wrapped = [*wrapped[: lines - 1], shorten(wrapped[lines - 1] + " " + ELLIPSIS, width)]
    return [shorten(line, width) for line in wrapped]  # a wide character can overrun a line


def pack(units: Sequence[str], width: int, indent: str = "") -> list[str]:
    """Units joined by spaces into lines of `width`, a unit never split (but cut when it is
    wider than a line); lines after the first start with `indent`."""
    lines: list[str] = []
    for unit in units:
        if lines and cells(lines[-1]) + 1 + cells(unit) <= width:
            lines[-1] += " " + unit
        else:
            lines.append(shorten((indent if lines else "") + unit, width))
    return lines


def pad(text: str, width: int, align: Align = "left") -> str:
    space = " " * max(width - cells(text), 0)
    return space + text if align == "right" else text + space


@dataclass(frozen=True)
class Column:
    header: tuple[str, ...]  # its lines, the last one just above the rule
    cells: tuple[str, ...]  # one per row; a cell may hold line breaks
    align: Align = "left"
    least: int | None = None  # None: always its natural width; else it may narrow to this
    overflow: Overflow = "cut"
    gap: int = 2  # spaces before it (none before the first column)
    yields: int = 0  # of the columns that may narrow, those yielding more narrow first
    most_lines: int | None = None  # a wrapped cell's lines at most (the last one cut)

    @property
    def natural(self) -> int:
        texts = [*self.header, *(line for cell in self.cells for line in cell.splitlines())]
        return max([1, *(cells(text) for text in texts)])

    def lines(self, text: str, width: int) -> list[str]:
        """A cell or header line as it shows at `width`."""
        if self.overflow == "wrap":
            return wrap(text, width, self.most_lines)
        return [shorten(line, width) for line in text.splitlines() or [""]]


def fitted(columns: Sequence[Column], width: int) -> tuple[int, ...]:
    """Each column's width: natural, then those that may narrow narrowed, the first to yield
    first (each down to its least before the next gives up any), until the table fits `width`
    or none can narrow further."""
    widths = [column.natural for column in columns]
    excess = table_width(columns, widths) - width
    narrowable = [k for k, c in enumerate(columns) if c.least is not None]
    for k in sorted(narrowable, key=lambda k: -columns[k].yields):
        given = max(min(excess, widths[k] - (columns[k].least or 0)), 0)
        widths[k] -= given
        excess -= given
    return tuple(widths)


def table_width(columns: Sequence[Column], widths: Sequence[int]) -> int:
    return sum(widths) + sum(column.gap for column in columns[1:])


def fits(columns: Sequence[Column], width: int) -> bool:
    return table_width(columns, fitted(columns, width)) <= width


def render(columns: Sequence[Column], width: int) -> str:
    """The table at `width` (wider only when its columns cannot narrow enough): the headers,
    bottom-aligned, a rule of dashes, then a row (of one or more lines) per cell."""
    widths = fitted(columns, width)
    placed = list(zip(columns, widths, strict=True))
    header = [[line for text in c.header for line in c.lines(text, w)] for c, w in placed]
    rule = [["-" * w] for w in widths]
    rows = [[c.lines(c.cells[row], w) for c, w in placed] for row in range(_rows(columns))]
    blocks = [_block(placed, _raised(header)), _block(placed, rule)]
    return "\n".join([*blocks, *(_block(placed, row) for row in rows)])


def _rows(columns: Sequence[Column]) -> int:
    return len(columns[0].cells) if columns else 0


def _raised(texts: list[list[str]]) -> list[list[str]]:
    """Column texts padded above to the same height: headers sit on the rule."""
    height = max(len(lines) for lines in texts)
    return [[""] * (height - len(lines)) + lines for lines in texts]


def _block(placed: list[tuple[Column, int]], texts: list[list[str]]) -> str:
    """Column texts side by side, as lines (a shorter text is blank below its end)."""
    height = max(len(lines) for lines in texts)
    return "\n".join(
        "".join(
            (" " * c.gap if k else "") + pad(lines[row] if row < len(lines) else "", w, c.align)
            for k, ((c, w), lines) in enumerate(zip(placed, texts, strict=True))
        ).rstrip()
        for row in range(height)
    )
