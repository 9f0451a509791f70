"""The namespaces of each student process (harness/sandbox/namespaces.py), each on its own,
through the real launcher, as root and as a non-root teacher (in a user namespace of its own):
what it stops, and, as a control, that the same attack gets through without it. A namespace the
machine refuses skips its tests with the reason."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.sandbox import privileges
from harness.sandbox.isolation import NO_ISOLATION, Isolation, pipe_buffers
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from tests.test_cgroup import gone, wait_until
from tests.test_isolation import DAEMON, LAYERS, LIMITS, PYTHON, _python, needs

NETWORK = Isolation(network_namespace=True)
PID = Isolation(pid_namespace=True)


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A TCP listener of the host's on 127.0.0.1."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    yield server
    server.close()


CONNECT_TCP = """
import socket, sys
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2).close()
    print("connected")
except OSError as error:
    print(type(error).__name__)
"""


def _run(code: str, workdir: Path, isolation: Isolation, *args: str) -> ProgramRun:
    argv = [str(PYTHON), "-I", "-c", code, *args]
    return run_program(argv, workdir, b"", LIMITS, isolation)


@needs("network namespace")
def test_a_network_namespace_reaches_no_host_port(tmp_path: Path, listener: socket.socket) -> None:
    port = str(listener.getsockname()[1])
    assert _run(CONNECT_TCP, tmp_path, NO_ISOLATION, port).stdout.strip() == b"connected"
    run = _run(CONNECT_TCP, tmp_path, NETWORK, port)
    assert run.stdout.strip() == b"ConnectionRefusedError", run


CONNECT_ABSTRACT = """
import socket, sys
try:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect("\\0" + sys.argv[1])
    print("connected")
except OSError as error:
    print(type(error).__name__)
"""


@needs("network namespace")
def test_a_network_namespace_reaches_no_abstract_socket(tmp_path: Path) -> None:
    """Abstract Unix sockets (no file to hide: D-Bus's, X11's) belong to a network namespace."""
    name = f"sudoku-harness-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(f"\0{name}")
        server.listen()
        assert _run(CONNECT_ABSTRACT, tmp_path, NO_ISOLATION, name).stdout.strip() == b"connected"
        run = _run(CONNECT_ABSTRACT, tmp_path, NETWORK, name)
    assert run.stdout.strip() == b"ConnectionRefusedError", run


LOOPBACK = """
import socket
server = socket.create_server(("127.0.0.1", 0))
client = socket.create_connection(server.getsockname(), timeout=2)
conn, _ = server.accept()
client.sendall(b"ping")
print(conn.recv(4).decode())
"""


@needs("network namespace")
def test_a_network_namespace_has_its_own_loopback_up(tmp_path: Path) -> None:
    """What a notebook kernel's own channels need: 127.0.0.1 works, inside it."""
    run = _run(LOOPBACK, tmp_path, NETWORK)
    assert run.ok and run.stdout.strip() == b"ping", run


WHO = """
import os
print(os.getpid(), os.getppid())
"""


@needs("pid namespace")
def test_in_a_pid_namespace_the_program_is_pid_2_and_sees_no_parent(tmp_path: Path) -> None:
    run = _run(WHO, tmp_path, PID)
    assert run.ok and run.stdout.split() == [b"2", b"0"], run


