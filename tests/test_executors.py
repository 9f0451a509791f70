"""The executors' parts that need no cluster: what a submission sends, one timed run per core,
and where a league's timings come from."""

from __future__ import annotations

import os
import subprocess
import threading
from pathlib import Path

import pytest

from harness.executors import Choice, Kind, LocalExecutor, opened
from harness.executors.cores import pinned_core
from harness.executors.packing import Packed, pack, unpacked
from harness.executors.place import Place
from harness.league.report import render, to_json
from harness.league.run import League, Standing
from harness.submissions import Submission

CORES = sorted(os.sched_getaffinity(0))


def test_a_folder_travels_as_its_working_copy_would(tmp_path: Path) -> None:
    folder = tmp_path / "alice"
    (folder / "lib").mkdir(parents=True)
    (folder / "main.py").write_text("print('hi')\n")
    (folder / "lib" / "helper.py").write_text("X = 1\n")
    (folder / "run.sh").write_text("#!/bin/sh\n")
    (folder / "run.sh").chmod(0o755)
    (folder / ".secret").write_text("hidden files stay home")
    secret = tmp_path / "teachers-answers.txt"
    secret.write_text("the expected answers")
    (folder / "answers.txt").symlink_to(secret)
    packed = pack(Submission("alice", folder))
    assert [name for name, _, _ in packed.files] == ["lib/helper.py", "main.py", "run.sh"]
    with unpacked(packed) as submission:
        assert submission.name == "alice" and submission.path.name == "alice"
        files = sorted(
            p.relative_to(submission.path).as_posix() for p in submission.path.rglob("*")
        )
        assert files == ["lib", "lib/helper.py", "main.py", "run.sh"]
        assert os.access(submission.path / "run.sh", os.X_OK)
        assert not os.access(submission.path / "main.py", os.X_OK)
        sent = submission.path
    assert not sent.exists()  # removed afterwards


def test_a_single_file_submission_stays_a_file(tmp_path: Path) -> None:
    source = tmp_path / "2021CS10549-q.py"
    source.write_text("def f():\n    return 1\n")
    with unpacked(pack(Submission("2021CS10549-q", source))) as submission:
        assert submission.path.is_file() and submission.path.name == source.name
        assert submission.path.read_text() == source.read_text()


@pytest.mark.parametrize("name", ["../escape.py", "/etc/passwd", "a/../../b.py"])
def test_a_path_leaving_the_folder_is_refused_on_unpacking(name: str) -> None:
    packed = Packed("x", "x", False, ((name, b"", False),))
    with pytest.raises(ValueError, match="not a relative path"), unpacked(packed):
        pass


def allowed_cpus(process_status: str) -> str:
    return next(
        line.split(":")[1].strip()
        for line in process_status.splitlines()
        if line.startswith("Cpus_allowed_list")
    )


def test_a_timed_run_is_pinned_to_a_core_its_processes_inherit(tmp_path: Path) -> None:
    with pinned_core(tmp_path) as core:
        assert os.sched_getaffinity(0) == {core}
        status = subprocess.run(["cat", "/proc/self/status"], capture_output=True, text=True)
        assert allowed_cpus(status.stdout) == str(core)
    assert sorted(os.sched_getaffinity(0)) == CORES  # restored


@pytest.mark.skipif(len(CORES) < 2, reason="needs two cores")
def test_two_timed_runs_never_share_a_core(tmp_path: Path) -> None:
    cores: list[int] = []
    inside = threading.Barrier(2, timeout=10)

    def claim() -> None:
        with pinned_core(tmp_path) as core:
            cores.append(core)
            inside.wait()  # both hold a claim at once

    threads = [threading.Thread(target=claim) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(cores)) == 2


def test_a_claim_waits_while_every_core_is_taken(tmp_path: Path) -> None:
    order: list[str] = []
    all_held = threading.Barrier(len(CORES) + 1, timeout=10)
    release = threading.Event()

    def hold_one() -> None:
        with pinned_core(tmp_path):
            all_held.wait()
            release.wait(10)
        order.append("released")

    holders = [threading.Thread(target=hold_one) for _ in CORES]
    for holder in holders:
        holder.start()
    all_held.wait()
    threading.Timer(0.3, release.set).start()
    with pinned_core(tmp_path):
        order.append("claimed")
    for holder in holders:
        holder.join()
    assert order.index("claimed") > order.index("released")


def standing(name: str, rank: int, machine: str) -> Standing:
    place = Place(machine, f"tcp://{machine}:1234")
    return Standing(rank, name, False, 3, 3, 0.01 * rank, 0.01, 0.009, 0.011, None, "", place)


def test_the_table_says_when_timings_come_from_different_machines() -> None:
    one = League("stdin-program", 9, 5, 3, (standing("a", 1, "n1"), standing("b", 2, "n1")))
    assert "measured on" not in render(one) and "machines" not in render(one)
    two = League("stdin-program", 9, 5, 3, (standing("a", 1, "n1"), standing("b", 2, "n2")))
    table = render(two)
    assert "measured on" in table.splitlines()[2]
    assert "timings come from 2 machines (n1, n2): times measured on different machines" in table
    rows = to_json(two)["standings"]
    assert rows[1]["measured_on"] == {"machine": "n2", "worker": "tcp://n2:1234"}


def test_local_is_the_default_and_refuses_a_scheduler() -> None:
    with opened(Choice(Kind.LOCAL, jobs=3)) as executor:
        assert executor == LocalExecutor(3) and executor.concurrent
        assert executor.alone() == LocalExecutor(1) and not executor.alone().concurrent
        assert executor.timed() == LocalExecutor(min(3, os.cpu_count() or 1))
    with (
        pytest.raises(Exception, match="only with --executor dask"),
        opened(Choice(Kind.LOCAL, scheduler="tcp://x:1")),
    ):
        pass
