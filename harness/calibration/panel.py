"""`suites calibrate`: do the suites' tiers mark a program as the course's official samples do?

A suite case's tier names the official sample it stands beside (harness/records/tiers.py); the
panel (solvers/panel/LANGUAGE/) holds one program per algorithm students hand in:

- first_empty: backtracking on the first empty cell; a value is tried when a scan of its row,
  column and box does not find it;
- first_empty_unchecked: the handout's Algorithm 1 as written: the next value is put in, then the
  move is checked; an explicit stack of moves;
- last_empty, last_empty_unchecked: the same two, filling the last empty cell first (the loop
  that looks for an empty cell runs on to the end of the grid), as many students' do;
- chars: reads the grid a character at a time; first-empty backtracking with tables of the values
  each row, column and box holds (the fastest first-empty member: the same search, cheaper steps);
- mrv: backtracking on the empty cell with the fewest candidates, no propagation;
- singles_once: naked and hidden singles once, before a first-empty search (a contradiction is
  not noticed there: the search meets it);
- singles: naked and hidden singles at every node of a first-empty search.

In Python and C++ all eight; in C the four backtracking members (BACKTRACKING), where the
assignment lets programs be written in C.

Each member is built and run like a submission (harness/kinds/stdin_program/kind.py), under the CPU
limit its size's item gets when grading. On our cases it runs as grading runs it: a size's cases
in suite order, `timeouts_before_skip` in force, so a case skipped after time-outs is missed as
it would be when marking. On the samples every case runs.

The rules, per member, size and tier (the samples of that tier at that size):
- a member that solves every sample of the tier in time solves every case of ours of that tier
  (the last-empty members, ERRATIC, are run and shown but judge no tier);
- a member that misses one misses most (more than half) of ours of that tier;
- an unsolvable case of ours is refuted by every member that passes all the size's samples
  (it is only as hard as the samples imply; none requires a member to miss it).
Without the samples (the folder absent) the panel's times are shown and nothing is judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from harness.calibration.samples import Samples
from harness.errors import BadInput
from harness.grading.judged import JudgedCase, run_and_judge
from harness.grading.plan import Plan
from harness.kinds.stdin_program.probes import case_probe, program_io
from harness.puzzles.suites import Case
from harness.records.probes import Probe
from harness.records.tiers import TIERS, Tier
from harness.records.verdicts import Verdict
from harness.submissions import Submission, SubmissionProblem

Language = Literal["python", "cpp", "c"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
SUFFIXES: dict[Language, str] = {"python": ".py", "cpp": ".cpp", "c": ".c"}
BACKTRACKING = (  # file stems in solvers/panel/LANGUAGE/: the plain searches, in every language
    "first_empty",
    "first_empty_unchecked",
    "last_empty",
    "last_empty_unchecked",
)
# Members whose time on a puzzle is an accident of which cell happens to be last (a cell's
# candidates late in the row-major order, not the puzzle's difficulty): two samples of one tier
# can take one of them milliseconds and minutes. They are run and shown, and a function
# assignment's limits are taken from them (harness/calibration/function_panel.py), but they judge no
# tier: a tier is as hard as its samples for a search whose cost follows the puzzle.
ERRATIC = frozenset({"last_empty", "last_empty_unchecked"})
MEMBERS: dict[Language, tuple[str, ...]] = {  # and the stronger ones where students write them
    "python": (*BACKTRACKING, "chars", "mrv", "singles_once", "singles"),
    "cpp": (*BACKTRACKING, "chars", "mrv", "singles_once", "singles"),
    "c": BACKTRACKING,
}


@dataclass(frozen=True)
class Attempt:
    """One member on one case: its verdict and CPU seconds; skipped: not run (time-outs)."""

    member: str
    verdict: Verdict
    cpu: float | None
    skipped: bool = False

    @property
    def solved(self) -> bool:
        return self.verdict is Verdict.AC

    @property
    def text(self) -> str:
        if self.skipped:
            return "skip"
        if self.solved:
            return f"{self.cpu or 0.0:.2f}"
        return self.verdict.value


@dataclass(frozen=True)
class Row:
    """One case (an official sample or ours) and every member's attempt at it."""

    case: str
    size: int
    tier: Tier | None
    solvable: bool
    official: bool
    limit: float  # CPU seconds
    attempts: tuple[Attempt, ...]

    def solved_by(self, member: str) -> bool:
        return any(a.solved for a in self.attempts if a.member == member)