def _host_pid(ns_pid: int, near: int) -> int | None:
    """The host pid of the process whose pid in its namespace is `ns_pid`, found among those
    started after `near` (NSpid in /proc/PID/status lists it in every namespace)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) < near:
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            fields = line.split()
            if fields[:1] == ["NSpid:"] and len(fields) == 3 and int(fields[2]) == ns_pid:
                return int(entry.name)
    return None


@needs("pid namespace")
def test_a_daemon_that_left_the_process_group_dies_with_the_pid_namespace(tmp_path: Path) -> None:
    """Without a cgroup (as a non-root teacher has none): the namespace's init dies with the run,
    and the kernel kills whatever is left in it. (The control is test_isolation's.)"""
    marker = os.getpid()
    run = _run(DAEMON, tmp_path, PID)
    assert run.ok, run
    daemon = _host_pid(int(run.stdout), marker)
    assert daemon is None or wait_until(lambda: gone(daemon), 3.0), "the daemon outlived its run"


ABORTS = "import os\nos.abort()\n"


@needs("pid namespace")
def test_a_program_ends_as_it_ended_inside_the_pid_namespace(tmp_path: Path) -> None:
    """Its own signals reach it (it is not the namespace's init), and its keeper ends the same
    way: SIGABRT, an exit code, as without the namespace."""
    for isolation in (NO_ISOLATION, PID):
        aborted = _run(ABORTS, tmp_path, isolation)
        assert aborted.ending.signal == signal.SIGABRT, (isolation, aborted)
        exited = _run("raise SystemExit(7)", tmp_path, isolation)
        assert exited.ending.code == 7, (isolation, exited)


SPINS = "while True:\n    pass\n"


@needs("pid namespace")
def test_a_program_killed_on_its_cpu_limit_keeps_its_cpu_time(tmp_path: Path) -> None:
    """Was: its keeper, killed with the group before it could reap the program, had none of the
    program's time in its rusage, and a loop's TLE read as "out of wall-clock time with CPU time
    to spare"."""
    limits = ProgramLimits(cpu=0.3, wall=5, memory_mb=256, output_bytes=1 << 16)
    run = run_program([str(PYTHON), "-I", "-c", SPINS], tmp_path, b"", limits, PID)
    assert run.timed_out and run.cpu >= 0.3, run


SYSV = """
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
key = int(sys.argv[1])
shmid = libc.shmget(key, 1 << 20, 0o1600)  # IPC_CREAT | 0600, left behind on purpose
print(shmid)
"""


def _segments() -> set[int]:
    lines = Path("/proc/sysvipc/shm").read_text().splitlines()[1:]
    return {int(line.split()[0]) for line in lines}


@needs("ipc namespace")
def test_an_ipc_namespace_takes_its_shared_memory_with_it(tmp_path: Path) -> None:
    key = 0x5D0C0000 + os.getpid() % 0xFFFF
    run = _run(SYSV, tmp_path, Isolation(ipc_namespace=True), str(key))
    assert run.ok and int(run.stdout) >= 0, run
    assert key not in _segments()  # made in its own namespace, gone with it
    control = _run(SYSV, tmp_path, NO_ISOLATION, str(key))
    shmid = int(control.stdout)
    try:
        assert key in _segments()  # the control: left behind on the host
    finally:
        subprocess.run(["ipcrm", "-m", str(shmid)], check=False)


THREADS = """
import threading, time
made = 0
try:
    for _ in range(8):
        threading.Thread(target=time.sleep, args=(0.5,)).start()
        made += 1
except RuntimeError:
    pass
print(made)
"""


@pytest.mark.skipif(privileges.is_root(), reason="as root, RLIMIT_NPROC counts a dedicated uid")
@needs("pid namespace")
def test_a_non_root_teachers_processes_do_not_count_against_the_students(tmp_path: Path) -> None:
    """Was: RLIMIT_NPROC (16 for a child interpreter) counted every process of the teacher's,
    and on a laptop with a browser open no student could start a thread. In a user namespace of
    its own it counts the namespace's alone."""
    limits = ProgramLimits(cpu=5, wall=10, memory_mb=256, output_bytes=1 << 16, processes=6)
    sleepers = [subprocess.Popen(["sleep", "20"]) for _ in range(8)]
    try:
        plain = run_program([str(PYTHON), "-I", "-c", THREADS], tmp_path, b"", limits)
        spaced = run_program([str(PYTHON), "-I", "-c", THREADS], tmp_path, b"", limits, PID)
    finally:
        for sleeper in sleepers:
            sleeper.kill()
            sleeper.wait()
    assert int(plain.stdout) == 0  # the control: the teacher's processes used the limit up
    assert int(spaced.stdout) >= 3, spaced


MEMFD = """
import os
try:
    os.memfd_create("held")
    print("allowed")
except PermissionError:
    print("refused")
"""


@needs("seccomp")
def test_seccomp_denies_memfd_where_no_memory_cgroup_bounds_it(tmp_path: Path) -> None:
    unbounded = Isolation(seccomp=True, memory_cgroup=False)
    assert _run(MEMFD, tmp_path, unbounded).stdout.strip() == b"refused"
    if LAYERS["memory cgroup"].active:
        bounded = Isolation(seccomp=True, memory_cgroup=True)
        assert _run(MEMFD, tmp_path, bounded).stdout.strip() == b"allowed"


PIPES = """
import fcntl, os
F_SETPIPE_SZ = 1031
held = 0
while True:
    try:
        read, write = os.pipe()
    except OSError:
        break
    try:
        size = fcntl.fcntl(write, F_SETPIPE_SZ, 1 << 30)
    except OSError:
        size = fcntl.fcntl(write, 1032)  # F_GETPIPE_SZ: the default it keeps
    try:
        os.set_blocking(write, False)
        while True:
            held += os.write(write, b"x" * 65536)
    except BlockingIOError:
        pass
    os.close(write)  # the read end alone keeps the buffer
print(held)
"""


@needs("seccomp")
def test_what_is_left_outside_rlimit_as_without_a_memory_cgroup_is_bounded(tmp_path: Path) -> None:
    """What doctor says is left where memfd and shm are denied: pipe buffers kept unread, at
    most a descriptor's pipe each. Measured: a program fills every pipe it can open."""
    limits = ProgramLimits(cpu=5, wall=20, memory_mb=256, output_bytes=1 << 16, open_files=64)
    argv = [str(PYTHON), "-I", "-c", PIPES]
    run = run_program(argv, tmp_path, b"", limits, Isolation(seccomp=True))
    assert run.ok, run.stderr
    held = int(run.stdout)
    print(f"held in pipes: {held >> 20} MiB (bound: {pipe_buffers(64) >> 20} MiB)")
    assert 0 < held <= pipe_buffers(64)


def test_the_pid_namespace_keeper_and_init_hold_nothing_of_the_students(tmp_path: Path) -> None:
    """The program's stdout closes when it exits, whatever its keeper and init hold: they closed
    every descriptor. (A program whose output never ends would show as a hang here.)"""
    if not LAYERS["pid namespace"].active:
        pytest.skip(f"pid namespace is not in force: {LAYERS['pid namespace'].detail}")
    started = time.monotonic()
    run = _python("print('done')", tmp_path, PID)
    assert run.ok and run.stdout == b"done\n" and time.monotonic() - started < 5, run
    assert sys.executable  # the interpreter the tests run with is the one the program ran
