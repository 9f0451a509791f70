"""What a time-out costs: a submission whose functions loop, graded with the call killed at 1.5
times its CPU limit (before) and at 1.1 times (today, harness/sandbox/process.py), in one run.

    python benchmarks/bench_timeouts.py [--rounds 5]

The submission is tests/fixtures/functions/TLE/loops_forever (both items loop; 0.25 s limit,
two time-outs in a row before an item's other cases are skipped). The two factors take turns,
round after round, so machine load hits both; the ratio is the median of per-round ratios. The
marks and verdicts must be the same under both: the verdict uses the exact limit.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading.calibration import calibrated_plan  # noqa: E402
from harness.grading.run import grade_one  # noqa: E402
from harness.records.results import SubmissionResult  # noqa: E402
from harness.sandbox import process  # noqa: E402
from harness.submissions import discover  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "functions"
LOOPS = FIXTURES / "TLE" / "loops_forever"
FACTORS = {"killed at 1.5x (before)": 1.5, "killed at 1.1x (today)": 1.1}


def graded(factor: float) -> tuple[float, SubmissionResult]:
    process.KILL_FACTOR = factor  # read at each call's exchange
    plan = calibrated_plan(load_config(FIXTURES / "config.yaml"), "verdicts")
    (submission,) = discover(LOOPS, (".py",))
    started = time.perf_counter()
    result = grade_one(plan, submission)
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    seconds: dict[str, list[float]] = {name: [] for name in FACTORS}
    marks: dict[str, set[float]] = {name: set() for name in FACTORS}
    for _ in range(rounds):
        for name, factor in FACTORS.items():
            took, result = graded(factor)
            seconds[name].append(took)
            marks[name].add(result.marks)
    before, today = FACTORS
    ratios = [new / old for old, new in zip(seconds[before], seconds[today], strict=True)]
    print(f"{LOOPS.relative_to(REPO)}; medians of {rounds} interleaved rounds; Python "
          f"{platform.python_version()}, {platform.machine()}\n")  # fmt: skip
    print("| mode | grading (s) | marks |\n|---|---:|---:|")
    for name in FACTORS:
        shown = ", ".join(f"{m:g}" for m in sorted(marks[name]))
        print(f"| {name} | {statistics.median(seconds[name]):.2f} | {shown} |")
    print(f"\ntoday / before = {statistics.median(ratios):.2f}x, median of per-round ratios")
    if marks[before] != marks[today]:
        sys.exit("the marks differ between the two kill points")


if __name__ == "__main__":
    main()
