"""A compiled assignment built once per submission, against a build per case, in one run.

    python benchmarks/bench_driven.py [--repeats 3] [--per-item 10] [--markdown]

Grades the c-functions reference (solvers/c-functions: five C functions and the teacher's
driver, config.yaml) on the first `--per-item` probes of each of its five items, three ways,
through the shape's own code (harness/kinds/driven/: build.build, runs.Runs) under this
machine's isolation and the assignment's limits:

  a build per case       the naive way, as a grader compiling a test program per case: for
                         every probe, the submission built with the driver in a fresh copy, then
                         that probe run alone
  built once, a run per probe     the submission built once; every probe a run of its own
                                  (`driver.runs: probe`)
  built once, a run per item      built once; an untimed item's probes in one run, a line each
                                  (`driver.runs: item`, the default; solve_sudoku, timed, still
                                  runs each puzzle alone)

The three take turns within each repeat (the order rotates). Wall time is measured around each
grading; CPU time is this process's and its children's (the compilers and the driver's runs,
from rusage), so the supervisor's own work counts too. Every answer is judged, and a mode that
gets one wrong stops the benchmark. Medians over the repeats; read the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import resource
import shutil
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading.judge import judge  # noqa: E402
from harness.grading.plan import Plan, make_plan  # noqa: E402
from harness.kinds.base import RunContext  # noqa: E402
from harness.kinds.driven import build  # noqa: E402
from harness.kinds.driven.runs import Runs  # noqa: E402
from harness.records.outcomes import CallOutcome  # noqa: E402
from harness.records.probes import Probe  # noqa: E402
from harness.records.verdicts import Verdict  # noqa: E402
from harness.submissions import Submission  # noqa: E402

ASSIGNMENT = "c-functions"
REFERENCE = REPO / "solvers" / ASSIGNMENT
Grading = Callable[[RunContext, Submission], list[CallOutcome]]


@dataclass(frozen=True)
class Sample:
    wall: float  # seconds, around the grading
    cpu: float  # seconds: this process's and its children's user + system time
    builds: int  # compiler runs


def cpu_now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def with_runs(context: RunContext, runs: str) -> RunContext:
    assignment = context.assignment
    assert assignment.driver is not None
    driver = assignment.driver.model_copy(update={"runs": runs})
    return replace(context, assignment=assignment.model_copy(update={"driver": driver}))


def built_once(context: RunContext, submission: Submission) -> tuple[list[CallOutcome], int]:
    with contextlib.ExitStack() as stack:
        built = build.build(submission, context, stack)
        return list(Runs(context, built).run_all()), built.compilations


def per_case(context: RunContext, submission: Submission) -> tuple[list[CallOutcome], int]:
    outcomes: list[CallOutcome] = []
    for probe in context.probes:
        got, _ = built_once(replace(context, probes=(probe,)), submission)
        outcomes += got
    return outcomes, len(context.probes)


MODES: dict[str, Callable[[RunContext, Submission], tuple[list[CallOutcome], int]]] = {
    "a build per case": lambda c, s: per_case(with_runs(c, "probe"), s),
    "built once, a run per probe": lambda c, s: built_once(with_runs(c, "probe"), s),
    "built once, a run per item": lambda c, s: built_once(with_runs(c, "item"), s),
}


def sampled(plan: Plan, per_item: int) -> tuple[Probe, ...]:
    """The first `per_item` probes of each item, in the plan's order."""
    taken: dict[str, int] = {}
    chosen = []
    for probe in plan.probes:
        if taken.get(probe.item, 0) < per_item:
            taken[probe.item] = taken.get(probe.item, 0) + 1
            chosen.append(probe)
    return tuple(chosen)


def measure(name: str, plan: Plan, context: RunContext, submission: Submission) -> Sample:
    cpu, started = cpu_now(), time.perf_counter()
    outcomes, builds = MODES[name](context, submission)
    sample = Sample(time.perf_counter() - started, cpu_now() - cpu, builds)
    for probe, outcome in zip(context.probes, outcomes, strict=True):
        result = judge(probe, outcome, plan.time_limit(probe))
        if result.verdict is not Verdict.AC:
            raise SystemExit(f"{name}: {result.verdict.value} on {probe.call}: {result.detail}")
    return sample


def run(repeats: int, per_item: int) -> tuple[int, dict[str, list[Sample]]]:
    plan = make_plan(load_config(REPO / "config.yaml"), ASSIGNMENT)
    context = plan.context(sampled(plan, per_item))
    submission = Submission(ASSIGNMENT, REFERENCE)
    samples: dict[str, list[Sample]] = {name: [] for name in MODES}
    names = list(MODES)
    for repeat in range(repeats):
        turn = names[repeat % len(names) :] + names[: repeat % len(names)]
        for name in turn:
            samples[name].append(measure(name, plan, context, submission))
    return len(context.probes), samples


def table(probes: int, samples: dict[str, list[Sample]]) -> list[str]:
    base = statistics.median(s.cpu for s in samples["built once, a run per item"])
    rows = [
        "| mode | builds | CPU (s) | CPU per probe (ms) | CPU vs the default | wall (s) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, taken in samples.items():
        wall = statistics.median(s.wall for s in taken)
        cpu = statistics.median(s.cpu for s in taken)
        rows.append(
            f"| {name} | {taken[0].builds} | {cpu:.2f} | {1000 * cpu / probes:,.1f} | "
            f"{cpu / base:.1f}x | {wall:.2f} |"
        )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--per-item", type=int, default=10, help="probes of each item graded")
    parser.add_argument("--markdown", action="store_true", help="(the table is markdown anyway)")
    args = parser.parse_args(argv)
    if shutil.which("gcc") is None:
        print("gcc is not installed: nothing to measure")
        return
    probes, samples = run(args.repeats, args.per_item)
    python, load = platform.python_version(), Path("/proc/loadavg").read_text().split()[:3]
    print(
        f"{probes} probes of the c-functions reference ({args.per_item} per item); medians of "
        f"{args.repeats} interleaved repeats; Python {python}, {platform.machine()}; load "
        f"average {'/'.join(load)} at the end (the default: built once, a run per item)\n"
    )
    print("\n".join(table(probes, samples)))


if __name__ == "__main__":
    main()
