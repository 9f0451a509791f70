"""What executing a sudoku-script notebook costs, three ways side by side, in one run.

    python benchmarks/bench_notebook.py [--repeats 5] [--markdown]

The reference notebook (solvers/sudoku-script) with the reference Sudoku.py and the suite's
puzzle01..04.txt beside it, in a fresh folder per run, the three ways interleaved per repeat
(which goes first rotates):

  script       the notebook's code cells as one plain Python script (`%run -i Sudoku.py` becomes
               an exec of the file): the floor, with no Jupyter at all
  nbclient     harness/sandbox/child/notebook_runner.py by a bare `subprocess.run`: a kernel
               started, every cell executed through it
  run_notebook the harness's way: the same runner exec'd under rlimits by run_program, with the
               reply parsed and checked

Wall time per run, median over the repeats; the ratios to `script` are what to read. Needs the
notebook extra (pip install -e '.[notebook]').
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import load_config  # noqa: E402
from harness.kinds.notebook.cosc130_notebook.probes import course_text, notebook_puzzles  # noqa: E402
from harness.kinds.notebook.run import RUNNER, run_notebook, unavailable  # noqa: E402
from harness.puzzles.suites import load_suite  # noqa: E402

SOLVERS = REPO / "solvers" / "sudoku-script"
NOTEBOOK = "Project_02_Reference.ipynb"


def prepare(folder: Path) -> None:
    """The reference script and notebook, and the puzzle files the grader writes."""
    for name in ("Sudoku.py", NOTEBOOK):
        (folder / name).write_bytes((SOLVERS / name).read_bytes())
    suite = load_suite(REPO / "testcases" / "script-puzzles.yaml")
    for n, case in enumerate(notebook_puzzles(suite.cases), 1):
        (folder / f"puzzle{n:02d}.txt").write_text(course_text(case.puzzle), newline="")


def as_script() -> str:
    cells = json.loads((SOLVERS / NOTEBOOK).read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    run = "exec(open('Sudoku.py').read())"
    return "\n".join(run if c.strip() == "%run -i Sudoku.py" else c for c in code) + "\n"


def time_script(folder: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", as_script()], cwd=folder, check=True, capture_output=True)
    return time.perf_counter() - started


def time_nbclient(folder: Path) -> float:
    started = time.perf_counter()
    argv = [sys.executable, "-I", "-B", str(RUNNER), NOTEBOOK, "60"]
    done = subprocess.run(argv, cwd=folder, check=True, capture_output=True)
    assert json.loads(done.stdout)["ok"], done.stdout[:200]
    return time.perf_counter() - started


def time_run_notebook(folder: Path) -> float:
    assignment = load_config(REPO / "config.yaml").assignment("sudoku-script")
    limits = assignment.limits.with_time(assignment.items["notebook"].time)
    started = time.perf_counter()
    outcome = run_notebook(
        Path(sys.executable), folder, Path(NOTEBOOK), assignment.notebook, limits
    )
    assert outcome.kind == "returned", outcome
    return time.perf_counter() - started


WAYS: dict[str, Callable[[Path], float]] = {
    "script": time_script,
    "nbclient": time_nbclient,
    "run_notebook": time_run_notebook,
}


def measure(repeats: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in WAYS}
    names = list(WAYS)
    for repeat in range(repeats):
        order = names[repeat % len(names) :] + names[: repeat % len(names)]
        for name in order:
            with tempfile.TemporaryDirectory() as tmp:
                prepare(Path(tmp))
                times[name].append(WAYS[name](Path(tmp)))
    return times


def table(times: dict[str, list[float]], markdown: bool) -> str:
    floor = statistics.median(times["script"])
    rows = [(n, statistics.median(t), statistics.median(t) / floor) for n, t in times.items()]
    if markdown:
        lines = ["| way | median wall (s) | x script |", "|---|---:|---:|"]
        lines += [f"| {n} | {m:.3f} | {r:.1f} |" for n, m, r in rows]
    else:
        lines = [f"{n:14} {m:8.3f} s  x{r:.1f}" for n, m, r in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    reason = unavailable(Path(sys.executable))
    if reason:
        sys.exit(reason)
    times = measure(args.repeats)
    print(f"{platform.python_implementation()} {platform.python_version()}, {args.repeats} repeats")
    print(table(times, args.markdown))


if __name__ == "__main__":
    main()
