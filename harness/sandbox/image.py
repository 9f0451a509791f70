"""The memory a program's executable maps before it runs: the sum of its loadable segments'
sizes in memory (ELF program headers, PT_LOAD p_memsz: code, data and .bss, where static arrays
live), as `size` reports them. A static array larger than the memory limit is MLE without any
run: under RLIMIT_AS the kernel cannot map it, and exec fails past its point of no return, which
looks like a crash (SIGSEGV) and says nothing of memory.

Read from the file by the supervisor, so it is read defensively: never through a link, never
from anything but a regular file, at most the headers, and anything malformed is "not an ELF
executable" (None).
"""

from __future__ import annotations

import os
import stat
import struct
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"\x7fELF"
PT_LOAD = 1
HEADER = 64  # bytes: the ELF header (the 64-bit one; the 32-bit one is shorter)
MAX_HEADERS = 4096  # program headers read at most


@dataclass(frozen=True)
class _Layout:
    """Where the fields read here are, in one ELF class."""

    phoff: str  # the struct format of e_phoff, the program headers' offset in the file
    phoff_at: int
    counts_at: int  # e_phentsize and e_phnum, two 16-bit words
    memsz: str  # the struct format of p_memsz
    memsz_at: int  # in a program header
    entry: int  # bytes of a program header, at least


LAYOUTS = {  # by EI_CLASS: 1 is 32-bit, 2 is 64-bit
    1: _Layout("I", 28, 42, "I", 20, 32),
    2: _Layout("Q", 32, 54, "Q", 40, 56),
}


def image_bytes(path: Path) -> int | None:
    """Bytes the ELF executable at `path` maps when loaded (None: not a regular ELF file)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return _loaded_size(fd)
    except (OSError, struct.error):
        return None
    finally:
        os.close(fd)


def _loaded_size(fd: int) -> int | None:
    header = os.pread(fd, HEADER, 0)
    if header[:4] != MAGIC or len(header) < 6 or header[4] not in LAYOUTS:
        return None
    layout, order = LAYOUTS[header[4]], "<" if header[5] == 1 else ">"
    if len(header) < layout.counts_at + 4:
        return None
    (phoff,) = struct.unpack_from(order + layout.phoff, header, layout.phoff_at)
    size, count = struct.unpack_from(order + "HH", header, layout.counts_at)
    if size < layout.entry or count > MAX_HEADERS:
        return None
    table = os.pread(fd, size * count, phoff)
    if len(table) < size * count:
        return None
    total = 0
    for at in range(0, size * count, size):
        (kind,) = struct.unpack_from(order + "I", table, at)
        (memsz,) = struct.unpack_from(order + layout.memsz, table, at + layout.memsz_at)
        total += memsz if kind == PT_LOAD else 0
    return total
