"""Shape `stdin-program`: a program in any configured language that is given a puzzle and
answers with its solution (or the handout's `No Solution`): on stdin and stdout by default, or as
config.yaml's `program.input` and `program.output` say (exchange.py: an argument, an input file,
an output file in its working copy).

Each of the submission's programs (see programs.py) is built once, inside the sandbox, in the
private working copy, and the memory its executable maps before it runs is read from the binary
(image.py: static arrays count against the memory limit); then every probe runs the program for
its puzzle's size once, with the puzzle as its input, in a fresh copy of the built working copy
with its files read-only (harness/sandbox/workdir.py's run_copy; capped like the working copy):
nothing one run leaves behind reaches another (a cache of answers would have a league time its
look-ups). A program that does not build makes the cases it was to solve CE; the compiler's
output (capped) is the reason. After `timeouts_before_skip` time-outs in a row in an item, that
item's harder cases are not run (harness/kinds/streaks.py).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from harness.config import AssignmentConfig, LanguageConfig
from harness.kinds import programs
from harness.kinds.base import KindDefaults, RunContext, SubmissionRun, call_limits
from harness.kinds.programs import Commands, Program, run_limits
from harness.kinds.sanitizer import settings as sanitizer
from harness.kinds.sanitizer.settings import Rerun
from harness.kinds.stdin_program.exchange import NotGiven, answered, entries, given
from harness.kinds.streaks import Streaks
from harness.limits import Limits
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox import quota
from harness.sandbox.image import image_bytes
from harness.sandbox.isolation import Kind
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.replies import program_outcome
from harness.sandbox.workdir import CopyRefused, private_copy, run_copy
from harness.submissions import Submission, SubmissionProblem


class StdinProgram(KindDefaults):
    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        return programs.suffixes(assignment, languages)

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        found = programs.find_programs(submission, context.assignment, context.languages)
        try:
            cap = context.assignment.limits.disk
            with private_copy(submission.path, context.workdir_base, cap) as workdir:
                return _Runs(context, workdir, found).run_all()
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None


def probe_size(probe: Probe) -> int:
    """The puzzle size a stdin probe feeds: its second argument."""
    size = probe.args[1]
    assert isinstance(size, int)
    return size


@dataclass(frozen=True)
class _Built:
    program: Program
    run: tuple[str, ...]  # the command that runs it
    failure: LoadOutcome | None = None  # why it could not be built
    image: int = 0  # bytes its executable maps before it runs (0: unknown, or an interpreter's)
    command: tuple[str, ...] = ()  # the command that built it (empty: not built)


class _Runs:
    def __init__(self, context: RunContext, workdir: Path, found: tuple[Program, ...]) -> None:
        self.context, self.workdir, self.found = context, workdir, found
        self.streaks = Streaks(context.assignment.limits.timeouts_before_skip, "runs")
        self.disk = quota.watch(workdir, context.assignment.limits.disk)  # builds' and runs'

    def run_all(self) -> SubmissionRun:
        built = [self._build(program) for program in self.found]
        working = [b for b in built if b.failure is None]
        if not working and len(built) == 1 and built[0].program.sizes is None:
            # one program for every size; with one per size, each size says its own error
            failure = built[0].failure
            assert failure is not None
            return SubmissionRun(failure, (), names=self._names())
        outcomes = tuple(self._one(probe, built) for probe in self.context.probes)
        return SubmissionRun(
            LoadOutcome("loaded"), outcomes, names=self._names(), notes=self._notes(built)
        )

    def _names(self) -> dict[str, str]:
        """Every item is "defined": a program answers for every size it is given."""
        return {item: item for item in self.context.assignment.items}

    def _commands(self, program: Program) -> Commands:
        assignment = self.context.assignment
        assert assignment.program is not None
        language = self.context.languages[program.language]
        variables = assignment.program.variables
        return programs.commands(program, language, variables, self.context.python)

    def _build(self, program: Program, extra: tuple[str, ...] = ()) -> _Built:
        """`program` built in the working copy, with `extra` flags at the end of its build
        command (the sanitizer build's)."""
        commands = self._commands(program)
        if not commands.build:
            return _Built(program, commands.run)
        commands = replace(commands, build=commands.build + extra)
        settings = self.context.assignment.program
        assert settings is not None
        limits = programs.build_limits(settings.build_time, settings.build_memory_mb)
        try:
            run = run_program(
                commands.build,
                self.workdir,
                b"",
                limits,
                self.context.isolation,
                "toolchain",
                self.disk,
            )
        except OSError as err:
            failure = LoadOutcome("internal", message=f"cannot run {commands.build[0]}: {err}")
            return _Built(program, commands.run, failure)
        if run.disk.over:
            message = f"the build of {program.label} {run.disk.note}"
            return _Built(program, commands.run, LoadOutcome("build", message=message))
        if run.timed_out:
            message = f"{program.label} took more than {settings.build_time:g} s to build"
            return _Built(program, commands.run, LoadOutcome("build", message=message))
        if not run.ok:
            text = (run.stderr + run.stdout).decode("utf-8", "replace")
            text = text.replace(f"{self.workdir}/", "").strip()
            message = programs.shown(text) or f"the build of {program.label} {run.ending.text}"
            return _Built(program, commands.run, LoadOutcome("build", message=message))
        image = self._image(commands.run[0])
        return _Built(program, commands.run, image=image, command=commands.build)

    def _image(self, command: str) -> int:
        """The size of a built executable's image, read before any of its runs."""
        binary = (self.workdir / command).resolve()
        inside = binary.is_relative_to(self.workdir.resolve())
        return (image_bytes(binary) or 0) if inside else 0

    def _one(self, probe: Probe, built: list[_Built]) -> CallOutcome:
        size = probe_size(probe)
        chosen = _for_size(built, size)
        if chosen is None:
            return CallOutcome("not_loaded", message=self._no_program(size))
        if chosen.failure is not None:
            if chosen.failure.kind == "internal":
                return CallOutcome("internal", message=_unbuilt(chosen))
            return CallOutcome("not_loaded", message=_unbuilt(chosen))
        if skipped := self.streaks.skipped(probe):
            return skipped
        exact = call_limits(self.context.assignment, probe)
        limits = self.streaks.running(probe, exact)
        run = functools.partial(self._run, chosen, str(probe.args[0]), limits)
        outcome = self.context.budget.run(run, limits.wall_seconds)
        return self.streaks.record(probe, outcome, exact.time, limits)

    def _run(self, chosen: _Built, puzzle: str, limits: Limits, wall: float) -> CallOutcome:
        """One run of a built program given `puzzle` (as `program.input` says), in a fresh copy
        of the built working copy, stopped on the wall clock at `wall` seconds; its answer read
        as `program.output` says, before the copy goes."""
        io = self.context.assignment.program
        assert io is not None
        program_limits = run_limits(limits, wall)
        try:
            with self._started(chosen, puzzle, program_limits) as (run, here, before):
                outcome = program_outcome(run, chosen.image)
                return answered(outcome, io, here, program_limits.output_bytes, before)
        except CopyRefused as err:
            return CallOutcome("not_loaded", message=f"cannot copy the built program: {err}")
        except NotGiven as err:
            return CallOutcome("not_loaded", message=str(err))
        except OSError as err:
            return CallOutcome("internal", message=f"cannot start {chosen.run[0]}: {err}")

    @contextlib.contextmanager
    def _started(
        self,
        chosen: _Built,
        puzzle: str,
        limits: ProgramLimits,
        environment: Mapping[str, str] | None = None,
    ) -> Iterator[tuple[ProgramRun, Path, frozenset[str]]]:
        """A built program run on `puzzle` in a fresh copy of the built working copy, open
        while the block reads what it left: the run (the copy's path stripped from its stderr),
        the copy, and its entries before the run (for an output file)."""
        language = self.context.languages[chosen.program.language]
        kind: Kind = "toolchain" if language.processes else "program"
        cap = self.context.assignment.limits.disk
        io = self.context.assignment.program
        assert io is not None
        with run_copy(self.workdir, self.context.workdir_base, cap) as here:
            start = given(chosen.run, puzzle, io, here)
            before = entries(here) if io.output == "file" else frozenset()
            disk = quota.watch(here, cap)
            isolation = self.context.isolation
            run = run_program(
                start.argv, here, start.stdin, limits, isolation, kind, disk,
                environment=environment,
            )  # fmt: skip
            yield replace(run, stderr=run.stderr.replace(f"{here}/".encode(), b"")), here, before

    def _no_program(self, size: int) -> str:
        settings = self.context.assignment.program
        pattern = settings.sizes.get(size) if settings else None
        wanted = f" (no file matches {pattern})" if pattern else ""
        return f"not handed in: no program for {size}x{size}{wanted}"

    def _notes(self, built: list[_Built]) -> dict[str, tuple[str, ...]]:
        """item -> which program answered it (when a folder holds one per size), and builds that
        failed."""
        notes: dict[str, list[str]] = {}
        for probe in self.context.probes:
            chosen = _for_size(built, probe_size(probe))
            lines = notes.setdefault(probe.item, [])
            entry = self.context.assignment.entry
            line = _program_note(chosen, len(built), entry) if chosen else ""
            if line and line not in lines:
                lines.append(line)
        return {item: tuple(lines) for item, lines in notes.items() if lines}


def _for_size(built: list[_Built], size: int) -> _Built | None:
    program = _program_for([b.program for b in built], size)
    return next((b for b in built if b.program == program), None)


def _program_note(chosen: _Built, programs_count: int, entry: str | None) -> str:
    if chosen.failure is not None:
        return _unbuilt(chosen)
    if programs_count > 1:
        return f"ran {chosen.program.label} ({chosen.program.language})"
    main = chosen.program.main
    if entry and main.name != entry:  # a handout that takes either name (driver.py)
        return f"ran {main}, the only program handed in (the assignment names {entry})"
    return ""


def _unbuilt(chosen: _Built) -> str:
    failure = chosen.failure
    assert failure is not None
    return f"{chosen.program.label} did not build: {failure.message}"


@dataclass(frozen=True)
class SanitizedPrograms:
    """The submission's C and C++ programs built with the sanitizers (harness/kinds/sanitizer/),
    each program as the normal build made it, with the sanitizers' flags at the end of its
    command; a failed case is run again on the program of its size."""

    runs: _Runs | None
    found: tuple[Program, ...] = ()
    built: Mapping[Program, _Built] = field(default_factory=dict)
    failure: str = ""
    sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def optimisation(self) -> str:
        commands = [built.command for built in self.built.values() if built.command]
        return sanitizer.optimisation(commands[0]) if commands else ""

    def rerun(self, probe: Probe, limits: ProgramLimits) -> Rerun | None:
        program = _program_for(self.found, probe_size(probe))
        chosen = self.built.get(program) if program is not None else None
        if self.runs is None or chosen is None:
            return None  # no program for its size, or one the sanitizers do not build
        started = self.runs._started(chosen, str(probe.args[0]), limits, sanitizer.ENVIRONMENT)
        try:
            with started as (run, _, _):
                stderr = run.stderr.replace(f"{self.runs.workdir}/".encode(), b"")
                return Rerun(stderr, run.ending.text)
        except (CopyRefused, NotGiven, OSError) as err:
            return Rerun(b"", f"not run: {err}")


@contextlib.contextmanager
def sanitized(submission: Submission, context: RunContext) -> Iterator[SanitizedPrograms]:
    """The programs of its probes' sizes built with the sanitizers, while the block runs (those
    built by gcc or g++; the others are not built again)."""
    found = programs.find_programs(submission, context.assignment, context.languages)
    wanted = {_program_for(found, probe_size(probe)) for probe in context.probes}
    chosen = [p for p in found if p in wanted and _by_gcc(context, p)]
    if not chosen:
        yield SanitizedPrograms(None, found, failure="no program of theirs is built by gcc or g++")
        return
    cap = context.assignment.limits.disk
    with private_copy(submission.path, context.workdir_base, cap) as workdir:
        runs = _Runs(context, workdir, found)
        built = {program: runs._build(program, sanitizer.FLAGS) for program in chosen}
        failed = [b.failure.message for b in built.values() if b.failure is not None]
        working = {program: b for program, b in built.items() if b.failure is None}
        files = [file for program in working for file in program.sources]
        sources = sanitizer.read_sources(workdir, files)
        failure = "" if working else f"the build failed: {failed[0]}"
        yield SanitizedPrograms(runs, found, working, failure, sources)


def _program_for(found: Sequence[Program], size: int) -> Program | None:
    """The program that answers a size: the one for that size, else the one for every size."""
    own = [p for p in found if p.sizes and size in p.sizes]
    rest = [p for p in found if p.sizes is None]
    candidates = own or rest
    return candidates[0] if candidates else None


def _by_gcc(context: RunContext, program: Program) -> bool:
    return sanitizer.sanitizable(context.languages[program.language].build)
