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
(harness/shapes/streaks.py; a run of tests is stopped at its limit, not at the high limit).

Stdout and a test's printed claims decide nothing: a test passes when the report says it passed
and the run that wrote the report went to its end.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from harness.config import AssignmentConfig, LanguageConfig, UnitTestsConfig
from harness.errors import BadInput
from harness.frameworks import FRAMEWORKS, Course, Framework, Listed
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Probe
from harness.sandbox import pylib, quota
from harness.sandbox.isolation import SANDBOX, Grants, Kind
from harness.sandbox.junit import CaseRecord, Reading, read_reports
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.replies import program_outcome
from harness.sandbox.sidecar import Sidecar, sidecar
from harness.sandbox.workdir import CopyRefused, private_copy, regular_files, run_copy
from harness.shapes import programs
from harness.shapes.base import RunContext, SubmissionRun
from harness.shapes.streaks import Streaks
from harness.shapes.unit_builds import Builder, Built, Values, expand
from harness.submissions import Submission, SubmissionProblem

BINARY = "unit-tests"  # `{binary}`: the test program a GoogleTest build makes


def settings_of(assignment: AssignmentConfig) -> UnitTestsConfig:
    if assignment.tests is None:
        raise BadInput("tests: required for shape unit-tests (the course's test files, ...)")
    return assignment.tests


class UnitTests:
    def suffixes(
        self, assignment: AssignmentConfig, languages: Mapping[str, LanguageConfig]
    ) -> tuple[str, ...]:
        language = languages[settings_of(assignment).language]
        found = [p[p.rindex(".") :] for p in language.files if "." in p]
        return tuple(dict.fromkeys(found))

    def cannot_run(self, python: Path) -> str:
        return ""

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        settings = settings_of(context.assignment)
        hidden = any(probe.hidden for probe in context.probes)
        tests = settings.hidden if hidden else settings.files
        base, cap = context.workdir_base, context.assignment.limits.disk
        try:
            with (
                private_copy(submission.path, base, cap) as workdir,
                sidecar((*tests, *settings.given), base) as side,
            ):
                session = _Session(context, settings, workdir, side)
                return session.run_all(tuple(side.tests / t.name for t in tests))
        except CopyRefused as err:
            raise SubmissionProblem(f"cannot copy the submission: {err}") from None


@dataclass(frozen=True)
class _Run:
    """One run of the tests: what the process did, and its report (when it went to its end)."""

    run: ProgramRun
    reading: Reading
    unfinished: str  # why nothing it reported counts ("": it went to its end)
    cut: CallOutcome | None = None  # stopped by the submission's wall-clock budget: what it is


class _Session:
    def __init__(
        self, context: RunContext, settings: UnitTestsConfig, workdir: Path, side: Sidecar
    ) -> None:
        self.context, self.settings, self.workdir, self.side = context, settings, workdir, side
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
        built = self._build(tests)
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
        refusal = self.framework.refused(files, Course(theirs, handout))
        if refusal is None:
            return ""
        return f"{refusal}: refused before the build, with the course's tests"

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
        outcome = self._failed(alone) if alone.unfinished else self._from_report(probe, alone)
        outcome = replace(outcome, seconds=alone.run.wall)
        return self.streaks.record(probe, outcome, self.settings.time)

    def _run(self, probes: Sequence[Probe]) -> _Run | None:
        """One run of `probes`' tests through the submission's wall-clock budget (as every
        shape's calls, harness/shapes/budget.py): None when it is spent before the run, and the
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
            done = self._judged_run(self._execute(probes, here, reports, wall), reports)
        runs.append(done)
        return self._failed(done) if done.unfinished else CallOutcome("returned")

    def _execute(
        self, probes: Sequence[Probe], here: Path, reports: Path, wall: float
    ) -> ProgramRun:
        selection = self.framework.selection([_listed(p) for p in probes])
        values = self._values(self.sources, (), str(reports))
        template = self.settings.run
        values = Values(values.words, {**values.lists, "selected": selection})
        argv = expand(template, values) + ([] if "{selected}" in template else list(selection))
        handover = self.framework.handover(reports / self.settings.report)
        kind: Kind = "toolchain" if self.language.processes else "program"
        return run_program(
            argv,
            here,
            handover.stdin,
            self._limits(wall),
            self.context.isolation,
            kind,
            quota.watch(here, self.context.assignment.limits.disk),
            Grants(self.read, (reports,)),
            handover.environment,
        )

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

    def _judged_run(self, run: ProgramRun, reports: Path) -> _Run:
        """Whether the run went to its end, and then its report."""
        why = _stopped(run, self.framework, self.settings.time)
        why = why or self.framework.unfinished(reports / self.settings.report)
        if why:
            return _Run(run, Reading(), why)
        reading = read_reports(reports, self.settings.report)
        return _Run(run, reading, reading.problem)

    def _from_report(self, probe: Probe, done: _Run) -> CallOutcome:
        name = _listed(probe).name
        found = [c for c in done.reading.cases if self.framework.name(c.classname, c.name) == name]
        return _case_outcome([self._raised(case) for case in found])

    def _raised(self, case: CaseRecord) -> CaseRecord:
        """A failure whose message says the test raised, as the error it was."""
        kind = self.framework.raised(case.message) if case.status == "failed" else ""
        return replace(case, status="error", error_type=kind) if kind else case

    def _failed(self, done: _Run) -> CallOutcome:
        """A run that did not go to its end, for each test it held: what the process did."""
        outcome = program_outcome(done.run)
        if done.run.cpu > self.settings.time:
            return replace(outcome, kind="timeout", cpu_seconds=done.run.cpu)
        said = f"the run of the tests does not count: {done.unfinished}"
        if outcome.kind == "returned":  # it exited as at the end, but something says it did not
            return CallOutcome("crashed", message=said)
        if outcome.kind == "crashed" and not outcome.message:
            return replace(outcome, message=said)
        return outcome

    def _over_budget(self) -> CallOutcome:
        return CallOutcome(
            "over_budget", message="not run: the submission's wall-clock budget was spent"
        )


def _every_file(folder: Path) -> list[Path]:
    """Every file under `folder`, hidden ones too (a build may include them), never through a
    link (a working copy holds none)."""
    return [Path(root, name) for root, _, names in os.walk(folder) for name in names]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _matches(name: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


def _stopped(run: ProgramRun, framework: Framework, cpu: float) -> str:
    if run.timed_out or run.cpu > cpu:
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
