"""The figures drawn in HTML: a case's grids as tables with box borders (4x4 to 36x36,
differing cells marked by more than colour), a program's output beside the expected output (the
first difference in <mark>) and the marks histogram as inline SVG. No script."""

from __future__ import annotations

import html

from harness.records.evidence import Cell, Grid, box_side
from harness.writers.pages.document import GridFigure, Histogram, PrintedFigure
from harness.writers.pages.printed import ENDS, Side, sides

BIG = 16  # grids larger than this are drawn smaller
BAR_WIDTH, BAR_GAP, PLOT_HEIGHT, MARGIN = 56, 10, 160, 30
DIFFERS = "differs from the expected grid"
FIRST = "the first difference"
EMPTY_MARK = "\u00b7"  # shown for a marked place that has no characters (an empty line)


def grid_figure(figure: GridFigure) -> str:
    grids = figure.grids
    marked = frozenset(grids.differing)
    parts = (
        grid_table(grids.puzzle, frozenset(), "puzzle"),
        grid_table(grids.expected, marked, "expected"),
        grid_table(grids.received, marked, "received (differences marked)"),
    )
    return f'<div class="grids">{"".join(parts)}</div>'


def grid_table(grid: Grid, marked: frozenset[Cell], caption: str) -> str:
    n = len(grid)
    size = " big" if n > BIG else ""
    rows = "".join(
        "<tr>" + "".join(_cell(grid, r, c, marked) for c in range(n)) + "</tr>" for r in range(n)
    )
    table = f'<table class="sudoku{size}" data-size="{n}">{rows}</table>'
    return f"<figure><figcaption>{caption}</figcaption>{table}</figure>"


def _cell(grid: Grid, r: int, c: int, marked: frozenset[Cell]) -> str:
    value, differs = grid[r][c], (r, c) in marked
    text = str(value) if value else ("\u00b7" if differs else "")  # a marked blank shows a dot
    classes = _classes(len(grid), r, c, differs)
    attributes = f' class="{classes}"' if classes else ""
    attributes += f' title="{DIFFERS}"' if differs else ""
    return f"<td{attributes}>{text}</td>"


def _classes(n: int, r: int, c: int, differs: bool) -> str:
    """bt/bl: a box starts above/left of the cell (no boxes when n is not a square)."""
    k = box_side(n) or n
    on = {"bt": r > 0 and r % k == 0, "bl": c > 0 and c % k == 0, "diff": differs}
    return " ".join(name for name, flag in on.items() if flag)


def printed_figure(figure: PrintedFigure) -> str:
    parts = "".join(_printed_side(side) for side in sides(figure.printed))
    return f'<div class="grids printed">{parts}</div>'


def _printed_side(side: Side) -> str:
    lines = [html.escape(line) for line in side.lines]
    if side.mark is not None:
        index, start, end = side.mark
        line = side.lines[index]
        marked = html.escape(line[start:end]) or EMPTY_MARK
        lines[index] = (
            f'{html.escape(line[:start])}<mark title="{FIRST}">{marked}</mark>'
            f"{html.escape(line[end:])}"
        )
    if side.ends_marked:
        lines.append(f'<mark title="{FIRST}">{ENDS}</mark>')
    body = "\n".join(lines)
    return (
        f"<figure><figcaption>{html.escape(side.caption)}</figcaption><pre>\n{body}</pre></figure>"
    )


def histogram_svg(histogram: Histogram) -> str:
    """Vertical bars with their counts above and their labels below."""
    tallest = max((bar.count for bar in histogram.bars), default=0) or 1
    width = len(histogram.bars) * (BAR_WIDTH + BAR_GAP) + BAR_GAP
    height = PLOT_HEIGHT + 2 * MARGIN
    bars = "".join(_bar(i, bar.label, bar.count, tallest) for i, bar in enumerate(histogram.bars))
    base = PLOT_HEIGHT + MARGIN
    return (
        f'<svg class="histogram" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{html.escape(histogram.title)}</title>{bars}"
        f'<line x1="0" y1="{base}" x2="{width}" y2="{base}"/></svg>'
    )


def _bar(index: int, label: str, count: int, tallest: int) -> str:
    x = BAR_GAP + index * (BAR_WIDTH + BAR_GAP)
    middle = x + BAR_WIDTH // 2
    high = round(PLOT_HEIGHT * count / tallest)
    top = MARGIN + PLOT_HEIGHT - high
    return (
        f'<rect x="{x}" y="{top}" width="{BAR_WIDTH}" height="{high}"/>'
        f'<text x="{middle}" y="{top - 6}" class="count">{count}</text>'
        f'<text x="{middle}" y="{MARGIN + PLOT_HEIGHT + 18}">{html.escape(label)}</text>'
    )
