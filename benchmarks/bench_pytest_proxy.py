"""A course's pytest tests with the student's code in pytest's process (as before issue 39) and
apart from it, behind proxy modules (as now), side by side in one run.

    python benchmarks/bench_pytest_proxy.py [--rounds 5] [--calls 2000]

Two test files, each graded in one run of all its tests, every isolation layer in force, both
ways through the same sandbox (`run_program`, the same limits and grants), round by round in
turn:

  in-process   pytest and the student's module in one sandboxed process: the runner's pytest
               options, the student's module imported from the working copy (what the harness's
               runner did before the student's code ran apart)
  apart        the shape's own run (harness/kinds/unit_tests/kind.py): the harness's runner, and the
               student's interpreter beside it, reached through proxy modules

The files: the cmu-15112-pytest worked example's 15 tests (its visible and hidden files in one
run) on its reference, a typical course file; and a file of one test making `--calls` calls of
a function that returns its argument (a row of a board), for the cost of one call. CPU seconds
are the kernel's accounting of every process either way starts (RUSAGE_CHILDREN: the runner,
the student's interpreter, the PID namespace's keepers); the ratio is the median of per-round
ratios, so that load on the machine hits both ways alike.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading.plan import make_plan  # noqa: E402
from harness.kinds.unit_tests.kind import _listed, _Session, settings_of, sow  # noqa: E402
from harness.records.probes import Probe  # noqa: E402
from harness.sandbox.isolation import Grants  # noqa: E402
from harness.sandbox.junit import read_reports  # noqa: E402
from harness.sandbox.program import run_program  # noqa: E402
from harness.sandbox.sidecar import sidecar  # noqa: E402
from harness.sandbox.workdir import private_copy, run_copy  # noqa: E402
from harness.submissions import Submission  # noqa: E402

# pytest in one process with the student's module, as the harness's runner ran it before: the
# same options, the working copy last on sys.path, the report's path on stdin
IN_PROCESS = """
import os, sys
packages, test_dir, selected = sys.argv[1], sys.argv[2], sys.argv[3:]
report = sys.stdin.readline().strip()
kept = [p for p in sys.path if p and os.path.basename(p) not in ("site-packages", "dist-packages")]
sys.path[:] = [packages, *kept, os.getcwd()]
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
import pytest
files = sorted({os.path.join(test_dir, node.split("::", 1)[0]) for node in selected})
options = ["-q", "--tb=short", "--color=no", "-p", "no:cacheprovider", "--noconftest"]
where = ["-c", os.devnull, "--rootdir", test_dir, "--confcutdir", test_dir]
sys.exit(int(pytest.main([*options, *where, "--junitxml", report, *files])))
"""

CMU = "cmu-15112-pytest"
CALLS_TEST = """
from rows import echo


def test_calls():
    row = [5, 3, 0, 0, 7, 0, 0, 0, 0]
    for _ in range({calls}):
        assert echo(row) == row
"""
CALLS_MODULE = "def echo(row):\n    return row\n"


@dataclass(frozen=True)
class Timed:
    cpu: float
    wall: float
    passed: int
    tests: int


def timed(work: Callable[[], tuple[float, int, int]]) -> Timed:
    wall = time.monotonic()
    cpu, passed, tests = work()
    return Timed(cpu, time.monotonic() - wall, passed, tests)


@dataclass(frozen=True)
class Bench:
    """One file's tests and the submission they run on, ready to run either way."""

    session: _Session
    probes: tuple[Probe, ...]

    def apart(self) -> tuple[float, int, int]:
        done = self.session._run(self.probes)
        assert done is not None and not done.unfinished, done
        return done.run.cpu, *_count(done.reading.cases)

    def in_process(self) -> tuple[float, int, int]:
        session = self.session
        selection = session.framework.selection([_listed(p) for p in self.probes])
        argv = [str(session.context.python), "-I", "-B", "-c", IN_PROCESS, session.packages]
        argv += [str(session.side.tests), *selection]
        base, cap = session.context.workdir_base, session.context.assignment.limits.disk
        with run_copy(session.workdir, base, cap) as here, session.side.reports() as reports:
            report = reports / session.settings.report
            run = run_program(
                argv,
                here,
                f"{report}\n".encode(),
                session._limits(60.0),
                session.context.isolation,
                "program",
                grants=Grants(session.read, (reports,)),
            )
            assert run.ending.code in (0, 1), run.stdout.decode()[-2000:]
            return run.cpu, *_count(read_reports(reports, session.settings.report).cases)


def _count(cases: Sequence[object]) -> tuple[int, int]:
    return sum(getattr(c, "status", "") == "passed" for c in cases), len(cases)


