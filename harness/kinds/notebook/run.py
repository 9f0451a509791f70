"""A submission's notebook: find it, execute it in the sandbox, and read back what happened.

The notebook runs in the submission's private working copy (the student's script and the
probes' puzzle files beside it) through harness/sandbox/child/notebook_runner.py, exec'd under
rlimits with a clean environment like any student program; its reply is JSON on its stdout, which
nothing the kernel prints can reach. Executing needs nbclient and ipykernel (the `notebook`
extra) in the sandbox's interpreter; without them the notebook items are not graded, and the
reason is said.
"""

from __future__ import annotations

import functools
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

from harness.config import NotebookConfig
from harness.limits import Limits
from harness.records.notebook import ReplyError, parse_cells, read_reply
from harness.records.outcomes import CallOutcome
from harness.sandbox import child
from harness.sandbox.isolation import NO_ISOLATION, Isolation
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.quota import UNCAPPED, DiskWatch
from harness.submissions import Submission

RUNNER = Path(child.__file__).resolve().parent / "notebook_runner.py"  # wherever this module is
REPLY_KB = 4096
OPEN_FILES = 256  # the kernel's sockets
NEEDED = ("nbclient", "nbformat", "ipykernel")
INSTALL = "pip install -e '.[notebook]'"


@dataclass(frozen=True)
class Found:
    path: Path | None  # the notebook, relative to the submission folder
    note: str = ""  # which file ran, and why when it was a choice


def find_notebook(submission: Submission, config: NotebookConfig) -> Found:
    """The notebook beside the script: the one matching the configured name, else the only (or
    first, by name) .ipynb file; saying so when it is not exactly the configured name."""
    if not submission.path.is_dir():
        return Found(None)
    notebooks = sorted(p.name for p in submission.path.glob("*.ipynb") if p.is_file())
    matching = [n for n in notebooks if Path(n).match(config.file)]
    candidates = matching or notebooks
    if not candidates:
        return Found(None)
    chosen = candidates[0]
    notes = [f"ran {chosen}"]
    if not matching:
        notes.append(f"no notebook is named like {config.file}")
    if len(candidates) > 1:
        others = ", ".join(candidates[1:])
        notes.append(f"the first by name (also there: {others})")
    return Found(Path(chosen), "; ".join(notes))


@functools.lru_cache(maxsize=8)
def unavailable(python: Path) -> str:
    """Why notebooks cannot be executed with `python` ("" when they can)."""
    check = f"import {', '.join(NEEDED)}"
    try:
        done = subprocess.run(
            [str(python), "-I", "-c", check], capture_output=True, timeout=120, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"cannot check for the notebook extra ({err}); install it: {INSTALL}"
    if done.returncode:
        return f"nbclient and ipykernel are not installed; install them: {INSTALL}"
    return ""


def run_notebook(
    python: Path,
    workdir: Path,
    notebook: Path,
    config: NotebookConfig,
    limits: Limits,
    isolation: Isolation = NO_ISOLATION,
    disk: DiskWatch = UNCAPPED,
    wall: float | None = None,
) -> CallOutcome:
    """Execute `notebook` (relative to `workdir`): limits.time is the whole run's CPU limit,
    config.memory_mb the memory of each process (and of them all where the memory cgroup is in
    force); it is stopped on the wall clock at `wall` seconds (default: the limits' backstop),
    and `disk` keeps the working copy to its cap."""
    argv = [str(python), "-I", "-B", str(RUNNER), str(notebook), f"{config.cell_time:g}"]
    program_limits = ProgramLimits(
        cpu=limits.time,
        wall=limits.wall_seconds if wall is None else wall,
        memory_mb=config.memory_mb,
        output_bytes=REPLY_KB << 10,
        file_size_mb=limits.file_size_mb,
        open_files=OPEN_FILES,
    )
    run = run_program(argv, workdir, b"", program_limits, isolation, "toolchain", disk)
    outcome = _what_happened(run, notebook)
    return replace(outcome, seconds=run.wall, cpu_seconds=run.cpu, memory=run.memory)


def _what_happened(run: ProgramRun, notebook: Path) -> CallOutcome:
    if run.disk.over:
        return CallOutcome("disk_limit", message=f"the notebook {run.disk.note}")
    if run.timed_out:
        return CallOutcome("timeout")
    if run.output_overflow:
        return CallOutcome("output_limit", message="the notebook runner's reply")
    if not run.stdout:
        how = f"the notebook's process {run.ending.text} before it finished"
        return CallOutcome(
            "crashed", exit_code=run.ending.code, signal=run.ending.signal_name, message=how
        )
    try:
        reply = read_reply(run.stdout)
        if reply.get("ok") is True:
            return CallOutcome("returned", value=parse_cells(notebook.name, reply))
    except ReplyError as err:
        return CallOutcome("protocol", message=f"the notebook runner's reply: {err}")
    message = str(reply.get("message", ""))
    if reply.get("kind") == "unreadable":
        return CallOutcome("not_loaded", message=f"{notebook.name} cannot be read: {message}")
    return CallOutcome("internal", message=f"running {notebook.name}: {message}")
