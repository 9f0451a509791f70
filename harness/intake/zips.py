"""Extracting a zip the teacher downloaded, safely, into a folder of the run's own.

Every entry is checked before anything is written, and one that fails refuses the whole zip in
one line naming the zip, the entry and the rule:

- its name stays inside the folder it is extracted into: no absolute path, no drive letter
  (`C:`), no `..`, at most MAX_DEPTH folders deep; a backslash is read as a separator, as
  Windows zip tools mean it;
- it is a file or a folder: a symbolic link (its Unix mode bits say S_IFLNK) or a device is
  refused;
- the download's caps hold (config.yaml `intake:`, harness/limits.py `IntakeLimits`): entries,
  MiB once extracted, and how many times one entry expands (for entries past RATIO_FLOOR):
  a zip bomb is refused before a byte of it is written.

Files are written 0600 and folders made 0700, never over another entry (O_EXCL, O_NOFOLLOW),
each file with the time the zip gives it: its extended timestamp (UTC) when it has one, else its
DOS time read in this machine's time zone, as unzip reads it. `__MACOSX/` (the resource forks
macOS's zip tool adds) is skipped.

A zip inside the zip (a student's own) is extracted too, into a folder of its name beside it,
and removed; a zip inside that one is left as it is: at most one level of nesting. The caps
count every zip of the download together (`Budget`).
"""

from __future__ import annotations

import os
import re
import stat
import struct
import time
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import IO, Literal

from harness.errors import BadInput
from harness.limits import IntakeLimits

MAX_DEPTH = 64  # folders an entry's name may nest
RATIO_FLOOR = 1 << 20  # entries smaller than this are not checked for their ratio
SKIPPED = "__MACOSX"
_DRIVE = re.compile(r"^[A-Za-z]:")
_CHUNK = 1 << 16
_WRITE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_EXTENDED_TIMESTAMP = 0x5455  # Info-ZIP's "UT" extra field: mtime as Unix time, UTC

Kind = Literal["file", "folder", "link", "special"]
REFUSED: Mapping[Kind, str] = {"link": "a symbolic link", "special": "neither a file nor a folder"}


class Budget:
    """What is left of the caps for one download: every zip extracted for it draws on it."""

    def __init__(self, limits: IntakeLimits) -> None:
        self.limits = limits
        self.entries = 0
        self.bytes = 0

    def take_entries(self, count: int, shown: str) -> None:
        self.entries += count
        if self.entries > self.limits.entries:
            cap = f"intake.entries {self.limits.entries:,}"
            raise BadInput.at(shown, f"more entries than the download may hold ({cap}): refused")

    def take_bytes(self, count: int, shown: str, entry: str) -> None:
        if not self.fits(count):
            raise self.past(shown, entry)
        self.bytes += count

    def fits(self, count: int) -> bool:
        return self.bytes + count <= self.limits.total_mb << 20

    def past(self, shown: str, entry: str) -> BadInput:
        cap = f"intake.total_mb {self.limits.total_mb} MiB"
        return BadInput.at(
            shown, f"entry {entry!r} takes the download past {cap} once extracted: refused"
        )


def extract(archive: Path, into: Path, budget: Budget, shown: str, nested: bool = True) -> None:
    """The zip's files and folders written under `into` (made if missing); its own zips too,
    when `nested`. `shown` names the zip in errors (the path the teacher gave, or
    `class.zip!alice/alice.zip`)."""
    inner = _extract_one(archive, into, budget, shown)
    if nested:
        for path in inner:
            relative = path.relative_to(into).as_posix()
            unzip_in_place(path, budget, f"{shown}!{relative}")


def unzip_in_place(path: Path, budget: Budget, shown: str) -> None:
    """A student's zip extracted into a folder beside it (its name without `.zip`, or
    `NAME (zip)` when that is taken), then removed; zips inside it stay as they are."""
    folder = path.with_suffix("")
    if folder.exists() or folder == path:
        folder = path.with_name(f"{path.stem} (zip)")
    extract(path, folder, budget, shown, nested=False)
    path.unlink()


def _extract_one(archive: Path, into: Path, budget: Budget, shown: str) -> list[Path]:
    """Extract one zip; the zips it held, as written."""
    try:
        with zipfile.ZipFile(archive) as opened:
            infos = [i for i in opened.infolist() if not _skipped(i.filename)]
            budget.take_entries(len(opened.infolist()), shown)
            planned = [(info, _checked(info, shown, budget.limits)) for info in infos]
            _fits(planned, budget, shown)
            into.mkdir(mode=0o700, parents=True, exist_ok=True)
            written = [_write(opened, info, path, into, budget, shown) for info, path in planned]
            return [path for path in written if path is not None]
    except (zipfile.BadZipFile, zlib.error, EOFError) as err:
        raise BadInput.at(shown, f"not a zip file, or a damaged one ({err})") from None
    except (RuntimeError, NotImplementedError) as err:  # encrypted, or an unknown compression
        raise BadInput.at(shown, f"cannot be read: {err}") from None


