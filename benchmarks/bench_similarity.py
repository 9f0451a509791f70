"""What comparing a class costs: 300 synthetic submissions of about 200 lines, every pair.

    python benchmarks/bench_similarity.py [--size 300] [--repeats 3] [--markdown]

Each submission is the sudoku-functions starter (solvers/starters/) filled in with about 70
lines of generated code of its own (random names, statements and nesting, from a seed); ten of
them are copies of others with every name changed and the functions in another order. Timed,
side by side in one run:

  fingerprint   every submission's files lexed and winnowed, with a fresh cache
  cached        the same with the cache the first pass filled (a second run in one process)
  compare       every pair compared, the starter and the class's boilerplate left out
  copydetect    the `copydetect` package (pip) on the same files, when it is installed: its
                CopyDetector with the starter as boilerplate, noise 20 and guarantee 30 tokens
                as ours (it is not a dependency: install it beside the harness to measure)

Besides the times it prints what each found: the planted copies flagged, and other pairs flagged.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.similarity import (  # noqa: E402
    Cache,
    Comparison,
    Fingerprinted,
    Settings,
    compare,
    fingerprinted,
    source_files,
)

T = TypeVar("T")
STARTER = REPO / "solvers" / "starters" / "sudoku-functions" / "q.py"
COPIES = 10
OPS = ("+", "-", "*", "//", "%")
TESTS = ("<", ">", "==", "!=", "<=", ">=")


def statement(rng: random.Random, names: list[str]) -> list[str]:
    a, b, c = rng.sample(names, 3)
    n, op, test = rng.randint(0, 99), rng.choice(OPS), rng.choice(TESTS)
    shapes = [
        [f"{a} = {b} {op} {n}"],
        [f"{a} = [{b}, {c}, {n}]"],
        [f"{a}.append({b} {op} {c})"],
        [f"{a} = len({b}) {op} {c}[{n % 9}]"],
        [f"{a}, {b} = {b}, {a}"],
        [f"{a} = {{{b}: {n}, {c}: {b}}}"],
        [f"if {a} {test} {n}:", f"    {b} = {c}"],
        [f"for {a} in range({n % 9 + 1}):", f"    {b} {op}= {a}"],
        [f"while {a} {test} {b}:", f"    {a} = {a} {op} 1", "    break"],
        [f"{a} = [{b} for {b} in {c} if {b} {test} {n}]"],
        [f"return {a} {op} {b}"],
        [f"{a} = {b}({c}, {n})"],
        [f'{a} = "{b}-{n}"'],
        [f"{a} = not {b} or {c} {test} {n}"],
    ]
    return ["    " + line for line in rng.choice(shapes)]


def function(rng: random.Random, name: str) -> list[str]:
    names = [f"{rng.choice('abcdefghjkmnpqrstuvwxyz')}{rng.randint(0, 999)}" for _ in range(8)]
    lines = [f"def {name}({names[0]}, {names[1]}):"]
    for _ in range(rng.randint(5, 9)):
        lines += statement(rng, names)
    return [*lines, f"    return {names[2]}", ""]


def own_code(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [function(rng, f"helper_{seed}_{k}") for k in range(5)]


def renamed(functions: list[list[str]], seed: int) -> list[list[str]]:
    """A copy: every function in another order, every name other (one token kind: the same)."""
    rng = random.Random(seed)
    moved = functions[:]
    rng.shuffle(moved)
    return [[line.replace("helper_", "my_fn_") + "  # mine" for line in f] for f in moved]


def make_class(folder: Path, size: int) -> list[tuple[str, str]]:
    """`size` submissions written under `folder`; the planted (copy, original) pairs."""
    starter = STARTER.read_text()
    planted = []
    for number in range(size):
        name = f"s{number:03d}"
        functions = own_code(number)
        if number >= size - COPIES:
            original = number - size // 2
            functions = renamed(own_code(original), number)
            planted.append((f"s{original:03d}", name))
        code = "\n".join(line for f in functions for line in f)
        (folder / name).mkdir()
        (folder / name / "q.py").write_text(starter + "\n\n" + code + "\n")
    return planted


def fingerprint_all(folder: Path, cache: Cache) -> list[Fingerprinted]:
    return [fingerprinted(p.name, source_files(p), cache) for p in sorted(folder.iterdir())]


def ours(folder: Path, repeats: int) -> tuple[dict[str, float], Comparison]:
    times: dict[str, list[float]] = {"fingerprint": [], "cached": [], "compare": []}
    starter = fingerprinted("starter", source_files(STARTER), Cache()).hashes
    found = Comparison((), 0, 0.0, 0, 0)
    for _ in range(max(1, repeats)):
        cache = Cache()
        read, seconds = timed(partial(fingerprint_all, folder, cache))
        times["fingerprint"].append(seconds)
        times["cached"].append(timed(partial(fingerprint_all, folder, cache))[1])
        found, seconds = timed(partial(compare, read, starter, Settings()))
        times["compare"].append(seconds)
    return {way: statistics.median(t) for way, t in times.items()}, found


def copydetect_run(folder: Path) -> tuple[float, set[frozenset[str]]] | None:
    try:
        from copydetect import CopyDetector  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    detector = CopyDetector(
        test_dirs=[str(folder)], boilerplate_dirs=[str(STARTER.parent)], extensions=["py"],
        noise_t=20, guarantee_t=30, display_t=0.5, silent=True, disable_filtering=False,
    )  # fmt: skip
    started = time.perf_counter()
    detector.run()
    seconds = time.perf_counter() - started
    flagged = {
        frozenset(Path(path).parent.name for path in (row[2], row[3]))
        for row in detector.get_copied_code_list()
    }
    return seconds, flagged


def timed(work: Callable[[], T]) -> tuple[T, float]:
    started = time.perf_counter()
    result = work()
    return result, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        planted = {frozenset(p) for p in make_class(folder, args.size)}
        lines = sum(len((p / "q.py").read_text().splitlines()) for p in folder.iterdir())
        times, found = ours(folder, args.repeats)
        other = copydetect_run(folder)
    report(args, lines, planted, times, found, other)


def report(
    args: argparse.Namespace,
    lines: int,
    planted: set[frozenset[str]],
    times: dict[str, float],
    found: Comparison,
    other: tuple[float, set[frozenset[str]]] | None,
) -> None:
    pairs = args.size * (args.size - 1) // 2
    print(
        f"{args.size} submissions, {lines / args.size:.0f} lines each on average, {pairs:,} "
        f"pairs; medians of {args.repeats}; Python {platform.python_version()}, "
        f"{platform.machine()}"
    )
    ours_total = times["fingerprint"] + times["compare"]
    flagged = {frozenset((p.a, p.b)) for p in found.flagged}
    rows = [
        ("ours: fingerprint (fresh cache)", times["fingerprint"], None),
        ("ours: fingerprint (cache filled)", times["cached"], None),
        ("ours: compare every pair", times["compare"], None),
        ("ours: total", ours_total, flagged),
    ]
    if other is not None:
        rows.append(("copydetect 0.5 (run)", other[0], other[1]))
    print("| way | seconds | x ours | planted copies flagged | other pairs flagged |")
    print("|---|---:|---:|---:|---:|")
    for way, seconds, hits in rows:
        caught = f"{len(hits & planted)} of {len(planted)}" if hits is not None else ""
        others = str(len(hits - planted)) if hits is not None else ""
        print(f"| {way} | {seconds:.2f} | {seconds / ours_total:.2f}x | {caught} | {others} |")
    if other is None:
        print("copydetect: not installed (pip install copydetect beside the harness to compare)")


if __name__ == "__main__":
    main()
