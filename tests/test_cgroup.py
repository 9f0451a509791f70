"""The cgroup layer with real processes: joining, pids.max as root, the tree-wide kill, removal,
the run's parent at exit, forked workers; the memory controller's limit and what it measures
(an OOM kill, the peak). Every process started here is bounded in time and killed by pid (or with
its group) in a finally; the only fork loop is bounded (40 attempts); the only memory hog is
bounded (128 MiB) and runs only under a 64 MiB memory cgroup.

Finding the hierarchy and reading the memory controller's files are also tested on made-up
mount tables and files (they need no cgroup)."""

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

from harness.sandbox import cgroup, memcg
from harness.sandbox.cgroup import Group, Hierarchy

REPO = Path(__file__).resolve().parent.parent
LINUX = sys.platform == "linux"
SUPPORT = cgroup.probe() if LINUX else cgroup.Support(False, "not Linux")
needs_cgroup = pytest.mark.skipif(not SUPPORT.available, reason=SUPPORT.detail)
MEMORY = cgroup.probe("memory") if LINUX else cgroup.Support(False, "not Linux")
needs_memory = pytest.mark.skipif(not MEMORY.available, reason=MEMORY.detail)
TIMEOUT = 20
MIB = 1 << 20

MEMFD_HOG = """
import os, sys
held = []
for _ in range(int(sys.argv[1])):
    held.append(os.memfd_create("hog"))
    os.posix_fallocate(held[-1], 0, 16 << 20)
print(len(held) * 16, flush=True)
"""

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
import sys
from harness.sandbox import cgroup
controller = sys.argv[1]
group = cgroup.Group.create(**{controller: 5 if controller == "pids" else 64 << 20})
print(cgroup.run_parent(controller))
group.remove()
"""


@pytest.fixture
def group() -> Iterator[Group]:
    made = Group.create(10)
    try:
        yield made
    finally:
        made.remove()


def cgroups_of(pid: int) -> list[str]:
    """The cgroup paths of a process (one per hierarchy)."""
    lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    return [line.split(":", 2)[2] for line in lines]


def in_group(pid: int, group: Group) -> bool:
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
def test_a_process_started_with_join_is_in_the_group(group: Group) -> None:
    proc = subprocess.Popen(["sleep", "30"], preexec_fn=group.join)
    try:
        assert in_group(proc.pid, group)
        assert proc.pid in group.pids()
        assert not in_group(os.getpid(), group)
    finally:
        stop(proc)


@needs_cgroup
def test_pids_max_holds_a_fork_storm_even_as_root() -> None:
    group = Group.create(10)
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
    group: Group, tmp_path: Path
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
    group = Group.create(3)
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


def test_a_group_without_limits_or_with_a_negative_one_is_refused() -> None:
    for pids, memory in ((0, 0), (-1, 0), (0, -1), (5, -1)):
        with pytest.raises(ValueError):
            Group.create(pids, memory)


@pytest.mark.parametrize(
    "controller",
    [pytest.param("pids", marks=needs_cgroup), pytest.param("memory", marks=needs_memory)],
)
def test_the_run_parent_is_removed_at_exit(controller: cgroup.Controller) -> None:
    result = subprocess.run(
        [sys.executable, "-c", AT_EXIT, controller],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=TIMEOUT,
        check=True,
    )
    parent = Path(result.stdout.strip())
    ours = cgroup.run_parent(controller)
    assert parent.parent == ours.parent  # <hierarchy>/sudoku-harness
    assert not parent.name.startswith(f"{os.getpid()}-")
    assert not parent.exists()
    assert ours.is_dir()  # ours is untouched


# --- the memory controller ---


@needs_memory
def test_a_memory_group_holds_its_limit_and_no_swap() -> None:
    with cgroup.confined(memory=64 * MIB) as group:
        (leaf,) = group.leaves
        assert leaf.controllers == {"memory"} and group.bounds_memory
        limits = ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes", "memory.max")
        present = [name for name in limits if (leaf.path / name).exists()]
        assert present and all(_number(leaf.path / name) == 64 * MIB for name in present)
        if (leaf.path / "memory.swap.max").exists():
            assert _number(leaf.path / "memory.swap.max") == 0
        reading = group.memory()
        assert reading is not None and reading.oom_kills == 0
    assert not leaf.path.exists()


@pytest.mark.skipif(not (SUPPORT.available and MEMORY.available), reason="pids or memory missing")
def test_a_group_with_both_controllers_has_a_leaf_per_hierarchy() -> None:
    with cgroup.confined(pids=10, memory=64 * MIB) as group:
        proc = subprocess.Popen(["sleep", "30"], preexec_fn=group.join)
        try:
            assert all(leaf.path.is_dir() for leaf in group.leaves)
            assert {c for leaf in group.leaves for c in leaf.controllers} == {"pids", "memory"}
            hierarchies = {_mount("pids"), _mount("memory")}  # one on v2, two on v1
            assert len(group.leaves) == len(hierarchies)
            assert all(in_group(proc.pid, Group((leaf,))) for leaf in group.leaves)
            assert group.leaves[0].controllers >= {"pids"}
        finally:
            stop(proc)
    assert not any(leaf.path.exists() for leaf in group.leaves)


@needs_memory
def test_memfd_pages_meet_the_limit_and_the_oom_kill_is_counted() -> None:
    """128 MiB of memfd pages (no address space: RLIMIT_AS would never see them) under 64 MiB:
    the group's OOM killer ends the process, and the group counts it, with its peak."""
    with cgroup.confined(memory=64 * MIB) as group:
        proc = subprocess.Popen(
            [sys.executable, "-S", "-c", MEMFD_HOG, "8"],
            stdout=subprocess.PIPE,
            preexec_fn=group.join,
        )
        try:
            out, _ = proc.communicate(timeout=TIMEOUT)
        finally:
            stop(proc)
        reading = group.memory()
    assert proc.returncode == -9 and out == b"", (proc.returncode, out)
    assert reading is not None and reading.oom_kills >= 1, reading
    assert reading.peak is None or 56 * MIB <= reading.peak <= 64 * MIB, reading