@contextmanager
def bench(config: Path, name: str, submission: Path) -> Iterator[Bench]:
    """Every test of `name` (visible and hidden) in one stage, on `submission`, built once."""
    plan = make_plan(load_config(config), name)
    settings = settings_of(plan.assignment)
    together = settings.model_copy(update={"files": (*settings.files, *settings.hidden)})
    assignment = plan.assignment.model_copy(update={"tests": together})
    probes = tuple(replace(p, hidden=False) for p in plan.probes)
    context = replace(plan.context(probes), assignment=assignment)
    base = context.workdir_base
    sown = sow(together, together.files)  # canaries beside the tests, as the harness plants them
    with (
        private_copy(Submission("reference", submission).path, base) as workdir,
        sidecar((*together.files, *together.given), base, sown.texts) as side,
    ):
        session = _Session(context, together, workdir, side, sown.canaries)
        session.sources = session._sources()
        built = session._build(tuple(side.tests / t.name for t in together.files))
        assert built.failure is None and not built.broken, built
        yield Bench(session, probes)


def calls_config(folder: Path, calls: int) -> Path:
    """An assignment of one test file: one test making `calls` calls of `echo`."""
    (folder / "tests").mkdir()
    (folder / "tests" / "calls_check.py").write_text(CALLS_TEST.format(calls=calls))
    (folder / "student").mkdir()
    (folder / "student" / "rows.py").write_text(CALLS_MODULE)
    config = yaml.safe_load((REPO / "config.yaml").read_text())
    language = config["languages"]["python-pytest"]
    cmu = config["assignments"][CMU]
    tests = {**cmu["tests"], "files": ["tests/calls_check.py"], "hidden": [], "given": []}
    assignment = {"shape": "unit-tests", "probes": "unit-tests", "tests": tests}
    assignment["items"] = {"calls": {"marks": 1, "tests": ["calls_check.*"]}}
    path = folder / "config.yaml"
    document = {"languages": {"python-pytest": language}, "assignments": {"calls": assignment}}
    path.write_text(yaml.safe_dump(document))
    return path


def rounds(work: Bench, count: int) -> tuple[list[Timed], list[Timed], list[float]]:
    """Both ways, `count` rounds, taking turns at going first."""
    inside: list[Timed] = []
    apart: list[Timed] = []
    for round_ in range(count):
        ways = [(inside, work.in_process), (apart, work.apart)]
        for kept, way in ways if round_ % 2 == 0 else ways[::-1]:
            kept.append(timed(way))
    return inside, apart, [a.cpu / i.cpu for i, a in zip(inside, apart, strict=True)]


def table(title: str, inside: list[Timed], apart: list[Timed], ratios: list[float]) -> str:
    lines = [
        f"### {title}",
        "",
        "| mode | tests passed | CPU s (median) | wall s (median) | CPU vs in-process |",
        "|---|---:|---:|---:|---:|",
    ]
    base = statistics.median(t.cpu for t in inside)
    for mode, runs in (("in-process (before)", inside), ("apart, behind proxies", apart)):
        cpu, wall = statistics.median(t.cpu for t in runs), statistics.median(t.wall for t in runs)
        lines.append(
            f"| {mode} | {runs[0].passed}/{runs[0].tests} | {cpu:.3f} | {wall:.3f} | "
            f"{cpu / base:.2f}x |"
        )
    lines.append("")
    lines.append(
        f"apart / in-process = {statistics.median(ratios):.2f}x CPU, median of {len(ratios)} "
        f"per-round ratios ({min(ratios):.2f}x to {max(ratios):.2f}x)"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    print(f"{platform.node()}: {platform.platform()}, Python {platform.python_version()}")
    config = load_config(REPO / "config.yaml")
    reference = config.assignment(CMU).reference
    assert reference is not None
    with bench(REPO / "config.yaml", CMU, config.path(reference)) as work:
        inside, apart, ratios = rounds(work, args.rounds)
    print()
    print(table(f"{CMU}: its 15 tests in one run, on its reference", inside, apart, ratios))
    with tempfile.TemporaryDirectory() as folder:
        path = calls_config(Path(folder), args.calls)
        with bench(path, "calls", Path(folder) / "student") as work:
            inside, apart, ratios = rounds(work, args.rounds)
    print()
    print(table(f"one test making {args.calls} calls", inside, apart, ratios))
    extra = statistics.median(a.cpu - i.cpu for i, a in zip(inside, apart, strict=True))
    print(f"each call costs about {extra / args.calls * 1e6:.0f} µs of CPU more apart")


if __name__ == "__main__":
    main()
