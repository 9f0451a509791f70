"""How wide the tables are printed: COLUMNS when it is set, else the terminal's width, else (a
file, a pipe, a CI log) WIDTH, so output that no terminal shows does not depend on one."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO

WIDTH = 80


def width(stream: TextIO | None = None, environ: Mapping[str, str] | None = None) -> int:
    """The width, in terminal cells, to fit what is printed on `stream` (default: stdout)."""
    stream = sys.stdout if stream is None else stream
    said = (os.environ if environ is None else environ).get("COLUMNS", "").strip()
    if said.isdecimal() and int(said) > 0:
        return int(said)
    if stream.isatty():
        try:
            return os.get_terminal_size(stream.fileno()).columns or WIDTH
        except (OSError, ValueError):
            return WIDTH
    return WIDTH
