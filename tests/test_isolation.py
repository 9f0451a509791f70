"""Each isolation layer on its own, through the real launchers (run_program and a child
interpreter's session): what it stops, and, as a control, that the same attack gets through
without it. A layer not in force on this machine skips its tests with the reason."""

from __future__ import annotations

import mmap
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from harness.grading.judge import judge
from harness.kinds.session import Session
from harness.limits import Limits
from harness.records.outcomes import CallOutcome
from harness.records.verdicts import Verdict
from harness.sandbox import cgroup, memcg, privileges
from harness.sandbox.isolation import (
    NO_ISOLATION,
    Confinement,
    Isolation,
    Mode,
    choose,
    interpreter_reachable,
    probe,
)
from harness.sandbox.process import Launch
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.replies import program_outcome
from tests.conftest import REPO, plan_for
from tests.test_cgroup import gone, wait_until
from tests.test_session import open_session

LAYERS = {layer.name: layer for layer in probe()}
LAYERS_ABI = choose(Mode.AUTO).landlock_abi
LIMITS = ProgramLimits(cpu=5, wall=10, memory_mb=512, output_bytes=1 << 16)
PYTHON = Path(sys.executable)
SYSTEM_PYTHON = Path("/usr/bin/python3")


def needs(name: str) -> pytest.MarkDecorator:
    layer = LAYERS[name]
    return pytest.mark.skipif(not layer.active, reason=f"{name} is not in force: {layer.detail}")


def _python(code: str, workdir: Path, isolation: Isolation) -> ProgramRun:
    return run_program([str(PYTHON), "-I", "-c", code], workdir, b"", LIMITS, isolation)


FORK_STORM = """
import os, time
made = 0
for _ in range(40):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(5)
        os._exit(0)
    made += 1
print(made)
"""

DAEMON = """
import os, time
read, write = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.write(write, str(os.getpid()).encode())
        time.sleep(30)
    os._exit(0)
os.wait()
print(os.read(read, 32).decode())
"""


@needs("pids cgroup")
def test_a_pids_cgroup_bounds_a_fork_storm_even_as_root(tmp_path: Path) -> None:
    run = _python(FORK_STORM, tmp_path, Isolation(pids_max=10))
    assert int(run.stdout) < 10, run


@needs("pids cgroup")
def test_a_pids_cgroup_catches_a_daemon_that_left_the_process_group(tmp_path: Path) -> None:
    run = _python(DAEMON, tmp_path, Isolation(pids_max=10))
    daemon = int(run.stdout)
    assert wait_until(lambda: gone(daemon), 3.0), "the daemon outlived its run"


def test_without_a_cgroup_the_daemon_outlives_its_run(tmp_path: Path) -> None:
    """The control: the process-group kill alone misses it (the test then ends it by pid)."""
    pid = int(_python(DAEMON, tmp_path, NO_ISOLATION).stdout)
    try:
        assert not wait_until(lambda: gone(pid), 0.3)
    finally:
        os.kill(pid, 9)


@needs("pids cgroup")
def test_every_cgroup_is_removed_after_its_process(tmp_path: Path) -> None:
    memory = LAYERS["memory cgroup"].active
    for isolation in (
        Isolation(pids_max=10, memory_cgroup=memory),
        Isolation(pids_max=10, seccomp=True, memory_cgroup=memory),
    ):
        _python("print(1)", tmp_path, isolation)
        session = _session(tmp_path, "def f():\n    return 1\n", isolation)
        assert session.load().loaded
        session.close()
    controllers: tuple[cgroup.Controller, ...] = ("pids", "memory") if memory else ("pids",)
    for controller in controllers:
        assert not [p for p in cgroup.run_parent(controller).iterdir() if p.is_dir()]


# The memory cgroup: every hog below is bounded (at most 288 MiB in all, in the controls) and
# runs with at most 192 MiB allowed under the cgroup.
MEMORY_LIMITS = ProgramLimits(cpu=5, wall=20, memory_mb=128, output_bytes=1 << 16)
BOUNDED = Isolation(memory_cgroup=True)

