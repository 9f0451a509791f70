"""A progress bar for long grading runs, on stderr, and only where someone is watching.

Shown when the run has more than a few submissions and both stdout and stderr are terminals (a
run piped into a file or a CI log stays silent). It advances once per finished submission, the
same callback the journal uses, so it is right for local runs and resumed runs alike: a resumed
run's bar starts at the count its journal holds.

The time left is the mean time per submission this run has graded (the time since it started
over their count) times the number left, so one slow submission moves it for the rest of the
run. (Rich's own estimate averages the last 30 seconds only, and forgets a slow one.)
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from harness.grading.run import OnResult
from harness.records.results import SubmissionResult
from harness.text import one_line

FEW = 4  # runs of this many submissions or fewer get no bar


def watched() -> bool:
    """Whether a person is watching: both output streams are terminals."""
    return sys.stdout.isatty() and sys.stderr.isatty()


@contextlib.contextmanager
def progress_bar(
    total: int, enabled: bool, color: bool | None = None, done: int = 0
) -> Iterator[OnResult]:
    """A callback to call with each finished submission (doing nothing when not shown); `done`
    of the `total` were graded before (a resumed run's journal)."""
    if not enabled or total <= FEW:
        yield _ignore
        return
    console = Console(stderr=True, no_color=color is False, force_terminal=color)
    with new_bar(console) as bar:
        task = add_task(bar, total, done)
        yield lambda result: bar.update(task, advance=1, description=one_line(result.name))


def new_bar(console: Console, get_time: Callable[[], float] | None = None) -> Progress:
    """The bar's columns on `console` (`get_time`: its clock, by default rich's)."""
    columns = (
        TextColumn("grading"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeLeftColumn(),
        TextColumn("{task.description}"),
    )
    return Progress(*columns, console=console, transient=True, get_time=get_time)


def add_task(bar: Progress, total: int, done: int) -> TaskID:
    """The run's task: `total` submissions, `done` of them already graded."""
    return bar.add_task("", total=total, completed=done, resumed=done)


class TimeLeftColumn(ProgressColumn):
    """The time left, from the mean time per submission graded in this run (see `remaining`)."""

    def render(self, task: Task) -> Text:
        finished = task.completed - task.fields.get("resumed", 0)  # what this run graded
        left = remaining(task.elapsed, finished, task.remaining)
        return Text("-:--:--" if left is None else _clock(left), style="progress.remaining")


def remaining(elapsed: float | None, finished: float, left: float | None) -> float | None:
    """Seconds left: `elapsed` over the `finished` count times the `left` count; None before
    the first has finished."""
    if elapsed is None or left is None or finished <= 0:
        return None
    return elapsed / finished * left


def _clock(seconds: float) -> str:
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours:d}:{minute:02d}:{second:02d}"


def _ignore(result: SubmissionResult) -> None:
    del result
