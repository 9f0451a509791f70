"""The grading journal: one JSON line per finished submission, so a killed run can go on.

The first line says which run the journal belongs to (its `Header`); each later line is one
submission's result as the JSON report writes it (harness/records/results.py). A line is written
whole, then flushed and fsynced, before the next submission's result is taken. A last line without
its newline was cut off by a kill: reading drops it (that submission is graded again) and appending
first cuts it off the file. Any other line that does not read back is an error naming the line.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from harness import __version__
from harness.config import Config
from harness.errors import BadInput
from harness.records.results import SubmissionResult, submission_from_json, submission_to_json
from harness.submissions import Submission

FORMAT = "sudoku-harness grading journal 1"


@dataclass(frozen=True)
class Header:
    """The run a journal belongs to: a resumed run must have the same."""

    assignment: str
    fingerprint: str  # see `fingerprint`
    submissions: int  # how many the run grades

    @classmethod
    def of(cls, config: Config, name: str, submissions: Sequence[Submission]) -> Header:
        return cls(name, fingerprint(config, name, submissions), len(submissions))


@dataclass(frozen=True)
class Recorded:
    """What a journal holds: its run, the results in it, and the bytes worth keeping."""

    header: Header
    results: tuple[SubmissionResult, ...]
    length: int  # bytes up to the end of the last whole line


def fingerprint(config: Config, name: str, submissions: Sequence[Submission]) -> str:
    """A digest of what the marks depend on: the harness version, the assignment's settings as
    config.yaml gives them, the languages and runtime, every suite's bytes, and the submissions
    (names and paths; for a copy made for the run, a zip's entry say, where it came from). Time
    limits calibrated from the reference are measured again."""
    assignment = config.assignment(name)
    facts = {
        "harness": __version__,
        # The deadline changes no computed mark: it is applied after grading, at every run.
        "assignment": assignment.model_dump(mode="json", exclude={"deadline"}),
        "languages": {k: v.model_dump(mode="json") for k, v in config.languages.items()},
        "runtime": config.runtime.model_dump(mode="json"),
        "suites": [_digest(config.path(Path(p)).read_bytes()) for p in assignment.suites],
        "submissions": [[s.name, s.origin or str(s.path.resolve())] for s in submissions],
    }
    return _digest(json.dumps(facts, sort_keys=True).encode())


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read(path: Path) -> Recorded | None:
    """The journal at `path`; None when there is none (no file, or only a cut-off header)."""
    if not path.exists():
        return None
    lines = path.read_bytes().split(b"\n")
    whole = lines[:-1]  # the last piece is empty, or a line the kill cut off
    if not whole:
        return None
    header = _header(path, whole[0])
    results = tuple(_result(path, number, line) for number, line in enumerate(whole[1:], 2))
    _no_repeats(path, results)
    return Recorded(header, results, sum(len(line) + 1 for line in whole))


def _header(path: Path, line: bytes) -> Header:
    data = _json(path, 1, line)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadInput.at(f"{path}:1", f"not a grading journal (its first line lacks {FORMAT!r})")
    try:
        return Header(data["assignment"], data["fingerprint"], data["submissions"])
    except KeyError as err:
        raise BadInput.at(f"{path}:1", f"journal header without {err}") from None


def _result(path: Path, number: int, line: bytes) -> SubmissionResult:
    try:
        return submission_from_json(_json(path, number, line))
    except (KeyError, TypeError, ValueError) as err:
        problem = f"corrupt journal line: not a graded submission ({err!r})"
        raise BadInput.at(f"{path}:{number}", problem) from None


def _json(path: Path, number: int, line: bytes) -> Any:
    try:
        return json.loads(line)
    except ValueError as err:
        raise BadInput.at(f"{path}:{number}", f"corrupt journal line: {err}") from None


def _no_repeats(path: Path, results: Sequence[SubmissionResult]) -> None:
    seen: set[str] = set()
    for number, result in enumerate(results, 2):
        if result.name in seen:
            raise BadInput.at(f"{path}:{number}", f"{result.name!r} is in the journal twice")
        seen.add(result.name)


class Journal:
    """Appends results to a journal file, each durable before `append` returns."""

    def __init__(self, handle: IO[bytes]) -> None:
        self._handle = handle

    @classmethod
    def start(cls, path: Path, header: Header) -> Journal:
        """A new journal at `path` (replacing a cut-off one), holding only its header."""
        path.parent.mkdir(parents=True, exist_ok=True)
        journal = cls(path.open("wb"))
        journal._write({"format": FORMAT, **asdict(header)})
        _sync_folder(path.parent)
        return journal

    @classmethod
    def reopen(cls, path: Path, recorded: Recorded) -> Journal:
        """The journal at `path`, read as `recorded`, with a cut-off last line removed."""
        handle = path.open("r+b")
        handle.truncate(recorded.length)
        handle.seek(recorded.length)
        return cls(handle)

    def append(self, result: SubmissionResult) -> None:
        self._write(submission_to_json(result))

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, data: dict[str, Any]) -> None:
        line = json.dumps(data, separators=(",", ":")) + "\n"  # ASCII: any text survives
        self._handle.write(line.encode("ascii"))
        self._handle.flush()
        os.fsync(self._handle.fileno())


def _sync_folder(folder: Path) -> None:
    """Make a new file's name durable too, not only its bytes."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
