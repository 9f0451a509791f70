"""The course's own unit tests, graded the harness's way against the naive ways, in one run.

    python benchmarks/bench_unit_tests.py [--assignment uwb-css342 --assignment hawaii-ics211]

Each worked example's reference is graded on every test (visible and hidden), every isolation
layer in force, three ways:

  harness            one build per stage (visible, hidden), every test of a stage in one run:
                     one GoogleTest program, one JVM (harness/kinds/unit_tests/kind.py)
  a run per test     the same builds, then each test in a run of its own: a process, or a JVM,
                     per test (what the harness falls back to only after a run that crashed)
  a build per test   the shape asked for one test at a time: a build and a run per test

CPU seconds are the kernel's accounting of every process the modes start (the compilers, the
test programs, the JVMs: RUSAGE_CHILDREN), wall seconds the clock around each mode.
"""

from __future__ import annotations

import argparse
import platform
import resource
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading.plan import Plan, make_plan  # noqa: E402
from harness.grading.stages import run_in_stages  # noqa: E402
from harness.kinds.base import RunContext  # noqa: E402
from harness.kinds.registry import KINDS  # noqa: E402
from harness.kinds.unit_tests.kind import _Session, settings_of, sow  # noqa: E402
from harness.records.outcomes import CallOutcome  # noqa: E402
from harness.records.probes import Probe  # noqa: E402
from harness.sandbox.sidecar import sidecar  # noqa: E402
from harness.sandbox.workdir import private_copy  # noqa: E402
from harness.submissions import Submission  # noqa: E402

ASSIGNMENTS = ("uwb-css342", "hawaii-ics211", "cmu-15112-pytest")


@dataclass(frozen=True)
class Timed:
    mode: str
    builds: int
    runs: int
    cpu: float
    wall: float
    passed: int
    tests: int


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(mode: str, builds: int, runs: int, work: Callable[[], list[CallOutcome]]) -> Timed:
    cpu, wall = _children_cpu(), time.monotonic()
    outcomes = work()
    passed = sum(o.kind == "returned" and o.value == {"passed": True} for o in outcomes)
    return Timed(
        mode, builds, runs, _children_cpu() - cpu, time.monotonic() - wall, passed, len(outcomes)
    )


def harness_way(plan: Plan, submission: Submission) -> list[CallOutcome]:
    return list(run_in_stages(submission, plan.context()).outcomes)


def run_per_test(plan: Plan, submission: Submission) -> list[CallOutcome]:
    """A build per stage, then a run (a process, a JVM) per test."""
    outcomes: list[CallOutcome] = []
    for hidden in (False, True):
        probes = tuple(p for p in plan.probes if p.hidden is hidden)
        outcomes += _alone_each(plan.context(probes), submission)
    return outcomes


def _alone_each(context: RunContext, submission: Submission) -> list[CallOutcome]:
    settings = settings_of(context.assignment)
    hidden = any(p.hidden for p in context.probes)
    tests = settings.hidden if hidden else settings.files
    base = context.workdir_base
    sown = sow(settings, tests)  # canaries beside the tests, as the harness plants them
    with (
        private_copy(submission.path, base) as workdir,
        sidecar((*tests, *settings.given), base, sown.texts) as side,
    ):
        session = _Session(context, settings, workdir, side, sown.canaries)
        session.sources = session._sources()
        built = session._build(tuple(side.tests / t.name for t in tests))
        assert built.failure is None and not built.broken, built
        return [session._alone(probe) for probe in context.probes]


def build_per_test(plan: Plan, submission: Submission) -> list[CallOutcome]:
    """The shape asked for one test at a time: a build and a run per test."""
    shape = KINDS["unit-tests"]
    one: Callable[[Probe], CallOutcome] = lambda probe: shape.run(  # noqa: E731
        submission, plan.context((probe,))
    ).outcomes[0]
    return [one(probe) for probe in plan.probes]


def bench(name: str) -> list[Timed]:
    config = load_config(REPO / "config.yaml")
    plan = make_plan(config, name)
    reference = config.assignment(name).reference
    assert reference is not None
    submission = Submission("reference", config.path(reference))
    settings = settings_of(plan.assignment)
    visible, hidden = (
        commands(settings.build, settings.files),
        commands(settings.build, settings.hidden),
    )
    each = sum(hidden if p.hidden else visible for p in plan.probes)
    stages = 1 + bool(settings.hidden)
    tests = len(plan.probes)
    rows = [
        timed("harness: a build a stage, one run a stage", visible + hidden, stages,
              lambda: harness_way(plan, submission)),
        timed("naive: a run (a process, a JVM) per test", visible + hidden, tests,
              lambda: run_per_test(plan, submission)),
        timed("naive: a build and a run per test", each, tests,
              lambda: build_per_test(plan, submission)),
    ]  # fmt: skip
    return rows


def commands(build: Sequence[Sequence[str]], files: Sequence[Path]) -> int:
    """Build commands a stage runs: one naming `{test}` once per test file."""
    return sum(len(files) if "{test}" in command else 1 for command in build) if files else 0


def table(name: str, rows: list[Timed]) -> str:
    base = rows[0].cpu
    lines = [
        f"### {name}",
        "",
        "| mode | build commands | runs | tests passed | CPU s | wall s | CPU vs harness |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row.mode} | {row.builds} | {row.runs} | {row.passed}/{row.tests} | "
            f"{row.cpu:.2f} | {row.wall:.2f} | {row.cpu / base:.2f}x |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", action="append", choices=ASSIGNMENTS)
    args = parser.parse_args()
    print(f"{platform.node()}: {platform.platform()}, Python {platform.python_version()}")
    for name in args.assignment or ASSIGNMENTS:
        print()
        print(table(name, bench(name)))


if __name__ == "__main__":
    main()
