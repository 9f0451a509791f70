"""cosc130-notebook: the plug-in that grades COSC 130 Project 02's notebook (Restart and Run All:
its headings, its puzzles and their solutions), the one part of `sudoku-script` that YAML does
not say well: a rubric over a whole notebook's run, not the answer to a call.

config.yaml names it on the item: `notebook: {shape: notebook, plugin: cosc130-notebook, ...}`.
It is registered with the harness's built-in probe sets, and is written as a teacher's plug-in
would be (docs: plug-ins).
"""

from __future__ import annotations

from harness.kinds.notebook.cosc130_notebook.probes import notebook
from harness.kinds.probe_set import ProbeSet

PROBE_SET = ProbeSet({"notebook": notebook})
