"""Work spread over processes: one item per task, results as they finish.

The workers are forked supervisors (trusted: student code only ever runs in the programs and
interpreters they exec). With one job, or one item, everything runs here, in order.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

Shared = TypeVar("Shared")
Item = TypeVar("Item")
Result = TypeVar("Result")

_adopted: tuple[Callable[[Any, Any], Any], Any] | None = None


def spread(
    work: Callable[[Shared, Item], Result], shared: Shared, items: Sequence[Item], jobs: int
) -> Iterator[Result]:
    """work(shared, item) for every item, `jobs` at a time, in the order they finish."""
    if jobs <= 1 or len(items) <= 1:
        yield from (work(shared, item) for item in items)
        return
    context = multiprocessing.get_context("fork")
    workers = min(jobs, len(items))
    with context.Pool(workers, initializer=_adopt, initargs=(work, shared)) as pool:
        yield from pool.imap_unordered(_run, items)


def _adopt(work: Callable[[Any, Any], Any], shared: Any) -> None:
    global _adopted
    _adopted = (work, shared)


def _run(item: Any) -> Any:
    if _adopted is None:
        raise RuntimeError("worker started without its work")
    work, shared = _adopted
    return work(shared, item)
