"""The reference solver against Peter Norvig's, puzzle by puzzle in one run, on standard sets.

    python benchmarks/bench_solver.py [--sets top95,17clue] [--quick]
                                      [--budget-seconds 60] [--max-guesses 5000]

Every puzzle of a set goes to both solvers in turn (ours first on even puzzles, Norvig's first on
odd ones), in this process; each solve is timed with perf_counter and every answer is checked
with `is_solution_of`. Each solver has a time budget per set: the solve running when it runs out
is interrupted, and that solver does not attempt the rest of the set. Our solver gives up on a
puzzle after --max-guesses guesses. Norvig's runs on the 9x9 and 16x16 sets only.

On the 25x25 set and the 36x36 boards, with python-sat installed, more lanes join the rotation
(who goes first moves by one each puzzle): the SAT lanes (harness.puzzles.sat, one per encoding
and solver) and the production path (harness.puzzles.decide: the search, then SAT). They count
to 2, so "solved" there means solved and proved unique.

The puzzles are the read-only collections in ../shared/datasets/benchmarks, and the course's
36 x 36 boards in ../shared/datasets/b351-boards; a set whose file is missing is skipped. Read
the ratios, not the absolute times (they depend on the machine).
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Literal

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "datasets"
sys.path.insert(0, str(REPO))

from benchmarks import norvig  # noqa: E402
from harness.errors import BadInput  # noqa: E402
from harness.puzzles import importers, sat, solver  # noqa: E402
from harness.puzzles.decide import decide  # noqa: E402
from harness.puzzles.sudoku import is_solution_of  # noqa: E402
from harness.records.evidence import Grid  # noqa: E402

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
QUICK = 20  # puzzles per set with --quick
RECURSION = 50_000  # Norvig's search and propagation recurse; 16 x 16 goes deep
SPEED_SETS = ("top95", "17clue", "forum_hardest")  # target: ours >= 3x Norvig's puzzles/s
SPEED_TARGET = 3.0
SOLVE_ALL_SETS = ("janko16", "frisch25", "b351-36")  # target: ours solves every puzzle
SAT_LANES: tuple[tuple[sat.Encoding, str, sat.Tuning], ...] = (  # python-sat solver name
    ("plain", "cadical195", "default"),
    ("reduced", "cadical195", "default"),
    ("reduced", "cadical195", "sat"),
    ("narrowed", "cadical195", "sat"),
    ("reduced", "glucose4", "default"),
)
LANE_DECIDE = "decide: search, then SAT"
SAT_TARGET = (1.5, 10.0)  # seconds: median and worst, every puzzle solved and proved unique

Outcome = Literal["solved", "gave up", "wrong", "cut off"]
Answer = tuple[Grid | None, int, bool]  # the solution or None, guesses, gave up
Solve = Callable[[Grid], Answer]


@dataclass(frozen=True)
class Dataset:
    name: str
    file: str  # under ../shared/datasets
    step: int = 1  # take every step-th puzzle, from the first: a fixed sample
    norvig: bool = True  # run Norvig's solver on it too
    sat: bool = False  # run the SAT lanes and the production path (search, then SAT) on it too
    format: importers.Format = "lines"  # how harness.puzzles.importers reads it


SETS = (
    Dataset("easy50", "benchmarks/norvig_easy50.txt"),
    Dataset("top95", "benchmarks/norvig_top95.txt"),
    Dataset("hardest", "benchmarks/norvig_hardest.txt"),
    Dataset("17clue", "benchmarks/royle_17clue_49151_pytudes.txt", step=49),
    Dataset("forum_hardest", "benchmarks/tdoku_puzzles6_forum_hardest_1106.txt"),
    Dataset("janko16", "benchmarks/gecode_16x16_janko55.txt"),
    Dataset("frisch25", "benchmarks/gecode_25x25_frisch18.txt", norvig=False, sat=True),
    Dataset(  # the course's 36 x 36 boards (CSV, one per file)
        "b351-36",
        "b351-boards/tests/test-6-ridiculous",
        norvig=False,
        sat=True,
        format="boards",
    ),
)


@dataclass(frozen=True)
class Attempt:
    """One solve: what came of it, how long it took, and our solver's guesses (0 for Norvig)."""

    outcome: Outcome
    seconds: float
    guesses: int


