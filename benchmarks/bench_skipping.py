"""What fair skipping and close verdicts cost per submission (issue 38, parts 5 and 11): a class
graded as before (the suites' order, every call killed at 1.1 times its limit, nothing graded
again for a close time-out) and as today (cases cheapest first by the reference's time, a
streak's first time-out run to twice its limit, a close one graded again alone), in one run.

    python benchmarks/bench_skipping.py [--rounds 3] [--jobs 2]

A class is each assignment's examples, plus the exponential solver of tests/fixtures/skipping.
Each round grades every class both ways, taking turns, so machine load hits both; a class's
cost per submission is its plan (calibration, and today the reference's time on each case,
measured with an empty cache: the worst case, once per machine) plus its grading, over its
submissions. Today / before is the median of per-round ratios. The marks of each submission
are printed where the two ways differ.
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
from harness.limits import Limits  # noqa: E402
from harness.records.probes import Probe  # noqa: E402
from harness.records.results import SubmissionResult  # noqa: E402
from harness.shapes.streaks import Streaks  # noqa: E402
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
MODES = ("before", "today")


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


def graded(name: str, jobs: int) -> tuple[float, int, dict[str, float]]:
    """Seconds to plan (with an empty cache) and grade the class, its size, and its marks."""
    config, assignment, folder = CLASSES[name]
    with tempfile.TemporaryDirectory() as cache:
        os.environ["SUDOKU_HARNESS_CACHE"] = cache
        started = time.perf_counter()
        plan = calibrated_plan(load_config(config), assignment)
        submissions = discover(REPO / folder, _suffixes(name))
        report = run.grade_all(plan, submissions, jobs)
        took = time.perf_counter() - started
    return took, len(submissions), {s.name: s.marks for s in report.submissions}


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
    for turn in range(args.rounds):
        for name in CLASSES:
            for each in MODES if turn % 2 == 0 else tuple(reversed(MODES)):
                with mode(each):
                    took, sizes[name], marks[(name, each)] = graded(name, args.jobs)
                seconds.setdefault((name, each), []).append(took / sizes[name])
    print(f"medians of {args.rounds} interleaved rounds, --jobs {args.jobs}; Python "
          f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs; load "
          f"{os.getloadavg()[0]:.1f} at the end\n")  # fmt: skip
    print("| class | submissions | before (s each) | today (s each) | today / before |")
    print("|---|---:|---:|---:|---:|")
    for name in CLASSES:
        before, today = seconds[(name, "before")], seconds[(name, "today")]
        ratio = statistics.median(t / b for b, t in zip(before, today, strict=True))
        print(f"| {name} | {sizes[name]} | {statistics.median(before):.2f} | "
              f"{statistics.median(today):.2f} | {ratio:.2f}x |")  # fmt: skip
    for name in CLASSES:
        first, second = marks[(name, "before")], marks[(name, "today")]
        for submission in sorted(first):
            if first[submission] != second[submission]:
                print(f"{name}/{submission}: {first[submission]:g} before, "
                      f"{second[submission]:g} today")  # fmt: skip


if __name__ == "__main__":
    main()
