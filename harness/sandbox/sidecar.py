"""The folders beside a working copy that a run of the course's unit tests needs (shape
unit-tests), made by the supervisor and removed with the run:

- `tests/`: the teacher's files (test files, given headers), copied in fresh for every run. The
  student's process may read them, never write them: they are root's (or the teacher's) and
  outside its working copy, which is all Landlock lets it write.
- `reports-<random>/`: where the runner writes its report. The student's process may write there
  (the runner is that process), but its name is random and its parent cannot be listed (0711,
  and Landlock allows no listing there), so code under test cannot find it unless the runner
  tells it; as root it is a small tmpfs of its own, so nothing fills the disk through it.

Named like a working copy, so `grade` sweeps those a killed run left behind.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.limits import DiskCap
from harness.sandbox import tmpfs
from harness.sandbox.workdir import PREFIX, remove_tree

REPORTS_CAP = DiskCap(mib=8, files=64)  # what a runner may write beside its report


@dataclass(frozen=True)
class Sidecar:
    root: Path
    tests: Path  # the teacher's files: read-only to the student

    @contextlib.contextmanager
    def reports(self) -> Iterator[Path]:
        """A fresh report folder for one run, removed after it."""
        folder = self.root / f"reports-{secrets.token_hex(16)}"
        folder.mkdir(mode=0o700)
        mounted = _mounted(folder)
        try:
            yield folder
        finally:
            if mounted:
                with contextlib.suppress(OSError):
                    tmpfs.unmount(folder)
            remove_tree(folder)


@contextlib.contextmanager
def sidecar(
    files: Sequence[Path], base: Path | None = None, texts: Mapping[str, bytes] | None = None
) -> Iterator[Sidecar]:
    """The folders beside a working copy, with `files` (the teacher's) copied into tests/; a
    file named in `texts` is written with that content instead (a test file with the harness's
    canaries: harness/kinds/unit_tests/frameworks/canaries.py)."""
    root = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=base))
    try:
        root.chmod(0o711)  # others may pass through it (a dedicated uid), never list it
        tests = root / "tests"
        tests.mkdir(mode=0o755)
        for file in files:
            if texts and file.name in texts:
                (tests / file.name).write_bytes(texts[file.name])
            else:
                shutil.copyfile(file, tests / file.name)  # what a link of the teacher's names
            (tests / file.name).chmod(0o444)  # the copy: never through a link to the original
        tests.chmod(0o555)
        yield Sidecar(root, tests)
    finally:
        with contextlib.suppress(OSError):
            (root / "tests").chmod(0o755)
        remove_tree(root)


def _mounted(folder: Path) -> bool:
    try:
        tmpfs.mount(folder, REPORTS_CAP)
    except OSError:
        return False
    return True