HELD_BY_CHILDREN = """
import os, select, sys, time
read, write = os.pipe()
children = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        held = bytearray(64 << 20)  # touched: zeroed by the interpreter
        os.write(write, b"x")
        time.sleep(10)
        os._exit(0)
    children.append(pid)
for _ in children:  # a child the OOM killer ended before it wrote never will: 2 s each at most
    if select.select([read], [], [], 2)[0]:
        os.read(read, 1)
time.sleep(0.2)  # the OOM killer may end a child after it wrote: count those still holding
held = sum(os.waitpid(pid, os.WNOHANG) == (0, 0) for pid in children)
print("held", held * 64, flush=True)
for pid in children:
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass  # already reaped above
"""

MEMFDS = """
import os
held = []
for _ in range(12):
    held.append(os.memfd_create("held"))
    os.posix_fallocate(held[-1], 0, 15 << 20)
print("held", len(held) * 15, flush=True)
"""


def _memory_run(code: str, workdir: Path, isolation: Isolation) -> ProgramRun:
    argv = [str(PYTHON), "-I", "-c", code]
    return run_program(argv, workdir, b"", MEMORY_LIMITS, isolation, "toolchain")


@needs("memory cgroup")
def test_a_memory_cgroup_bounds_memory_held_across_processes(tmp_path: Path) -> None:
    """Three processes holding 64 MiB each, each under its 128 MiB RLIMIT_AS: together over the
    tree's 128 MiB. The OOM killer ends them, and the run's measurement says so."""
    run = _memory_run(HELD_BY_CHILDREN, tmp_path, BOUNDED)
    assert run.memory is not None and run.memory.oom_killed, run
    assert run.stdout != b"held 192\n"
    control = _memory_run(HELD_BY_CHILDREN, tmp_path, NO_ISOLATION)  # 192 MiB, unbounded
    assert control.stdout == b"held 192\n", control
    assert control.memory is not None and not control.memory.exceeded(failed=False)


@needs("memory cgroup")
def test_a_memory_cgroup_counts_memfd_pages_that_escape_rlimit_as(tmp_path: Path) -> None:
    run = _memory_run(MEMFDS, tmp_path, BOUNDED)
    assert run.memory is not None and run.memory.oom_killed, run
    assert run.ending.signal == 9 and run.stdout == b""
    control = _memory_run(MEMFDS, tmp_path, NO_ISOLATION)  # 180 MiB, over RLIMIT_AS's 128
    assert control.stdout == b"held 180\n" and control.ok, control


ADDRESS_SPACE = "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0] >> 20)"


@needs("memory cgroup")
def test_rlimit_as_is_a_backstop_above_the_memory_cgroup_and_the_limit_without_one(
    tmp_path: Path,
) -> None:
    backstop = memcg.address_space(128, bounded=True)
    assert _memory_run(ADDRESS_SPACE, tmp_path, BOUNDED).stdout == f"{backstop}\n".encode()
    assert _memory_run(ADDRESS_SPACE, tmp_path, NO_ISOLATION).stdout == b"128\n"


ALLOCATES = "chunks = [bytearray(16 << 20) for _ in range(64)]"  # 1 GiB at most, touched
SAYS_MEMORY_ERROR = """
import sys
sys.stderr.write("Traceback (most recent call last):\\nMemoryError\\n")
sys.exit(1)
"""


@pytest.mark.parametrize(
    "isolation",
    [
        pytest.param(BOUNDED, marks=needs("memory cgroup"), id="cgroup"),
        pytest.param(NO_ISOLATION, id="rlimit"),
    ],
)
def test_mle_is_what_the_harness_measured_never_what_the_program_printed(
    tmp_path: Path, isolation: Isolation
) -> None:
    """A program that allocates until it is stopped is MLE (the OOM killer under the cgroup;
    without it, RLIMIT_AS's MemoryError after over half the limit touched); one that only prints
    a MemoryError is RE, in both."""
    probe = next(p for p in plan_for(REPO / "config.yaml", "sudoku-functions").probes)
    # Without the cgroup the measurement is the max RSS, which counts only above the
    # supervisor's own pages (see the next test): a pytest worker late in the suite holds over
    # 128 MiB, so that case gets the configs' default limit, 512 MiB, as grading workers do.
    limits = MEMORY_LIMITS if isolation.memory_cgroup else replace(MEMORY_LIMITS, memory_mb=512)
    verdicts = {}
    for name, code in (("allocates", ALLOCATES), ("says", SAYS_MEMORY_ERROR)):
        run = run_program([str(PYTHON), "-I", "-c", code], tmp_path, b"", limits, isolation)
        verdicts[name] = judge(probe, program_outcome(run), cpu_limit=5).verdict
    assert verdicts == {"allocates": Verdict.MLE, "says": Verdict.RE}


