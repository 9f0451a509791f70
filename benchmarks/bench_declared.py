"""sudoku-functions declared in YAML against its package version, side by side in one run.

    python benchmarks/bench_declared.py [--repeats 9]

The package (harness/assignments/sudoku_functions/, deleted when the assignment became YAML) is
read from the repository's history at PACKAGE_REV into a temporary folder, and builds its probes
from the same suites; each is then graded the same way, the reference through `grade_one`:

  plan: yaml     the plan from config.yaml's roles (harness/kinds/function_library/declared/)
  plan: package  the same plan with the package's probes in its place
  grade: yaml, grade: package
                 the reference graded with each plan, every isolation layer in force
  grade: one call a stage
                 the reference graded on one probe of each stage: what grading costs besides
                 its calls (a worker per stage, each with its layers); the rest, divided by
                 the calls, is the cost of one call
  in-process     the reference imported and each probe's function called directly (the unsafe
                 lower bound, as bench_functions.py measures it), for the per-call ratio

The runs take turns, so a change in the machine's load hits every mode. Targets (issue 33):
YAML costs no more than the package (ratio <= 1.1), and grading stays within 3x of in-process.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.bench_functions import in_process, load_reference  # noqa: E402
from harness.config import load_config  # noqa: E402
from harness.grading.calibration import calibrated_plan  # noqa: E402
from harness.grading.plan import Plan, make_plan, stage_of  # noqa: E402
from harness.grading.run import grade_one  # noqa: E402
from harness.puzzles.suites import load_suites  # noqa: E402
from harness.records.probes import Probe  # noqa: E402
from harness.submissions import Submission  # noqa: E402

PACKAGE_REV = "a9989b7c07c7bdfa3b149d1778dcde4f517e1032"  # the last commit with the package
PACKAGE = "harness/assignments/sudoku_functions/probes.py"
NAME = "sudoku-functions"
REFERENCE = REPO / "solvers" / NAME


def package_builders() -> ModuleType:
    """The package's probes module, as it was at PACKAGE_REV."""
    source = subprocess.run(
        ["git", "show", f"{PACKAGE_REV}:{PACKAGE}"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for old, new in (
        ("harness.assignments.base", "harness.kinds.probe_set"),
        ("harness.assignments.expectations", "harness.kinds.expectations"),
    ):
        source = source.replace(old, new)
    folder = Path(tempfile.mkdtemp(prefix="bench-declared-"))
    (folder / "package_probes.py").write_text(source)
    spec = importlib.util.spec_from_file_location("package_probes", folder / "package_probes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def package_probes(plan: Plan, module: ModuleType) -> tuple[Probe, ...]:
    config = load_config(REPO / "config.yaml")
    assignment = config.assignment(NAME)
    cases = tuple(
        c for s in load_suites([config.path(p) for p in assignment.suites]) for c in s.cases
    )
    probes = [p for item in assignment.items for p in module.BUILDERS[item](cases)]
    return tuple(replace(p, stage=stage_of(assignment, p)) for p in probes)


def timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def graded(plan: Plan) -> None:
    result = grade_one(plan, Submission("reference", REFERENCE))
    failed = [c.id for item in result.items for c in item.cases if c.verdict.value != "AC"]
    if failed or not any(item.cases for item in result.items):
        raise SystemExit(f"the reference failed {failed[:3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    options = parser.parse_args()
    config = load_config(REPO / "config.yaml")
    module = package_builders()
    yaml_plan = calibrated_plan(config, NAME)
    old = package_probes(yaml_plan, module)
    if [(p.item, p.id, p.call, p.args) for p in old] != [
        (p.item, p.id, p.call, p.args) for p in yaml_plan.probes
    ]:
        raise SystemExit("the package's probes are not the YAML's: nothing to compare")
    package_plan = replace(yaml_plan, probes=old)
    firsts = {p.stage: p for p in reversed(yaml_plan.probes)}
    fixed_plan = replace(yaml_plan, probes=tuple(firsts.values()))
    reference = load_reference()
    runs: dict[str, Callable[[], float]] = {
        "plan: yaml": lambda: timed(lambda: make_plan(config, NAME)),
        "plan: package": lambda: timed(lambda: package_probes(yaml_plan, module)),
        "grade: yaml": lambda: timed(lambda: graded(yaml_plan)),
        "grade: package": lambda: timed(lambda: graded(package_plan)),
        "grade: one call a stage": lambda: timed(lambda: graded(fixed_plan)),
        "in-process": lambda: in_process(yaml_plan, reference),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(options.repeats):
        for name, run in runs.items():
            times[name].append(run())
    medians = {name: statistics.median(values) for name, values in times.items()}
    calls = len(yaml_plan.probes)
    machine = f"Python {platform.python_version()}, {platform.machine()}"
    print(f"{calls} calls (the full sudoku-functions suite); medians of {options.repeats} "
          f"interleaved runs; {machine}")  # fmt: skip
    print("\n| mode | median (s) | per call (µs) |\n|---|---:|---:|")
    for name, value in medians.items():
        print(f"| {name} | {value:.3f} | {value / calls * 1e6:,.0f} |")
    ratios = [y / p for y, p in zip(times["grade: yaml"], times["grade: package"], strict=True)]
    print(f"\ngrade: yaml / package = {statistics.median(ratios):.2f}x (median of per-run "
          "ratios; target <= 1.1)")  # fmt: skip
    whole = [g / i for g, i in zip(times["grade: yaml"], times["in-process"], strict=True)]
    print(f"grade: yaml / in-process = {statistics.median(whole):.2f}x, the whole submission")
    fixed, calls_left = medians["grade: one call a stage"], calls - len(firsts)
    per_call = (medians["grade: yaml"] - fixed) / calls_left
    ratio = per_call / (medians["in-process"] / calls)
    print(f"one call: {per_call * 1e6:,.0f} µs graded, {medians['in-process'] / calls * 1e6:,.0f} "
          f"µs in-process: {ratio:.2f}x (target <= 3); the rest, {fixed:.3f} s a submission, is "
          f"{len(firsts)} workers with their layers")  # fmt: skip


if __name__ == "__main__":
    main()
