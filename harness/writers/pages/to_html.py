"""A page as one self-contained HTML file: inline CSS, no script (a Content-Security-Policy
forbids any), nothing fetched, so it renders offline. All text is escaped."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

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
from harness.writers.pages.html_figures import grid_figure, histogram_svg, printed_figure

POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; color: #111; background: #fff;
       max-width: 1150px; margin: 1.5em auto; padding: 0 1em; }
h2 { border-bottom: 1px solid #ccc; margin-top: 1.8em; }
h3 { margin: 1.4em 0 .3em; }
nav { margin-bottom: 1em; }
p { margin: .3em 0; }
.label { font-weight: bold; }
table.data { border-collapse: collapse; margin: .5em 0; }
table.data th, table.data td { border: 1px solid #bbb; padding: .2em .55em;
                               text-align: left; vertical-align: top; }
table.data th { background: #eee; }
pre { background: #f5f5f5; border: 1px solid #ddd; padding: .5em; max-height: 24em;
      overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.grids { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; margin: .5em 0; }
.grids figure { margin: 0; }
.grids figcaption { font-weight: bold; margin-bottom: .25em; }
.printed pre { margin: 0; white-space: pre; }
mark { background: #ffd0d0; font-weight: bold; text-decoration: underline;
       outline: 2px dashed #a00000; }
table.sudoku { border-collapse: collapse; border: 3px solid #000; font: 14px monospace; }
table.sudoku td { border: 1px solid #999; width: 1.8em; height: 1.8em; padding: 0;
                  text-align: center; }
table.sudoku.big { font-size: 10px; }
table.sudoku.big td { width: 2.1em; height: 2.1em; }
table.sudoku td.bt { border-top: 3px solid #000; }
table.sudoku td.bl { border-left: 3px solid #000; }
table.sudoku td.diff { background: #ffd0d0; font-weight: bold; text-decoration: underline;
                       outline: 2px dashed #a00000; outline-offset: -4px; }
svg.histogram rect { fill: #3d6fa8; }
svg.histogram line { stroke: #333; }
svg.histogram text { font: 12px sans-serif; text-anchor: middle; fill: #111; }
"""


def render(page: Page) -> str:
    up = f'<nav><a href="{_href(page.up)}">{_text(page.up.text)}</a></nav>\n' if page.up else ""
    body = "\n".join(BLOCKS[type(block)](block) for block in page.blocks)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_text(page.title)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n{up}{body}\n</body>\n</html>\n"
    )


def _text(text: str) -> str:
    """Inline text: cleaned, on one line, escaped (quotes too, so it is safe in attributes)."""
    return html.escape(one_line(text))


def _href(link: Link) -> str:
    return html.escape(link.href)


def _heading(block: Heading) -> str:
    return f"<h{block.level}>{_text(block.text)}</h{block.level}>"


def _paragraph(block: Paragraph) -> str:
    label = f'<span class="label">{_text(block.label)}:</span> ' if block.label else ""
    return f"<p>{label}{_text(block.text)}</p>"


def _bullets(block: Bullets) -> str:
    items = "".join(f"<li>{_text(item)}</li>" for item in block.items)
    return f"<ul>{items}</ul>"


def _cell(cell: Cell, tag: str = "td") -> str:
    inner = (
        f'<a href="{_href(cell)}">{_text(cell.text)}</a>' if isinstance(cell, Link) else _text(cell)
    )
    return f"<{tag}>{inner}</{tag}>"


def _table(block: Table) -> str:
    head = "".join(_cell(h, "th") for h in block.headers)
    rows = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>\n" for row in block.rows)
    return f'<table class="data">\n<thead><tr>{head}</tr></thead>\n<tbody>{rows}</tbody></table>'


def _preformatted(block: Preformatted) -> str:
    label = f'<p class="label">{_text(block.label)}:</p>'
    return f"{label}<pre>\n{html.escape(clean(block.text))}</pre>"  # a first newline is dropped


BLOCKS: dict[type[Any], Callable[[Any], str]] = {
    Heading: _heading,
    Paragraph: _paragraph,
    Bullets: _bullets,
    Table: _table,
    Preformatted: _preformatted,
    GridFigure: grid_figure,
    PrintedFigure: printed_figure,
    Histogram: histogram_svg,
}
