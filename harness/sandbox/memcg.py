"""The memory controller of a student process's cgroup: its limit, and what the kernel measured.

A memory cgroup bounds the whole process tree together (RLIMIT_AS bounds each process alone, and
only its address space): anonymous memory, page cache, and memfd and tmpfs pages, which no
address space counts. Where it is in force it is the memory limit, and RLIMIT_AS only a backstop
above it (`address_space`), so that running out of memory ends in the kernel's OOM killer, which
the group counts: the harness measures MLE instead of taking a program's word for it.

Both hierarchies:
- cgroup v2: `memory.max`; `memory.swap.max` = 0 and `memory.oom.group` = 1 (the whole tree is
  killed at once) where the kernel has them; read back from `memory.events` (oom_kill) and
  `memory.peak` (Linux 5.19+);
- cgroup v1: `memory.limit_in_bytes`, and `memory.memsw.limit_in_bytes` to the same value (no
  swap) where swap accounting is on; read back from `memory.oom_control` (oom_kill, Linux 4.13+)
  and `memory.max_usage_in_bytes`.

Creating, joining and removing the group is cgroup.py's: this module knows only the files.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path

from harness.records.outcomes import MemoryUse
from harness.sandbox import cgroupfs

AS_HEADROOM = 2  # RLIMIT_AS, as a multiple of the memory limit, where the memory cgroup bounds it
LIMIT = {1: "memory.limit_in_bytes", 2: "memory.max"}  # per cgroup version
EXTRAS: dict[int, tuple[tuple[str, str | None], ...]] = {  # written where the kernel has them
    1: (("memory.memsw.limit_in_bytes", None),),  # memory + swap: the limit too (None), no swap
    2: (("memory.swap.max", "0"), ("memory.oom.group", "1")),
}
EVENTS = {1: "memory.oom_control", 2: "memory.events"}
PEAK = {1: "memory.max_usage_in_bytes", 2: "memory.peak"}


@dataclass(frozen=True)
class Reading:
    """What the kernel counted for one group so far."""

    peak: int | None  # bytes at most in use at once (None: this kernel keeps no peak)
    oom_kills: int  # processes the group's OOM killer has killed

    def use(self, limit: int, since: Reading | None = None) -> MemoryUse:
        """The measurement of a run under `limit` bytes (`since`: the reading it started at)."""
        before = since.oom_kills if since is not None else 0
        return MemoryUse(limit, self.peak, "cgroup", self.oom_kills > before)


def limit(group: Path, version: int, limit_bytes: int) -> None:
    """Bound the group's memory (and swap) to `limit_bytes`; raises OSError if the kernel
    refuses, or if the limit read back is not the one written."""
    if limit_bytes < 1:
        raise ValueError(f"a memory limit must be positive, not {limit_bytes}")
    main = group / LIMIT[version]
    cgroupfs.write(main, str(limit_bytes))
    taken = _number(main)
    if taken is None or abs(taken - limit_bytes) >= os.sysconf("SC_PAGE_SIZE"):
        raise OSError(errno.EIO, f"{main} holds {taken}, not the limit {limit_bytes} written to it")
    for name, value in EXTRAS[version]:
        if (group / name).exists():
            cgroupfs.write(group / name, str(limit_bytes) if value is None else value)


def read(group: Path, version: int) -> Reading:
    """The group's peak and OOM kills so far (0 and None where unreadable)."""
    return Reading(_number(group / PEAK[version]), _oom_kills(group / EVENTS[version]))


def address_space(limit: int, bounded: bool) -> int:
    """RLIMIT_AS (in the unit of `limit`) for a process whose memory limit is `limit`: the limit
    itself, or, where a memory cgroup bounds its tree (`bounded`), a backstop above it that
    refuses at once only requests far beyond the limit, so that real use meets the cgroup's
    limit, where it is measured."""
    return limit * AS_HEADROOM if bounded else limit


def _oom_kills(events: Path) -> int:
    """The `oom_kill N` line of memory.events (v2) or memory.oom_control (v1)."""
    for line in cgroupfs.read(events).splitlines():
        key, _, value = line.partition(" ")
        if key == "oom_kill" and value.strip().isdigit():
            return int(value)
    return 0


def _number(path: Path) -> int | None:
    text = cgroupfs.read(path).strip()
    return int(text) if text.isdigit() else None
