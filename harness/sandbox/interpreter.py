"""What of a Python installation a student process may read: the interpreter and its standard
library, never the packages installed beside it (the harness's own dependencies among them).

A venv's interpreter is a link to its base installation; the venv itself holds only its
pyvenv.cfg (read at start-up) and its site-packages. So a student process gets the base
installation's interpreter, shared libraries and standard library, and of the venv only
pyvenv.cfg: `import site; site.main()` or `-I` (which keeps site) then find the package folders,
but can read nothing in them. The notebook runner is the exception: its kernel needs nbclient
and ipykernel, so it gets the whole installation (`everything`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from harness.sandbox import landlock

PACKAGE_FOLDERS = frozenset({"site-packages", "dist-packages"})


@dataclass(frozen=True)
class Readable:
    """Paths of an installation to allow: folders to list only, and paths to read beneath."""

    listed: tuple[Path, ...]  # the folder may be listed (and so may its sub-folders' names)
    read: tuple[Path, ...]  # read and executed, with everything beneath


def installation(python: Path) -> tuple[Path, ...]:
    """The interpreter's installation, through its links (a venv and the Python behind it)."""
    return tuple(dict.fromkeys([python.absolute().parents[1], python.resolve().parents[1]]))


def package_folders(python: Path) -> tuple[Path, ...]:
    """Where the installation's packages live (`lib/python3.X/site-packages` and the like)."""
    return tuple(
        folder
        for root in installation(python)
        for stdlib in _stdlibs(root)
        for folder in sorted(stdlib.iterdir())
        if folder.name in PACKAGE_FOLDERS and folder.is_dir()
    )


@functools.lru_cache(maxsize=8)
def standard_library(python: Path) -> Readable:
    """The interpreter, its shared libraries and its standard library; no packages."""
    base = python.resolve().parents[1]
    config = _venv_config(python)
    if any(base.is_relative_to(folder) for folder in landlock.SYSTEM):
        # the system's: readable as a whole anyway; a venv made from it still needs its config
        return Readable((), (python.resolve(), *config))
    listed = _stdlibs(base)
    read = [python.resolve(), *_beside(base / "lib", set(listed))]
    for stdlib in listed:
        read += _beside(stdlib, {stdlib / name for name in PACKAGE_FOLDERS})
    return Readable(tuple(listed), tuple(dict.fromkeys([*read, *config])))


def _venv_config(python: Path) -> tuple[Path, ...]:
    """The venv's pyvenv.cfg, which site reads at start-up (none outside a venv)."""
    config = python.absolute().parents[1] / "pyvenv.cfg"
    return (config,) if config.is_file() else ()


def everything(python: Path) -> Readable:
    """The whole installation, packages included (the notebook runner's)."""
    return Readable((), installation(python))


def _stdlibs(root: Path) -> list[Path]:
    return sorted(p for p in (root / "lib").glob("python3*") if p.is_dir())


def _beside(folder: Path, left_out: set[Path]) -> list[Path]:
    try:
        return [entry for entry in sorted(folder.iterdir()) if entry not in left_out]
    except OSError:
        return []