@needs_memory
def test_a_run_within_the_limit_is_measured_without_an_oom_kill() -> None:
    with cgroup.confined(memory=128 * MIB) as group:
        done = subprocess.run(
            [sys.executable, "-S", "-c", MEMFD_HOG, "2"],
            capture_output=True,
            preexec_fn=group.join,
            timeout=TIMEOUT,
            check=True,
        )
        reading = group.memory()
    assert done.stdout == b"32\n"
    assert reading is not None and reading.oom_kills == 0
    assert reading.peak is None or 32 * MIB <= reading.peak < 128 * MIB, reading


def _number(path: Path) -> int:
    return int(path.read_text())


def _mount(controller: cgroup.Controller) -> Path:
    found = cgroup.discover(controller)
    assert isinstance(found, Hierarchy), found
    return found.mount


def _worker(results: multiprocessing.SimpleQueue[tuple[int, str, bool, bool]]) -> None:
    group = Group.create(5)
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


def test_the_memory_hierarchy_is_found_in_v1_beside_a_v2_without_it(tmp_path: Path) -> None:
    mount = _cgroup2(tmp_path, "hugetlb pids")
    table = (
        "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0\n"
        f"cgroup2 {mount} cgroup2 rw 0 0\n"
    )
    mounts = cgroup.parse_mounts(table)
    assert cgroup.find_hierarchy(mounts, "pids") == Hierarchy(2, mount, "pids")
    found = cgroup.find_hierarchy(mounts, "memory")
    assert found == Hierarchy(1, Path("/sys/fs/cgroup/memory"), "memory")
    assert isinstance(found, Hierarchy)
    assert found.detail == "cgroup v1 memory at /sys/fs/cgroup/memory"


def test_why_there_is_no_memory_hierarchy(tmp_path: Path) -> None:
    mount = _cgroup2(tmp_path, "pids")
    table = f"cgroup2 {mount} cgroup2 rw 0 0\ncgroup /m cgroup ro,memory 0 0\n"
    assert cgroup.find_hierarchy(cgroup.parse_mounts(table), "memory") == (
        f"cgroup v2 at {mount} offers no memory controller; "
        "cgroup v1 memory at /m is mounted read-only"
    )


def test_the_readings_of_both_versions_are_parsed(tmp_path: Path) -> None:
    v1, v2 = tmp_path / "v1", tmp_path / "v2"
    v1.mkdir()
    v2.mkdir()
    (v1 / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")
    (v1 / "memory.max_usage_in_bytes").write_text("67108864\n")
    (v2 / "memory.events").write_text("low 0\nhigh 0\nmax 7\noom 1\noom_kill 1\n")
    assert memcg.read(v1, 1) == memcg.Reading(64 * MIB, 2)
    assert memcg.read(v2, 2) == memcg.Reading(None, 1)  # no memory.peak before Linux 5.19
    assert memcg.read(tmp_path / "gone", 2) == memcg.Reading(None, 0)


def test_a_reading_counts_only_the_oom_kills_since_the_last() -> None:
    before, after = memcg.Reading(10 * MIB, 1), memcg.Reading(20 * MIB, 1)
    assert not after.use(64 * MIB, since=before).oom_killed
    assert after.use(64 * MIB).oom_killed
    use = memcg.Reading(64 * MIB, 2).use(64 * MIB, since=before)
    assert (use.oom_killed, use.peak, use.source, use.limit) == (True, 64 * MIB, "cgroup", 64 * MIB)


def test_the_address_space_is_a_backstop_only_under_a_memory_cgroup() -> None:
    assert memcg.address_space(256, bounded=False) == 256
    assert memcg.address_space(256, bounded=True) == 256 * memcg.AS_HEADROOM > 256


def test_a_missing_memory_controller_is_reported_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where only the pids hierarchy is mounted, the memory layer says why it is missing (and
    groups without memory are still made: Group.create(pids) never asks for it)."""
    mounts = tmp_path / "mounts"
    mounts.write_text("cgroup /sys/fs/cgroup/pids cgroup rw,pids 0 0\n")
    monkeypatch.setattr(cgroup, "MOUNTS", mounts)
    cgroup.discover.cache_clear()
    cgroup.probe.cache_clear()
    try:
        missing = cgroup.probe("memory")
        with pytest.raises(OSError, match="no cgroup v1 memory hierarchy is mounted"):
            Group.create(memory=64 * MIB)
    finally:
        cgroup.discover.cache_clear()
        cgroup.probe.cache_clear()
    assert missing == cgroup.Support(False, "no cgroup v1 memory hierarchy is mounted")
