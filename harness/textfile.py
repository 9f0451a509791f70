"""Reading a teacher's text file (config.yaml, a suite, a CSV sheet, a roster) as UTF-8, every
failure one line naming the file (and, for bytes that are not UTF-8, the line they are on)."""

from __future__ import annotations

from pathlib import Path

from harness.errors import BadInput


def read_text(path: Path, bom: bool = False) -> str:
    """The file's text; `bom`: a leading byte-order mark is allowed, and dropped (spreadsheet
    programs write one into CSV files)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BadInput.at(str(path), "file not found") from None
    except OSError as err:
        raise BadInput.at(str(path), f"cannot read: {err.strerror or err}") from None
    try:
        return data.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise BadInput.at(f"{path}:{line}", f"not UTF-8 text (byte {err.start + 1})") from None
