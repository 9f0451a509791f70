"""Raw outcomes: what happened when the harness ran something, before anyone judged it.

A judge turns these into verdicts; nothing here knows what the right answer was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

OUTPUT_CHARS = 2000  # captured output kept per call, for feedback
NEAR_LIMIT = 0.5  # of the memory limit: see MemoryUse.exceeded
MIB = 1 << 20
# problemtools' high limit: a case may run to this multiple of its CPU limit before it is
# stopped, so that a time-out says whether it was close (harness/kinds/streaks.py); a case
# within this factor of its limit, either side, is time-sensitive ("close" in the report)
HIGH_LIMIT = 2.0

CallKind = Literal[
    "returned",  # the function returned; `value` holds what it returned
    "raised",  # the worker caught an exception in student code; `error_type`, `message`, `line`
    "timeout",  # the supervisor stopped it on the clock
    "crashed",  # the process ended during the call (`exit_code` or `signal`); for a program,
    # `error_type`, `line` and `message` say what its stderr says it died of (evidence, not fact)
    "output_limit",  # it printed more than the cap
    "reply_limit",  # its return value encoded to more than the cap
    "disk_limit",  # its working copy went over its watched cap (it was killed, its writes undone)
    "unencodable",  # its return value could not be carried (too deep, too many values)
    "protocol",  # the reply channel carried something that is not a reply
    "not_loaded",  # the module is not loaded (or the function is missing)
    "skipped",  # not run: too many time-outs before it in the same item
    "over_budget",  # not run, or stopped: the submission's wall-clock budget ran out
    "forged",  # run, but the report of its run is forged: its canaries did not come out as they
    # must (harness/kinds/unit_tests/frameworks/canaries.py), so nothing the run reported counts
    "internal",  # the harness failed
]
LoadKind = Literal["loaded", "syntax", "import", "build", "timeout", "crashed", "internal"]


# A deviation from the handout's interface that the harness read through rather than let it
# zero working logic: blanks stored as 0 or "" on a board, solve() called with its handout
# defaults, a class imported into the entry module from a sibling file, a file written for
# Python 2 run under the Python 2 reading (config.yaml's `readings`).
AdaptationKind = Literal["blanks", "defaults", "sibling-module", "python2"]
SourceReading = Literal["python2"]  # how a file that does not run as Python 3 may be read


@dataclass(frozen=True)
class Adapted:
    kind: AdaptationKind  # the kind of deviation (each costs the item once)
    text: str  # what was read through, for the feedback: "blanks stored as 0 read as empty"


MemorySource = Literal[
    "cgroup",  # the memory cgroup: the whole process tree, memfd and tmpfs pages too
    "rusage",  # the kernel's max RSS of the process (no memory cgroup here: RLIMIT_AS bounds it)
]


@dataclass(frozen=True)
class MemoryUse:
    """The harness's own measurement of the memory a run used: never what the program said."""

    limit: int  # bytes: the run's memory limit
    peak: int | None = None  # bytes at most in use at once (None: not measured)
    source: MemorySource = "rusage"
    oom_killed: bool = False  # the memory cgroup's OOM killer fired in the run's group
    image: int = 0  # bytes the program's image maps before it starts: code and static arrays

    def exceeded(self, failed: bool) -> bool:
        """Whether the run went over its limit: the OOM killer fired, or its image alone is
        larger, or, measured by max RSS only (RLIMIT_AS is then the limit, and it refuses an
        allocation while far less than the address space is touched), a run that `failed`
        touched at least NEAR_LIMIT of it."""
        if self.oom_killed or self.image > self.limit:
            return True
        peak = self.peak or 0
        return failed and self.source == "rusage" and peak >= NEAR_LIMIT * self.limit

    @property
    def detail(self) -> str:
        """Why it is over, for the verdict's detail."""
        limit = f"the {self.limit // MIB} MiB memory limit"
        if self.image > self.limit:
            image = f"{self.image // MIB} MiB"
            return f"its image alone needs {image} (code and static arrays), over {limit}"
        if self.oom_killed:
            return (
                f"the memory cgroup's OOM killer ended it: its processes together reached {limit}"
            )
        return f"it failed after using {(self.peak or 0) // MIB} MiB of {limit}"


@dataclass(frozen=True)
class CallOutcome:
    kind: CallKind
    value: Any = None
    args_after: tuple[Any, ...] = ()
    same: tuple[tuple[str, int], ...] = ()  # returned objects that are argument objects
    error_type: str = ""
    message: str = ""
    line: int | None = None
    exit_code: int | None = None
    signal: str = ""
    output: str = ""
    seconds: float = 0.0  # wall-clock seconds of the call
    cpu_seconds: float | None = None  # CPU seconds, from the kernel's accounting
    adapted: tuple[Adapted, ...] = ()  # interface deviations read through to make the call
    memory: MemoryUse | None = None  # what the harness measured (None: nothing)
    # Run to the high limit (HIGH_LIMIT times its CPU limit, harness/kinds/streaks.py):
    # a time-out's CPU time then says how far past the limit it went.
    high: bool = False

    @property
    def ran(self) -> bool:
        """Whether the call was started: not skipped, not refused for want of its function or
        of the harness, not left out once the wall-clock budget was spent."""
        if self.kind in ("skipped", "not_loaded", "internal"):
            return False
        return self.kind != "over_budget" or self.cpu_seconds is not None

    def at_high_limit(self) -> CallOutcome:
        return replace(self, high=True)

    def over_time(self, cpu_limit: float) -> bool:
        """Stopped on the clock, or used more CPU than `cpu_limit` (kernel accounting). A call
        whose working copy went over its cap is told that first: what it wrote was undone."""
        if self.kind == "disk_limit":
            return False
        over = self.cpu_seconds is not None and self.cpu_seconds > cpu_limit
        return self.kind == "timeout" or over or self.signal == "SIGXCPU"

    def over_memory(self) -> bool:
        """Over its memory limit by the harness's measurement (never by what it printed)."""
        return self.memory is not None and self.memory.exceeded(self.kind == "crashed")


@dataclass(frozen=True)
class Skipped:
    """A top-level statement that raised while a failed import was salvaged."""

    error_type: str
    message: str
    line: int | None  # where it was raised, deepest in the student's file
    statement: int  # the top-level statement's first line


@dataclass(frozen=True)
class SourceLine:
    """The line of the student's source a load failure points at, as the file has it (a syntax
    error's line, or the line an import-time exception was raised from)."""

    number: int  # 1-based
    text: str  # the line as written, without its line end (cut to SOURCE_CHARS)
    column: int = 0  # 1-based column a syntax error was found at; 0: not known
    file: str = ""  # the file's name, when it is not the entry file (a sibling module)


SOURCE_CHARS = 300  # characters of a source line kept


@dataclass(frozen=True)
class LoadOutcome:
    kind: LoadKind
    names: frozenset[str] = frozenset()  # callables defined by the module
    error_type: str = ""
    message: str = ""
    line: int | None = None
    members: Mapping[str, frozenset[str]] = field(default_factory=dict)  # class -> its names
    skipped: tuple[Skipped, ...] = ()  # salvaged: the statements that raised (first: the import's)
    imported: Mapping[str, str] = field(default_factory=dict)  # class -> sibling file it is from
    source: SourceLine | None = None  # the line a failure points at, when the child could read it
    reading: str = ""  # why it was read as Python 2 ("it does not compile as Python 3 (...)")

    @property
    def loaded(self) -> bool:
        return self.kind == "loaded"