@dataclass(frozen=True)
class SolverRun:
    """One solver on one set. attempts[i] is puzzle i; the puzzles after them were not tried."""

    name: str
    ran: bool
    puzzles: int
    attempts: tuple[Attempt, ...]

    def count(self, outcome: Outcome) -> int:
        return sum(a.outcome == outcome for a in self.attempts)

    @property
    def finished(self) -> list[Attempt]:
        return [a for a in self.attempts if a.outcome != "cut off"]

    @property
    def not_attempted(self) -> int:
        return self.puzzles - len(self.finished)

    @property
    def rate(self) -> float:
        return len(self.finished) / max(sum(a.seconds for a in self.finished), 1e-9)

    def milliseconds(self) -> list[float]:
        return [a.seconds * 1e3 for a in self.finished]

    @property
    def average_guesses(self) -> float:
        return statistics.fmean(a.guesses for a in self.finished)


@dataclass(frozen=True)
class SetResult:
    dataset: Dataset
    total: int  # puzzles in the file, before sampling
    puzzles: tuple[Grid, ...]
    ours: SolverRun
    theirs: SolverRun
    more: tuple[SolverRun, ...] = ()  # the SAT lanes and the production path, if run

    @property
    def label(self) -> str:
        step = self.dataset.step
        return self.dataset.name + (f" (every {step}th of {self.total:,})" if step > 1 else "")

    def ratio(self) -> tuple[float, int] | None:
        """Our puzzles/s over Norvig's, on the puzzles both solved; and how many those were."""
        pairs = [
            (a.seconds, b.seconds)
            for a, b in zip(self.ours.attempts, self.theirs.attempts, strict=False)
            if a.outcome == b.outcome == "solved"
        ]
        if not pairs:
            return None
        return sum(b for _, b in pairs) / sum(a for a, _ in pairs), len(pairs)

    def wrong(self) -> list[tuple[str, Grid]]:
        runs = (self.ours, self.theirs, *self.more)
        return [
            (run.name, self.puzzles[i])
            for run in runs
            for i, a in enumerate(run.attempts)
            if a.outcome == "wrong"
        ]


# Loading ------------------------------------------------------------------------------------


def load(dataset: Dataset, quick: bool) -> tuple[list[Grid], int] | None:
    """The set's puzzles (sampled, and cut to QUICK with quick) and the file's count; None
    when the file is absent."""
    path = DATA / dataset.file
    if not path.exists():
        return None
    try:
        puzzles = [raw.puzzle for raw in importers.read(path, dataset.format)]
    except BadInput as error:
        raise SystemExit(str(error)) from None
    return puzzles[:: dataset.step][: QUICK if quick else None], len(puzzles)


def encode(grid: Grid) -> str:
    if len(grid) > len(SYMBOLS):
        return ",".join(str(v) for row in grid for v in row)
    return "".join(SYMBOLS[v - 1] if v else "." for row in grid for v in row)


# Solving ------------------------------------------------------------------------------------


def ours(max_guesses: int) -> Solve:
    def solve(puzzle: Grid) -> Answer:
        found = solver.search(puzzle, limit=1, max_guesses=max_guesses)
        answer = found.solutions[0] if found.solutions else None
        return answer, found.guesses, found.exhausted

    return solve


def by_sat(encoding: sat.Encoding, backend: str, tuning: sat.Tuning) -> Solve:
    def solve(puzzle: Grid) -> Answer:
        found = sat.search(puzzle, limit=2, encoding=encoding, backend=backend, tuning=tuning)
        return (found[0] if len(found) == 1 else None), 0, False

    return solve


def production(max_guesses: int) -> Solve:
    def solve(puzzle: Grid) -> Answer:
        found = decide(puzzle, limit=2, max_guesses=max_guesses)
        return (found.solutions[0] if found.unique else None), found.guesses, found.exhausted

    return solve


def extra_lanes(dataset: Dataset, options: argparse.Namespace) -> list[Lane]:
    if not dataset.sat or not sat.available():
        return []
    lanes = [
        Lane(
            f"SAT {encoding}, {backend}" + (f" ({tuning} config)" if "cadical" in backend else ""),
            by_sat(encoding, backend, tuning),
            options.budget_seconds,
        )
        for encoding, backend, tuning in SAT_LANES
    ]
    return [*lanes, Lane(LANE_DECIDE, production(options.max_guesses), options.budget_seconds)]


