"""Executors: where submissions are graded. A Protocol (base.py) and a registry.

    local   forked worker processes on this machine, --jobs at a time (the default)
    dask    one task per submission on a Dask cluster (--scheduler ADDRESS|FILE; the dask extra)

`opened` is the one place an executor is made from the command line's choices, and closed.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager as ContextManager
from dataclasses import dataclass

from harness.errors import BadInput
from harness.executors.base import Executor
from harness.executors.local import LocalExecutor
from harness.sandbox.isolation import Mode


class Kind(str, enum.Enum):
    LOCAL = "local"
    DASK = "dask"


@dataclass(frozen=True)
class Choice:
    kind: Kind = Kind.LOCAL
    jobs: int = 1
    scheduler: str | None = None
    mode: Mode = Mode.AUTO


@contextlib.contextmanager
def _local(choice: Choice) -> Iterator[Executor]:
    if choice.scheduler is not None:
        raise BadInput("--scheduler: only with --executor dask")
    yield LocalExecutor(choice.jobs)


@contextlib.contextmanager
def _dask(choice: Choice) -> Iterator[Executor]:
    from harness.executors.dask_cluster import DaskExecutor, connect

    if choice.scheduler is None:
        raise BadInput("--executor dask: give the cluster with --scheduler tcp://HOST:PORT or FILE")
    client = connect(choice.scheduler)
    try:
        yield DaskExecutor(client, choice.mode)
    finally:
        client.close()


EXECUTORS: dict[Kind, Callable[[Choice], ContextManager[Executor]]] = {
    Kind.LOCAL: _local,
    Kind.DASK: _dask,
}


def opened(choice: Choice) -> ContextManager[Executor]:
    """The chosen executor, open for the length of a `with` block."""
    return EXECUTORS[choice.kind](choice)


__all__ = ["EXECUTORS", "Choice", "Executor", "Kind", "LocalExecutor", "opened"]
