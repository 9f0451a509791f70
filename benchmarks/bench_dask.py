"""Throughput of grading on a Dask cluster against the local executor, side by side, in one run.

    python benchmarks/bench_dask.py [--copies 2] [--repeats 1] [--markdown]

The workload is the sudoku-functions examples (a realistic mix: correct, wrong, crashing, and one
that loops until its CPU limit), `--copies` times over under distinct names. It is graded by:

  local -j 1, local -j 2    today's forked worker processes on this machine
  dask 1, 2, 4 workers      a LocalCluster of that many worker processes (one thread each),
                            with the same submissions sent as packed files

Only the grading is timed: the cluster starts before its clock does (its start-up is reported
apart). The ratios to `dask 1 worker` (scaling) and to `local -j 1` (the cluster's overhead) are
what to read; this machine has os.cpu_count() cores, so workers beyond that only share them.
Needs the dask extra (pip install -e '.[dask]').
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.executors import Choice, Executor, Kind, LocalExecutor, opened  # noqa: E402
from harness.grading.calibration import calibrated_plan  # noqa: E402
from harness.grading.plan import Plan  # noqa: E402
from harness.grading.run import grade_all  # noqa: E402
from harness.submissions import Submission, discover  # noqa: E402

EXAMPLES = REPO / "submissions" / "sudoku-functions"


def workload(folder: Path, copies: int) -> list[Submission]:
    for copy in range(copies):
        for source in sorted(p for p in EXAMPLES.iterdir() if p.is_dir()):
            shutil.copytree(source, folder / f"{source.name}-{copy}")
    return discover(folder, (".py",))


def timed(plan: Plan, submissions: list[Submission], executor: Executor) -> float:
    started = time.perf_counter()
    report = grade_all(plan, submissions, executor=executor)
    assert len(report.submissions) == len(submissions)
    return time.perf_counter() - started


def local(jobs: int) -> Callable[[Plan, list[Submission]], tuple[float, float]]:
    def run(plan: Plan, submissions: list[Submission]) -> tuple[float, float]:
        return 0.0, timed(plan, submissions, LocalExecutor(jobs))

    return run


def dask(workers: int) -> Callable[[Plan, list[Submission]], tuple[float, float]]:
    def run(plan: Plan, submissions: list[Submission]) -> tuple[float, float]:
        import distributed

        started = time.perf_counter()
        with distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            choice = Choice(Kind.DASK, scheduler=cluster.scheduler_address)
            with opened(choice) as executor:
                start_up = time.perf_counter() - started
                return start_up, timed(plan, submissions, executor)

    return run


WAYS = {
    "local -j 1": local(1),
    "local -j 2": local(2),
    "dask 1 worker": dask(1),
    "dask 2 workers": dask(2),
    "dask 4 workers": dask(4),
}


def measure(copies: int, repeats: int) -> tuple[int, dict[str, list[tuple[float, float]]]]:
    plan = calibrated_plan(load_config(REPO / "config.yaml"), "sudoku-functions")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in WAYS}
    names = list(WAYS)
    with tempfile.TemporaryDirectory() as tmp:
        submissions = workload(Path(tmp), copies)
        for repeat in range(repeats):
            order = names[repeat % len(names) :] + names[: repeat % len(names)]
            for name in order:
                times[name].append(WAYS[name](plan, submissions))
    return len(submissions), times


def table(count: int, times: dict[str, list[tuple[float, float]]], markdown: bool) -> str:
    wall = {name: statistics.median(t for _, t in runs) for name, runs in times.items()}
    start = {name: statistics.median(s for s, _ in runs) for name, runs in times.items()}
    one, serial = wall["dask 1 worker"], wall["local -j 1"]
    rows = [(name, w, count / w, one / w, serial / w, start[name]) for name, w in wall.items()]
    if markdown:
        lines = [
            "| executor | grading (s) | submissions/s | x dask 1 worker | x local -j 1 | "
            "cluster start (s) |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        lines += [
            f"| {n} | {w:.1f} | {t:.2f} | {a:.2f} | {b:.2f} | {s:.1f} |"
            for n, w, t, a, b, s in rows
        ]
    else:
        lines = [
            f"{n:15} {w:7.1f} s {t:6.2f}/s  x{a:.2f}  x{b:.2f}  start {s:.1f} s"
            for n, w, t, a, b, s in rows
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    count, times = measure(args.copies, args.repeats)
    print(f"{count} submissions, {os.cpu_count()} cores, {args.repeats} repeat(s)")
    print(table(count, times, args.markdown))


if __name__ == "__main__":
    main()
