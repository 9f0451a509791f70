"""A function a student's files lack: the C stand-ins the harness links in its place, and the
line by which a driver says one is missing.

With `stand_ins: c`, the build gets one more C file: for each function the items call, a weak
definition that writes `missing: NAME` on stderr and exits with MISSING_STATUS. A function the
student's files define (a strong definition) replaces its stand-in when they are linked, so a
build goes through whatever the student lacks, and only the calls of a missing function end
that way: its items are CE, the others run. C does not check a function's type across files,
so a stand-in needs no prototype. A driver that finds a function missing by itself (a Java
runner calling by reflection) says so the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MISSING_STATUS = 86  # the exit status of a run that called a missing function
FILE = "sudoku-harness-stand-ins.c"
MISSING = re.compile(rb"^missing: ([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

HEADER = f"""\
/* Written by sudoku-harness: a weak stand-in for each function the driver calls. A function
   the student's files define replaces its stand-in when they are linked together. */
#include <stdio.h>
#include <stdlib.h>
#define STAND_IN(name) \\
    void name(void) __attribute__((weak)); \\
    void name(void) {{ \\
        fputs("missing: " #name "\\n", stderr); fflush(stderr); _Exit({MISSING_STATUS}); }}
"""


def c_source(functions: Iterable[str]) -> bytes:
    """The C file of stand-ins for `functions` (identifiers, each once)."""
    lines = [f"STAND_IN({name})" for name in dict.fromkeys(functions)]
    return (HEADER + "\n".join(lines) + "\n").encode()


def missing_function(exit_code: int | None, stderr: bytes) -> str | None:
    """The function a run said is missing: it exited with MISSING_STATUS, its stderr's last
    `missing:` line naming it; None for any other ending."""
    if exit_code != MISSING_STATUS:
        return None
    found = MISSING.findall(stderr)
    return found[-1].decode() if found else None
