"""A submission built with the teacher's driver: once per submission, in the sandbox.

The student's files are copied into a private working copy (capped); the course's given files
are laid beside them, over the student's own copies (given.py); the driver's files go in a
folder of their own beside them (settings.FOLDER), with the C stand-ins where config.yaml asks
for them (stand_ins.py) and the given files; then the language's build command compiles them
all, driver first, as a toolchain under the build's own limits (harness/sandbox/program.py). What
it built is kept while the submission is graded: each run of the driver is made in a fresh copy
of it.

A build that fails is the submission's, never the harness's. When the student handed in several
files, each is then built alone with the driver (in a copy of its own), and the build is made
again without those that do not compile: their functions are missing, so the items that call
them are CE (saying which file did not compile, and its first error) and the rest still run. A
build that fails with every file (the usual single file that does not compile) fails the
submission: CE for every item, the compiler's output the reason. A student's own main() beside
the functions (kept for their own tests) is no failure: GNU ld's "multiple definition of main"
makes the build again with the first main, the driver's, linked, and the feedback says so.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.config import DriverConfig, LanguageConfig
from harness.kinds import programs
from harness.kinds.base import RunContext
from harness.kinds.driven import given, settings, stand_ins
from harness.kinds.programs import Commands, Program
from harness.records.outcomes import LoadOutcome
from harness.sandbox import quota
from harness.sandbox.image import image_bytes
from harness.sandbox.program import ProgramRun, run_program
from harness.sandbox.workdir import CopyRefused, private_copy, remove_tree
from harness.submissions import Submission, SubmissionProblem

OWN_MAIN = re.compile(r"multiple definition of [`\u2018]main['\u2019]")  # GNU ld's words
LINK_ANYWAY = "-Wl,--allow-multiple-definition"  # the first main linked wins: the driver's
OWN_MAIN_NOTE = (
    "your own main() was left out: the driver's main calls your functions (it is fine to keep "
    "one for your own tests, but it is not run)"
)


@dataclass(frozen=True)
class Built:
    """What a build came to: the built working copy, the command that runs the driver in a copy
    of it, and what failed."""

    folder: Path
    run: tuple[str, ...]
    failure: LoadOutcome | None = None  # the whole build failed: why
    left_out: tuple[tuple[str, str], ...] = ()  # the student's files that did not compile: why
    image: int = 0  # bytes its executable maps before it runs (0: unknown, or not an ELF file)
    compilations: int = 1  # times the compiler ran (more than one only when a build failed)
    notes: tuple[str, ...] = ()  # what the build did that the student should know
    files: tuple[Path, ...] = ()  # the student's files it built, relative to `folder`
    command: tuple[str, ...] = ()  # the build command (empty: nothing was built)


@dataclass(frozen=True)
class _Attempt:
    folder: Path
    files: tuple[Path, ...]  # the student's files it built
    commands: Commands
    run: ProgramRun | None  # None: nothing to build (an interpreted language)
    failure: LoadOutcome | None
    own_main: bool = False  # linked with the student's main() left out


def build(
    submission: Submission,
    context: RunContext,
    keep: contextlib.ExitStack,
    extra: tuple[str, ...] = (),
) -> Built:
    """Build `submission` with the driver, its working copies kept open on `keep`, with `extra`
    flags at the end of the build command (the sanitizer build's). Raises SubmissionProblem when
    it cannot be built at all (no source file, a copy refused)."""
    attempt = functools.partial(_attempt, submission, context, extra=extra)
    try:
        first = attempt(None, keep)
        if first.failure is not None and OWN_MAIN.search(first.failure.message):
            first = attempt(None, keep, own_main=True)
        failure = first.failure
        if failure is None or failure.kind == "internal" or len(first.files) < 2:
            return _built(first)
        return _without_failing(attempt, first, keep)
    except CopyRefused as err:
        raise SubmissionProblem(f"cannot copy the submission: {err}") from None


def _without_failing(
    attempt: Callable[..., _Attempt], first: _Attempt, keep: contextlib.ExitStack
) -> Built:
    """Each file built alone with the driver, then the build again without those that fail."""
    failing: list[tuple[str, str]] = []
    for file in first.files:
        with contextlib.ExitStack() as trial:
            failure = attempt((file,), trial).failure
        if failure is not None:
            failing.append((str(file), _first_error(failure.message)))
    left_out = {name for name, _ in failing}
    rest = tuple(file for file in first.files if str(file) not in left_out)
    if not rest or not failing:  # every file fails, or each builds alone but not together
        return _built(first, compilations=1 + len(first.files))
    again = attempt(rest, keep)
    return _built(again, tuple(failing), 2 + len(first.files))


def _settings(context: RunContext) -> tuple[LanguageConfig, DriverConfig]:
    driver = context.assignment.driver
    assert driver is not None  # the plan checked it (settings.check)
    return context.languages[driver.language], driver


def _attempt(
    submission: Submission,
    context: RunContext,
    only: Sequence[Path] | None,
    stack: contextlib.ExitStack,
    own_main: bool = False,
    extra: tuple[str, ...] = (),
) -> _Attempt:
    """One build in a fresh copy of the submission (on `stack`), of the student's files, or of
    `only` those; with `own_main`, the student's main() beside the driver's is left out; with
    `extra` flags at the end of the build command."""
    language, driver = _settings(context)
    cap = context.assignment.limits.disk
    folder = stack.enter_context(private_copy(submission.path, context.workdir_base, cap))
    given.replace_copies(folder, context.driver_given, language.files)
    files = tuple(only) if only is not None else settings.student_files(folder, language, driver)
    if not files:
        patterns = ", ".join(driver.files or language.files)
        raise SubmissionProblem(f"no source file ({patterns}) in the submission")
    given.lay_beside(folder, files, context.driver_given, language.files)
    theirs = _write_driver(folder, context, language)
    program = Program(driver.language, (*theirs, *files), theirs[0])
    commands = programs.commands(program, language, driver.variables, context.python)
    if not commands.build:
        return _Attempt(folder, files, commands, None, None)
    build = commands.build[:1] + (LINK_ANYWAY,) * own_main + commands.build[1:] + extra
    run, failure = _compile(folder, build, context)
    return _Attempt(folder, files, replace(commands, build=build), run, failure, own_main)


def _write_driver(folder: Path, context: RunContext, language: LanguageConfig) -> tuple[Path, ...]:
    """The driver's files (and the stand-ins, and the course's given files) in their own folder
    of the copy: a folder of that name the student handed in is replaced. Returns the paths of
    those the build compiles, relative to the copy, the driver's first."""
    place = folder / settings.FOLDER
    remove_tree(place)
    place.mkdir()
    written = list(context.driver_sources)
    driver = context.assignment.driver
    if driver is not None and driver.stand_ins == "c":
        written.append((stand_ins.FILE, stand_ins.c_source(_functions(context))))
    for name, content in (*written, *context.driver_given):
        (place / name).write_bytes(content)
    compiled = [name for name, _ in written] + list(
        given.built(context.driver_given, language.files)
    )
    return tuple(Path(settings.FOLDER, name) for name in compiled)


