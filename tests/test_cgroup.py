"""The pids cgroup layer with real processes: joining, pids.max as root, the tree-wide kill,
removal, the run's parent at exit, forked workers. Every process started here is bounded in time
and killed by pid (or with its group) in a finally; the only fork loop is bounded (40 attempts).

Finding the hierarchy is also tested on made-up mount tables (it needs no cgroup)."""

from __future__ import annotations

import errno
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from harness.sandbox import cgroup
from harness.sandbox.cgroup import Hierarchy, PidsGroup

REPO = Path(__file__).resolve().parent.parent
SUPPORT = cgroup.probe() if sys.platform == "linux" else cgroup.Support(False, "not Linux")
needs_cgroup = pytest.mark.skipif(not SUPPORT.available, reason=SUPPORT.detail)
TIMEOUT = 20

FORK_STORM = """
import os, sys, time
forked, failure = 0, ""
for _ in range(40):
    try:
        pid = os.fork()
    except OSError as error:
        failure = error.__class__.__name__ + " " + str(error.errno)
        break
    if pid == 0:
        os.close(1)
        os.close(2)
        time.sleep(5)
        os._exit(0)
    forked += 1
print(forked, failure)
"""

DAEMON = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    with open(sys.argv[1] + ".tmp", "w") as out:
        out.write(str(os.getpid()))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    time.sleep(30)
os._exit(0)
"""

AT_EXIT = """
from harness.sandbox import cgroup
group = cgroup.PidsGroup.create(5)
print(cgroup.run_parent())
group.remove()
"""


@pytest.fixture
def group() -> Iterator[PidsGroup]:
    made = PidsGroup.create(10)
    try:
        yield made
    finally:
        made.remove()


def cgroups_of(pid: int) -> list[str]:
    """The cgroup paths of a process (one per hierarchy)."""
    lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    return [line.split(":", 2)[2] for line in lines]


def in_group(pid: int, group: PidsGroup) -> bool:
    tail = f"/{group.path.parent.name}/{group.path.name}"
    return any(path.endswith(tail) for path in cgroups_of(pid))


def gone(pid: int) -> bool:
    """No such process, or only its zombie (this machine's init may be slow to reap orphans)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def wait_until(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=TIMEOUT)


@needs_cgroup
def test_a_process_started_with_join_is_in_the_group(group: PidsGroup) -> None:
    proc = subprocess.Popen(["sleep", "30"], preexec_fn=group.join)
    try:
        assert in_group(proc.pid, group)
        assert proc.pid in group.pids()
        assert not in_group(os.getpid(), group)
    finally:
        stop(proc)


@needs_cgroup
def test_pids_max_holds_a_fork_storm_even_as_root() -> None:
    group = PidsGroup.create(10)
    proc = subprocess.Popen(
        [sys.executable, "-S", "-c", FORK_STORM],
        stdout=subprocess.PIPE,
        preexec_fn=group.join,
    )
    try:
        out, _ = proc.communicate(timeout=TIMEOUT)
        forked, failure = out.decode().split(maxsplit=1)
        assert 1 <= int(forked) <= 9  # the interpreter itself is the tenth
        assert failure.strip() == f"BlockingIOError {errno.EAGAIN}"
        assert len(group.pids()) <= 10
    finally:
        stop(proc)
        group.remove()
    assert not group.path.exists()


@needs_cgroup
def test_kill_all_reaches_a_daemon_that_left_the_session_and_nothing_else(
    group: PidsGroup, tmp_path: Path
) -> None:
    pid_file = tmp_path / "daemon.pid"
    outsider = subprocess.Popen(["sleep", "30"])
    child = subprocess.Popen(
        [sys.executable, "-S", "-c", DAEMON, str(pid_file)],
        start_new_session=True,
        preexec_fn=group.join,
    )
    try:
        assert child.wait(timeout=TIMEOUT) == 0
        assert wait_until(pid_file.exists, 5)
        daemon = int(pid_file.read_text())
        assert not gone(daemon)
        assert os.getsid(daemon) == daemon != child.pid  # a session of its own: killpg misses it
        assert daemon in group.pids()
        group.kill_all()
        assert wait_until(lambda: gone(daemon), 3)
        assert group.pids() == ()
        assert outsider.poll() is None and not gone(outsider.pid)
    finally:
        stop(child)
        stop(outsider)


@needs_cgroup
def test_remove_leaves_nothing_and_is_idempotent() -> None:
    group = PidsGroup.create(3)
    proc = subprocess.Popen(["sleep", "30"], preexec_fn=group.join)
    try:
        assert group.path.is_dir()
        assert (group.path / "pids.max").read_text().strip() == "3"
        group.remove()
        assert not group.path.exists()
        assert proc.wait(timeout=3) == -9
        group.remove()
        group.kill_all()
        assert group.pids() == ()
    finally:
        stop(proc)
        group.remove()


@needs_cgroup
def test_confined_removes_the_group_even_on_error() -> None:
    with pytest.raises(RuntimeError), cgroup.confined(4) as group:
        assert group.path.is_dir()
        raise RuntimeError("boom")
    assert not group.path.exists()


def test_a_limit_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        PidsGroup.create(0)


@needs_cgroup
def test_the_run_parent_is_removed_at_exit() -> None:
    result = subprocess.run(
        [sys.executable, "-c", AT_EXIT],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=TIMEOUT,
        check=True,
    )
    parent = Path(result.stdout.strip())
    assert parent.parent == cgroup.run_parent().parent  # <hierarchy>/sudoku-harness
    assert not parent.name.startswith(f"{os.getpid()}-")
    assert not parent.exists()
    assert cgroup.run_parent().is_dir()  # ours is untouched


def _worker(results: multiprocessing.SimpleQueue[tuple[int, str, bool, bool]]) -> None:
    group = PidsGroup.create(5)
    try:
        subprocess.run(["true"], preexec_fn=group.join, timeout=TIMEOUT, check=True)
        joined = group.path.is_dir()
    finally:
        group.remove()
    results.put((os.getpid(), str(group.path.parent), joined, group.path.exists()))


@needs_cgroup
def test_forked_workers_create_groups_under_the_same_run_parent() -> None:
    parent = cgroup.run_parent()
    context = multiprocessing.get_context("fork")
    results: multiprocessing.SimpleQueue[tuple[int, str, bool, bool]] = context.SimpleQueue()
    workers = [context.Process(target=_worker, args=(results,)) for _ in range(2)]
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=TIMEOUT)
            assert worker.exitcode == 0
        found = [results.get() for _ in workers]
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.kill()
                worker.join(timeout=TIMEOUT)
    assert {pid for pid, *_ in found} == {worker.pid for worker in workers}
    assert all(where == str(parent) for _, where, _, _ in found)
    assert all(joined and not left for _, _, joined, left in found)
    assert parent.is_dir()


