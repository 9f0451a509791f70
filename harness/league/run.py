"""Timed leagues (the stdin-program handout's competitive part): rank programs by CPU time.

Only programs that pass every correctness case of the league's size take part. Each runs every
league puzzle `repeats` times (repeat-major, so a burst of machine noise hits every puzzle alike),
one run at a time per worker, each pinned to a core no other timed run holds
(harness/executors/cores.py), locally or on a cluster's workers (harness/executors/); each entry
records the machine that timed it, and the table warns when they differ. A puzzle's time is the
median of its repeats (kernel CPU accounting); a program's time is the mean over puzzles of those
medians. A wrong answer, a crash or a time-out anywhere in the league leaves the program unranked:
it is listed with the puzzles it solved. The spread is the range of the per-repeat means; two
programs whose ranges overlap may swap places on another run, and the table says so.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace

from harness.config import Config, LeagueConfig
from harness.errors import BadInput
from harness.executors import place
from harness.executors.base import Executor
from harness.executors.cores import pinned_core
from harness.executors.local import LocalExecutor
from harness.executors.place import Place
from harness.grading.feedback import load_note
from harness.grading.judged import run_and_judge
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.kinds.stdin_program.kind import probe_size
from harness.kinds.stdin_program.probes import case_probe, program_io
from harness.puzzles.suites import load_suite
from harness.records.probes import Probe
from harness.records.verdicts import Verdict
from harness.sandbox.isolation import Isolation
from harness.submissions import Submission, SubmissionProblem


@dataclass(frozen=True)
class Entry:
    """One program's league run: CPU seconds per puzzle per repeat, or why it is not ranked."""

    name: str
    baseline: bool
    times: tuple[tuple[float, ...], ...] = ()  # [puzzle][repeat], only when every run was AC
    solved: int = 0  # puzzles answered right in every repeat
    problem: str = ""  # why it is not ranked (failed correctness, a wrong answer, ...)
    measured_on: Place | None = None  # the machine (and cluster worker) that timed it


@dataclass(frozen=True)
class Standing:
    rank: int | None  # None: not ranked (a baseline, or a problem)
    name: str
    baseline: bool
    solved: int
    puzzles: int
    mean: float | None = None  # seconds: mean over puzzles of the median of the repeats
    median: float | None = None  # seconds: median over puzzles of the same
    low: float | None = None  # the fastest and slowest per-repeat mean: the spread
    high: float | None = None
    relative: float | None = None  # mean / the first baseline's mean
    note: str = ""
    measured_on: Place | None = None  # the machine (and cluster worker) that timed it


@dataclass(frozen=True)
class League:
    assignment: str
    size: int
    repeats: int
    puzzles: int
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class _Timing:
    plan: Plan
    probes: tuple[Probe, ...]
    repeats: int

    def moved_here(self, isolation: Isolation) -> _Timing:
        return replace(self, plan=self.plan.moved_here(isolation))


def settings(config: Config, name: str) -> LeagueConfig:
    league = config.assignment(name).league
    if league is None:
        raise BadInput(f"{config.source}: assignments.{name}: no `league:` settings")
    return league


def league_probes(config: Config, plan: Plan, size: int) -> tuple[Probe, ...]:
    """The league's puzzles of `size`, probed like the correctness item of that size."""
    league = settings(config, plan.name)
    if size not in league.suites:
        sizes = ", ".join(str(n) for n in sorted(league.suites))
        raise BadInput(f"--size: no league at {size}x{size} in config.yaml (sizes: {sizes})")
    items = [p.item for p in plan.probes if probe_size(p) == size]
    if not items:
        raise BadInput(f"--size: no correctness item of {plan.name} has {size}x{size} cases")
    suite = load_suite(config.path(league.suites[size]))
    wrong = [case.label for case in suite.cases if case.size != size]
    if wrong:
        raise BadInput.at(str(league.suites[size]), f"case {wrong[0]}: not {size}x{size}")
    io = program_io(plan.assignment)
    return tuple(case_probe(case, items[0], io) for case in suite.cases)


def run_league(
    plan: Plan,
    probes: tuple[Probe, ...],
    entrants: Sequence[Submission],
    baselines: Sequence[Submission],
    repeats: int,
    jobs: int,
    executor: Executor | None = None,
) -> League:
    """Time every program that passes correctness at the probes' size, beside the baselines,
    `jobs` at a time here (at most one per core), or on `executor`."""
    executor = executor or LocalExecutor(jobs)
    size = probe_size(probes[0])
    problems = _correctness(plan, [*entrants, *baselines], size, executor)
    for baseline in baselines:
        if problems[baseline.name]:
            raise BadInput(f"baseline {baseline.name}: {problems[baseline.name]}")
    timing = _Timing(plan, probes, repeats)
    qualified = [s for s in [*baselines, *entrants] if not problems[s.name]]
    timed_runs = executor.timed().map(_time, timing, qualified, _failed)
    timed = {entry.name: entry for entry in timed_runs}
    base_names = {b.name for b in baselines}
    entries = [
        timed.get(s.name) or Entry(s.name, False, problem=problems[s.name])
        for s in [*baselines, *entrants]
    ]
    entries = [replace(e, baseline=e.name in base_names) for e in entries]
    return League(plan.name, size, repeats, len(probes), standings(entries, len(probes)))


