"""How much a busy machine changes a verdict's CPU time (issue 38, part 11): one board-solver
scenario run through the harness alone, beside two spinning CPU hogs, and beside two hogs that
stream through memory (evicting caches), the three taking turns round after round, so that the
rest of the machine's load (other users) hits each alike.

    python benchmarks/bench_contention.py [--rounds 8] [--example NAME] [--board ID]

The scenario is competency's on one board, for one of submissions/board-solver (its limit lifted
to 60 s so that nothing stops it). Printed: each way's CPU time (the kernel's, as the verdict
reads it) and wall-clock time, and the median of per-round ratios to alone. The hogs are
processes of this script, bounded (they stop by themselves after two minutes) and killed after
each run.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading.judged import run_and_judge  # noqa: E402
from harness.grading.plan import Plan, make_plan  # noqa: E402
from harness.submissions import Submission  # noqa: E402

BOUND = "import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end:\n"
HOGS = {
    "alone": "",
    "beside 2 spinning hogs": BOUND + "    pass\n",
    "beside 2 memory hogs": "a = bytearray(64 << 20)\nb = bytearray(64 << 20)\n"
    + BOUND
    + "    a[:] = b\n",
}


@contextmanager
def hogs(source: str) -> Iterator[None]:
    started = [subprocess.Popen([sys.executable, "-c", source]) for _ in range(2 if source else 0)]
    time.sleep(0.3 if started else 0)
    try:
        yield
    finally:
        for hog in started:
            hog.kill()
            hog.wait()


def lifted(plan: Plan) -> Plan:
    items = dict(plan.assignment.items)
    items["competency"] = items["competency"].model_copy(
        update={"time": 60.0, "time_from_reference": None}
    )
    return replace(plan, assignment=plan.assignment.model_copy(update={"items": items}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--example", default="correct")
    parser.add_argument("--board", default="sparse-16x16-007")
    args = parser.parse_args()
    plan = lifted(make_plan(load_config(REPO / "config.yaml"), "board-solver"))
    probes = tuple(p for p in plan.probes if p.item == "competency" and p.id == args.board)
    submission = Submission(args.example, REPO / "submissions" / "board-solver" / args.example)
    cpu: dict[str, list[float]] = {way: [] for way in HOGS}
    wall: dict[str, list[float]] = {way: [] for way in HOGS}
    loads = []
    for turn in range(args.rounds):
        ways = list(HOGS) if turn % 2 == 0 else list(reversed(HOGS))
        for way in ways:
            with hogs(HOGS[way]):
                [case] = run_and_judge(submission, plan.context(probes), plan.time_limit).cases
            cpu[way].append(case.outcome.cpu_seconds or 0.0)
            wall[way].append(case.outcome.seconds)
        loads.append(os.getloadavg()[0])
    print(f"board-solver/{args.example}, competency on {args.board}; {args.rounds} interleaved "
          f"rounds; Python {platform.python_version()}, {os.cpu_count()} CPUs; load "
          f"{min(loads):.1f} to {max(loads):.1f}\n")  # fmt: skip
    print("| way | CPU median (s) | CPU min-max (s) | CPU / alone | wall / CPU |")
    print("|---|---:|---:|---:|---:|")
    for way in HOGS:
        ratio = statistics.median(c / a for a, c in zip(cpu["alone"], cpu[way], strict=True))
        stretch = statistics.median(w / c for w, c in zip(wall[way], cpu[way], strict=True))
        print(f"| {way} | {statistics.median(cpu[way]):.3f} | {min(cpu[way]):.3f}-"
              f"{max(cpu[way]):.3f} | {ratio:.3f}x | {stretch:.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()
