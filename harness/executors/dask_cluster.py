"""The Dask executor (`--executor dask --scheduler ADDRESS|FILE`): one task per submission on a
Dask cluster (the `distributed` scheduler, or Slurm/PBS through dask-jobqueue). Needs the
optional extra: pip install -e ".[dask]".

A task carries the submission's files (harness/executors/packing.py) and a reference to the plan,
sent once to every worker (it holds the expected answers, so only trusted processes see it:
the client, the scheduler and the workers, never a student's process). On the worker the plan is
moved to that machine (its interpreter, its isolation layers chosen by the same --isolation mode),
the files are written into a private folder, and the same supervisor as a local run grades them:
every student process is exec'd there under that machine's layers. What comes back is the same
result record a local run makes; results are yielded as they finish, so the caller's journal,
progress bar and summary behave as locally.

Dask reruns a task whose worker died on another worker; after `distributed.scheduler.
allowed-failures` deaths the submission gets `failed(...)`, an internal error (never the
student's). At most WINDOW tasks per worker thread are in flight, so the client never holds every
submission's files at once. A worker running a different harness (another version, edited code)
is refused: marks must not depend on where they were graded.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from harness.errors import BadInput, HarnessError
from harness.executors import place
from harness.executors.base import Failed, Result, Shared, Work
from harness.executors.code_version import harness_digest
from harness.executors.packing import Packed, TooLarge, pack, unpacked
from harness.sandbox.isolation import Isolation, Mode, choose
from harness.submissions import Submission

CONNECT_SECONDS = 20
WORKER_WAIT_SECONDS = 60
WINDOW = 2  # tasks in flight per worker thread


class Movable(Protocol):
    """Shared work settings that can be moved to the machine that runs them."""

    def moved_here(self, isolation: Isolation) -> Any: ...


M = TypeVar("M", bound=Movable)


class WrongHarness(BadInput):
    """A cluster worker runs other harness code than the client."""


def connect(scheduler: str) -> Any:
    """A distributed.Client for `scheduler`: an address (tcp://HOST:PORT) or a scheduler file.
    BadInput when the extra is missing, the scheduler cannot be reached or has no worker."""
    try:
        import distributed
    except ImportError:
        raise BadInput('--executor dask needs the dask extra: pip install -e ".[dask]"') from None
    is_file = "://" not in scheduler and Path(scheduler).is_file()
    try:
        if is_file:
            client = distributed.Client(scheduler_file=scheduler, timeout=CONNECT_SECONDS)
        else:
            client = distributed.Client(scheduler, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as err:
        raise BadInput.at(f"--scheduler {scheduler}", f"cannot reach it: {err}") from None
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
    except (OSError, TimeoutError) as err:
        client.close()
        raise BadInput.at(
            f"--scheduler {scheduler}", f"no worker joined in {WORKER_WAIT_SECONDS} s ({err})"
        ) from None
    return client


@dataclass(frozen=True)
class DaskExecutor:
    client: Any  # distributed.Client (typed loosely: the extra is optional)
    mode: Mode = Mode.AUTO
    in_flight: int | None = None  # None: WINDOW per worker thread

    @property
    def concurrent(self) -> bool:
        return self.in_flight != 1

    def alone(self) -> DaskExecutor:
        return replace(self, in_flight=1)

    def timed(self) -> DaskExecutor:
        return (
            self  # the work pins each timed run to a core of its own (harness/executors/cores.py)
        )

    def map(
        self,
        work: Work[Shared, Result],
        shared: Shared,
        submissions: Sequence[Submission],
        failed: Failed[Result],
    ) -> Iterator[Result]:
        if not submissions:
            return
        import distributed

        run = uuid.uuid4().hex[:8]
        [sent] = self.client.scatter([shared], broadcast=True, hash=False)
        queue = iter(enumerate(submissions))
        done = distributed.as_completed()
        outstanding: dict[str, tuple[Any, Submission]] = {}

        def submit_next() -> Iterator[Result]:
            """Send the next submission (yielding the failure of any that cannot be sent)."""
            for index, submission in queue:
                try:
                    packed = pack(submission)
                except (TooLarge, OSError) as err:
                    yield failed(submission, f"cannot send it to the cluster: {err}")
                    continue
                key = f"sudoku-harness-{run}-{index}"
                future = self._submit(work, sent, packed, key)
                outstanding[key] = (future, submission)
                done.add(future)
                return

        try:
            for _ in range(self._window()):
                yield from submit_next()
            for future in done:
                _, submission = outstanding.pop(future.key)
                yield self._result(future, submission, failed)
                yield from submit_next()
        finally:
            for future, _ in outstanding.values():
                future.cancel()
            sent.release()

    def describe(self) -> str:
        workers = self.client.nthreads()
        return (
            f"executor: Dask scheduler {self.client.scheduler.address}, {len(workers)} workers, "
            f"{sum(workers.values())} threads; each worker applies its own machine's isolation "
            f"layers ({self.mode.value})"
        )

    def _window(self) -> int:
        if self.in_flight is not None:
            return self.in_flight
        threads: int = sum(self.client.nthreads().values())
        return max(1, threads) * WINDOW

    def _submit(self, work: Work[Any, Any], sent: Any, packed: Packed, key: str) -> Any:
        return self.client.submit(
            on_worker, work, sent, packed, self.mode, harness_digest(), key=key, pure=False
        )

    @staticmethod
    def _result(future: Any, submission: Submission, failed: Failed[Result]) -> Result:
        """The task's result; a refusal raised on the worker stops the run, and anything else
        that went wrong on the cluster (a worker that kept dying, a cancelled task) is the
        submission's internal-error row."""
        try:
            return future.result()  # type: ignore[no-any-return]
        except HarnessError:
            raise  # strict isolation refused, another harness: stop, one line
        except Exception as error:
            if type(error).__name__ == "KilledWorker":
                return failed(submission, f"the cluster workers grading it kept dying ({error})")
            why = f"{type(error).__name__}: {error}"
            return failed(submission, f"the cluster failed to grade it: {why}")


def on_worker(work: Work[M, Result], shared: M, packed: Packed, mode: Mode, digest: str) -> Result:
    """Runs on a Dask worker: grade the sent submission there, under that machine's layers."""
    import distributed

    worker = distributed.get_worker().address
    if digest != harness_digest():
        raise WrongHarness(
            f"Dask worker {worker} runs other harness code ({harness_digest()}) than the client "
            f"({digest}): install the same version on every worker"
        )
    with unpacked(packed) as submission, place.at(worker):
        return work(shared.moved_here(_isolation(mode)), submission)


@functools.cache
def _isolation(mode: Mode) -> Isolation:
    return choose(mode)
