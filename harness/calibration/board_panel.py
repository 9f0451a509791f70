"""`suites calibrate -a board-solver`: do the competency boards fail each flawed heuristic as
often as the course's hard tier does?

B351's hard tier is 100 boards of 17 clues: a most-constrained search on them passes through
states where every empty space has many options. The panel (solvers/panel/board-solver/) holds
one a2.py per flaw students hand in, beside the reference (config.yaml's `reference`):

- none_from_n: getMostConstrainedUnsolvedSpace starts its minimum at n, the box's side: None
  whenever every empty space has n or more options, taken by solveBoard for a dead end;
- none_below_4: the same from 4 (None only on sparse boards);
- ties_last: `<=` for `<`, ties go to the last space in row-major order;
- never_undoes: solveBoard never calls undoMove.

Each member runs as grading runs a submission (harness/grading/judged.py, in its own worker
process), on the competency item's probes under its CPU limit: on ours as grading runs them
(`timeouts_before_skip` in force), on the course's boards each on its own. A member fails a board
when its verdict is not AC. The rules, on the solvable boards of ours:

- the reference solves every one within HEADROOM of the limit;
- each flawed member fails a share of them within TOLERANCE of the share it fails of the
  course's hard tier (its boards at every size pooled).

Without the course's boards (the folder absent) the shares of ours are shown and nothing is
judged. The course's boards are read where they are, never copied into the project.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.calibration.panel import every_case_run
from harness.config import SamplesConfig
from harness.errors import BadInput
from harness.grading.judged import run_and_judge
from harness.grading.plan import Plan
from harness.kinds.board_classes.board_solver.probes import configured
from harness.puzzles import importers
from harness.puzzles.suites import Case
from harness.records.probes import Probe
from harness.records.verdicts import Verdict
from harness.submissions import Submission, SubmissionProblem

MEMBERS = ("none_from_n", "none_below_4", "ties_last", "never_undoes")  # folders of a2.py
REFERENCE = "reference"
TOLERANCE = 0.15  # a member's share of ours may differ from its share of the course's by this
HEADROOM = 0.25  # the reference's slowest board of ours: at most this share of the limit
SUITE = "course"


@dataclass(frozen=True)
class Board:
    """One board and each member's result on it: solved, and CPU seconds."""

    case: str
    size: int
    limit: float
    solved: tuple[bool, ...]
    cpu: tuple[float, ...]


@dataclass(frozen=True)
class Side:
    """Every member on a set of boards (ours, or the course's hard tier)."""

    name: str
    members: tuple[str, ...]
    boards: tuple[Board, ...]

    def failed(self, member: str, size: int | None = None) -> int:
        index = self.members.index(member)
        return sum(not b.solved[index] for b in self.boards if size in (None, b.size))

    def count(self, size: int | None = None) -> int:
        return sum(size in (None, b.size) for b in self.boards)

    def share(self, member: str, size: int | None = None) -> float | None:
        count = self.count(size)
        return self.failed(member, size) / count if count else None

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(sorted({b.size for b in self.boards}))

    def slowest(self, member: str) -> tuple[float, float]:
        """The member's most CPU on one board, and that board's limit."""
        index = self.members.index(member)
        worst = max(self.boards, key=lambda b: b.cpu[index] / b.limit)
        return worst.cpu[index], worst.limit


@dataclass(frozen=True)
class BoardCalibration:
    ours: Side
    course: Side | None  # None: the course's boards are absent (or none configured)
    where: Path | None  # the course's folder, when configured

    @property
    def members(self) -> tuple[str, ...]:
        return self.ours.members

    @property
    def problems(self) -> tuple[str, ...]:
        found = []
        if REFERENCE in self.members:
            if self.ours.failed(REFERENCE):
                found.append(f"the reference fails {self.ours.failed(REFERENCE)} of ours")
            cpu, limit = self.ours.slowest(REFERENCE)
            if cpu > HEADROOM * limit:
                found.append(f"the reference takes {cpu:.2f} s of {limit:g} s on a board of ours")
        if self.course is not None:
            found.extend(self._apart(m) for m in self.members if m != REFERENCE)
        return tuple(p for p in found if p)

    def _apart(self, member: str) -> str:
        assert self.course is not None
        ours, theirs = self.ours.share(member), self.course.share(member)
        if ours is None or theirs is None or abs(ours - theirs) <= TOLERANCE:
            return ""
        return f"{member} fails {ours:.0%} of ours but {theirs:.0%} of the course's hard tier"

    @property
    def holds(self) -> bool:
        return not self.problems


def members(folder: Path, reference: Path | None) -> tuple[Submission, ...]:
    """The reference (when there is one) and the panel's members, in MEMBERS order."""
    found = [Submission(REFERENCE, reference)] if reference is not None else []
    for name in MEMBERS:
        path = folder / name
        if not (path / "a2.py").is_file():
            raise BadInput.at(str(path), f"no a2.py: the panel needs {', '.join(MEMBERS)}")
        found.append(Submission(name, path))
    return tuple(found)


def course_boards(config: SamplesConfig, where: Path, solutions: Path | None) -> list[Case]:
    """The boards of each folder `config.tiers` names `hard` under `where`, with their solutions
    from the mirror folder `solutions`, tagged for competency and tier hard; [] when `where` is
    absent."""
    if not where.is_dir():
        return []
    cases = []
    for name, tier in config.tiers.items():
        if tier != "hard":
            continue
        answers = solutions / name if solutions is not None else None
        read = importers.import_cases(where / name, "boards", answers, suite=SUITE)
        cases += [
            dataclasses.replace(c, id=f"{name}/{c.id}", tags=("competency",), tier=tier)
            for c in read
        ]
    return cases


def calibrate(
    plan: Plan,
    cases: Sequence[Case],
    panel: Sequence[Submission],
    course: Sequence[Case] = (),
    where: Path | None = None,
) -> BoardCalibration:
    """Every member on the solvable competency boards of `cases` (as grading runs them) and on
    the course's boards (each on its own)."""
    if plan.assignment.probes != "board-solver":
        raise BadInput.at("--assignment", f"{plan.name} is not a board-solver assignment")
    solvable = [c for c in cases if "competency" in c.tags and c.solution is not None]
    ours = _side("ours", plan, solvable, panel)
    theirs = _side("course hard tier", every_case_run(plan), course, panel) if course else None
    return BoardCalibration(ours, theirs, where)


def _side(name: str, plan: Plan, cases: Sequence[Case], panel: Sequence[Submission]) -> Side:
    probes = tuple(configured(plan.assignment)["competency"](cases))  # boards as declared
    runs = [_run(plan, probes, member) for member in panel]
    sizes = {case.id: case.size for case in cases}
    boards = tuple(
        Board(
            probe.id,
            sizes[probe.id],
            plan.time_limit(probe),
            tuple(run[i][0] for run in runs),
            tuple(run[i][1] for run in runs),
        )
        for i, probe in enumerate(probes)
    )
    return Side(name, tuple(m.name for m in panel), boards)


def _run(plan: Plan, probes: tuple[Probe, ...], member: Submission) -> list[tuple[bool, float]]:
    try:
        judged = run_and_judge(member, plan.context(probes), plan.time_limit)
    except SubmissionProblem as problem:
        raise BadInput.at(str(member.path), str(problem)) from None
    if not judged.loaded:
        raise BadInput.at(str(member.path), f"does not load: {judged.run.load.message}")
    return [
        (case.result.verdict is Verdict.AC, case.outcome.cpu_seconds or 0.0)
        for case in judged.cases
    ]
