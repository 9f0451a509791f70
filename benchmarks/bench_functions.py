"""Per-call cost of grading the sudoku-functions reference, side by side in one run.

    python benchmarks/bench_functions.py [--repeats 5] [--markdown]

  in-process     import the reference and call each probe's function directly, with a fresh
                 copy of the arguments, then judge: the unsafe lower bound.
  harness        grade the reference submission through the real pipeline (private copy,
                 static rules, one exec'd worker for all calls, judging, marks), with every
                 isolation layer this machine allows.
  no layer       the same with `--isolation off` (supervisor, rlimits, working copy only).
  only LAYER     the same with that one layer on top: what each layer costs by itself.
  fresh-per-call one new interpreter per call (start, load the module, call, stop), as
                 per-run judges work: the same launch code the harness uses.

Times are medians over the repeats; the ratios are what to read, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import copy
import functools
import importlib.util
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading.calibration import calibrated_plan  # noqa: E402
from harness.grading.plan import Plan  # noqa: E402
from harness.grading.run import grade_one  # noqa: E402
from harness.kinds.base import RunContext, call_limits  # noqa: E402
from harness.kinds.session import Session, cpu_budget  # noqa: E402
from harness.records.outcomes import CallOutcome  # noqa: E402
from harness.sandbox.child import codec  # noqa: E402
from harness.sandbox.isolation import NO_ISOLATION, Isolation  # noqa: E402
from harness.sandbox.process import Launch  # noqa: E402
from harness.sandbox.workdir import private_copy  # noqa: E402
from harness.submissions import Submission  # noqa: E402

REFERENCE = REPO / "solvers" / "sudoku-functions"
ENTRY = "sudoku_functions.py"


def load_reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference", REFERENCE / ENTRY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def in_process(plan: Plan, module: ModuleType) -> float:
    started = time.perf_counter()
    for probe in plan.probes:
        args = copy.deepcopy(list(probe.args))
        value = getattr(module, probe.item)(*args)
        same = tuple(("", i) for i, arg in enumerate(args) if value is arg)
        outcome = CallOutcome("returned", value=value, args_after=tuple(args), same=same)
        if not probe.expect.judge(outcome).passed:
            raise SystemExit(f"in-process: the reference failed {probe.item} {probe.id}")
    return time.perf_counter() - started


def harness(plan: Plan) -> float:
    started = time.perf_counter()
    result = grade_one(plan, Submission("reference", REFERENCE))
    elapsed = time.perf_counter() - started
    if result.marks != result.max_marks:
        raise SystemExit(f"harness: the reference scored {result.marks}")
    return elapsed


def fresh_per_call(plan: Plan) -> float:
    context = RunContext(plan.assignment, plan.probes, plan.python)
    limits = plan.assignment.limits
    started = time.perf_counter()
    with private_copy(REFERENCE) as workdir:
        launch = Launch(plan.python, workdir, limits.output_kb << 10, limits.reply_kb << 10)
        for probe in plan.probes:
            session = Session(launch, workdir / ENTRY, limits, cpu_budget(context))
            session.load()
            request = {
                "name": probe.item,
                "args": [codec.encode(arg) for arg in probe.args],
                "return_args": probe.expect.inspects_arguments,
            }
            outcome = session.call(request, call_limits(plan.assignment, probe))
            session.close()
            if not probe.expect.judge(outcome).passed:
                raise SystemExit(f"fresh-per-call: the reference failed {probe.item} {probe.id}")
    return time.perf_counter() - started


def single_layers(every: Isolation) -> dict[str, Isolation]:
    """Each layer of `every` on its own (the supervisor, rlimits and working copy always)."""
    fields: dict[str, dict[str, int]] = {
        "pids cgroup": {"pids_max": every.pids_max},
        "no capabilities": {"no_capabilities": every.no_capabilities},
        "dedicated uid": {"dedicated_uid": every.dedicated_uid},
        "Landlock": {"landlock_abi": every.landlock_abi},
        "seccomp": {"seccomp": every.seccomp},
    }
    return {
        f"only {name}": replace(NO_ISOLATION, **values)  # type: ignore[arg-type]
        for name, values in fields.items()
        if any(values.values())
    }


def interleaved(repeats: int, runs: dict[str, Callable[[], float]]) -> dict[str, list[float]]:
    """Each repeat runs every mode once, in turn, so drift in the machine hits all of them."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            times[name].append(run())
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--fresh-repeats", type=int, default=1)
    options = parser.parse_args()
    plan = calibrated_plan(load_config(REPO / "config.yaml"), "sudoku-functions")
    module = load_reference()
    calls = len(plan.probes)
    variants = {"no layer": NO_ISOLATION, **single_layers(plan.isolation)}
    runs: dict[str, Callable[[], float]] = {
        "in-process": lambda: in_process(plan, module),
        "harness": lambda: harness(plan),
    }
    for name, isolation in variants.items():
        runs[name] = functools.partial(harness, replace(plan, isolation=isolation))
    times = interleaved(options.repeats, runs)
    times["fresh"] = [fresh_per_call(plan) for _ in range(options.fresh_repeats)]
    base, ours, fresh = (statistics.median(times[k]) for k in ("in-process", "harness", "fresh"))
    ratio = statistics.median(
        h / b for h, b in zip(times["harness"], times["in-process"], strict=True)
    )
    spread = (min(times["harness"]), max(times["harness"]))
    layers = ", ".join(plan.isolation.layers) or "none"
    rows = [
        ("in-process (unsafe lower bound)", base),
        (f"harness: one exec'd worker per submission, every layer ({layers})", ours),
        *((f"harness, {name}", statistics.median(times[name])) for name in variants),
        ("fresh interpreter per call", fresh),
    ]
    print(
        f"{calls} calls (the full sudoku-functions suite); medians of {options.repeats} "
        f"interleaved runs ({options.fresh_repeats} for fresh-per-call); "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs\n"
    )
    print("| mode | total (s) | per call (µs) | vs harness |")
    print("|---|---:|---:|---:|")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.3f} | {seconds / calls * 1e6:,.0f} | {seconds / ours:.2f}x |")
    print(
        f"\nharness / in-process = {ratio:.2f}x, median of per-run ratios (target <= 3x); "
        f"harness runs took {spread[0]:.3f}-{spread[1]:.3f} s\n"
        f"fresh-per-call / harness = {fresh / ours:.1f}x (target >= 20x)"
    )


if __name__ == "__main__":
    main()