@dataclass(frozen=True)
class Match:
    """One member on one tier: whether it solved every official sample of the tier, and how
    many of our cases of the tier it solved."""

    member: str
    passes: bool
    solved: int
    cases: int
    solvable: bool = True  # False: the size's unsolvable cases, held against all its samples

    @property
    def judges(self) -> bool:
        """Whether this member judges a tier (ERRATIC ones are only shown)."""
        return self.member not in ERRATIC

    @property
    def holds(self) -> bool:
        if not self.judges:
            return True
        if self.passes:
            return self.solved == self.cases
        return not self.solvable or 2 * self.solved < self.cases

    @property
    def text(self) -> str:
        if not self.judges:
            return "shown"
        return "yes" if self.holds else "NO"

    @property
    def problem(self) -> str:
        """Why the match does not hold, in a clause; "" when it does."""
        if self.holds:
            return ""
        if self.passes:
            return f"{self.member} passes the samples but misses {self.cases - self.solved} of ours"
        return f"{self.member} misses the samples but solves {self.solved} of {self.cases} of ours"


@dataclass(frozen=True)
class Group:
    """One tier at one size, or the size's unsolvable cases (held against all its samples): the
    official samples, our cases, and each member's match."""

    size: int
    tier: Tier | None  # None with solvable: cases that name no tier (a problem when checked)
    solvable: bool
    samples: tuple[Row, ...]
    ours: tuple[Row, ...]
    matches: tuple[Match, ...]  # empty when nothing is judged (no samples, or none of the tier)
    checked: bool  # the samples were there to judge by

    @property
    def name(self) -> str:
        kind = self.tier or ("untiered" if self.solvable else "unsolvable")
        return f"{self.size}x{self.size} {kind}"

    @property
    def shown(self) -> tuple[Row, ...]:
        """The samples shown beside ours: the tier's own (for unsolvable cases, the samples
        without a solution; the rule holds them against every sample of the size)."""
        return tuple(r for r in self.samples if r.tier == self.tier and r.solvable == self.solvable)

    @property
    def holds(self) -> bool:
        return not self.problems

    @property
    def problems(self) -> tuple[str, ...]:
        if not self.checked:
            return ()
        if self.solvable and self.tier is None:
            cases = len(self.ours)
            return (f"{self.name}: {cases} case(s) name no tier (the sample each stands beside)",)
        if not self.matches:
            return (f"{self.name}: no official sample of this tier at this size",)
        return tuple(f"{self.name}: {m.problem}" for m in self.matches if not m.holds)


@dataclass(frozen=True)
class Calibration:
    language: Language
    members: tuple[str, ...]
    groups: tuple[Group, ...]
    samples: Samples | None  # None: none configured

    @property
    def checked(self) -> bool:
        return self.samples is not None and self.samples.checked

    @property
    def holds(self) -> bool:
        return all(group.holds for group in self.groups)

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(p for group in self.groups for p in group.problems)


def members(folder: Path, language: Language) -> tuple[Submission, ...]:
    """The panel's programs in `language`, in MEMBERS order; BadInput when one is missing."""
    found = []
    names = MEMBERS[language]
    for name in names:
        path = folder / language / f"{name}{SUFFIXES[language]}"
        if not path.is_file():
            raise BadInput.at(str(path), f"no such file: the panel needs {', '.join(names)}")
        found.append(Submission(name, path))
    return tuple(found)


def languages(plan: Plan) -> tuple[Language, ...]:
    """The panel's languages the assignment's programs may be written in (`program.languages`)."""
    program = plan.assignment.program
    allowed = set(program.languages) if program is not None else set(LANGUAGES)
    return tuple(language for language in LANGUAGES if language in allowed)


def case_probes(plan: Plan, cases: Sequence[Case]) -> tuple[Probe, ...]:
    """A probe per case, for the item of its size: by size, each size in the cases' order (the
    suite's, as grading runs them)."""
    if plan.assignment.shape != "stdin-program":
        raise BadInput.at("--assignment", f"{plan.name} is not a stdin-program assignment")
    io = program_io(plan.assignment)
    probes = []
    for case in sorted(cases, key=lambda c: c.size):
        item = f"{case.size}x{case.size}"
        if item not in plan.assignment.items:
            raise BadInput.at(case.label, f"{plan.name} has no item {item} (no time limit)")
        probes.append(case_probe(case, item, io))
    return tuple(probes)