def _skipped(name: str) -> bool:
    return name.replace("\\", "/").split("/", 1)[0] == SKIPPED


def _checked(info: zipfile.ZipInfo, shown: str, limits: IntakeLimits) -> PurePosixPath:
    """The entry's path inside the folder, once it is known to be safe to write."""
    name = info.filename
    text = name.replace("\\", "/")
    relative = PurePosixPath(text)
    if text.startswith("/") or _DRIVE.match(text) or ".." in relative.parts or "\0" in text:
        where = "outside the folder it is extracted into (an absolute path, a drive or '..')"
        raise BadInput.at(shown, f"entry {name!r} would be written {where}: refused")
    if len(relative.parts) > MAX_DEPTH:
        raise BadInput.at(shown, f"entry {name!r} is nested more than {MAX_DEPTH} deep: refused")
    refused = REFUSED.get(_kind(info))
    if refused:
        raise BadInput.at(shown, f"entry {name!r} is {refused}: refused (a download holds files)")
    if info.file_size > RATIO_FLOOR and info.file_size > limits.ratio * max(info.compress_size, 1):
        times = info.file_size // max(info.compress_size, 1)
        cap = f"intake.ratio {limits.ratio}"
        raise BadInput.at(
            shown, f"entry {name!r} expands {times:,} times (more than {cap}): a zip bomb, refused"
        )
    return relative


def _kind(info: zipfile.ZipInfo) -> Kind:
    """What the entry is, by its Unix mode bits when it has any, else by its name."""
    kind = stat.S_IFMT(info.external_attr >> 16)
    if kind == stat.S_IFLNK:
        return "link"
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        return "special"
    folder = info.filename.replace("\\", "/").endswith("/")
    return "folder" if folder or kind == stat.S_IFDIR else "file"


def _fits(planned: list[tuple[zipfile.ZipInfo, PurePosixPath]], budget: Budget, shown: str) -> None:
    """Refuse, before anything is written, a zip whose entries say they exceed the budget."""
    total = 0
    for info, _ in planned:
        total += info.file_size
        if not budget.fits(total):
            raise budget.past(shown, info.filename)


def _write(
    opened: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    relative: PurePosixPath,
    into: Path,
    budget: Budget,
    shown: str,
) -> Path | None:
    """Write one entry; its path when it is a zip to extract in turn."""
    if not relative.parts:
        return None
    target = into.joinpath(*relative.parts)
    try:
        if _kind(info) == "folder":
            _folders(into, relative.parts)
            return None
        _folders(into, relative.parts[:-1])
        _copy(opened, info, target, budget, shown)
    except OSError as err:
        why = "another entry has its name" if isinstance(err, FileExistsError) else err.strerror
        raise BadInput.at(shown, f"entry {info.filename!r} cannot be extracted: {why}") from None
    mtime = _mtime(info)
    if mtime is not None:
        os.utime(target, (mtime, mtime))
    return target if relative.suffix.lower() == ".zip" else None


def _folders(into: Path, parts: tuple[str, ...]) -> None:
    folder = into
    for part in parts:
        folder = folder / part
        if not folder.is_dir() or folder.is_symlink():
            folder.mkdir(mode=0o700)


def _copy(
    opened: zipfile.ZipFile, info: zipfile.ZipInfo, target: Path, budget: Budget, shown: str
) -> None:
    """The entry's bytes into a new file, counted as they come (a header can lie)."""
    descriptor = os.open(target, _WRITE, 0o600)
    with os.fdopen(descriptor, "wb") as out, opened.open(info) as data:
        for chunk in _chunks(data):
            budget.take_bytes(len(chunk), shown, info.filename)
            out.write(chunk)


def _chunks(data: IO[bytes]) -> Iterator[bytes]:
    while chunk := data.read(_CHUNK):
        yield chunk


def _mtime(info: zipfile.ZipInfo) -> float | None:
    """The entry's time: its extended timestamp (UTC), else its DOS time as local time."""
    extra = info.extra
    while len(extra) >= 4:
        kind, size = struct.unpack("<HH", extra[:4])
        body = extra[4 : 4 + size]
        if kind == _EXTENDED_TIMESTAMP and len(body) >= 5 and body[0] & 1:
            return float(struct.unpack("<i", body[1:5])[0])
        extra = extra[4 + size :]
    try:
        return time.mktime((*info.date_time, 0, 0, -1))
    except (OverflowError, ValueError):  # a DOS date no calendar has
        return None
