"""One timed run per core: claim a core of this machine, and pin the calling thread (and so every
process it starts) to it.

A timed league run measures CPU time, which two runs sharing a core disturb (caches, frequency),
so each timed run gets a core of its own. Claims are flock()ed files shared by every grading
process of this machine (forked pool workers, cluster worker processes, other runs), so several
cluster workers on one machine still time one program per core; a claim waits while every core
is taken. Linux applies sched_setaffinity(0, ...) to the calling thread only, and a process it
forks inherits the mask, so the student's program runs on the claimed core while the rest of the
grading process is untouched. The mask is restored when the block ends.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

POLL_SECONDS = 0.05


def claim_folder() -> Path:
    """Where the claims live: shared by every process of this user on this machine."""
    folder = Path(tempfile.gettempdir()) / f"sudoku-harness-cores-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


@contextlib.contextmanager
def pinned_core(folder: Path | None = None) -> Iterator[int]:
    """Claim a free core of those this process may use, pin this thread to it, yield it."""
    allowed = sorted(os.sched_getaffinity(0))
    with _claimed(folder or claim_folder(), allowed) as core:
        os.sched_setaffinity(0, {core})
        try:
            yield core
        finally:
            os.sched_setaffinity(0, allowed)


@contextlib.contextmanager
def _claimed(folder: Path, cores: list[int]) -> Iterator[int]:
    while True:
        for core in cores:
            handle = open(folder / f"core-{core}.lock", "a+")  # noqa: SIM115 - held while yielded
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            try:
                yield core
            finally:
                handle.close()  # releases the lock
            return
        time.sleep(POLL_SECONDS)
