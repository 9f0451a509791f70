"""What a stub earning nothing by construction costs (issue 38): the examples of the assignments
whose roles now ask each unit both ways, in groups, at every size, graded by the code before
(a git worktree of `--before`, default the last commit before issue 38) and by today's, in
turns, in one run.

    python benchmarks/bench_groups.py [--rounds 3] [--before 5fd5c56]

Each grading is `python -m harness grade -a NAME EXAMPLES -j 1 --json ...` of today's examples, in
a process of its own (PYTHONPATH naming the tree, whose config.yaml and suites it reads), its CPU
time (its own and its children's, the sandboxed
workers' included) read from the kernel. Today's pays, once, for finding the reference sound
(then kept in a cache the rounds share, as a teacher's runs do) and for judging the constant
answers. The ratio is the median of per-round ratios, per submission; the marks of each side are
shown beside (they differ where issue 38 changed them).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ASSIGNMENTS = ("c-functions", "sudoku-functions", "cmu-15112")
BEFORE = "5fd5c56"  # the last commit before issue 38's groups


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds a command and every process it waited for used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=False, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def graded(tree: Path, name: str, out: Path, cache: Path) -> tuple[float, int, float]:
    """CPU seconds, submissions and total marks of grading `name`'s examples with `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "SUDOKU_HARNESS_CACHE": str(cache)}
    examples = REPO / "submissions" / name  # today's examples, graded by either tree
    command = [sys.executable, "-m", "harness", "grade", "--config", str(tree / "config.yaml")]
    command += ["-a", name, str(examples), "-j", "1", "--json", str(out), "--quiet"]
    seconds = cpu_of(command, env)
    report = json.loads(out.read_text())
    rows = report["submissions"]
    return seconds, len(rows), sum(row["marks"] for row in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", default=BEFORE)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        old = Path(scratch) / "before"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(old),
                        args.before], check=True)  # fmt: skip
        try:
            table = compare(old, Path(scratch), args.rounds)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(old)],
                           check=False)  # fmt: skip
    machine = f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs"
    print(f"before: {args.before}; medians of {args.rounds} interleaved rounds; -j 1; {machine}\n")
    print("| assignment | submissions | before (CPU s per submission) | today | today / before "
          "| marks before | marks today |\n|---|---:|---:|---:|---:|---:|---:|")  # fmt: skip
    for row in table:
        print(row)


def compare(old: Path, scratch: Path, rounds: int) -> list[str]:
    rows = []
    for name in ASSIGNMENTS:
        sides = {"before": old, "today": REPO}
        seconds: dict[str, list[float]] = {side: [] for side in sides}
        marks: dict[str, float] = {}
        count = 0
        for _ in range(rounds):
            for side, tree in sides.items():
                took, count, total = graded(tree, name, scratch / f"{side}.json", scratch / side)
                seconds[side].append(took / count)
                marks[side] = total
        ratios = [t / b for b, t in zip(seconds["before"], seconds["today"], strict=True)]
        before, today = (statistics.median(seconds[s]) for s in sides)
        ratio, shown = statistics.median(ratios), f"{marks['before']:g} | {marks['today']:g}"
        rows.append(f"| {name} | {count} | {before:.2f} | {today:.2f} | {ratio:.2f}x | {shown} |")
    return rows


if __name__ == "__main__":
    main()
