"""A page's content before it has a format: blocks that the HTML and Markdown writers both render.

The page builders (submission_page.py, class_page.py) say what a page holds; the writers
(to_html.py, to_markdown.py) only say how it looks, so the two formats cannot drift apart. Text in
blocks is plain text (much of it the students'): each writer escapes it for its own format.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.records.evidence import Grids, Printed


@dataclass(frozen=True)
class Link:
    text: str
    href: str  # a file name beside the page (safe: see names.py)


Cell = str | Link


@dataclass(frozen=True)
class Heading:
    level: int  # 1 to 4
    text: str


@dataclass(frozen=True)
class Paragraph:
    """One line of text, after an optional bold label ("detail: ...")."""

    text: str
    label: str = ""


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Preformatted:
    """Text shown as it is, in a monospace box, under a label."""

    label: str
    text: str


@dataclass(frozen=True)
class GridFigure:
    """A case's puzzle, expected and received grids side by side, differing cells marked."""

    grids: Grids


@dataclass(frozen=True)
class PrintedFigure:
    """A program's output beside the output expected, the first difference marked on each."""

    printed: Printed


@dataclass(frozen=True)
class Bar:
    label: str
    count: int


@dataclass(frozen=True)
class Histogram:
    title: str
    bars: tuple[Bar, ...]


Block = (
    Heading | Paragraph | Bullets | Table | Preformatted | GridFigure | PrintedFigure | Histogram
)


@dataclass(frozen=True)
class Page:
    title: str
    blocks: tuple[Block, ...]
    up: Link | None = None  # the page this one belongs to (the class page)
