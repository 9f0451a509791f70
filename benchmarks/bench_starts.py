"""What starting a student process costs with and without its namespaces, as root and as a
non-root teacher, in one run.

    python benchmarks/bench_starts.py [--rounds 10] [--per-round 5] [--markdown]
        [--user teacher --user-python ~teacher/venv/bin/python --user-repo ~teacher/checkout]

Each lane starts a process through the harness's real launcher (`run_program`, with every layer
of the lane applied between fork and exec) and times it from the call to its return, for two
programs: /bin/true (the floor) and `python -S -c pass` (the interpreter every child worker is).

  without namespaces   the layers of this user before issue 32: for root, the cgroups, the
                       private view, no capabilities, the dedicated uid, Landlock and seccomp;
                       for a non-root teacher, Landlock and seccomp only
  with namespaces      today's: the same plus network, PID and IPC namespaces (and, for a
                       non-root teacher, a user namespace, the private view and the capability
                       drop in it, and seccomp's memfd denial)

Run as root with --user, it measures the non-root lanes by running itself as that user (with
its Python and its copy of the repository), round after round, so all four lanes take turns
under the same load. The namespaces' cost is the difference of the medians, with minus without,
for each user (target: at most 20 ms a start).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.sandbox import privileges  # noqa: E402
from harness.sandbox.isolation import Isolation, Mode, choose  # noqa: E402
from harness.sandbox.program import ProgramLimits, run_program  # noqa: E402

LIMITS = ProgramLimits(cpu=5, wall=10, memory_mb=512, output_bytes=1 << 16)
PROGRAMS = {"/bin/true": ("/bin/true",), "python -S": (sys.executable, "-S", "-c", "pass")}
Samples = dict[str, dict[str, list[float]]]  # lane -> program -> seconds


def lanes() -> dict[str, Isolation]:
    """This user's two lanes: today's layers, and those without the namespaces."""
    today = choose(Mode.AUTO)
    root = privileges.is_root()
    before = replace(
        today,
        network_namespace=False,
        pid_namespace=False,
        ipc_namespace=False,
        private_view=today.private_view and root,  # a non-root teacher had none
        no_capabilities=today.no_capabilities and root,
    )
    who = "root" if root else "non-root"
    return {f"{who}, without namespaces": before, f"{who}, with namespaces": today}


def measure(per_round: int) -> Samples:
    """One round of this user's lanes, each program `per_round` times, lanes taking turns."""
    found: Samples = {}
    with tempfile.TemporaryDirectory(prefix="bench-starts-") as folder:
        workdir = Path(folder)
        workdir.chmod(0o755)  # a dedicated uid must reach it, as a working copy's parent
        for _ in range(per_round):
            for lane, isolation in lanes().items():
                for program, argv in PROGRAMS.items():
                    started = time.perf_counter()
                    run = run_program(argv, workdir, b"", LIMITS, isolation)
                    took = time.perf_counter() - started
                    if not run.ok:
                        raise SystemExit(f"{lane}: {program} failed: {run.stderr[-300:]!r}")
                    found.setdefault(lane, {}).setdefault(program, []).append(took)
    return found


def _as_user(args: argparse.Namespace) -> Samples:
    argv = [args.user_python, str(Path(args.user_repo) / "benchmarks" / "bench_starts.py")]
    argv += ["--lanes-only", "--per-round", str(args.per_round)]
    done = subprocess.run(
        ["runuser", "-u", args.user, "--", *argv],
        cwd="/",
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"as {args.user}: {done.stderr[-1000:]}")
    samples: Samples = json.loads(done.stdout)
    return samples


def _merge(into: Samples, more: Samples) -> None:
    for lane, programs in more.items():
        for program, times in programs.items():
            into.setdefault(lane, {}).setdefault(program, []).extend(times)


def table(samples: Samples) -> list[str]:
    rows = ["| lane | " + " | ".join(f"{p} (ms)" for p in PROGRAMS) + " | namespaces add (ms) |"]
    rows.append("|---|" + "---:|" * (len(PROGRAMS) + 1))
    for lane, programs in samples.items():
        medians = [statistics.median(programs[p]) * 1000 for p in PROGRAMS]
        added = ""
        if lane.endswith("with namespaces"):
            base = samples[lane.replace("with namespaces", "without namespaces")]
            added = " / ".join(
                f"{statistics.median(programs[p]) * 1000 - statistics.median(base[p]) * 1000:+.1f}"
                for p in PROGRAMS
            )
        rows.append(f"| {lane} | " + " | ".join(f"{m:.1f}" for m in medians) + f" | {added} |")
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--per-round", type=int, default=5)
    parser.add_argument("--user", help="as root: also measure as this (non-root) user")
    parser.add_argument("--user-python", help="the user's interpreter (a venv with the harness)")
    parser.add_argument("--user-repo", help="the user's copy of this repository")
    parser.add_argument("--lanes-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    if args.lanes_only:
        json.dump(measure(args.per_round), sys.stdout)
        return
    samples: Samples = {}
    for _ in range(args.rounds):
        _merge(samples, measure(args.per_round))
        if args.user:
            _merge(samples, _as_user(args))
    count = args.rounds * args.per_round
    print(
        f"medians of {count} starts per lane and program, lanes taking turns; "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"kernel {platform.release()}"
    )
    print("\n".join(table(samples)))


if __name__ == "__main__":
    main()
