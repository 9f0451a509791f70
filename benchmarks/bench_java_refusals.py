"""What refusing a Java class that stands in for the teacher's or the platform's costs, beside
the build it comes before, in one run.

    python benchmarks/bench_java_refusals.py [--repeats 5]

The hawaii-ics211 worked example's tests and toolchain, and its reference's Sudoku.java:

  cold     the first refusal in a fresh process (as in each grading worker): the JDK's runtime
           image and the JUnit jar read for the public types of java.lang, java.util, JUnit's
           API and the packages the tests import
  warm     every later file in that process (the platform kept by the archives' identity)
  javac    one javac run on the same file, the first of the example's build commands (outside
           the sandbox: the cheapest it can be)

Wall milliseconds, medians of `--repeats` runs; the last column is each against javac.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.kinds.unit_tests.frameworks import Course, Toolchain  # noqa: E402
from harness.kinds.unit_tests.frameworks.java_refusals import refusal  # noqa: E402

TESTS = REPO / "unit-tests" / "hawaii-ics211"
SOURCE = REPO / "solvers" / "hawaii-ics211" / "Sudoku.java"
JAR = Path("/usr/share/java/junit-platform-console-standalone.jar")
WARM_CALLS = 200
COLD = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, {repo!r})
from harness.kinds.unit_tests.frameworks import Toolchain
from harness.kinds.unit_tests.frameworks.java_refusals import refusal
files = {{p.name: p.read_text() for p in sorted(Path({tests!r}).iterdir())}}
toolchain = Toolchain((Path({javac!r}),), (Path({jar!r}),))
started = time.perf_counter()
said = refusal(Path({source!r}).read_text(), files, toolchain)
print(json.dumps([time.perf_counter() - started, said]))
"""


def _theirs(javac: str) -> Course:
    files = {path.name: path.read_text() for path in sorted(TESTS.iterdir())}
    return Course(files, toolchain=Toolchain((Path(javac),), (JAR,)))


def cold(javac: str) -> float:
    code = COLD.format(
        repo=str(REPO), tests=str(TESTS), javac=javac, jar=str(JAR), source=str(SOURCE)
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds, said = json.loads(done.stdout)
    assert said == "", said
    return float(seconds)


def warm(javac: str) -> float:
    theirs, text = _theirs(javac), SOURCE.read_text()
    refusal(text, theirs.theirs, theirs.toolchain)
    started = time.perf_counter()
    for _ in range(WARM_CALLS):
        refusal(text, theirs.theirs, theirs.toolchain)
    return (time.perf_counter() - started) / WARM_CALLS


def javac_run(javac: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        subprocess.run([javac, "-J-Xmx256m", "-d", folder, str(SOURCE)], check=True)
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    javac = shutil.which("javac")
    if javac is None or not JAR.is_file():
        sys.exit("needs a JDK (javac) and JUnit 5's console launcher")
    rows = {
        "cold: the first file in a process": [cold(javac) for _ in range(args.repeats)],
        f"warm: each later file (mean of {WARM_CALLS})": [warm(javac) for _ in range(args.repeats)],
        "javac on the same file (the build's first step)": [
            javac_run(javac) for _ in range(args.repeats)
        ],
    }
    medians = {mode: statistics.median(times) for mode, times in rows.items()}
    base = list(medians.values())[-1]
    print(
        f"medians of {args.repeats} runs; Python {platform.python_version()}, {platform.machine()}"
    )
    print("\n| mode | wall ms | vs javac |\n|---|---:|---:|")
    for mode, seconds in medians.items():
        print(f"| {mode} | {1000 * seconds:.2f} | {seconds / base:.4f}x |")


if __name__ == "__main__":
    main()
