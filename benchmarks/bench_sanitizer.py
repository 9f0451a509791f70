"""What naming undefined behaviour costs: submissions graded with the sanitizer step and without
it, side by side in one run.

    python benchmarks/bench_sanitizer.py [--repeats 3]

Grades each submission below through `grade_one` (the real pipeline: its build, every case, the
marks), twice a repeat: once as shipped, where a compiled submission that lost marks on WA or RE
cases is built again with AddressSanitizer and UndefinedBehaviorSanitizer and those cases run
again (harness/kinds/sanitizer/), and once with that step left out (harness/grading/undefined.py
`named` as the identity). The two take turns, the order rotating each repeat. CPU time is this
process's and its children's (the compilers, the programs, from rusage); wall time is measured
around each grading. Medians over the repeats; read the differences and the ratios.

  c-functions/correct              passes everything: the step never builds (a class that passes)
  c-functions/zone-off-by-one      loses marks (WA) without undefined behaviour: it pays for nothing
  c-functions/reads-past-the-grid  loses marks on undefined behaviour: the finding is the note
  stdin-program/timing-line        C++, WA on every size for an extra line: pays, finds nothing
  stdin-program: reads-past-a-global-grid  C++ reading past a global grid (tests/fixtures)

Every grading is checked: the marks are the same with and without the step.
"""

from __future__ import annotations

import argparse
import platform
import resource
import shutil
import statistics
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.grading import undefined  # noqa: E402
from harness.grading.calibration import calibrated_plan  # noqa: E402
from harness.grading.plan import Plan  # noqa: E402
from harness.grading.run import grade_one  # noqa: E402
from harness.records.results import SubmissionResult  # noqa: E402
from harness.submissions import Submission  # noqa: E402

SUBMISSIONS = (  # (assignment, folder)
    ("c-functions", REPO / "submissions" / "c-functions" / "correct"),
    ("c-functions", REPO / "submissions" / "c-functions" / "zone-off-by-one"),
    ("c-functions", REPO / "submissions" / "c-functions" / "reads-past-the-grid"),
    ("stdin-program", REPO / "submissions" / "stdin-program" / "timing-line"),
    ("stdin-program", REPO / "tests" / "fixtures" / "sanitizer" / "reads-past-a-global-grid"),
)
MODES = ("without the step", "with the step")


@dataclass(frozen=True)
class Sample:
    wall: float
    cpu: float
    result: SubmissionResult


def cpu_now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def graded(plan: Plan, folder: Path, mode: str) -> Sample:
    def unnamed(plan: Plan, submission: Submission, judged: Any, result: SubmissionResult) -> Any:
        return result

    step = mock.patch.object(undefined, "named", unnamed) if mode == MODES[0] else nullcontext()
    with step:
        cpu, started = cpu_now(), time.perf_counter()
        result = grade_one(plan, Submission(folder.name, folder))
        return Sample(time.perf_counter() - started, cpu_now() - cpu, result)


def run(repeats: int) -> dict[tuple[str, str], dict[str, list[Sample]]]:
    config = load_config(REPO / "config.yaml")
    plans = {
        name: calibrated_plan(config, name) for name in dict.fromkeys(a for a, _ in SUBMISSIONS)
    }
    samples: dict[tuple[str, str], dict[str, list[Sample]]] = {}
    for repeat in range(repeats):
        for assignment, folder in SUBMISSIONS:
            mine = samples.setdefault((assignment, folder.name), {mode: [] for mode in MODES})
            for mode in MODES[repeat % 2 :] + MODES[: repeat % 2]:
                mine[mode].append(graded(plans[assignment], folder, mode))
    return samples


def marks(result: SubmissionResult) -> list[tuple[str, float]]:
    return [(item.name, item.marks) for item in result.items]


def table(samples: dict[tuple[str, str], dict[str, list[Sample]]]) -> list[str]:
    rows = [
        "| submission | marks | CPU without (s) | CPU with (s) | extra CPU (s) | CPU ratio "
        "| wall without (s) | wall with (s) | note |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for (assignment, name), taken in samples.items():
        without, with_ = taken["without the step"], taken["with the step"]
        for a, b in zip(without, with_, strict=True):
            if marks(a.result) != marks(b.result):
                raise SystemExit(f"{name}: the step changed its marks: {marks(a.result)}, "
                                 f"{marks(b.result)}")  # fmt: skip
        cpu0 = statistics.median(s.cpu for s in without)
        cpu1 = statistics.median(s.cpu for s in with_)
        wall0 = statistics.median(s.wall for s in without)
        wall1 = statistics.median(s.wall for s in with_)
        note = with_[-1].result.note.split(";")[0] or "(none)"
        rows.append(
            f"| {assignment}/{name} | {with_[-1].result.marks:g} | {cpu0:.2f} | {cpu1:.2f} | "
            f"{cpu1 - cpu0:+.2f} | {cpu1 / cpu0:.2f}x | {wall0:.2f} | {wall1:.2f} | {note} |"
        )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    if shutil.which("gcc") is None or shutil.which("g++") is None:
        print("gcc and g++ are needed: nothing to measure")
        return
    samples = run(args.repeats)
    python, load = platform.python_version(), Path("/proc/loadavg").read_text().split()[:3]
    print(
        f"each submission graded with and without the sanitizer step; medians of {args.repeats} "
        f"interleaved repeats; Python {python}, {platform.machine()}; load average "
        f"{'/'.join(load)} at the end\n"
    )
    print("\n".join(table(samples)))


if __name__ == "__main__":
    main()
