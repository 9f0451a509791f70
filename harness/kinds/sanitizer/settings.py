"""The sanitizer build's settings: its flags, the sanitizers' options, a rerun's limits, and what
a shape's sanitizer build offers the step (the SanitizerBuild Protocol).

The build is the course's own command with `-fsanitize=address,undefined -fno-omit-frame-pointer
-g1` added at its end (so they win over a `-g0` of the course's; the optimisation level and every
other flag stay the course's), for a command of gcc's or g++'s alone: other compilers and
interpreted languages are never built again.

A rerun of a case is bounded by what that case took: at least RERUN_CPU seconds of CPU and
SLOWER times its own (the sanitizers make a program a few times slower), never more than SLOWER
times its limit; its memory is its limit and SHADOW_MB more, for the sanitizers' own, with no
RLIMIT_AS (the shadow's terabytes of address space: harness/sandbox/program.py, `shadow`).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from harness.kinds.base import RunContext
from harness.records.probes import Probe
from harness.sandbox.program import ProgramLimits
from harness.submissions import Submission

FLAGS = ("-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g1")  # -g1: line tables,
# all a report needs (the sanitizers keep their own names of variables): a C++ build with them
# takes about two thirds of the CPU time it takes with -g
GCC = re.compile(r"(?:[\w.+-]*-)?(?:gcc|g\+\+|cc|c\+\+)(?:-[\d.]+)?")  # gcc, g++-12, x86_64-...-gcc
OPTIMISATION = re.compile(r"-O[0-3sgz]?|-Ofast")
ASAN_OPTIONS = ":".join(
    (
        "detect_leaks=0",  # a leak changes no answer; LeakSanitizer would need ptrace
        "halt_on_error=1",
        "abort_on_error=0",
        "disable_coredump=1",
        "detect_stack_use_after_return=0",
        "quarantine_size_mb=16",  # freed memory kept poisoned (256 by default)
        "malloc_context_size=4",
        "allocator_may_return_null=1",
        "print_summary=0",
        "color=never",
    )
)
UBSAN_OPTIONS = "print_stacktrace=1:halt_on_error=0:print_summary=0:color=never"
ENVIRONMENT = {"ASAN_OPTIONS": ASAN_OPTIONS, "UBSAN_OPTIONS": UBSAN_OPTIONS}
RERUN_CPU = 1.0  # CPU seconds a rerun gets at least
SLOWER = 3.0  # a rerun's CPU: this many times the case's own time, and at most its limit's
SHADOW_MB = 256  # memory for the sanitizers' own, beyond the case's limit
REPORT_BYTES = 1 << 20  # output a rerun may print beyond the case's limit (the report is on it)
SOURCE_BYTES = 1 << 20  # of each of the student's files, read to quote from


def sanitizable(build: Sequence[str]) -> bool:
    """Whether a build command is gcc's or g++'s, which the sanitizer build can be made with."""
    return bool(build) and GCC.fullmatch(Path(build[0]).name) is not None


def optimisation(build: Sequence[str]) -> str:
    """The course's optimisation flag (`-O2`), the last one given; "" when it gives none."""
    given = [word for word in build if OPTIMISATION.fullmatch(word)]
    return given[-1] if given else ""


def rerun_limits(limits: ProgramLimits, seconds: float) -> ProgramLimits:
    """A rerun's limits, from the case's (`limits`) and the CPU seconds it took."""
    cpu = min(max(RERUN_CPU, SLOWER * seconds), SLOWER * max(limits.cpu, RERUN_CPU))
    return replace(
        limits,
        cpu=cpu,
        wall=2 * cpu + 1,
        memory_mb=limits.memory_mb + SHADOW_MB,
        output_bytes=limits.output_bytes + REPORT_BYTES,
        address_space_mb=None,
        shadow=True,
    )


def read_sources(folder: Path, files: Sequence[Path]) -> dict[str, str]:
    """The student's files in `folder` (relative path -> text, cut at SOURCE_BYTES): regular
    files only, never through a link."""
    sources = {}
    for file in files:
        try:
            fd = os.open(folder / file, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            continue
        with os.fdopen(fd, "rb") as opened:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                sources[file.as_posix()] = opened.read(SOURCE_BYTES).decode("utf-8", "replace")
    return sources


@dataclass(frozen=True)
class Rerun:
    """A case run again on the sanitizer build: what its program printed on stderr (the working
    copies' paths stripped), and how it ended, for the log."""

    stderr: bytes
    ending: str


class SanitizerBuild(Protocol):
    """A submission built again with the sanitizers, by its shape, open while its cases run."""

    @property
    def failure(self) -> str:
        """Why it was not built ("" when it was): for the log."""
        ...

    @property
    def sources(self) -> Mapping[str, str]:
        """The student's files it built: relative path -> text."""
        ...

    @property
    def optimisation(self) -> str:
        """The course's optimisation flag of the normal build (`-O2`)."""
        ...

    def rerun(self, probe: Probe, limits: ProgramLimits) -> Rerun | None:
        """`probe` run again under `limits` (None: this build has no program for it)."""
        ...


class Sanitizing(Protocol):
    """A compiled shape's sanitizer build, made for the context's probes (the cases to run
    again), open while the block runs."""

    def __call__(
        self, submission: Submission, context: RunContext
    ) -> AbstractContextManager[SanitizerBuild]: ...
