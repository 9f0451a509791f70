"""What the harness keeps between runs, by content: the reference's answers to the calls no
role judges (answers.py), and a reference found sound (reference_check.py). A key is a digest of
everything the value depends on, so a changed reference, call or driver is asked again; a value
that cannot be read back is missing, and no cache at all is no harm."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from harness.sandbox.child import codec

CACHE_ENV = "SUDOKU_HARNESS_CACHE"  # where answers are kept (default: the user's cache folder)
MISSING: Any = object()


def cache_folder() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sudoku-harness" / "answers"


def files_digest(folder: Path) -> str:
    """A digest of every file under `folder` (its path and bytes)."""
    digest = hashlib.sha256()
    for path in sorted(
        p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
    ):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cached(key: str) -> Any:
    """The value kept under `key`, or MISSING."""
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
        pass  # no cache is no harm: the value is computed again next time
