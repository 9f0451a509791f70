"""The one place where the harness's errors become a line on stderr and an exit code."""

from __future__ import annotations

from collections.abc import Callable

import typer

from harness import logs
from harness.errors import ExitCode, HarnessError


def run(work: Callable[[], ExitCode], verbose: bool) -> None:
    """Run a command's work: its exit code, or one `error: ...` line for a harness error."""
    logs.setup(verbose)
    try:
        code = work()
    except HarnessError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(err.exit_code) from None
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(130) from None
    raise typer.Exit(code)
