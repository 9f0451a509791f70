"""What the teacher's reference said about the plan's calls, kept by content: its answers
(answers.py), its time on each case (costs.py), and that it passed the calls it stands in for
(reference_check.py).

A key is the reference's files, the teacher's compiled driver (shape driven), what is kept (a
`kind`) and the call: its arguments, files and defaults. A changed reference, driver or call is
a new key, so nothing stale is read; a missing or unreadable entry is simply asked again.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from harness.grading.plan import Plan
from harness.records.probes import Probe
from harness.sandbox.child import codec

CACHE_ENV = "SUDOKU_HARNESS_CACHE"  # where answers are kept (default: the user's cache folder)
MISSING: Any = object()  # what `read` returns for a key that holds nothing


def cache_folder() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sudoku-harness" / "answers"


def reference_digest(folder: Path, plan: Plan) -> str:
    """The reference's files under `folder` and the plan's driver, as one digest."""
    return _files_digest(folder) + _driver_digest(plan)


def _files_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(
        p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
    ):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _driver_digest(plan: Plan) -> str:
    """The teacher's compiled driver (shape driven), which answers with the reference, and the
    course's files given beside it: a changed one asks the reference again. Empty without one."""
    if not plan.driver_sources:
        return ""
    digest = hashlib.sha256()
    for name, content in plan.driver_sources:
        digest.update(name.encode() + b"\0" + content + b"\0")
    for name, content in plan.driver_given:
        digest.update(b"given\0" + name.encode() + b"\0" + content + b"\0")
    return digest.hexdigest()


def call_key(digest: str, probe: Probe, kind: str = "") -> str:
    """The key of what the reference of `digest` said of `probe`'s call; `kind` tells apart
    what is kept ("": its answer)."""
    call = {
        "call": probe.call,
        "driver": probe.driver,
        "args": codec.encode(list(probe.args)),
        "files": probe.files,
        "defaults": codec.encode(list(probe.defaults)),
    }
    text = json.dumps([digest, call, kind] if kind else [digest, call], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def read(key: str) -> Any:
    """What is kept under `key`, or MISSING."""
    path = cache_folder() / f"{key}.json"
    try:
        return codec.decode(json.loads(path.read_bytes()))
    except (OSError, codec.CodecError, ValueError, RecursionError):
        return MISSING


def store(key: str, value: Any) -> None:
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{key}.{os.getpid()}"
        temporary.write_text(json.dumps(codec.encode(value)))
        os.replace(temporary, folder / f"{key}.json")
    except OSError:
        pass  # no cache is no harm: the reference is asked again next time
