"""A cgroup's control files, read and written as the kernel wants them: one `write(2)` each."""

from __future__ import annotations

import os
from pathlib import Path


def read(path: Path) -> str:
    """The file's text; empty where it cannot be read (a controller or kernel without it)."""
    try:
        return path.read_text(encoding="ascii")
    except OSError:
        return ""


def write(path: Path, text: str) -> None:
    """One write of `text`, so the kernel sees the value whole; OSError as the kernel says."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)
