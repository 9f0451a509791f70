"""A notebook read as its code cells, one after another. The JSON is read defensively: a file that
is not a notebook, or a cell of the wrong shape, gives no tokens rather than an error."""

from __future__ import annotations

import json
from typing import Any

from harness.similarity.lexers import python
from harness.similarity.records import SourceFile


def read(name: str, text: str) -> SourceFile:
    code = "\n".join(_code_cells(text))
    return SourceFile(name, code, tuple(python.tokens(code)))


def _code_cells(text: str) -> list[str]:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):  # a hostile file nests arrays past the stack
        return []
    cells = document.get("cells") if isinstance(document, dict) else None
    if not isinstance(cells, list):
        return []
    return [_without_magics(_source(cell)) for cell in cells if _is_code(cell)]


def _is_code(cell: Any) -> bool:
    return isinstance(cell, dict) and cell.get("cell_type") == "code"


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    if isinstance(source, list):
        return "".join(part for part in source if isinstance(part, str))
    return source if isinstance(source, str) else ""


def _without_magics(code: str) -> str:
    """IPython's `%magic` and `!shell` lines are not Python: blanked, keeping the line numbers."""
    lines = code.split("\n")
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)