def calibrate(
    plan: Plan,
    cases: Sequence[Case],
    language: Language,
    panel: Sequence[Submission],
    samples: Samples | None = None,
) -> Calibration:
    """Run every member of `panel` on every case, and on the samples when they are there, and
    match each tier of ours against the samples of its tier and size."""
    ours = rows(plan, cases, panel, official=False)
    sizes = {case.size for case in cases}
    official = [c for c in samples.cases if c.size in sizes] if samples is not None else []
    theirs = rows(every_case_run(plan), official, panel, official=True) if official else ()
    checked = samples is not None and samples.checked
    names = tuple(m.name for m in panel)
    return Calibration(language, names, groups(ours, theirs, names, checked), samples)


def every_case_run(plan: Plan) -> Plan:
    """The plan with no case skipped after time-outs: each sample is judged on its own."""
    limits = plan.assignment.limits.model_copy(update={"timeouts_before_skip": 0})
    return plan.with_limits(plan.assignment.model_copy(update={"limits": limits}), {})


def rows(
    plan: Plan, cases: Sequence[Case], panel: Sequence[Submission], *, official: bool
) -> tuple[Row, ...]:
    """Every member of `panel` on every case, in a row per case."""
    probes = case_probes(plan, cases)
    runs = [_attempts(plan, probes, member) for member in panel]
    by_label = {case.label: case for case in cases}
    return tuple(
        _row(by_label[probe.id], plan.time_limit(probe), [run[i] for run in runs], official)
        for i, probe in enumerate(probes)
    )


def _row(case: Case, limit: float, attempts: list[Attempt], official: bool) -> Row:
    solvable = case.solution is not None
    tier = case.tier if solvable else None
    return Row(case.label, case.size, tier, solvable, official, limit, tuple(attempts))


def groups(
    ours: Sequence[Row], theirs: Sequence[Row], members: Sequence[str], checked: bool
) -> tuple[Group, ...]:
    """A group per tier and size of ours, in size then tier order (unsolvable last)."""
    keys = sorted({(row.size, row.solvable, row.tier) for row in ours}, key=_order)
    return tuple(_group(key, ours, theirs, members, checked) for key in keys)


Key = tuple[int, bool, Tier | None]  # size, solvable, tier


def _order(key: Key) -> tuple[int, bool, int]:
    size, solvable, tier = key
    return size, not solvable, TIERS.index(tier) if tier else len(TIERS)


def _group(
    key: Key, ours: Sequence[Row], theirs: Sequence[Row], members: Sequence[str], checked: bool
) -> Group:
    size, solvable, tier = key
    mine = tuple(r for r in ours if (r.size, r.solvable, r.tier) == key)
    samples = tuple(r for r in theirs if r.size == size and (r.tier == tier or not solvable))
    if solvable and tier is None:
        samples = ()
    matches = tuple(_match(m, samples, mine, solvable) for m in members) if samples else ()
    return Group(size, tier, solvable, samples, mine, matches, checked)


def _match(member: str, samples: Sequence[Row], ours: Sequence[Row], solvable: bool) -> Match:
    passes = all(row.solved_by(member) for row in samples)
    solved = sum(row.solved_by(member) for row in ours)
    return Match(member, passes, solved, len(ours), solvable)


def _attempts(plan: Plan, probes: tuple[Probe, ...], member: Submission) -> list[Attempt]:
    try:
        judged = run_and_judge(member, plan.context(probes), plan.time_limit)
    except SubmissionProblem as problem:
        raise BadInput.at(str(member.path), str(problem)) from None
    if not judged.loaded:
        raise BadInput.at(str(member.path), f"does not build: {judged.run.load.message}")
    return [_attempt(member.name, case) for case in judged.cases]


def _attempt(member: str, case: JudgedCase) -> Attempt:
    skipped = case.outcome.kind == "skipped"
    return Attempt(member, case.result.verdict, case.outcome.cpu_seconds, skipped)
