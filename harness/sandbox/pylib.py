"""Python packages of the harness's own installation that a run in the sandbox imports (pytest's,
for a course's pytest tests), copied into a folder of the run's.

A student's Python process may read its interpreter's standard library and none of its packages
(harness/sandbox/interpreter.py: the private view empties their folders, Landlock grants none
of them). A test runner's packages are put into a folder beside the working copy instead, with
their compiled files (so the run does not compile pytest again), that the run may read and never
write (its folders and files are not the student's uid's, and Landlock grants it reading alone).
Each file is a hard link where the file system allows one and others may read the file (a few
milliseconds for pytest's 800 files, pygments' among them), else a read-only copy. Never the
harness's own packages, nor anything else installed beside them.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import stat
from collections.abc import Sequence
from pathlib import Path

from harness.errors import InternalError


def copied(packages: Sequence[str], into: Path) -> Path:
    """`packages` (top-level names: packages, or modules of one file), from where this
    interpreter imports them, put into `into` (made). InternalError when one is not installed
    here."""
    into.mkdir(mode=0o755)
    for name in packages:
        source = _found(name)
        if source.is_file():
            _put(source, into / source.name)
            continue
        for folder, folders, files in os.walk(source):
            here = into / name / Path(folder).relative_to(source)
            here.mkdir(mode=0o755, exist_ok=True)
            for file in files:
                _put(Path(folder, file), here / file)
            folders[:] = [f for f in folders if not Path(folder, f).is_symlink()]
    return into


def _put(source: Path, target: Path) -> None:
    """A hard link to `source` (a regular file others may read), else a read-only copy."""
    found = os.lstat(source)
    if not stat.S_ISREG(found.st_mode):
        return
    if found.st_mode & stat.S_IROTH:
        try:
            os.link(source, target)
            return
        except OSError:  # another file system, or protected_hardlinks: a file not ours
            pass
    shutil.copy2(source, target)
    target.chmod(0o444)


def _found(name: str) -> Path:
    """The package's folder, or the module's file."""
    spec = importlib.util.find_spec(name)
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    if spec is not None and spec.origin and spec.origin.endswith(".py"):
        return Path(spec.origin)
    raise InternalError(
        f"{name} is not installed beside the harness (a run of pytest tests imports it from "
        "there): pip install pytest"
    )
