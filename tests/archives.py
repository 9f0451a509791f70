"""Zips for the intake's tests, built from folders on disk (tests/fixtures/lms/) as an LMS
would zip them, and hostile ones built entry by entry."""

from __future__ import annotations

import stat
import time
import zipfile
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import FIXTURES

LMS = FIXTURES / "lms"
WHEN = (2026, 3, 2, 23, 59, 58)  # a DOS time: local, two-second steps
DateTime = tuple[int, int, int, int, int, int]


def zipped(
    folder: Path, target: Path, under: str = "", times: Mapping[str, DateTime] | None = None
) -> Path:
    """Every file under `folder` into a new zip at `target`, each named `under` + its path
    inside `folder`, with the time WHEN (or `times[that path]`)."""
    with zipfile.ZipFile(target, "w") as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            relative = path.relative_to(folder).as_posix()
            add(archive, under + relative, path.read_bytes(), (times or {}).get(relative, WHEN))
    return target


def add(
    archive: zipfile.ZipFile,
    name: str,
    data: bytes,
    when: DateTime = WHEN,
    mode: int = stat.S_IFREG | 0o644,
) -> None:
    info = zipfile.ZipInfo(name, date_time=when)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix: the mode bits below are read
    info.external_attr = mode << 16
    archive.writestr(info, data)


def built(target: Path, entries: Mapping[str, bytes]) -> Path:
    """A zip of these entries (name -> bytes)."""
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in entries.items():
            add(archive, name, data)
    return target


def utc(when: DateTime) -> str:
    """A DOS time (read as local time, as unzip reads it) as the intake writes it: ISO 8601 UTC."""
    seconds = time.mktime((*when, 0, 0, -1))
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")
