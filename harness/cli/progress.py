"""A progress bar for long grading runs, on stderr, and only where someone is watching.

Shown when the run has more than a few submissions and both stdout and stderr are terminals (a
run piped into a file or a CI log stays silent). It advances once per finished submission, the
same callback the journal uses, so it is right for local runs and resumed runs alike.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from harness.grading.run import OnResult
from harness.records.results import SubmissionResult
from harness.text import one_line

FEW = 4  # runs of this many submissions or fewer get no bar


def watched() -> bool:
    """Whether a person is watching: both output streams are terminals."""
    return sys.stdout.isatty() and sys.stderr.isatty()


@contextlib.contextmanager
def progress_bar(total: int, enabled: bool, color: bool | None = None) -> Iterator[OnResult]:
    """A callback to call with each finished submission (doing nothing when not shown)."""
    if not enabled or total <= FEW:
        yield _ignore
        return
    console = Console(stderr=True, no_color=color is False, force_terminal=color)
    columns = (
        TextColumn("grading"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=total)
        yield lambda result: bar.update(task, advance=1, description=one_line(result.name))


def _ignore(result: SubmissionResult) -> None:
    del result