def test_the_supervisors_own_pages_are_not_the_programs_peak(tmp_path: Path) -> None:
    """A forked child counts its parent's resident pages in its max RSS until it execs: a
    supervisor holding 96 MiB must not make a program that allocates nothing and fails MLE
    (without the memory cgroup, where the max RSS is the measurement)."""
    probe = next(p for p in plan_for(REPO / "config.yaml", "sudoku-functions").probes)
    ballast = bytearray(96 << 20)  # touched: the supervisor's own, resident
    try:
        run = _memory_run("import sys; sys.exit(1)", tmp_path, NO_ISOLATION)
    finally:
        del ballast
    outcome = program_outcome(run)
    assert outcome.memory is not None and outcome.memory.source == "rusage"
    assert judge(probe, outcome, cpu_limit=5).verdict is Verdict.RE, outcome.memory


HOLDS_MEMFDS = """
import os


def one():
    return 1


def hold():
    held = []
    for _ in range(12):
        held.append(os.memfd_create("held"))
        os.posix_fallocate(held[-1], 0, 15 << 20)
    return len(held)
"""


@needs("memory cgroup")
def test_the_worker_reports_the_oom_kill_of_the_call_that_caused_it(tmp_path: Path) -> None:
    session = _session(tmp_path, HOLDS_MEMFDS, BOUNDED, memory_mb=128)
    assert session.load().loaded
    try:
        before = session.call({"name": "one", "args": []}, Limits())
        held = session.call({"name": "hold", "args": []}, Limits())
        after = session.call({"name": "one", "args": []}, Limits())  # in a fresh child
    finally:
        session.close()
    assert before.memory is not None and not before.memory.oom_killed
    assert held.kind == "crashed" and held.memory is not None and held.memory.oom_killed, held
    assert after.value == 1 and after.memory is not None and not after.memory.oom_killed


def _session(workdir: Path, module: str, isolation: Isolation, memory_mb: int = 512) -> Session:
    entry = workdir / "solution.py"
    entry.write_text(module, encoding="utf-8")
    launch = Launch(PYTHON, workdir, 1 << 16, 1 << 16, isolation, memory_mb=memory_mb)
    return Session(launch, entry, Limits(memory_mb=memory_mb), cpu_budget=30)


SECCOMP_PROBES = """
import os, socket
for what, attempt in [
    ("fork", os.fork),
    ("udp", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM)),
    ("unix", lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)),
    ("group", lambda: os.killpg(os.getpgid(0), 0)),
]:
    try:
        result = attempt()
        if result == 0:
            os._exit(0)
        print(what, "allowed")
    except PermissionError:
        print(what, "refused")
"""


@needs("seccomp")
def test_seccomp_refuses_processes_sockets_and_group_signals(tmp_path: Path) -> None:
    refused = _python(SECCOMP_PROBES, tmp_path, Isolation(seccomp=True)).stdout.decode()
    assert refused.split("\n")[:-1] == [f"{w} refused" for w in ("fork", "udp", "unix", "group")]
    allowed = _python(SECCOMP_PROBES, tmp_path, NO_ISOLATION).stdout.decode()
    assert "udp allowed" in allowed and "unix allowed" in allowed


@needs("seccomp")
def test_seccomp_lets_a_toolchain_start_processes_and_unix_sockets_only(tmp_path: Path) -> None:
    code = SECCOMP_PROBES.replace("os.fork", "lambda: os.waitpid(os.fork(), 0) and 1")
    argv = [str(PYTHON), "-I", "-c", code]
    run = run_program(argv, tmp_path, b"", LIMITS, Isolation(seccomp=True), "toolchain")
    lines = run.stdout.decode().split("\n")[:-1]
    assert lines == ["fork allowed", "udp refused", "unix allowed", "group refused"]


EXECS = """
import subprocess

def run_true():
    return subprocess.run(["/bin/true"]).returncode
"""


