"""The console script's entry point: on a system the harness cannot run on, one line that says
so, before anything that needs a POSIX system is imported (on Windows, `resource` and `fcntl`
are not there, and the error would be a traceback)."""

from __future__ import annotations

import sys

from harness.errors import ExitCode

WINDOWS = (
    "error: sudoku-harness runs student code only on a POSIX system, and isolates it only on "
    "Linux: on Windows, run it in WSL 2 (a Linux), where every layer its kernel allows holds "
    "(see `sudoku-harness doctor` there)"
)


def main() -> None:
    if sys.platform == "win32":
        print(WINDOWS, file=sys.stderr)
        raise SystemExit(ExitCode.BAD_INPUT)
    from harness.cli.app import main as run

    run()