def _correctness(
    plan: Plan, submissions: Sequence[Submission], size: int, executor: Executor
) -> dict[str, str]:
    """name -> why it does not qualify ("" when every correctness case of `size` is AC)."""
    sized = replace(plan, probes=tuple(p for p in plan.probes if probe_size(p) == size))
    report = grade_all(sized, submissions, executor=executor)
    problems = {}
    for result in report.submissions:
        failed = [c for item in result.items for c in item.cases if c.verdict is not Verdict.AC]
        first = f"{failed[0].verdict.value} on {failed[0].id}" if failed else ""
        problems[result.name] = (
            f"did not pass correctness at {size}x{size} ({first})" if failed else ""
        )
    return problems


def _failed(submission: Submission, why: str) -> Entry:
    return Entry(submission.name, False, problem=f"internal error: {why}")


def _time(timing: _Timing, submission: Submission) -> Entry:
    """Run every league puzzle `repeats` times, repeat-major, each run in a fresh copy of the
    program built once (harness/kinds/stdin_program/kind.py: nothing a run caches reaches the next),
    on a core of its own (harness/executors/cores.py); the entry says which machine measured
    it."""
    with pinned_core():
        entry = _timed_runs(timing, submission)
    return replace(entry, measured_on=place.here())


def _timed_runs(timing: _Timing, submission: Submission) -> Entry:
    plan = timing.plan
    context = plan.context(timing.probes * timing.repeats)
    try:
        judged = run_and_judge(submission, context, plan.time_limit)
    except SubmissionProblem as problem:
        return Entry(submission.name, False, problem=str(problem))
    if not judged.loaded:
        return Entry(submission.name, False, problem=load_note(judged.run.load))
    puzzles = len(timing.probes)
    times: list[list[float]] = [[] for _ in range(puzzles)]
    wrong: dict[int, str] = {}
    for index, case in enumerate(judged.cases):
        if case.result.verdict is not Verdict.AC:
            wrong.setdefault(index % puzzles, f"{case.result.verdict.value}: {case.result.detail}")
        times[index % puzzles].append(case.outcome.cpu_seconds or 0.0)
    solved = puzzles - len(wrong)
    if wrong:
        first = wrong[min(wrong)]
        return Entry(submission.name, False, solved=solved, problem=first)
    return Entry(submission.name, False, tuple(tuple(t) for t in times), solved)


def standings(entries: Sequence[Entry], puzzles: int) -> tuple[Standing, ...]:
    """Ranked entries first (fastest first), then the unranked; baselines keep their place in
    time order but take no rank."""
    timed = sorted((e for e in entries if e.times), key=lambda e: (_mean(e), e.name))
    baseline = next((e for e in timed if e.baseline), None)
    reference = _mean(baseline) if baseline else None
    rows: list[Standing] = []
    rank = 0
    for entry in timed:
        rank += 0 if entry.baseline else 1
        rows.append(_timed_row(entry, None if entry.baseline else rank, puzzles, reference))
    rows = _flag_noise(rows)
    untimed = sorted((e for e in entries if not e.times), key=lambda e: (-e.solved, e.name))
    rows += [
        Standing(
            None, e.name, e.baseline, e.solved, puzzles, note=e.problem, measured_on=e.measured_on
        )
        for e in untimed
    ]
    return tuple(rows)


def _mean(entry: Entry) -> float:
    return statistics.fmean(statistics.median(t) for t in entry.times)


def _timed_row(entry: Entry, rank: int | None, puzzles: int, reference: float | None) -> Standing:
    medians = [statistics.median(t) for t in entry.times]
    repeats = len(entry.times[0])
    per_repeat = [statistics.fmean(t[r] for t in entry.times) for r in range(repeats)]
    mean = statistics.fmean(medians)
    return Standing(
        rank,
        entry.name,
        entry.baseline,
        entry.solved,
        puzzles,
        mean=mean,
        median=statistics.median(medians),
        low=min(per_repeat),
        high=max(per_repeat),
        relative=mean / reference if reference else None,
        measured_on=entry.measured_on,
    )


def _flag_noise(rows: list[Standing]) -> list[Standing]:
    """Flag ranked neighbours whose spreads overlap: their order may change on another run."""
    ranked = [i for i, row in enumerate(rows) if row.rank is not None]
    notes: dict[int, list[str]] = {i: [] for i in ranked}
    for a, b in itertools.pairwise(ranked):
        first, second = rows[a], rows[b]
        if first.high is not None and second.low is not None and first.high >= second.low:
            notes[a].append(f"within noise of {second.name}")
            notes[b].append(f"within noise of {first.name}")
    return [
        replace(row, note="; ".join(notes[i])) if notes.get(i) else row
        for i, row in enumerate(rows)
    ]