@needs("seccomp")
def test_a_child_interpreter_may_not_exec_once_the_student_code_runs(tmp_path: Path) -> None:
    confined = _call(tmp_path, Isolation(seccomp=True), EXECS, "run_true")
    assert (confined.kind, confined.error_type) == ("raised", "PermissionError")
    assert _call(tmp_path, NO_ISOLATION, EXECS, "run_true").value == 0


CAPABILITIES = """
import re
status = open("/proc/self/status").read()
print(*(re.search(rf"^{name}:\\s*(\\w+)$", status, re.M).group(1) for name in ("CapEff", "CapBnd")))
"""


@needs("no capabilities")
def test_without_capabilities_a_root_program_has_none_at_all(tmp_path: Path) -> None:
    """None in effect and none it could regain: no lifting its own hard rlimits
    (CAP_SYS_RESOURCE), no reaching past file permissions."""
    run = _python(CAPABILITIES, tmp_path, Isolation(no_capabilities=True))
    assert run.stdout.split() == [b"0" * 16] * 2, run
    control = _python(CAPABILITIES, tmp_path, NO_ISOLATION).stdout.split()
    assert int(control[1], 16)  # the control: a full bounding set
    if privileges.is_root():
        assert int(control[0], 16)  # and root's in effect (a non-root teacher's: none)


@pytest.fixture
def open_workdir() -> Iterator[Path]:
    """A working copy other users can reach (pytest's tmp_path is under a 0700 folder)."""
    workdir = Path(tempfile.mkdtemp(prefix="sudoku-harness-test-"))
    yield workdir
    for root, dirs, files in os.walk(workdir, topdown=False):
        for name in files:
            os.unlink(os.path.join(root, name))
        for name in dirs:
            os.rmdir(os.path.join(root, name))
    workdir.rmdir()


READS_ROOTS_FILE = """
import os, sys
open("mine.txt", "w").write("x")
try:
    open(sys.argv[1]).read()
    print(os.getuid(), "read it")
except PermissionError:
    print(os.getuid(), "refused")
"""


@needs("dedicated uid")
@pytest.mark.skipif(
    not SYSTEM_PYTHON.exists() or not interpreter_reachable(SYSTEM_PYTHON),
    reason="no interpreter that other users can run (and the harness where they can read it)",
)
def test_a_dedicated_uid_cannot_read_roots_files(open_workdir: Path, tmp_path: Path) -> None:
    secret = tmp_path / "answers.txt"
    secret.write_text("42")
    secret.chmod(0o600)
    argv = [str(SYSTEM_PYTHON), "-I", "-c", READS_ROOTS_FILE, str(secret)]
    run = run_program(argv, open_workdir, b"", LIMITS, Isolation(dedicated_uid=True))
    uid, verdict = run.stdout.decode().split()
    assert int(uid) == privileges.claim_uid() >= privileges.FIRST_UID
    assert verdict == "refused"
    assert (open_workdir / "mine.txt").stat().st_uid == int(uid)


@needs("dedicated uid")
def test_each_worker_process_gets_a_uid_of_its_own() -> None:
    parents = privileges.claim_uid()  # the grading process's slot, held before workers fork
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a forked grading worker: claims its own slot while the parent holds one
        os.write(write, str(privileges.claim_uid()).encode())
        os._exit(0)
    os.waitpid(pid, 0)
    assert int(os.read(read, 32)) != parents


def _call(workdir: Path, isolation: Isolation, module: str, name: str) -> CallOutcome:
    session = open_session(workdir, module, isolation)
    assert session.load().loaded
    try:
        return session.call({"name": name, "args": []}, Limits())
    finally:
        session.close()


OPEN_FILES = """
import os, resource
held = 0
for fd in range(400):
    try:
        os.fstat(fd)
        held += 1
    except OSError:
        pass
print(held, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
"""


