"""`sudoku-harness doctor`: the isolation layers this machine allows, and what each stops.

A layer per row: its name, whether it is in force, what it stops and its detail (how it is set
up, or why it is not in force), wrapped to the width; where even wrapped the four columns do not
fit, what it stops and its detail share one column.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from harness.cli.toolchains import Toolchain
from harness.sandbox.isolation import Layer, Mode, choose, python_uid, summary
from harness.writers import columns
from harness.writers.columns import Column, wrap

WIDTH = 80  # when there is no terminal to measure
LEAST = 30  # the narrowest the text columns get


def render(layers: Sequence[Layer], python: Path = Path(sys.executable), width: int = WIDTH) -> str:
    """The layers as a table, what grading applies, and which uid Python processes run under
    (`python`: the interpreter of student Python code when config.yaml names none), every line
    within `width` (but for a table narrower than its narrowest)."""
    table = next((t for t in _tables(layers) if columns.fits(t, width)), _tables(layers)[-1])
    said = [summary(choose(Mode.AUTO, layers)), python_uid(python, layers)]
    lines = [line for text in said for line in wrap(text, width)]
    return "\n".join([columns.render(table, width), "", *lines])


def render_toolchains(found: Sequence[Toolchain], source: str, width: int = WIDTH) -> str:
    """The toolchains of config.yaml's languages: one row each, whether it is installed, what
    was found (with versions), or what is missing and how to install it."""
    if not found:
        return f"toolchains: {source} names no language"
    names = Column(("toolchain",), tuple(t.language for t in found))
    states = Column(("state",), tuple(_installed(t) for t in found))
    details = Column(("detail",), tuple(t.detail for t in found), least=LEAST, overflow="wrap")
    table = [names, states, details]
    return f"toolchains ({source}'s languages):\n{columns.render(table, width)}"


def _installed(toolchain: Toolchain) -> str:
    return "installed" if toolchain.installed else "not installed"


def _tables(layers: Sequence[Layer]) -> tuple[list[Column], ...]:
    """The layers in four columns (the last two wrapped where they must), else in three: what
    a layer stops, then its detail below."""
    names = Column(("layer",), tuple(layer.name for layer in layers))
    states = Column(("state",), tuple(_state(layer) for layer in layers))
    stops = tuple(layer.stops for layer in layers)
    details = tuple(layer.detail for layer in layers)
    four = [
        names,
        states,
        Column(("stops",), stops, least=LEAST, overflow="wrap", yields=1),
        Column(("detail",), details, least=LEAST, overflow="wrap", yields=2),
    ]
    both = tuple(f"{s}\ndetail: {d}" if d else s for s, d in zip(stops, details, strict=True))
    merged = Column(("stops, and detail",), both, least=LEAST, overflow="wrap")
    return four, [names, states, merged]


def _state(layer: Layer) -> str:
    return "in force" if layer.active else "not in force"
