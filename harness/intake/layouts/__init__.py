"""Download layouts: how an LMS lays out the submissions it exports. A Protocol plus a registry.

Each layout is a small module implementing `harness.intake.layouts.base.Layout`, recognised by
the documented patterns in its module's docstring. `recognised` tries them in the order of
LAYOUTS, on the folder and, when it is a wrapper (one folder and nothing else visible, what
most zip tools make), on the folder inside; the plain layout takes what the others do not.
Register a new layout here, before `Plain`.
"""

from __future__ import annotations

from pathlib import Path

from harness.intake.layouts.base import Found, Layout, Workspace
from harness.intake.layouts.canvas import Canvas
from harness.intake.layouts.gradescope import Gradescope
from harness.intake.layouts.moodle import Moodle
from harness.intake.layouts.plain import Plain
from harness.intake.tree import wrapped

PLAIN = Plain()
LAYOUTS: tuple[Layout, ...] = (Gradescope(), Moodle(), Canvas(), PLAIN)

__all__ = ["LAYOUTS", "PLAIN", "Found", "Layout", "Workspace", "recognised"]


def recognised(folder: Path, work: Workspace) -> tuple[Layout, Path]:
    """The first layout that recognises the folder, or the folder inside its wrapper, and
    which of the two it recognised."""
    inner = wrapped(folder)
    candidates = (folder,) if inner is None else (folder, inner)
    for layout in LAYOUTS:
        for candidate in candidates:
            if layout.recognises(candidate, work):
                return layout, candidate
    return PLAIN, candidates[-1]  # a wrapper around a wrapper: only one is looked through