@needs_cgroup
def test_empty_groups_of_dead_runs_are_removed_and_live_runs_kept() -> None:
    base = cgroup.run_parent().parent
    dead = base / "999999999-deadbeef"  # above any pid_max: no such process
    live = base / "1-cafef00d"  # init is alive: never touched
    try:
        (dead / "leaf").mkdir(parents=True)
        live.mkdir()
        cgroup._clean_stale(base)
        assert not dead.exists()
        assert live.is_dir()
        assert cgroup.run_parent().is_dir()
    finally:
        for path in (dead / "leaf", dead, live):
            if path.exists():
                path.rmdir()


# --- finding the hierarchy, on made-up mount tables ---


def _cgroup2(tmp_path: Path, controllers: str) -> Path:
    mount = tmp_path / "unified"
    mount.mkdir()
    (mount / "cgroup.controllers").write_text(controllers + "\n")
    return mount


def test_v2_with_pids_is_preferred(tmp_path: Path) -> None:
    mount = _cgroup2(tmp_path, "cpuset cpu io memory pids")
    table = f"cgroup2 {mount} cgroup2 rw,nosuid 0 0\ncgroup /x/pids cgroup rw,pids 0 0\n"
    assert cgroup.find_hierarchy(cgroup.parse_mounts(table)) == Hierarchy(2, mount)


def test_v1_pids_when_v2_has_none(tmp_path: Path) -> None:
    mount = _cgroup2(tmp_path, "hugetlb")
    table = (
        "tmpfs /sys/fs/cgroup tmpfs rw 0 0\n"
        "cgroup /sys/fs/cgroup/memory cgroup rw,memory 0 0\n"
        "cgroup /sys/fs/cgroup/pids cgroup rw,relatime,pids 0 0\n"
        f"cgroup2 {mount} cgroup2 rw 0 0\n"
    )
    found = cgroup.find_hierarchy(cgroup.parse_mounts(table))
    assert found == Hierarchy(1, Path("/sys/fs/cgroup/pids"))
    assert isinstance(found, Hierarchy)
    assert found.detail == "cgroup v1 pids at /sys/fs/cgroup/pids"
    assert found.base == Path("/sys/fs/cgroup/pids/sudoku-harness")


def test_why_there_is_no_hierarchy(tmp_path: Path) -> None:
    mount = _cgroup2(tmp_path, "memory")
    assert cgroup.find_hierarchy(cgroup.parse_mounts(f"cgroup2 {mount} cgroup2 rw 0 0")) == (
        f"cgroup v2 at {mount} offers no pids controller; no cgroup v1 pids hierarchy is mounted"
    )
    read_only = "cgroup /sys/fs/cgroup/pids cgroup ro,pids 0 0"
    assert cgroup.find_hierarchy(cgroup.parse_mounts(read_only)) == (
        "cgroup v1 pids at /sys/fs/cgroup/pids is mounted read-only"
    )
    assert cgroup.find_hierarchy(()) == "no cgroup v1 pids hierarchy is mounted"


def test_escaped_mount_points_are_decoded() -> None:
    (mount,) = cgroup.parse_mounts(r"cgroup /a\040b cgroup rw,pids 0 0")
    assert mount.path == Path("/a b")
