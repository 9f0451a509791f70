"""The download `grade` is given, as a folder on disk, for as long as the run lasts.

- a zip (`.zip`, in any case) is extracted, safely (harness/intake/zips.py), into a private
  temporary folder, its students' zips with it;
- a folder holding zips (students' own) is copied there, its zips extracted in the copy: the
  teacher's files are never written to, nor anything written beside them;
- any other folder or file is read where it is.

The temporary folder (0700, where working copies go: config.yaml's runtime.workdir, else the
system's temp folder) lives as long as `opened`'s context and is removed with it. It is named
as working copies are (harness/sandbox/workdir.py: `sudoku-harness-PID-`), so that one a
killed run left behind is swept by the next run, as its working copies are.

What identifies the download from one run to the next (a journal's fingerprint,
harness/grading/journal.py) is `Download.origin_of`, never the temporary path.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from harness.errors import BadInput
from harness.intake import zips
from harness.intake.tree import copy_into
from harness.limits import IntakeLimits

SWEPT = "sudoku-harness-"  # then the pid: the working copies' prefix, which `sweep` reads


@dataclass(frozen=True)
class Download:
    """The path the teacher gave, read as a folder (or one file)."""

    given: Path  # as the teacher wrote it
    root: Path  # the download on disk: `given`, or its extraction or copy in `scratch`
    scratch: Path  # the run's private folder: extractions, and working folders layouts make
    origin: str  # the download's identity: its resolved path (a zip's with its digest)
    zipped: bool  # it was a zip: the files' times are the zip's (what the LMS wrote)

    def origin_of(self, path: Path) -> str:
        """What names `path` from one run to the next: "" for a path of the teacher's own
        (its resolved path does), the download's origin and the path inside it for a copy."""
        if not path.is_relative_to(self.scratch):
            return ""
        return f"{self.origin}!{path.relative_to(self.scratch).as_posix()}"

    @contextmanager
    def as_given(self) -> Iterator[None]:
        """Errors raised inside name the download as the teacher gave it, not its copy; a file
        that cannot be read or written (a full disk) is one too."""
        try:
            yield
        except BadInput as err:
            raise BadInput(self._shown(str(err))) from None
        except OSError as err:
            raise _unreadable(self.given, err, self._shown) from None

    def _shown(self, text: str) -> str:
        """`text` with the copy's paths as the teacher knows them: the download's own path,
        or `download!grouped/NAME` for a working folder a layout made."""
        if self.root != self.given:
            text = text.replace(str(self.root), str(self.given))
        return text.replace(f"{self.scratch}/", f"{self.given}!")


@contextmanager
def opened(path: Path, limits: IntakeLimits, base: Path | None = None) -> Iterator[Download]:
    """The download at `path`, extracted or copied when it has zips; removed afterwards. A
    path that does not exist is read where it is: discovery says so, after the config and the
    suites are checked, as for any other path."""
    scratch = Path(tempfile.mkdtemp(prefix=f"{SWEPT}{os.getpid()}-intake-", dir=base))
    try:
        try:
            download = _download(path, scratch, zips.Budget(limits))
        except OSError as err:
            raise _unreadable(path, err, str) from None
        yield download
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _unreadable(given: Path, err: OSError, shown: Callable[[str], str]) -> BadInput:
    what = f" ({shown(str(err.filename))})" if err.filename else ""
    return BadInput.at(str(given), f"cannot read the download{what}: {err.strerror or err}")


def _download(path: Path, scratch: Path, budget: zips.Budget) -> Download:
    resolved = str(path.resolve())
    if not path.exists():
        return Download(path, path, scratch, resolved, False)
    if path.is_file() and path.suffix.lower() == ".zip":
        root = scratch / "download" / path.stem
        zips.extract(path, root, budget, str(path))
        return Download(path, root, scratch, f"{resolved}#sha256:{_digest(path)}", True)
    inside = _zips_in(path)
    if not inside:
        return Download(path, path, scratch, resolved, False)
    root = scratch / "download" / path.resolve().name
    root.parent.mkdir(mode=0o700)
    copy_into(path, root)
    for found in inside:
        relative = found.relative_to(path)
        zips.unzip_in_place(root / relative, budget, str(path / relative))
    return Download(path, root, scratch, resolved, False)


def _zips_in(path: Path) -> list[Path]:
    """The zips a folder holds (a student's own), not under hidden folders."""
    if not path.is_dir():
        return []
    found = (p for p in path.rglob("*") if p.suffix.lower() == ".zip")
    return sorted(p for p in found if _not_hidden(p, path) and p.is_file() and not p.is_symlink())


def _not_hidden(found: Path, folder: Path) -> bool:
    parts = found.relative_to(folder).parts
    return not any(part.startswith(".") or part == zips.SKIPPED for part in parts)


def _digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        while chunk := data.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