@needs("landlock")
def test_a_supervisor_holding_many_descriptors_still_starts_confined_programs(
    tmp_path: Path,
) -> None:
    """Was: with 60 or more descriptors open in the supervisor, Landlock's rules could not be
    opened under the program's open-files limit (applied first), and every Python program's
    start was the harness's internal error. The limit is applied last, and still holds."""
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(200)]
    try:
        limits = ProgramLimits(cpu=5, wall=10, memory_mb=512, output_bytes=1 << 16, open_files=16)
        isolation = choose(Mode.AUTO)  # every layer this machine has, Landlock among them
        run = run_program([str(PYTHON), "-I", "-c", OPEN_FILES], tmp_path, b"", limits, isolation)
    finally:
        for fd in held:
            os.close(fd)
    assert run.ok, run.stderr
    inherited, limit = map(int, run.stdout.split())
    assert inherited < 16 and limit == 16  # the supervisor's descriptors closed, limit in force


def test_a_supervisor_with_a_large_address_space_still_starts_confined_programs(
    tmp_path: Path,
) -> None:
    """Was: the address-space limit came first, so when the supervisor (a busy grading worker,
    its threads' arenas and stacks mapped) already held more address space than a program may
    have, the isolation steps still to run in the forked child could not allocate, and every
    start was "Exception occurred in preexec_fn": an internal error for a whole class."""
    reserved = mmap.mmap(-1, 2 << 30)  # 2 GiB of address space, never touched
    try:
        limits = ProgramLimits(cpu=5, wall=10, memory_mb=256, output_bytes=1 << 16)
        isolation = choose(Mode.AUTO)
        argv = [str(PYTHON), "-I", "-c", ADDRESS_SPACE_BYTES]
        run = run_program(argv, tmp_path, b"", limits, isolation)
    finally:
        reserved.close()
    assert run.ok, run.stderr
    limit = memcg.address_space(256 << 20, bounded=isolation.memory_cgroup)
    assert int(run.stdout) == limit  # the limit is in force in the program


ADDRESS_SPACE_BYTES = """
import resource
print(resource.getrlimit(resource.RLIMIT_AS)[0])
"""


def test_a_failed_start_names_the_step_that_failed(tmp_path: Path) -> None:
    """subprocess says only "Exception occurred in preexec_fn"; the supervisor's error (and so
    the internal-error row) names the isolation step and its error."""

    def refuses() -> None:
        raise PermissionError(13, "no entry")

    confinement = Confinement((refuses,))
    try:
        named = r"refuses: PermissionError\(13, 'no entry'\)"
        with pytest.raises(OSError, match=named), confinement.starting():
            subprocess.Popen(["/bin/true"], cwd=tmp_path, preexec_fn=confinement.preexec)
    finally:
        confinement.close()


@needs("landlock")
@pytest.mark.skipif(not SYSTEM_PYTHON.is_file(), reason="no /usr/bin/python3 here")
def test_a_venv_made_from_the_systems_python_starts_under_landlock(tmp_path: Path) -> None:
    """Was: a venv whose base is the system's Python (`/usr/bin/python3 -m venv`, the usual
    teacher's laptop) kept its pyvenv.cfg out of Landlock's rules, so site could not read it and
    every Python program (`-I` keeps site) died at start-up: the reference and every student RE."""
    venv = tmp_path / "venv"
    subprocess.run([str(SYSTEM_PYTHON), "-m", "venv", "--without-pip", str(venv)], check=True)
    workdir = tmp_path / "work"
    workdir.mkdir()
    argv = [str(venv / "bin" / "python3"), "-I", "-c", "import sys; print(sys.prefix)"]
    run = run_program(argv, workdir, b"", LIMITS, Isolation(landlock_abi=LAYERS_ABI))
    assert run.ok, run.stderr
    assert run.stdout.decode().strip() == str(venv)


@needs("landlock")
@pytest.mark.skipif(not os.access("/opt", os.W_OK), reason="/opt is not here or not writable")
def test_opt_is_not_readable_under_landlock(tmp_path: Path) -> None:
    """Was: /opt was in Landlock's system list, and with it whatever third-party software (and
    its packages) a machine keeps there."""
    with tempfile.NamedTemporaryFile("w", dir="/opt", suffix=".txt") as planted:
        planted.write("installed elsewhere")
        planted.flush()
        os.chmod(planted.name, 0o644)
        code = f"print(open({planted.name!r}).read())"
        run = _python(code, tmp_path, Isolation(landlock_abi=LAYERS_ABI))
    assert not run.ok and b"PermissionError" in run.stderr, run.stderr
