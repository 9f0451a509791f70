"""Where submissions are graded: a Protocol every executor implements (harness/executors/).

An executor runs `work(shared, submission)` for each submission and yields the results as they
finish, in any order. `work` is a trusted supervisor (grading.grade_one, league's timing): it
starts the student's processes itself, wherever it runs, with that machine's isolation layers.
`failed(submission, why)` makes the result for a submission the executor itself could not get
graded (a cluster worker that kept dying): a harness failure, never the student's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar

from harness.submissions import Submission

Shared = TypeVar("Shared")
Result = TypeVar("Result")
Work = Callable[[Shared, Submission], Result]
Failed = Callable[[Submission, str], Result]


class Executor(Protocol):
    @property
    def concurrent(self) -> bool:
        """True when submissions may be graded at the same time (then a case stopped on the
        wall clock is graded again `alone`)."""
        ...

    def map(
        self,
        work: Work[Shared, Result],
        shared: Shared,
        submissions: Sequence[Submission],
        failed: Failed[Result],
    ) -> Iterator[Result]:
        """work(shared, submission) for each submission, yielded as each finishes."""
        ...

    def alone(self) -> Executor:
        """The same executor grading one submission at a time, with nothing else of ours
        running beside it."""
        ...

    def timed(self) -> Executor:
        """The same executor for timed runs (leagues): at most one per core."""
        ...

    def describe(self) -> str:
        """One line saying where grading happens ("" for this machine's worker processes)."""
        ...