def theirs(puzzle: Grid) -> Answer:
    return norvig.solve(puzzle), 0, False


class OutOfBudget(Exception):
    """Raised by the alarm inside a solve when the solver's budget for the set runs out."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise OutOfBudget


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Interrupt the body with OutOfBudget after `seconds` of wall-clock time."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def judge(puzzle: Grid, answer: Grid | None, gave_up: bool) -> Outcome:
    """A wrong grid, or no grid without giving up, is wrong: every puzzle here has a solution."""
    if answer is not None and is_solution_of(puzzle, answer):
        return "solved"
    return "gave up" if gave_up and answer is None else "wrong"


def attempt(solve: Solve, puzzle: Grid, remaining: float) -> Attempt:
    try:
        with deadline(remaining):
            started = time.perf_counter()
            answer, guesses, gave_up = solve(puzzle)
            seconds = time.perf_counter() - started
    except OutOfBudget:
        return Attempt("cut off", remaining, 0)
    return Attempt(judge(puzzle, answer, gave_up), seconds, guesses)


@dataclass
class Lane:
    """One solver's way through a set, while it runs; it stops once its budget is spent."""

    name: str
    solve: Solve | None  # None: not run on this set
    budget: float
    attempts: list[Attempt] = field(default_factory=list)
    spent: float = 0.0

    def step(self, puzzle: Grid) -> None:
        remaining = self.budget - self.spent
        if self.solve is None or remaining <= 0:
            return
        done = attempt(self.solve, puzzle, remaining)
        self.attempts.append(done)
        self.spent += done.seconds

    def result(self, puzzles: int) -> SolverRun:
        return SolverRun(self.name, self.solve is not None, puzzles, tuple(self.attempts))


def run_set(
    dataset: Dataset, puzzles: Sequence[Grid], total: int, options: argparse.Namespace
) -> SetResult:
    solver.Geometry.of(len(puzzles[0]))  # build the solvers' tables before any timing
    if dataset.norvig:
        norvig.norvig(len(puzzles[0]))
    lanes = [
        Lane("ours", ours(options.max_guesses), options.budget_seconds),
        Lane("Norvig", theirs if dataset.norvig else None, options.budget_seconds),
        *extra_lanes(dataset, options),
    ]
    for i, puzzle in enumerate(puzzles):
        for lane in lanes[i % len(lanes) :] + lanes[: i % len(lanes)]:
            lane.step(puzzle)
    runs = [lane.result(len(puzzles)) for lane in lanes]
    return SetResult(dataset, total, tuple(puzzles), runs[0], runs[1], tuple(runs[2:]))


# Reporting ----------------------------------------------------------------------------------

