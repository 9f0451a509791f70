"""Which machine (and which cluster worker) is running the current piece of work.

League timings record it: times measured on different machines are not comparable, and the
standings say so. A cluster executor names its worker for the work it runs (`at`); otherwise it
is this machine's host name.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    machine: str  # host name
    worker: str = ""  # the cluster worker's address, when there is one


_current: ContextVar[Place | None] = ContextVar("place", default=None)


def here() -> Place:
    return _current.get() or Place(socket.gethostname())


@contextlib.contextmanager
def at(worker: str) -> Iterator[Place]:
    """Name the cluster worker running the work inside the block."""
    place = Place(socket.gethostname(), worker)
    token = _current.set(place)
    try:
        yield place
    finally:
        _current.reset(token)
