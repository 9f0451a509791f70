"""The local executor (`--executor local`, the default): forked worker processes on this machine
(harness/executors/pool.py), `jobs` at a time."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from harness.executors.base import Failed, Result, Shared, Work
from harness.executors.pool import spread
from harness.submissions import Submission


@dataclass(frozen=True)
class LocalExecutor:
    jobs: int = 1

    @property
    def concurrent(self) -> bool:
        return self.jobs > 1

    def map(
        self,
        work: Work[Shared, Result],
        shared: Shared,
        submissions: Sequence[Submission],
        failed: Failed[Result],
    ) -> Iterator[Result]:
        return spread(work, shared, submissions, self.jobs)

    def alone(self) -> LocalExecutor:
        return LocalExecutor(1)

    def timed(self) -> LocalExecutor:
        return LocalExecutor(min(self.jobs, os.cpu_count() or 1))

    def describe(self) -> str:
        return ""
