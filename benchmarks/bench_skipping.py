"""What fair skipping and close verdicts cost per submission (issue 38, parts 5 and 11): a class
graded as before (the suites' order, every call killed at 1.1 times its limit, nothing graded
again for a close time-out) and as today (cases cheapest first by the reference's time, a
streak's first time-out run to twice its limit, a close one graded again alone), in one run.

    python benchmarks/bench_skipping.py [--rounds 3] [--jobs 2]

A class is each assignment's examples, plus the exponential solver of tests/fixtures/skipping.
Each round grades every class each way, taking turns, so machine load hits all; a class's cost
per submission is its plan (calibration, and today the reference's time on each case) plus its
grading, over its submissions. Today is timed twice: the first grading on a machine (an empty
cache: the reference is timed on every case) and any later one (the times kept). Each ratio
to before is the median of per-round ratios. The marks of each submission are printed where
before and today differ.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading import calibration, feedback, run  # noqa: E402
from harness.grading.calibration import calibrated_plan  # noqa: E402
from harness.grading.plan import Plan  # noqa: E402
from harness.kinds.streaks import Streaks  # noqa: E402
from harness.limits import Limits  # noqa: E402
from harness.records.probes import Probe  # noqa: E402
from harness.records.results import SubmissionResult  # noqa: E402
from harness.submissions import discover  # noqa: E402

CLASSES = {  # name -> (config, assignment, the class's folder)
    "sudoku-functions": (REPO / "config.yaml", "sudoku-functions", "submissions/sudoku-functions"),
    "c-functions": (REPO / "config.yaml", "c-functions", "submissions/c-functions"),
    "exponential": (
        REPO / "tests/fixtures/skipping/config.yaml",
        "solved-grid-last",
        "tests/fixtures/skipping/exponential",
    ),
}
MODES = ("before", "today, first", "today, kept")


def _unordered(config: Any, plan: Plan, measured: Any) -> Plan:
    return plan  # no costs: the suites' order, and the plain rule


def _usual_kill(self: Streaks, probe: Probe, limits: Limits) -> Limits:
    return limits  # stopped at 1.1 times its limit, as every call was


def _never_again(result: SubmissionResult) -> str:
    wall = result.timed_on_the_wall and not result.budget_spent
    return feedback.AGAIN if wall else ""  # only the wall-clock reason, as before


PATCHES = (  # what `before` undoes: the costs, the high limit, the second grading of a close one
    (calibration, "with_costs", _unordered),
    (Streaks, "running", _usual_kill),
    (run, "_again", _never_again),
)


@contextmanager
def mode(name: str) -> Iterator[None]:
    """Today's code, or the three of its steps undone for `before`."""
    saved = [(owner, attribute, getattr(owner, attribute)) for owner, attribute, _ in PATCHES]
    if name == "before":
        for owner, attribute, replacement in PATCHES:
            setattr(owner, attribute, replacement)
    try:
        yield
    finally:
        for owner, attribute, value in saved:
            setattr(owner, attribute, value)


def graded(name: str, jobs: int, cache: Path) -> tuple[float, int, dict[str, float]]:
    """Seconds to plan and grade the class with `cache`, its size, and its marks."""
    config, assignment, folder = CLASSES[name]
    os.environ["SUDOKU_HARNESS_CACHE"] = str(cache)
    started = time.perf_counter()
    plan = calibrated_plan(load_config(config), assignment)
    submissions = discover(REPO / folder, _suffixes(name))
    report = run.grade_all(plan, submissions, jobs)
    took = time.perf_counter() - started
    return took, len(submissions), {s.name: s.marks for s in report.submissions}


def timed(name: str, each: str, jobs: int, kept: Path) -> tuple[float, int, dict[str, float]]:
    """The class graded `each` way: with an empty cache, or (today, kept) the one kept."""
    if each == "today, kept":
        return graded(name, jobs, kept)
    with tempfile.TemporaryDirectory() as empty, mode(each.split(",")[0]):
        return graded(name, jobs, Path(empty))


def _ratio(before: list[float], after: list[float]) -> float:
    return statistics.median(a / b for b, a in zip(before, after, strict=True))


def _suffixes(name: str) -> tuple[str, ...]:
    return (".c",) if name == "c-functions" else (".py",)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seconds: dict[tuple[str, str], list[float]] = {}
    marks: dict[tuple[str, str], dict[str, float]] = {}
    sizes: dict[str, int] = {}
    kept = Path(tempfile.mkdtemp(prefix="bench-skipping-"))
    for name in CLASSES:
        graded(name, args.jobs, kept)  # the reference's times, kept for "today, kept"
    for turn in range(args.rounds):
        for name in CLASSES:
            for each in MODES if turn % 2 == 0 else tuple(reversed(MODES)):
                took, sizes[name], marks[(name, each)] = timed(name, each, args.jobs, kept)
                seconds.setdefault((name, each), []).append(took / sizes[name])
    print(f"medians of {args.rounds} interleaved rounds, --jobs {args.jobs}; Python "
          f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs; load "
          f"{os.getloadavg()[0]:.1f} at the end\n")  # fmt: skip
    print("| class | submissions | before (s each) | today, first (s each) | today, kept "
          "(s each) | first / before | kept / before |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in CLASSES:
        before, first, kept_ = (seconds[(name, each)] for each in MODES)
        print(f"| {name} | {sizes[name]} | {statistics.median(before):.2f} | "
              f"{statistics.median(first):.2f} | {statistics.median(kept_):.2f} | "
              f"{_ratio(before, first):.2f}x | {_ratio(before, kept_):.2f}x |")  # fmt: skip
    for name in CLASSES:
        was, now = marks[(name, "before")], marks[(name, "today, kept")]
        for submission in sorted(was):
            if was[submission] != now[submission]:
                print(f"{name}/{submission}: {was[submission]:g} before, "
                      f"{now[submission]:g} today")  # fmt: skip


if __name__ == "__main__":
    main()