def _functions(context: RunContext) -> list[str]:
    items = context.assignment.items
    return [settings.function_of(name, item) for name, item in items.items() if item.role]


def _compile(
    folder: Path, command: tuple[str, ...], context: RunContext
) -> tuple[ProgramRun | None, LoadOutcome | None]:
    _, driver = _settings(context)
    limits = programs.build_limits(driver.build_time, driver.build_memory_mb)
    disk = quota.watch(folder, context.assignment.limits.disk)
    try:
        run = run_program(command, folder, b"", limits, context.isolation, "toolchain", disk)
    except OSError as err:
        return None, LoadOutcome("internal", message=f"cannot run {command[0]}: {err}")
    return run, _failure(run, folder, driver.build_time)


def _failure(run: ProgramRun, folder: Path, seconds: float) -> LoadOutcome | None:
    if run.disk.over:
        return LoadOutcome("build", message=f"the build {run.disk.note}")
    if run.timed_out:
        return LoadOutcome("build", message=f"the build took more than {seconds:g} s")
    if run.ok:
        return None
    text = (run.stderr + run.stdout).decode("utf-8", "replace")
    text = text.replace(f"{folder}/", "").strip()
    return LoadOutcome("build", message=programs.shown(text) or f"the build {run.ending.text}")


def _first_error(message: str) -> str:
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or ["it did not compile"])[0]


def _built(
    attempt: _Attempt, left_out: tuple[tuple[str, str], ...] = (), compilations: int = 1
) -> Built:
    run = attempt.commands.run
    if attempt.failure is not None:
        return Built(attempt.folder, run, attempt.failure, compilations=compilations)
    image = _image(attempt.folder, run[0]) if attempt.run is not None else 0
    notes = (OWN_MAIN_NOTE,) * attempt.own_main
    built = attempt.commands.build if attempt.run is not None else ()
    return Built(
        attempt.folder, run, None, left_out, image, compilations, notes, attempt.files, built
    )


def _image(folder: Path, command: str) -> int:
    """The size of a built executable's image, read before any of its runs."""
    binary = (folder / command).resolve()
    inside = binary.is_relative_to(folder.resolve())
    return (image_bytes(binary) or 0) if inside else 0
