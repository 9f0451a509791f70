"""`sudoku-harness doctor`: the isolation layers this machine allows, and what each stops."""

from __future__ import annotations

from collections.abc import Sequence

from tabulate import tabulate

from harness.sandbox.isolation import Layer, Mode, choose, summary


def render(layers: Sequence[Layer]) -> str:
    rows = [
        [layer.name, "in force" if layer.active else "not in force", layer.stops, layer.detail]
        for layer in layers
    ]
    table = tabulate(rows, headers=["layer", "state", "stops", "detail"], tablefmt="simple")
    return f"{table}\n\n{summary(choose(Mode.AUTO, layers))}"
