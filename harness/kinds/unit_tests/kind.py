"""Shape `unit-tests`: the course's own test suite (GoogleTest, JUnit 5, pytest) run against a
submission, in the sandbox; only the JUnit XML its runner writes is read.

For each stage's run (the visible tests, then the hidden ones: harness/grading/stages.py) the
submission is copied into a private working copy, and the teacher's files (config.yaml's
`tests.files` or `tests.hidden`, and `tests.given`) into a folder beside it that the student's
processes may read and never write (harness/sandbox/sidecar.py); the submission's own copies of
those files are removed first. The build (unit_builds.py) runs once; then every test the stage
grades runs in one process (one JVM, one GoogleTest program), in a fresh copy of the built
working copy, writing its report to a fresh folder of random name outside it.

A run counts only if it went to its end: an exit status its framework gives at the end, within
its CPU limit (`tests.time`), nothing left behind that says it stopped early (GoogleTest's
premature-exit file), and a report that reads (harness/sandbox/junit.py). Otherwise nothing it
reported counts, whatever its report says, and each of its tests is run again alone: the test
that crashed or looped is RE or TLE, the others get their own results. After
`timeouts_before_skip` time-outs in a row in an item, its harder tests are not run
(harness/kinds/streaks.py; a run of tests is stopped at its limit, not at the high limit).

Stdout and a test's printed claims decide nothing: a test passes when the report says it passed
and the run that wrote the report went to its end.

A framework whose code under test runs apart (pytest: `Handover.apart`) gets, for each run, the
student's interpreter of its own beside the runner (harness/sandbox/beside.py), in the same
working copy, with the course's given files copied in (a student's module may import them), and
never the teacher's test files; the runner is told of their channel and of the student's module
names. Its CPU time counts with the run's; a run in which it ended (an exit, a crash, the OOM
killer) does not count, and the test that ended it, run alone, gets what it did.

Every run holds canaries beside the course's tests
(harness/kinds/unit_tests/frameworks/canaries.py): tests of the harness's own, planted in the
teacher's test files as they are copied for a stage, whose outcomes it knows. A report in which one
did not come out as it must is forged: nothing it reported counts, and each test of that run is
`forged` (no marks; the submission is flagged for review). Canaries are never probes, and their
names are left out of what is shown."""

from __future__ import annotations

import contextlib
import fnmatch
import functools
import os
import random
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.config import AssignmentConfig, LanguageConfig, UnitTestsConfig
from harness.errors import BadInput
from harness.kinds import programs
from harness.kinds.base import KindDefaults, RunContext, SubmissionRun, language_suffixes
from harness.kinds.streaks import Streaks
from harness.kinds.unit_tests.builds import Builder, Built, Values, expand
from harness.kinds.unit_tests.frameworks import (
    FRAMEWORKS,
    Course,
    Framework,
    Listed,
    Toolchain,
    canaries,
)
from harness.kinds.unit_tests.frameworks.canaries import Canary
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox import pylib, quota
from harness.sandbox.beside import Beside, Fared
from harness.sandbox.isolation import SANDBOX, Grants, Kind
from harness.sandbox.junit import CaseRecord, Reading, read_reports
from harness.sandbox.process import PATH, Launch
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.quota import DiskWatch
from harness.sandbox.replies import program_outcome
from harness.sandbox.sidecar import Sidecar, sidecar
from harness.sandbox.workdir import CopyRefused, private_copy, regular_files, run_copy
from harness.submissions import Submission, SubmissionProblem

BINARY = "unit-tests"  # `{binary}`: the test program a GoogleTest build makes
SETTLE = 0.5  # seconds the student's interpreter beside a run that stopped has to end by itself


def settings_of(assignment: AssignmentConfig) -> UnitTestsConfig:
    if assignment.tests is None:
        raise BadInput("tests: required for shape unit-tests (the course's test files, ...)")
    return assignment.tests


class UnitTests(KindDefaults):
    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        return language_suffixes(languages[settings_of(assignment).language])

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        settings = settings_of(context.assignment)
        hidden = any(probe.hidden for probe in context.probes)
        tests = settings.hidden if hidden else settings.files
        base, cap = context.workdir_base, context.assignment.limits.disk
        sown = sow(settings, tests)
        try:
            with (
                private_copy(submission.path, base, cap) as workdir,
                sidecar((*tests, *settings.given), base, sown.texts) as side,
            ):
                session = _Session(context, settings, workdir, side, sown.canaries)
                return session.run_all(tuple(side.tests / t.name for t in tests))
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None


