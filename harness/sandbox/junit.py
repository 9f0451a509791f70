"""A test run's JUnit XML report, read defensively: the runner writes it inside the student's
sandbox, so it is untrusted data like any reply.

The report folder is opened without following a link, and each file in it that matches the
report's pattern is opened by name inside that folder, again without following a link and
without blocking (a FIFO planted there cannot hang the supervisor), and read only if it is a
regular file of at most REPORT_BYTES. A document that declares a DOCTYPE (entities: the
"billion laughs") is refused unread; so is one that does not parse. Of what parses, only the
testcases are kept: a name, a status, and a message cut to MESSAGE_CHARS.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import stat
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

REPORT_BYTES = 4 << 20  # one report file, read at most
MAX_FILES = 8  # report files read from one run
MAX_CASES = 10_000  # testcases kept from one run
MESSAGE_CHARS = 2000
Status = Literal["passed", "failed", "error", "skipped"]
OUTCOMES: tuple[tuple[str, Status], ...] = (
    ("error", "error"),  # the test raised (JUnit), not an assertion
    ("failure", "failed"),  # an assertion failed (GoogleTest reports everything so)
    ("skipped", "skipped"),
)
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


@dataclass(frozen=True)
class CaseRecord:
    """One testcase as the report says it went (what happened, before anyone judged it)."""

    classname: str
    name: str
    status: Status
    message: str = ""  # the failure's or error's message and text, cut
    error_type: str = ""  # an error's exception type
    seconds: float = 0.0


@dataclass(frozen=True)
class Reading:
    """The testcases of a run's report files, or why they could not be read."""

    cases: tuple[CaseRecord, ...] = ()
    problem: str = ""  # "": read


def read_reports(folder: Path, pattern: str) -> Reading:
    """The testcases of every file in `folder` whose name matches `pattern`."""
    try:
        texts = list(_texts(folder, pattern))
    except OSError as err:
        return Reading(problem=f"its report cannot be read ({err.strerror or err})")
    except _Refused as refused:
        return Reading(problem=str(refused))
    if not texts:
        return Reading(problem="it wrote no report")
    cases: list[CaseRecord] = []
    for name, data in texts:
        try:
            cases += _cases(data, MAX_CASES - len(cases))
        except _Refused as refused:
            return Reading(problem=f"its report {name} {refused}")
    return Reading(tuple(cases))


class _Refused(Exception):
    """A report that is not read: what it is, as the end of a sentence."""


def _texts(folder: Path, pattern: str) -> Iterator[tuple[str, bytes]]:
    top = os.open(folder, _FOLDER)
    try:
        names = sorted(n for n in os.listdir(top) if fnmatch.fnmatchcase(n, pattern))
        if len(names) > MAX_FILES:
            raise _Refused(f"it wrote {len(names)} report files (at most {MAX_FILES} are read)")
        for name in names:
            yield name, _read(top, name)
    finally:
        os.close(top)


def _read(top: int, name: str) -> bytes:
    try:
        fd = os.open(name, _FILE, dir_fd=top)
    except OSError as err:
        raise _Refused(f"its report {name} cannot be opened ({err.strerror})") from None
    with contextlib.closing(_Closer(fd)):
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise _Refused(f"its report {name} is not a regular file")
        if found.st_size > REPORT_BYTES:
            raise _Refused(f"its report {name} is larger than {REPORT_BYTES >> 20} MiB")
        data = os.read(fd, REPORT_BYTES + 1)
    if len(data) > REPORT_BYTES:
        raise _Refused(f"its report {name} is larger than {REPORT_BYTES >> 20} MiB")
    return data


class _Closer:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def close(self) -> None:
        os.close(self.fd)


def _cases(data: bytes, room: int) -> list[CaseRecord]:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise _Refused("declares a DOCTYPE (refused unread)")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as err:
        raise _Refused(f"is not well-formed XML ({err})") from None
    found: list[CaseRecord] = []
    for element in root.iter("testcase"):
        if len(found) >= room:
            raise _Refused(f"holds more than {MAX_CASES} testcases")
        found.append(_case(element))
    return found


def _case(element: ElementTree.Element) -> CaseRecord:
    classname = element.get("classname", "")[:200]
    name = element.get("name", "")[:200]
    seconds = _seconds(element.get("time", "0"))
    for tag, status in OUTCOMES:
        found = element.find(tag)
        if found is not None:
            said = found.get("message", "") or (found.text or "")
            text = said.strip()[:MESSAGE_CHARS]
            kind = found.get("type", "")[:200]
            return CaseRecord(classname, name, status, text, kind, seconds)
    if element.get("result") == "suppressed" or element.get("status") == "notrun":
        return CaseRecord(classname, name, "skipped", "not run", seconds=seconds)
    return CaseRecord(classname, name, "passed", seconds=seconds)


def _seconds(text: str) -> float:
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return 0.0
    return value if 0 <= value < 1e9 else 0.0
