"""Cost of running stdin programs sandboxed, and league CPU timings under concurrency, in one run.

    python benchmarks/bench_programs.py [--repeats 5] [--markdown]

  runner   every 9x9 league puzzle, run by the compiled C++ reference, by the Python reference
           and by a no-op program (/bin/true: the floor), two ways, interleaved per puzzle (which
           goes first alternates): a bare `subprocess.run(argv, input=..., capture_output=True)`
           and the harness's `run_program` with the assignment's 9x9 limits from config.yaml
           (cpu 1 s, wall 3 s, memory 512 MB, output 64 KB). Wall time per run, measured around
           the call, and the program's CPU time (the children's rusage for the bare run,
           run_program's `.cpu` for the other).
  workers  the league's claim that one run per core keeps CPU timings trustworthy: the C++
           reference on every 16x16 and 25x25 league puzzle (and the Python reference on the
           25x25 ones), with 1, 2 and 3 forked workers (`harness.executors.pool.spread`) running
           the same list at once, on the 2-core machine; each worker runs the list once per repeat,
           the worker counts take turns within each repeat. CPU time from run_program's `.cpu`.

The C++ reference is built once (the harness builds once per submission); the build is timed.
Times are medians over the repeats; the ratios are what to read, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.config import Config, load_config  # noqa: E402
from harness.executors.pool import spread  # noqa: E402
from harness.kinds.programs import run_limits  # noqa: E402
from harness.kinds.stdin_program.expect import PrintedGrid  # noqa: E402
from harness.kinds.stdin_program.values import stdin_text  # noqa: E402
from harness.puzzles.suites import load_suite  # noqa: E402
from harness.records.outcomes import CallOutcome  # noqa: E402
from harness.sandbox.program import ProgramLimits, run_program  # noqa: E402

ASSIGNMENT = "stdin-program"
SOLVERS = REPO / "solvers" / "stdin-program"
BUILD = ("g++", "-std=c++11", "-O2", "-pipe", "-o", "sudoku", "sudoku.cpp")  # as config.yaml
WORKERS = (1, 2, 3)


@dataclass(frozen=True)
class Program:
    name: str
    argv: tuple[str, ...]
    workdir: Path
    checked: bool = True  # its answers are judged (not for the no-op floor)


@dataclass(frozen=True)
class Puzzle:
    label: str
    stdin: bytes
    expect: PrintedGrid


@dataclass(frozen=True)
class Sample:
    wall: float  # seconds, around the call
    cpu: float  # seconds, the program's user + system time


@dataclass(frozen=True)
class Job:
    """One program on one league, as a worker runs it."""

    label: str
    program: Program
    puzzles: tuple[Puzzle, ...]
    limits: ProgramLimits


def league(config: Config, size: int) -> tuple[Puzzle, ...]:
    path = REPO / "testcases" / f"league-{size}x{size}.yaml"
    return tuple(
        Puzzle(
            case.label,
            stdin_text(case.puzzle, case.values).encode(),
            PrintedGrid(case.puzzle, case.solution, case.values, case.multiple_solutions),
        )
        for case in load_suite(path).cases
    )


def limits_for(config: Config, size: int) -> ProgramLimits:
    """The limits the stdin-program shape gives one run of the `size` item (before calibration,
    which only raises them for slow references)."""
    assignment = config.assignment(ASSIGNMENT)
    return run_limits(assignment.limits.with_time(assignment.items[f"{size}x{size}"].time))


def check(program: Program, puzzle: Puzzle, stdout: bytes, exit_code: int | None) -> None:
    if not program.checked:
        return
    outcome = CallOutcome("returned", value=stdout.decode("utf-8", "replace"))
    if exit_code != 0 or not puzzle.expect.judge(outcome).passed:
        raise SystemExit(f"{program.name}: wrong answer or exit {exit_code} on {puzzle.label}")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bare(program: Program, puzzle: Puzzle, limits: ProgramLimits) -> Sample:
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        program.argv, input=puzzle.stdin, capture_output=True, cwd=program.workdir, check=False
    )
    sample = Sample(time.perf_counter() - started, children_cpu() - cpu)
    check(program, puzzle, done.stdout, done.returncode)
    return sample


def sandboxed(program: Program, puzzle: Puzzle, limits: ProgramLimits) -> Sample:
    started = time.perf_counter()
    run = run_program(program.argv, program.workdir, puzzle.stdin, limits)
    sample = Sample(time.perf_counter() - started, run.cpu)
    check(program, puzzle, run.stdout, None if run.timed_out else run.ending.code)
    return sample


def build(workdir: Path) -> Sample:
    shutil.copy(SOLVERS / "cpp" / "sudoku.cpp", workdir)
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(BUILD, cwd=workdir, capture_output=True, check=False)
    sample = Sample(time.perf_counter() - started, children_cpu() - cpu)
    if done.returncode != 0:
        raise SystemExit(f"the C++ reference did not build:\n{done.stderr.decode()}")
    return sample


# -- runner: bare subprocess.run against run_program -------------------------------------------

Runner = Callable[[Program, Puzzle, ProgramLimits], Sample]


def runner_table(
    programs: Sequence[Program], puzzles: Sequence[Puzzle], limits: ProgramLimits, repeats: int
) -> list[list[str]]:
    times: dict[str, dict[str, list[Sample]]] = {
        p.name: {"bare": [], "sandboxed": []} for p in programs
    }
    ratios: dict[str, list[float]] = {p.name: [] for p in programs}
    modes: dict[str, Runner] = {"bare": bare, "sandboxed": sandboxed}
    for repeat in range(repeats):
        for index, puzzle in enumerate(puzzles):
            order = ["bare", "sandboxed"] if (repeat + index) % 2 == 0 else ["sandboxed", "bare"]
            for program in programs:
                pair = {mode: modes[mode](program, puzzle, limits) for mode in order}
                for mode, sample in pair.items():
                    times[program.name][mode].append(sample)
                ratios[program.name].append(pair["sandboxed"].wall / pair["bare"].wall)
    rows = []
    for program in programs:
        runs = times[program.name]
        rows.append(
            [
                program.name,
                str(len(ratios[program.name])),
                ms(statistics.median(s.wall for s in runs["bare"])),
                ms(statistics.median(s.wall for s in runs["sandboxed"])),
                f"{statistics.median(ratios[program.name]):.2f}x",
                ms(statistics.median(s.cpu for s in runs["bare"])),
                ms(statistics.median(s.cpu for s in runs["sandboxed"])),
            ]
        )
    return rows


# -- workers: 1, 2 and 3 at once ---------------------------------------------------------------


def one_pass(jobs: Sequence[Job], worker: int) -> tuple[int, list[list[Sample]]]:
    """A worker's pass: every job's puzzles once, in order; (its pid, [job][puzzle])."""
    return os.getpid(), [
        [sandboxed(job.program, puzzle, job.limits) for puzzle in job.puzzles] for job in jobs
    ]


@dataclass
class Concurrent:
    passes: list[list[list[Sample]]]  # [pass][job][puzzle], every pass of every worker
    elapsed: float = 0.0  # seconds, all rounds with this many workers
    runs: int = 0
    short: int = 0  # rounds in which fewer distinct processes than workers did the passes


def workers_table(jobs: Sequence[Job], repeats: int) -> tuple[list[list[str]], str]:
    results = {n: Concurrent([]) for n in WORKERS}
    for repeat in range(repeats):
        turn = repeat % len(WORKERS)
        for n in WORKERS[turn:] + WORKERS[:turn]:
            started = time.perf_counter()
            done = list(spread(one_pass, tuple(jobs), range(n), n))
            result = results[n]
            result.elapsed += time.perf_counter() - started
            result.runs += n * sum(len(job.puzzles) for job in jobs)
            result.short += len({pid for pid, _ in done}) < n
            result.passes += [samples for _, samples in done]
    rows = []
    for index, job in enumerate(jobs):
        base_cpu = base_wall = 0.0
        for n in WORKERS:
            passes = [p[index] for p in results[n].passes]
            per_puzzle = list(zip(*passes, strict=True))  # [puzzle][pass]
            cpu = statistics.fmean(statistics.median(s.cpu for s in runs) for runs in per_puzzle)
            wall = statistics.median(s.wall for p in passes for s in p)
            means = [statistics.fmean(s.cpu for s in p) for p in passes]
            base_cpu, base_wall = (cpu, wall) if n == 1 else (base_cpu, base_wall)
            rows.append(
                [
                    job.label,
                    str(n),
                    str(sum(len(p) for p in passes)),
                    ms(cpu),
                    f"{cpu / base_cpu:.2f}x",
                    f"{ms(min(means))}-{ms(max(means))}",
                    ms(wall),
                    f"{wall / base_wall:.2f}x",
                ]
            )
    rates = ", ".join(
        f"{n} worker{'s' if n > 1 else ''} {r.runs / r.elapsed:,.0f}" for n, r in results.items()
    )
    note = f"throughput, runs per second of all workers together (pool start-up included): {rates}"
    short = sum(r.short for r in results.values())
    if short:
        note += f"\nWARNING: in {short} rounds one process ran two workers' passes"
    return rows, note


def busy_elsewhere(seconds: float = 1.0) -> float:
    """CPUs kept busy by other processes over `seconds` while this one sleeps (from /proc/stat)."""

    def ticks() -> tuple[int, int]:
        with open("/proc/stat") as stat:
            fields = [int(f) for f in stat.readline().split()[1:]]
        return sum(fields[:8]), fields[3] + fields[4]  # all ticks; idle + iowait

    total, idle = ticks()
    time.sleep(seconds)
    total_after, idle_after = ticks()
    return (os.cpu_count() or 1) * (1 - (idle_after - idle) / max(1, total_after - total))


# -- output ------------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool) -> str:
    """A markdown table, or plain aligned columns; the first column is left-aligned."""
    if markdown:
        lines = ["| " + " | ".join(headers) + " |"]
        lines.append("|---|" + "---:|" * (len(headers) - 1))
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first, *rest = zip(cells, widths, strict=True)
        return "  ".join([first[0].ljust(first[1]), *(c.rjust(w) for c, w in rest)])

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--markdown", action="store_true", help="print markdown tables")
    options = parser.parse_args()
    if shutil.which("g++") is None:
        print("skipping bench_programs: g++ is not installed (the C++ reference needs it)")
        return
    config = load_config(REPO / "config.yaml")
    python = config.path(config.runtime.python) if config.runtime.python else Path(sys.executable)
    load = "/".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="bench-programs-") as temp:
        workdir = Path(temp)
        built = build(workdir)
        shutil.copy(SOLVERS / "python" / "sudoku.py", workdir)
        cpp = Program("C++ reference", ("./sudoku",), workdir)
        py = Program("Python reference", (str(python), "-I", "-B", "sudoku.py"), workdir)
        noop = Program("no-op (/bin/true): the floor", ("/bin/true",), workdir, checked=False)
        nine = league(config, 9)
        print(
            f"medians of {options.repeats} interleaved repeats; Python "
            f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs; "
            f"load average {load} at the start\n"
        )
        print(
            f"Build once per submission: g++ -O2 of the C++ reference took {built.wall:.2f} s "
            f"wall, {built.cpu:.2f} s CPU\n"
        )
        print(f"Per-run overhead of run_program, every 9x9 league puzzle ({len(nine)}):\n")
        rows = runner_table((noop, cpp, py), nine, limits_for(config, 9), options.repeats)
        headers = [
            "program",
            "runs",
            "bare wall (ms)",
            "run_program wall (ms)",
            "run_program / bare",
            "bare CPU (ms)",
            "run_program CPU (ms)",
        ]
        print(table(headers, rows, options.markdown))
        print("\nrun_program / bare: median of per-run wall ratios (the pair run back to back)\n")
        jobs = [
            Job(f"C++ reference, {n}x{n}", cpp, league(config, n), limits_for(config, n))
            for n in (16, 25)
        ]
        jobs.append(Job("Python reference, 25x25", py, league(config, 25), limits_for(config, 25)))
        print(
            f"CPU time per run with 1, 2 and 3 workers at once ({os.cpu_count()} CPUs, of which "
            f"{busy_elsewhere():.1f} were busy with other processes in the second before), each "
            f"worker running the whole league list once per repeat:\n"
        )
        rows, note = workers_table(jobs, options.repeats)
        headers = [
            "program, league",
            "workers",
            "runs",
            "CPU per puzzle (ms)",
            "vs 1 worker",
            "spread of per-pass means (ms)",
            "wall per run (ms)",
            "vs 1 worker",
        ]
        print(table(headers, rows, options.markdown))
        print(
            "\nCPU per puzzle: the league's measure, the mean over puzzles of each puzzle's median "
            "CPU time over every pass of every worker. Spread: the fastest and slowest mean of one "
            "worker's pass. Wall per run: the median over every run.\n" + note
        )


if __name__ == "__main__":
    main()