@dataclass(frozen=True)
class Sown:
    """A stage's test files with the harness's canaries
    (harness/kinds/unit_tests/frameworks/canaries.py)."""

    texts: Mapping[str, bytes]  # each test file's text with its canaries, by its name
    canaries: Mapping[str, tuple[Canary, ...]]  # each test file's canaries, by its name


def sow(settings: UnitTestsConfig, tests: Sequence[Path]) -> Sown:
    """Canaries in `tests` (a stage's test files), named at random for this stage."""
    framework = FRAMEWORKS[settings.framework]
    planted = canaries.planted(framework, tests, settings.given, random.SystemRandom())
    texts = {name: p.text.encode("utf-8", "surrogateescape") for name, p in planted.items()}
    return Sown(texts, {name: p.canaries for name, p in planted.items()})


@dataclass(frozen=True)
class _Run:
    """One run of the tests: what the process did, and its report (when it went to its end)."""

    run: ProgramRun
    reading: Reading
    unfinished: str  # why nothing it reported counts ("": it went to its end)
    cut: CallOutcome | None = None  # stopped by the submission's wall-clock budget: what it is
    fared: Fared | None = None  # how the student's interpreter beside it fared (run apart)
    forged: str = ""  # why its report is forged: its canaries did not come out as they must


class _Session:
    def __init__(
        self,
        context: RunContext,
        settings: UnitTestsConfig,
        workdir: Path,
        side: Sidecar,
        sown: Mapping[str, tuple[Canary, ...]],
    ) -> None:
        self.context, self.settings, self.workdir, self.side = context, settings, workdir, side
        self.sown = sown  # each test file's canaries, by its name
        self.framework: Framework = FRAMEWORKS[settings.framework]
        self.language = context.languages[settings.language]
        self.disk = quota.watch(workdir, context.assignment.limits.disk)
        self.streaks = Streaks(context.assignment.limits.timeouts_before_skip, "runs")
        self.read = (side.tests, SANDBOX, *self.language.read)
        self.packages = ""  # {packages}: the runner's Python packages (pytest's), copied here
        if self.framework.packages:
            self.packages = str(pylib.copied(self.framework.packages, side.root / "packages"))
            self.read += (Path(self.packages),)
        self.sources: tuple[str, ...] = ()
        self.budget = context.budget  # extended by the build's time: builds are not calls

    def run_all(self, tests: tuple[Path, ...]) -> SubmissionRun:
        self.sources = self._sources()
        names = {item: item for item in self.context.assignment.items}
        if refusal := self._refused():
            return SubmissionRun(LoadOutcome("build", message=refusal), (), names=names)
        started = time.monotonic()
        built = _shown(self._build(tests), self._unnamed)
        spent = time.monotonic() - started
        self.budget = replace(self.budget, deadline=self.budget.deadline + spent)
        if built.failure is not None:
            return SubmissionRun(built.failure, (), names=names)
        probes = self.context.probes
        runnable = [p for p in probes if _file(p) not in {t.name for t in built.broken}]
        together = self._together(runnable)
        outcomes = {p.id: o for p, o in zip(runnable, together, strict=True)}
        for probe in probes:
            if probe.id not in outcomes:
                outcomes[probe.id] = _unbuilt(probe, built)
        ordered = tuple(outcomes[p.id] for p in probes)
        return SubmissionRun(LoadOutcome("loaded"), ordered, names=names)

    def _sources(self) -> tuple[str, ...]:
        """The submission's source files. Only the files its build may read are kept: the
        language's and the framework's (C and C++ headers); its copies of the teacher's files,
        and anything else (compiled classes, a JUnit configuration, a README), are removed
        first, so that the build reads nothing but sources."""
        theirs = {path.name for path in self.side.tests.iterdir()}
        kept = (*self.language.files, *self.framework.includes)
        for path in _every_file(self.workdir):
            if path.name in theirs or not _matches(path.name, kept):
                path.unlink()
        found = [
            str(path.relative_to(self.workdir))
            for path in sorted(regular_files(self.workdir))
            if _matches(path.name, self.language.files)
        ]
        if not found:
            raise SubmissionProblem(f"no source file ({', '.join(self.language.files)})")
        return tuple(found)

    def _refused(self) -> str:
        """Why the submission is not built ("" when it is): the first of its files that its
        framework refuses, read with the course's files before anything of it runs."""
        files = {
            str(path.relative_to(self.workdir)): _text(path)
            for path in sorted(_every_file(self.workdir))
        }
        theirs = {path.name: _text(path) for path in sorted(self.side.tests.iterdir())}
        handout = {path.name: _text(path) for path in self.context.assignment.starter.files}
        refusal = self.framework.refused(files, Course(theirs, handout, self._toolchain()))
        if refusal is None:
            return ""
        return f"{refusal}: refused before the build, with the course's tests"

    def _toolchain(self) -> Toolchain:
        """The toolchain the course's files are built with: the commands of the build and the
        run (javac first) where they find them, and the jars the language requires or the
        variables name (`{junit}`)."""
        commands = (
            *(c[0] for c in (*self.settings.build, self.settings.run) if c),
            *self.language.commands,
        )
        found = (shutil.which(command, path=PATH) for command in dict.fromkeys(commands))
        named = (p for v in self.settings.variables.values() for p in v.split(os.pathsep))
        jars = (*self.language.requires, *map(Path, named))
        archives = tuple(dict.fromkeys(p for p in jars if p.suffix == ".jar" and p.is_file()))
        return Toolchain(tuple(Path(tool) for tool in found if tool), archives)

    def _values(self, sources: Sequence[str], tests: Sequence[Path], reports: str = "") -> Values:
        words = {
            **self.settings.variables,
            "test_dir": str(self.side.tests),
            "harness": str(SANDBOX),
            "binary": BINARY,
            "reports": reports,
            "python": str(self.context.python),
            "packages": self.packages,
        }
        return Values(words, {"sources": tuple(sources), "tests": tuple(map(str, tests))})

    def _build(self, tests: tuple[Path, ...]) -> Built:
        limits = programs.build_limits(self.settings.build_time, self.settings.build_memory_mb)
        builder = Builder(
            self.workdir, self.context.isolation, Grants(self.read), limits, self.disk
        )
        return builder.build(self.settings.build, self._values(self.sources, tests), tests)

    def _together(self, probes: Sequence[Probe]) -> list[CallOutcome]:
        """Every probe's outcome from one run of all of them, or, when it did not go to its
        end, from a run of each alone."""
        if not probes:
            return []
        first = self._run(probes)
        if first is None:
            return [self._over_budget()] * len(probes)
        if first.cut is not None:  # the budget is spent: no test runs again
            return [first.cut] * len(probes)
        if first.forged:  # nothing it reported counts, and no test runs again
            return [_forged(first)] * len(probes)
        if not first.unfinished:
            return [self._from_report(p, first) for p in probes]
        if len(probes) == 1:
            return [self._failed(first)]
        return [self._alone(probe) for probe in probes]

    def _alone(self, probe: Probe) -> CallOutcome:
        if skipped := self.streaks.skipped(probe):
            return skipped
        alone = self._run([probe])
        if alone is None:
            return self._over_budget()
        if alone.cut is not None:
            return alone.cut
        outcome = self._reported(probe, alone)
        outcome = replace(outcome, seconds=alone.run.wall)
        return self.streaks.record(probe, outcome, self.settings.time)

    def _reported(self, probe: Probe, done: _Run) -> CallOutcome:
        """A test's outcome from a run of it alone."""
        if done.forged:
            return _forged(done)
        return self._failed(done) if done.unfinished else self._from_report(probe, done)

    def _run(self, probes: Sequence[Probe]) -> _Run | None:
        """One run of `probes`' tests through the submission's wall-clock budget (as every
        shape's calls, harness/kinds/budget.py): None when it is spent before the run, and the
        run `cut` when it ran out during it."""
        runs: list[_Run] = []
        outcome = self.budget.run(
            functools.partial(self._run_within, probes, runs), 2 * self.settings.time + 5
        )
        if not runs:
            return None
        cut = outcome if outcome.kind == "over_budget" else None
        return replace(runs[0], cut=cut)

    def _run_within(self, probes: Sequence[Probe], runs: list[_Run], wall: float) -> CallOutcome:
        cap = self.context.assignment.limits.disk
        with (
            run_copy(self.workdir, self.context.workdir_base, cap) as here,
            self.side.reports() as reports,
        ):
            run, fared = self._execute(probes, here, reports, wall)
            done = self._judged_run(probes, run, reports, fared)
        runs.append(done)
        return self._failed(done) if done.unfinished else CallOutcome("returned")

    def _canaries(self, probes: Sequence[Probe]) -> list[Canary]:
        """The canaries that run with `probes`: those of their files."""
        return canaries.of_files(self.sown, (_file(probe) for probe in probes))

    def _unnamed(self, text: str) -> str:
        """`text` (a run's output, the compiler's words) without a line naming a canary."""
        return canaries.unnamed(text, (c for sown in self.sown.values() for c in sown))

    def _execute(
        self, probes: Sequence[Probe], here: Path, reports: Path, wall: float
    ) -> tuple[ProgramRun, Fared | None]:
        tests = [_listed(p) for p in probes] + [c.test for c in self._canaries(probes)]
        selection = self.framework.selection(tests)
        values = self._values(self.sources, (), str(reports))
        template = self.settings.run
        values = Values(values.words, {**values.lists, "selected": selection})
        argv = expand(template, values) + ([] if "{selected}" in template else list(selection))
        handover = self.framework.handover(reports / self.settings.report)
        kind: Kind = "toolchain" if self.language.processes else "program"
        disk = quota.watch(here, self.context.assignment.limits.disk)
        run = functools.partial(
            run_program,
            argv,
            here,
            limits=self._limits(wall),
            isolation=self.context.isolation,
            kind=kind,
            disk=disk,
            grants=Grants(self.read, (reports,)),
            environment=handover.environment,
        )
        if not handover.apart:
            return run(handover.stdin), None
        beside = self._beside(here, disk)
        try:
            cap = self.context.assignment.limits.reply_kb << 10
            ran = run(handover.stdin + beside.line(_modules(self.sources), cap), peer=beside.peer)
        except BaseException:
            beside.close()
            raise
        completed = ran.ending.code in self.framework.completed
        return ran, beside.close(0.0 if completed else SETTLE)

    def _beside(self, here: Path, disk: DiskWatch) -> Beside:
        """The student's interpreter for one run apart, in the run's working copy, the course's
        given files copied in first (a folder of the student's by that name keeps it out)."""
        for given in self.settings.given:
            with contextlib.suppress(OSError):
                shutil.copyfile(self.side.tests / given.name, here / given.name)
        limits = self.context.assignment.limits
        packages = (Path(self.packages),) if self.packages else ()
        launch = Launch(
            self.context.python,
            here,
            limits.output_kb << 10,
            limits.reply_kb << 10,
            self.context.isolation,
            disk,
            limits.memory_mb,
            Grants(packages),
        )
        return Beside(launch, limits, self.settings.time, packages)

    def _limits(self, wall: float) -> ProgramLimits:
        limits, own = self.context.assignment.limits, self.language.limits
        return ProgramLimits(
            cpu=self.settings.time,
            wall=wall,
            memory_mb=own.memory_mb or limits.memory_mb,
            output_bytes=limits.output_kb << 10,
            file_size_mb=limits.file_size_mb,
            open_files=max(limits.open_files, 256),
            address_space_mb=own.address_space_mb,
        )

    def _judged_run(
        self, probes: Sequence[Probe], run: ProgramRun, reports: Path, fared: Fared | None = None
    ) -> _Run:
        """Whether the run went to its end, then its report, and whether it is forged."""
        why = _stopped(run, self.framework, self.settings.time)
        why = why or self.framework.unfinished(reports / self.settings.report)
        ended = fared.ending if fared is not None else None
        if why and ended is not None and not _over(run, self.settings.time):
            why = f"the submission's process {ended.text} in the middle of it"
        if why:
            return _Run(run, Reading(), why, fared=fared)
        reading = read_reports(reports, self.settings.report)
        if reading.problem:
            return _Run(run, reading, reading.problem, fared=fared)
        course, sown = [_listed(p) for p in probes], self._canaries(probes)
        forged = canaries.forged(sown, course, reading.cases, self.framework.name)
        return _Run(run, reading, "", fared=fared, forged=forged)

    def _from_report(self, probe: Probe, done: _Run) -> CallOutcome:
        name = _listed(probe).name
        found = [c for c in done.reading.cases if self.framework.name(c.classname, c.name) == name]
        return _case_outcome([self._raised(case) for case in found])

    def _raised(self, case: CaseRecord) -> CaseRecord:
        """A failure whose message says the test raised, as the error it was."""
        kind = self.framework.raised(case.message) if case.status == "failed" else ""
        return replace(case, status="error", error_type=kind) if kind else case

    def _failed(self, done: _Run) -> CallOutcome:
        """A run that did not go to its end, for each test it held: what the process did (the
        student's interpreter's, when it ended in the middle of a run apart)."""
        outcome = program_outcome(done.run)
        outcome = replace(
            outcome, message=self._unnamed(outcome.message), output=self._unnamed(outcome.output)
        )
        if done.run.cpu > self.settings.time:
            return replace(outcome, kind="timeout", cpu_seconds=done.run.cpu)
        said = f"the run of the tests does not count: {done.unfinished}"
        if done.fared is not None and done.fared.ending is not None:
            ending, memory = done.fared.ending, done.fared.memory or outcome.memory
            return replace(
                outcome,
                kind="crashed",
                exit_code=ending.code,
                signal=ending.signal_name,
                error_type="",
                line=None,
                message=said,
                memory=memory,
            )
        if outcome.kind == "returned":  # it exited as at the end, but something says it did not
            return CallOutcome("crashed", message=said)
        if outcome.kind == "crashed" and not outcome.message:
            return replace(outcome, message=said)
        return outcome

    def _over_budget(self) -> CallOutcome:
        return CallOutcome(
            "over_budget", message="not run: the submission's wall-clock budget was spent"
        )


