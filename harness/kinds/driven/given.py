"""The course's given files (`driver.given`: a `sudoku.h` the student's code includes) laid
beside the student's in a working copy, taking precedence over the student's own.

Every file or folder of the student's named like one of them, anywhere in the copy, is replaced:
by the course's header, written in its place (so `#include "../include/sudoku.h"` reads the
course's too), or, for one of the language's sources, taken out (the driver's folder builds the
course's, build.py). Then each header is written beside every file the build compiles, and at the
copy's root, where the student handed in none: `#include "sudoku.h"` finds the course's from any
of them, whatever the student kept or left out.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Sequence
from pathlib import Path

from harness.kinds.base import DriverSource
from harness.sandbox.workdir import remove_tree


def replace_copies(folder: Path, given: Sequence[DriverSource], sources: Sequence[str]) -> None:
    """The student's copies of the given files, anywhere in `folder`, replaced (headers) or
    taken out (the language's `sources` patterns)."""
    contents = dict(given)
    for root, dirs, names in os.walk(folder):
        for name in [*names, *dirs]:
            if name not in contents:
                continue
            path = Path(root, name)
            remove_tree(path)
            if not _is_source(name, sources):
                path.write_bytes(contents[name])
        dirs[:] = [d for d in dirs if d not in contents]


def lay_beside(
    folder: Path, files: Sequence[Path], given: Sequence[DriverSource], sources: Sequence[str]
) -> None:
    """The given headers beside each of `files` (relative to `folder`) and at its root."""
    places = {folder, *(folder / file.parent for file in files)}
    for name, content in given:
        if _is_source(name, sources):
            continue
        for place in places:
            if not (place / name).exists():
                (place / name).write_bytes(content)


def built(given: Sequence[DriverSource], sources: Sequence[str]) -> tuple[str, ...]:
    """The names of the given files the build compiles (the language's sources)."""
    return tuple(name for name, _ in given if _is_source(name, sources))


def _is_source(name: str, sources: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in sources)
