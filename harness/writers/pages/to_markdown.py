"""A page as Markdown, the HTML page's twin: the same blocks, grids as monospace blocks with the
differing cells in brackets (`[5]`) and the histogram as bars of `#`.

Student text is escaped so that no Markdown or HTML in it takes effect; text shown as it is goes
in a code fence longer than any run of backticks inside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from harness.records.evidence import Cell as Square
from harness.records.evidence import Grid, Grids, box_side
from harness.text import clean, one_line
from harness.writers.pages.document import (
    Bullets,
    Cell,
    GridFigure,
    Heading,
    Histogram,
    Link,
    Page,
    Paragraph,
    Preformatted,
    PrintedFigure,
    Table,
)
from harness.writers.pages.printed import ENDS, Side, sides

SPECIAL = re.compile(r"([\\`*_\[\]<>&|~#])")  # characters that could start Markdown or HTML
LINE_START = re.compile(r"^([-+=>]|\d+(?=[.)]))")  # a list, quote or heading at a line's start
SIDE_BY_SIDE = 120  # characters: wider grids are shown one under another
GAP = 4  # spaces between grids side by side
BAR_MOST = 40  # characters of the longest histogram bar


def render(page: Page) -> str:
    up = [f"[{_text(page.up.text)}]({page.up.href})"] if page.up else []
    blocks = [BLOCKS[type(block)](block) for block in page.blocks]
    return "\n\n".join([*up, *blocks]) + "\n"


def _text(text: str, starts_line: bool = False) -> str:
    """Inline text, escaped; `starts_line`: also what would start a list, quote or heading."""
    escaped = SPECIAL.sub(r"\\\1", one_line(text))
    return LINE_START.sub(_escape_start, escaped) if starts_line else escaped


def _escape_start(match: re.Match[str]) -> str:
    found = match.group(1)
    return f"{found}\\" if found[0].isdigit() else f"\\{found}"


def _fenced(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text.rstrip(chr(10))}\n{fence}"


def _heading(block: Heading) -> str:
    return f"{'#' * block.level} {_text(block.text, starts_line=True)}"


def _paragraph(block: Paragraph) -> str:
    label = f"**{_text(block.label)}:** " if block.label else ""
    return f"{label}{_text(block.text, starts_line=not label)}"


def _bullets(block: Bullets) -> str:
    return "\n".join(f"- {_text(item, starts_line=True)}" for item in block.items)


def _cell(cell: Cell) -> str:  # table cells never start a line: no line-start escapes
    return f"[{_text(cell.text)}]({cell.href})" if isinstance(cell, Link) else _text(cell)


def _table(block: Table) -> str:
    lines = [block.headers, *block.rows]
    rows = ["| " + " | ".join(_cell(c) for c in row) + " |" for row in lines]
    rows.insert(1, "|" + "---|" * len(block.headers))
    return "\n".join(rows)


def _preformatted(block: Preformatted) -> str:
    return f"**{_text(block.label)}:**\n\n{_fenced(clean(block.text))}"


def _grids(block: GridFigure) -> str:
    """Side by side when they fit in SIDE_BY_SIDE characters, else one under another."""
    grids = block.grids
    marked = frozenset(grids.differing)
    width = max(len(str(v)) for grid in _three(grids) for row in grid for v in row)
    drawn = [
        ("puzzle", grid_text(grids.puzzle, frozenset(), width)),
        ("expected", grid_text(grids.expected, marked, width)),
        ("received, differences in [ ]", grid_text(grids.received, marked, width)),
    ]
    columns = [max(len(title), len(lines[0])) for title, lines in drawn]
    if sum(columns) + GAP * 2 <= SIDE_BY_SIDE:
        return _fenced(_side_by_side(drawn, columns))
    return "\n\n".join(
        f"{title}:\n\n{_fenced(chr(10).join(line.rstrip() for line in lines))}"
        for title, lines in drawn
    )


def _three(grids: Grids) -> tuple[Grid, Grid, Grid]:
    return grids.puzzle, grids.expected, grids.received


def _side_by_side(drawn: list[tuple[str, list[str]]], columns: list[int]) -> str:
    gap = " " * GAP
    titles = gap.join(title.ljust(w) for (title, _), w in zip(drawn, columns, strict=True))
    rows = [
        gap.join(line.ljust(w) for line, w in zip(row, columns, strict=True)).rstrip()
        for row in zip(*(lines for _, lines in drawn), strict=True)
    ]
    return "\n".join([titles.rstrip(), *rows])


def grid_text(grid: Grid, marked: frozenset[Square], width: int = 1) -> list[str]:
    """The grid's lines: `.` for a blank, `[v]` for a marked cell, `|` and `-` between boxes;
    values right-aligned in `width` characters."""
    n = len(grid)
    k = box_side(n) or n
    rule = "+".join("-" * ((width + 2) * k) for _ in range(n // k))
    lines: list[str] = []
    for r, row in enumerate(grid):
        if r and r % k == 0:
            lines.append(rule)
        cells = [_square(v, (r, c) in marked, width) for c, v in enumerate(row)]
        lines.append("|".join("".join(cells[b : b + k]) for b in range(0, n, k)))
    return lines


def _square(value: int, marked: bool, width: int) -> str:
    text = (str(value) if value else ".").rjust(width)
    return f"[{text}]" if marked else f" {text} "


def _printed(block: PrintedFigure) -> str:
    """Each side in a code block under its caption: `>` before the line with the difference,
    `^` under its characters (one `^` for an empty place)."""
    return "\n\n".join(
        f"**{_text(side.caption)}:**\n\n{_fenced(chr(10).join(marked_lines(side)))}"
        for side in sides(block.printed)
    )


def marked_lines(side: Side) -> list[str]:
    lines = [f"  {line}".rstrip() for line in side.lines]
    if side.mark is not None:
        line, start, end = side.mark
        lines[line] = f"> {side.lines[line]}".rstrip() or ">"
        lines.insert(line + 1, "  " + " " * start + "^" * max(1, end - start))
    if side.ends_marked:
        lines.append(f"> {ENDS}")
    return lines or ["  (nothing)"]


def _histogram(block: Histogram) -> str:
    tallest = max((bar.count for bar in block.bars), default=0) or 1
    label = max((len(bar.label) for bar in block.bars), default=0)
    lines = [
        f"{bar.label.rjust(label)} | {'#' * round(BAR_MOST * bar.count / tallest)} {bar.count}"
        for bar in block.bars
    ]
    return f"**{_text(block.title)}:**\n\n{_fenced(chr(10).join(lines))}"


BLOCKS: dict[type[Any], Callable[[Any], str]] = {
    Heading: _heading,
    Paragraph: _paragraph,
    Bullets: _bullets,
    Table: _table,
    Preformatted: _preformatted,
    GridFigure: _grids,
    PrintedFigure: _printed,
    Histogram: _histogram,
}
