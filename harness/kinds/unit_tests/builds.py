"""Building a submission against the course's own unit tests (shape unit-tests): the commands of
config.yaml's `tests.build`, in order, in the working copy, each in the sandbox as a toolchain.

A command naming `{test}` runs once per teacher's test file: a file that does not build makes
only its own tests CE (a JUnit test class calling a method the submission lacks). Any other
command that fails makes every test CE; when it built the test files together (`{tests}`, as a
course's CMake builds one GoogleTest program from all of them), the feedback says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.kinds import programs
from harness.records.outcomes import LoadOutcome
from harness.sandbox.isolation import Grants, Isolation
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.quota import DiskWatch

LISTS = ("{sources}", "{tests}", "{selected}")  # each expands to several arguments
ONE_PROGRAM = (
    "the tests are built together into one program with the submission (as the course's own "
    "build does): a compile error anywhere blocks every test"
)


@dataclass(frozen=True)
class Values:
    """What the commands' `{name}`s expand to."""

    words: Mapping[str, str]  # one argument each: {test_dir}, {reports}, {harness}, variables
    lists: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # {sources}, {tests}, ...


def expand(template: Sequence[str], values: Values) -> list[str]:
    """An argument list with its `{name}`s filled; `{sources}`, `{tests}` and `{selected}`, as
    whole arguments, become several."""
    lists = {name.strip("{}"): values.lists.get(name.strip("{}"), ()) for name in LISTS}
    return programs.expand(template, values.words, lists)


@dataclass(frozen=True)
class Built:
    """How the build went: a failure of the whole (every test CE), and the teacher's test files
    that did not build against the submission, with the compiler's words."""

    failure: LoadOutcome | None = None
    broken: Mapping[Path, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Builder:
    workdir: Path
    isolation: Isolation
    grants: Grants
    limits: ProgramLimits
    disk: DiskWatch

    def build(
        self, commands: Sequence[Sequence[str]], values: Values, tests: Sequence[Path]
    ) -> Built:
        broken: dict[Path, str] = {}
        for command in commands:
            if "{test}" in command:
                for test in tests:
                    words = {**values.words, "test": str(test)}
                    try:
                        problem = self._step(expand(command, Values(words, values.lists)))
                    except OSError as err:
                        return Built(
                            LoadOutcome("internal", message=f"cannot run {command[0]}: {err}")
                        )
                    if problem:
                        broken[test] = problem
                continue
            argv = expand(command, values)
            try:
                problem = self._step(argv)
            except OSError as err:  # the toolchain is not there: the harness's side
                return Built(LoadOutcome("internal", message=f"cannot run {argv[0]}: {err}"))
            if problem:
                together = "{tests}" in command and len(tests) > 0
                message = f"{problem} ({ONE_PROGRAM})" if together else problem
                return Built(LoadOutcome("build", message=message), broken)
        return Built(None, broken)

    def _step(self, argv: list[str]) -> str:
        """Why one build command failed ("" when it did not); OSError when it cannot start."""
        run = run_program(
            argv,
            self.workdir,
            b"",
            self.limits,
            self.isolation,
            "toolchain",
            self.disk,
            self.grants,
        )
        return self._failure(argv, run)

    def _failure(self, argv: list[str], run: ProgramRun) -> str:
        if run.disk.over:
            return f"the build {run.disk.note}"
        if run.timed_out:
            return f"{Path(argv[0]).name} took more than {self.limits.cpu:g} s"
        if run.ok:
            return ""
        text = (run.stderr + run.stdout).decode("utf-8", "replace")
        for folder in (self.workdir, *self.grants.read):
            text = text.replace(f"{folder}/", "")
        text = text.strip()
        return programs.shown(text) or f"{Path(argv[0]).name} {run.ending.text}"
