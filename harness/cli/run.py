"""The one place where the harness's errors become a line on stderr and an exit code.

Ctrl-C belongs to this process: while a command runs, SIGINT raises KeyboardInterrupt here
only. Worker processes forked meanwhile inherit a handler that ignores it (this process stops
them), so an interrupted run prints one line, never a traceback per worker. A KeyboardInterrupt
may carry that line's detail (what was kept, how to go on: harness/grading/resume.py).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

import typer

from harness import logs
from harness.errors import ExitCode, HarnessError
from harness.text import clean

INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def run(work: Callable[[], ExitCode], verbose: bool) -> None:
    """Run a command's work: its exit code, or one `error: ...` line for a harness error."""
    logs.setup(verbose)
    try:
        with _interrupts_here_only():
            code = work()
    except HarnessError as err:
        typer.echo(f"error: {clean(str(err))}", err=True)
        raise typer.Exit(err.exit_code) from None
    except KeyboardInterrupt as err:
        typer.echo(f"interrupted: {clean(str(err))}" if str(err) else "interrupted", err=True)
        raise typer.Exit(INTERRUPTED) from None
    raise typer.Exit(code)


@contextmanager
def _interrupts_here_only() -> Iterator[None]:
    here = os.getpid()

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if os.getpid() == here:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