HEADER = (
    "| set | solver | puzzles | solved | gave up | wrong | not attempted | puzzles/s "
    "| median ms | worst ms | avg guesses | ours/Norvig |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def ratio_cell(result: SetResult) -> str:
    found = result.ratio()
    if found is None:
        return "-"
    ratio, common = found
    return f"{ratio:.2f}x" + ("" if common == len(result.puzzles) else f" (on {common})")


def row(result: SetResult, run: SolverRun) -> str:
    start = f"| {result.label} | {run.name} | {run.puzzles} |"
    if not run.ran:
        return start + " not run |" + " |" * 8
    if not run.finished:
        return start + f" 0 | 0 | 0 | {run.not_attempted} |" + " - |" * 5
    ms = run.milliseconds()
    guesses = f"{run.average_guesses:,.1f}" if run.name in ("ours", LANE_DECIDE) else "-"
    ratio = ratio_cell(result) if run.name == "ours" else ""
    return (
        f"{start} {run.count('solved')} | {run.count('gave up')} | {run.count('wrong')} "
        f"| {run.not_attempted} | {run.rate:,.1f} | {statistics.median(ms):.2f} "
        f"| {max(ms):.1f} | {guesses} | {ratio} |"
    )


def sat_target(name: str, run: SolverRun) -> str:
    solved, ms = run.count("solved"), run.milliseconds()
    median, worst = (statistics.median(ms) / 1e3, max(ms) / 1e3) if ms else (0.0, 0.0)
    met = solved == run.puzzles and median < SAT_TARGET[0] and worst < SAT_TARGET[1]
    return (
        f"{name}, {run.name}: solved and proved {solved}/{run.puzzles}, median {median:.2f} s, "
        f"worst {worst:.2f} s (target: all, < {SAT_TARGET[0]:g} s, < {SAT_TARGET[1]:g} s): "
        + ("met" if met else "NOT met")
    )


def speed_target(result: SetResult) -> str:
    found = result.ratio()
    if found is None:
        return f"{result.dataset.name}: no puzzle solved by both: NOT met"
    (ratio, common), puzzles = found, len(result.puzzles)
    scope = "" if common == puzzles else f" on only {common} of {puzzles} puzzles"
    met = "met" if ratio >= SPEED_TARGET and not scope else "NOT met"
    return (
        f"{result.dataset.name}: ours/Norvig = {ratio:.2f}x{scope} "
        f"(target >= {SPEED_TARGET:g}x): {met}"
    )


def solve_all_target(result: SetResult) -> str:
    run, solved = result.ours, result.ours.count("solved")
    met = solved == len(result.puzzles)
    return f"{result.dataset.name}: ours solved {solved}/{run.puzzles} (target: all): " + (
        "met" if met else "NOT met"
    )


def targets(results: Sequence[SetResult]) -> list[str]:
    lines = []
    for result in results:
        if result.dataset.name in SPEED_SETS:
            lines.append(speed_target(result))
        elif result.dataset.name in SOLVE_ALL_SETS:
            lines.append(solve_all_target(result))
        lines.extend(sat_target(result.dataset.name, run) for run in result.more)
    return lines


def report(results: Sequence[SetResult], options: argparse.Namespace) -> None:
    print(
        f"{'Quick run: first ' + str(QUICK) + ' puzzles of each set; ' if options.quick else ''}"
        f"budget {options.budget_seconds:g} s per solver per set; ours gives up after "
        f"{options.max_guesses:,} guesses; Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs\n"
    )
    print(HEADER)
    for result in results:
        for run in (result.ours, result.theirs, *result.more):
            print(row(result, run))
    print(
        "\nours/Norvig: our puzzles/s over Norvig's, on the puzzles both solved (total time of "
        "each). puzzles/s, median and worst are over the puzzles a solver finished; "
        "'not attempted' includes a solve interrupted when the budget ran out."
    )
    caveat = " (quick run: not the full sets)" if options.quick else ""
    print(f"\nTargets{caveat}:\n" + "\n".join(targets(results)))
    for result in results:
        for name, puzzle in result.wrong():
            print(f"\nWRONG ANSWER from {name} on {result.dataset.name}: {encode(puzzle)}")


# Command line -------------------------------------------------------------------------------


def chosen_sets(names: str | None) -> list[Dataset]:
    if names is None:
        return list(SETS)
    wanted = [name.strip() for name in names.split(",") if name.strip()]
    known = [dataset.name for dataset in SETS]
    if unknown := [name for name in wanted if name not in known]:
        raise SystemExit(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return [dataset for dataset in SETS if dataset.name in wanted]


def parse_options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    names = ", ".join(dataset.name for dataset in SETS)
    parser.add_argument("--sets", help=f"comma-separated subset of: {names}")
    parser.add_argument("--quick", action="store_true", help=f"first {QUICK} puzzles of each")
    parser.add_argument("--budget-seconds", type=float, default=60.0, help="per solver per set")
    parser.add_argument("--max-guesses", type=int, default=5000, help="ours, per puzzle")
    return parser.parse_args()


def main() -> None:
    options = parse_options()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION))
    results = []
    for dataset in chosen_sets(options.sets):
        loaded = load(dataset, options.quick)
        if loaded is None:
            print(f"skipping {dataset.name}: {DATA / dataset.file} is absent", file=sys.stderr)
        elif loaded[0]:
            print(f"running {dataset.name} ({len(loaded[0])} puzzles)", file=sys.stderr)
            results.append(run_set(dataset, loaded[0], loaded[1], options))
    if not results:
        raise SystemExit(f"no set to run: their files are missing from {DATA}")
    report(results, options)


if __name__ == "__main__":
    main()
