"""The probe sets that make an assignment's probes, by name.

An assignment is declared in YAML (its items' roles: harness/kinds/function_library/declared/), or
made by a probe set: a package of the harness's (board-solver's trace replay, stdin-program's
programs), or a plug-in the teacher writes outside it (harness/kinds/plugins.py). A probe set gives
a ProbeSet (harness/kinds/probe_set.py): per graded item, how it is probed, built from the
suites, and the child drivers its probes name. config.yaml names the set for the whole
assignment (`probes:`) or for one item (`plugin:`), and each item's builder (`probe:`,
defaulting to the item's name). docs/adding-an-assignment.md walks through each way.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from harness.kinds import plugins, stdin_program, unit_tests
from harness.kinds.board_classes import board_solver
from harness.kinds.notebook import cosc130_notebook
from harness.kinds.probe_set import ProbeSet

BUILT_IN: dict[str, ProbeSet] = {
    "board-solver": board_solver.PROBE_SET,
    "stdin-program": stdin_program.PROBE_SET,
    "cosc130-notebook": cosc130_notebook.PROBE_SET,
    "unit-tests": unit_tests.PROBE_SET,
}


def probe_sets(paths: tuple[Path, ...] = (), config_file: Path = Path("config.yaml")) -> (
    Mapping[str, ProbeSet]
):  # fmt: skip
    """Every probe set by name: the built-in ones, the installed plug-ins, and those of
    config.yaml's `plugins:` (`paths`, relative to `config_file`)."""
    return _probe_sets(tuple(paths), config_file.resolve())


@functools.lru_cache(maxsize=8)
def _probe_sets(paths: tuple[Path, ...], config_file: Path) -> Mapping[str, ProbeSet]:
    return plugins.merged(BUILT_IN, plugins.installed(), plugins.from_paths(paths, config_file))