def _forged(done: _Run) -> CallOutcome:
    """A test of a run whose report is forged: no result of it counts."""
    said = f"forged report: {done.forged}; nothing the run of the tests reported counts"
    return CallOutcome("forged", message=said)


def _shown(built: Built, unnamed: Callable[[str], str]) -> Built:
    """The build's words as they are shown: no line of them naming a canary."""
    failure = built.failure
    if failure is not None:
        failure = replace(failure, message=unnamed(failure.message))
    return Built(failure, {path: unnamed(said) for path, said in built.broken.items()})


def _every_file(folder: Path) -> list[Path]:
    """Every file under `folder`, hidden ones too (a build may include them), never through a
    link (a working copy holds none)."""
    return [Path(root, name) for root, _, names in os.walk(folder) for name in names]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _matches(name: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


def _over(run: ProgramRun, cpu: float) -> bool:
    return run.timed_out or run.cpu > cpu


def _modules(sources: Sequence[str]) -> tuple[str, ...]:
    """The submission's top-level module names (a package's folder's), from its sources."""
    names = {Path(source).parts[0].removesuffix(".py") for source in sources}
    return tuple(sorted(name for name in names if name.isidentifier()))


def _stopped(run: ProgramRun, framework: Framework, cpu: float) -> str:
    if _over(run, cpu):
        return f"it used more than the {cpu:g} s a run of the tests may take"
    if run.output_overflow or run.disk.over:
        return "it went over a limit"
    if run.ending.signal is not None or run.ending.code not in framework.completed:
        return f"it {run.ending.text}"
    return ""


def _case_outcome(found: Sequence[CaseRecord]) -> CallOutcome:
    """A test's outcome from its testcases in the report (a parameterized test has several)."""
    if not found:
        return CallOutcome("crashed", message="the test is not in the report: it did not run")
    seconds = sum(c.seconds for c in found)
    for case in found:
        if case.status == "error":
            kind = case.error_type or "an error"
            return CallOutcome("raised", error_type=kind, message=case.message, seconds=seconds)
    for case in found:
        if case.status in ("failed", "skipped"):
            said = case.message if case.status == "failed" else f"skipped: {case.message}"
            return CallOutcome(
                "returned", value={"passed": False, "message": said}, seconds=seconds
            )
    return CallOutcome("returned", value={"passed": True}, seconds=seconds)


def _listed(probe: Probe) -> Listed:
    """The test a probe runs (its arguments: the test's name, selector and file)."""
    name, selector, file = (str(arg) for arg in probe.args)
    return Listed(name, selector, Path(file))


def _file(probe: Probe) -> str:
    return _listed(probe).file.name


def _unbuilt(probe: Probe, built: Built) -> CallOutcome:
    file = _file(probe)
    said = next(m for path, m in built.broken.items() if path.name == file)
    return CallOutcome("not_loaded", message=f"{file} does not build with the submission: {said}")
