"""`suites calibrate`: do a suite's difficulty labels hold for the programs students write?

A suite's `difficulty` is measured by the reference solver (harness/puzzles/rating.py); a student
who writes a plain backtracking search meets the same puzzles without that solver's propagation.
The panel (solvers/panel/LANGUAGE/) holds one program per typical student algorithm:

- first_empty: backtracking on the first empty cell, checking row, column and box by scanning;
- mrv: backtracking on the empty cell with the fewest candidates;
- singles: naked and hidden singles, then first-empty DFS with propagation at each node.

Each member is built and run like a submission (harness/shapes/stdin_program.py: the config's
build command, the sandbox interpreter, the isolation layers), on every case of the suites, under
the CPU limit its size's item gets when grading (config.yaml, calibrated on the reference). The
rule (NEEDED): a case labelled easy is solved within its limit by every member, medium by mrv,
hard by any or none; a case without a label (an unsolvable one) is run and shown, never judged.
Labels are judged per language. Cases run by size, easy first, and the assignment's
`timeouts_before_skip` applies per size, so a member that times out is not run on and on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from harness.assignments.stdin_program.probes import case_probe, program_io
from harness.errors import BadInput
from harness.grading.judged import JudgedCase, run_and_judge
from harness.grading.plan import Plan
from harness.puzzles.rating import DIFFICULTIES, Difficulty
from harness.puzzles.suites import Case
from harness.records.probes import Probe
from harness.records.verdicts import Verdict
from harness.shapes.stdin_program import probe_size
from harness.submissions import Submission, SubmissionProblem

MEMBERS = ("first_empty", "mrv", "singles")  # file stems in solvers/panel/LANGUAGE/
NEEDED: dict[Difficulty, tuple[str, ...]] = {  # who must solve a case of each label
    "easy": MEMBERS,
    "medium": ("mrv",),
    "hard": (),
}
Language = Literal["python", "cpp"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
SUFFIXES: dict[Language, str] = {"python": ".py", "cpp": ".cpp"}


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
    case: str
    size: int
    label: Difficulty | None
    limit: float  # CPU seconds
    attempts: tuple[Attempt, ...]

    @property
    def holds(self) -> bool | None:
        """None: nothing to judge (no label)."""
        if self.label is None:
            return None
        needed = NEEDED[self.label]
        return all(a.solved for a in self.attempts if a.member in needed)

    @property
    def missing(self) -> tuple[str, ...]:
        """The members the label needs that did not solve the case."""
        needed = NEEDED[self.label] if self.label else ()
        return tuple(a.member for a in self.attempts if a.member in needed and not a.solved)


@dataclass(frozen=True)
class Calibration:
    language: Language
    members: tuple[str, ...]
    rows: tuple[Row, ...]

    @property
    def holds(self) -> bool:
        return all(row.holds is not False for row in self.rows)


def members(folder: Path, language: Language) -> tuple[Submission, ...]:
    """The panel's programs in `language`, in MEMBERS order; BadInput when one is missing."""
    found = []
    for name in MEMBERS:
        path = folder / language / f"{name}{SUFFIXES[language]}"
        if not path.is_file():
            raise BadInput.at(str(path), f"no such file: the panel needs {', '.join(MEMBERS)}")
        found.append(Submission(name, path))
    return tuple(found)


def case_probes(plan: Plan, cases: Sequence[Case]) -> tuple[Probe, ...]:
    """A probe per case, for the item of its size: by size, then easy to hard, unlabelled last."""
    if plan.assignment.shape != "stdin-program":
        raise BadInput.at("--assignment", f"{plan.name} is not a stdin-program assignment")
    io = program_io(plan.assignment)
    probes = []
    for case in sorted(cases, key=_label_order):
        item = f"{case.size}x{case.size}"
        if item not in plan.assignment.items:
            raise BadInput.at(case.label, f"{plan.name} has no item {item} (no time limit)")
        probes.append(case_probe(case, item, io))
    return tuple(probes)


def _label_order(case: Case) -> tuple[int, int]:
    label = case.rating.difficulty if case.rating else None
    return case.size, DIFFICULTIES.index(label) if label else len(DIFFICULTIES)


def calibrate(
    plan: Plan, cases: Sequence[Case], language: Language, panel: Sequence[Submission]
) -> Calibration:
    """Run every member of `panel` on every case and judge each case's label."""
    probes = case_probes(plan, cases)
    runs = [_attempts(plan, probes, member) for member in panel]
    labels = {case.label: case.rating.difficulty if case.rating else None for case in cases}
    rows = tuple(
        Row(
            probe.id,
            probe_size(probe),
            labels[probe.id],
            plan.time_limit(probe),
            tuple(run[index] for run in runs),
        )
        for index, probe in enumerate(probes)
    )
    return Calibration(language, tuple(m.name for m in panel), rows)


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
