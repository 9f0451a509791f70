"""What every unit-test runner provides (harness/kinds/unit_tests/frameworks/__init__.py registers
them).

A test is named the same way everywhere: `Suite.name` (GoogleTest's `TEST(Suite, name)`, a JUnit
class's simple name and its method), in config.yaml's globs, in the feedback and when its
testcase is read back from the report.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # canaries.py names tests as Listed
    from harness.kinds.unit_tests.frameworks.canaries import Namer, Planted

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)  # C, C++ and Java comments


@dataclass(frozen=True)
class Listed:
    """One test of the teacher's files: its name, how its runner selects it, its file."""

    name: str  # "sudoku.challenge_row_empty": config.yaml's globs and the feedback use it
    selector: str  # what the runner's selection takes ("edu.ics211.h09.SolveTest#restores")
    file: Path


@dataclass(frozen=True)
class Toolchain:
    """What the course's files are built with: the language's commands, where a build finds
    them (javac), and the archives it reads besides (the jars the language requires)."""

    tools: tuple[Path, ...] = ()
    archives: tuple[Path, ...] = ()


@dataclass(frozen=True)
class Handover:
    """What a run is told beyond its command: its stdin, and variables added to its cleared
    environment; and whether the code under test runs `apart`: in the student's interpreter of
    its own beside the runner (harness/sandbox/beside.py), never in the runner's process, the
    runner told of their channel on one more line of its stdin."""

    stdin: bytes = b""
    environment: dict[str, str] = field(default_factory=dict)
    apart: bool = False


@dataclass(frozen=True)
class Course:
    """What a submission is built with, as its refusals read it: the teacher's files (the
    stage's test files and the given ones) and the handout's (the starter's), each by its name,
    with its text, and the toolchain they are built with (the platform no file of the
    submission's may stand in for)."""

    theirs: Mapping[str, str]
    handout: Mapping[str, str] = field(default_factory=dict)
    toolchain: Toolchain = Toolchain()

    @property
    def names(self) -> frozenset[str]:
        """The names of the teacher's files."""
        return frozenset(self.theirs)


@dataclass(frozen=True)
class Refusal:
    """A file of the submission that may not be built with the tests: its path in the working
    copy, why (the end of a sentence about it), and its line where one is to blame (0: none)."""

    file: str
    why: str
    line: int = 0

    def __str__(self) -> str:
        at = f" (line {self.line})" if self.line else ""
        return f"{self.file}{at} {self.why}"


class Framework(Protocol):
    @property
    def includes(self) -> tuple[str, ...]:
        """Name patterns of the submission's files its build may read besides its language's
        sources (C and C++ headers); every other file is removed before the build."""
        ...

    @property
    def completed(self) -> frozenset[int]:
        """The exit statuses of a run that went to its end (its tests passed, or some failed)."""
        ...

    @property
    def packages(self) -> tuple[str, ...]:
        """Python packages of the harness's installation its runner imports (pytest's), copied
        for each stage beside the teacher's files (`{packages}`); () for a runner of its own."""
        ...

    def listed(self, path: Path, text: str) -> tuple[Listed, ...]:
        """The tests one of the teacher's files defines, in order (its text, comments and all)."""
        ...

    def selection(self, tests: Sequence[Listed]) -> tuple[str, ...]:
        """The runner's arguments that run exactly `tests`."""
        ...

    def name(self, classname: str, testcase: str) -> str:
        """A report's testcase (its classname and name attributes) as the test's name."""
        ...

    def handover(self, report: Path) -> Handover:
        """What a run writing its report to `report` is told (beyond its command)."""
        ...

    def unfinished(self, report: Path) -> str:
        """Why a run that wrote `report`'s folder did not reach its end, by what it left there;
        "" when nothing says so."""
        ...

    def refused(self, files: Mapping[str, str], course: Course) -> Refusal | None:
        """The first of the submission's files (`files`: its path in the working copy, its text;
        its copies of the teacher's files already removed) that may not be built with the
        tests, and why; None when every one may. A file is refused for what would let code under
        test reach the runner or its report, stand in for one of the teacher's files, or change
        what the teacher's tests say."""
        ...

    def raised(self, message: str) -> str:
        """The exception a failure's message says the test raised (rather than an assertion
        that failed); "" when it says none. A test that raised is a run-time error."""
        ...

    def plant(self, path: Path, text: str, namer: Namer) -> Planted:
        """One of the teacher's test files (`path`, its `text`) with the harness's canaries
        added in the file's own shape, named by `namer`
        (harness/kinds/unit_tests/frameworks/canaries.py); the text alone when it holds no test."""
        ...


def uncommented(text: str) -> str:
    """The text without its comments (a test commented out is not a test)."""
    return COMMENT.sub(" ", text)
