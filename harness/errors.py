"""The one error family of the harness and the exit codes the CLI maps it to.

A student's failure is never one of these: it is data (a verdict). These are for bad input
given to the harness (a config, a suite, a path) and for the harness's own faults.
"""

from __future__ import annotations

import enum


class ExitCode(enum.IntEnum):
    OK = 0
    FAILED = 1  # the run worked but the result is a failure (e.g. `check` found a mismatch)
    BAD_INPUT = 2  # the teacher's input is wrong: a path, the config, a suite
    INTERNAL = 3  # the harness failed on some submission (IE): grade it again
    NONE_GRADED = 4  # `grade`: not one submission could be graded (every row an error, or none)
    SOME_ERRORS = 5  # `grade`: some rows are errors (not graded) or forged (for review); the rest
    # were graded


class HarnessError(Exception):
    """Base of every error the CLI reports as one line; carries its exit code."""

    exit_code = ExitCode.INTERNAL

    def __str__(self) -> str:
        return one_line(super().__str__())


class BadInput(HarnessError):
    """Something the teacher handed us is wrong; the message says what and where."""

    exit_code = ExitCode.BAD_INPUT

    @classmethod
    def at(cls, where: str, message: str) -> BadInput:
        return cls(f"{where}: {message}")


class InternalError(HarnessError):
    """The harness itself failed (never the student's fault)."""

    exit_code = ExitCode.INTERNAL


def one_line(text: str) -> str:
    """`text` with line breaks and other unprintable characters escaped (`\\n`, `\\x00`): a
    message quotes what the teacher wrote (a key, a CSV header), and must stay one line."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
