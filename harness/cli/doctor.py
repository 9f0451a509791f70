"""`sudoku-harness doctor`: the isolation layers this machine allows, and what each stops."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tabulate import tabulate

from harness.sandbox.isolation import Layer, Mode, choose, python_uid, summary


def render(layers: Sequence[Layer], python: Path = Path(sys.executable)) -> str:
    """The layers as a table, what grading applies, and which uid Python processes run under
    (`python`: the interpreter of student Python code when config.yaml names none)."""
    rows = [
        [layer.name, "in force" if layer.active else "not in force", layer.stops, layer.detail]
        for layer in layers
    ]
    table = tabulate(rows, headers=["layer", "state", "stops", "detail"], tablefmt="simple")
    return f"{table}\n\n{summary(choose(Mode.AUTO, layers))}\n{python_uid(python, layers)}"
