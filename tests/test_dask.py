"""Grading on a Dask cluster (--executor dask): a real LocalCluster of worker processes on this
machine. The marks must be exactly a local run's (the goldens), a worker killed mid-run must lose
nothing and duplicate nothing, and a client killed mid-run must resume from its journal."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.errors import ExitCode
from harness.executors import Choice, Kind, opened
from harness.executors.dask_cluster import DaskExecutor
from harness.grading.run import grade_all
from harness.league.run import league_probes, run_league
from harness.records.results import SubmissionResult, to_json
from harness.submissions import discover
from tests.conftest import REPO, check_plan, grade_cli, plan_for, steady
from tests.test_cli import CONFIG, invoke
from tests.test_stdin_program import needs_gpp

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")

GOLDEN = Path(__file__).resolve().parent / "golden"
FUNCTIONS = REPO / "submissions" / "sudoku-functions"
WORKERS = 3


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=WORKERS, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local


@pytest.fixture
def executor(cluster: Any) -> Iterator[DaskExecutor]:
    with opened(Choice(Kind.DASK, scheduler=cluster.scheduler_address)) as opened_executor:
        assert isinstance(opened_executor, DaskExecutor)
        yield opened_executor


def golden(name: str) -> dict[str, Any]:
    return steady(json.loads((GOLDEN / f"{name}.json").read_text()))


def golden_of(name: str, folder: Path) -> dict[str, Any]:
    """The golden report of `name`'s examples, with only the submissions in `folder`."""
    expected = golden(name)
    names = {path.name for path in folder.iterdir()}
    return {**expected, "submissions": [s for s in expected["submissions"] if s["name"] in names]}


# Examples of each kind of row: full marks, a second reading with the reference's helpers, a
# stub, an interface mismatch, a file that does not load (the whole folders take minutes).
CHOSEN = {
    "sudoku-functions": ("correct", "off_by_one_block", "stubbed_helpers", "syntax_error"),
    "board-solver": (
        "correct",
        "helper_nameerror_under_correct_search",
        "most_constrained_stub",
        "old_interface",
    ),
}


@pytest.mark.parametrize("assignment", sorted(CHOSEN))
def test_a_folder_graded_on_dask_gets_exactly_the_local_marks(
    cluster: Any, tmp_path: Path, assignment: str
) -> None:
    folder = tmp_path / assignment
    for name in CHOSEN[assignment]:
        shutil.copytree(REPO / "submissions" / assignment / name, folder / name)
    options = ["--config", CONFIG, "--executor", "dask", "--scheduler", cluster.scheduler_address]
    _, report = grade_cli(folder, tmp_path / "marks.json", *options, "-a", assignment)
    assert steady(report) == golden_of(assignment, folder)


@needs_gpp
def test_programs_are_built_and_run_on_the_workers(cluster: Any, tmp_path: Path) -> None:
    plan = check_plan("stdin-program")  # calibrated once per test process (5 s)
    folder = REPO / "submissions" / "stdin-program"
    chosen = [s for s in discover(folder, (".cpp", ".py", ".c")) if s.name.startswith("correct")]
    with opened(Choice(Kind.DASK, scheduler=cluster.scheduler_address)) as executor:
        report = grade_all(plan, chosen, executor=executor)
    expected = {s["name"]: s for s in golden("stdin-program")["submissions"]}
    for result in steady(to_json(report))["submissions"]:
        assert result == expected[result["name"]]


@pytest.fixture
def functions(tmp_path: Path) -> Path:
    """The sudoku-functions examples but infinite_loop, whose time-outs would be two thirds of
    the run's time: nine submissions, long enough to be cut into mid-run."""
    folder = tmp_path / "sudoku-functions"
    for example in FUNCTIONS.iterdir():
        if example.is_dir() and example.name != "infinite_loop":
            shutil.copytree(example, folder / example.name)
    return folder


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(
    cluster: Any, executor: DaskExecutor, functions: Path
) -> None:
    plan = plan_for(REPO / "config.yaml", "sudoku-functions")
    submissions = discover(functions, (".py",))
    client = executor.client
    pids: dict[str, int] = client.run(os.getpid)
    killed: list[int] = []

    def kill_a_busy_worker(result: SubmissionResult) -> None:
        seen.append(result.name)
        if killed:
            return
        busy = [address for address, keys in client.processing().items() if keys]
        if busy:
            killed.append(pids[busy[0]])
            os.kill(pids[busy[0]], signal.SIGKILL)  # that one worker process, nothing else

    seen: list[str] = []
    report = grade_all(plan, submissions, on_result=kill_a_busy_worker, executor=executor)
    assert killed, "no worker was busy when the first result came back"
    assert sorted(seen) == sorted(s.name for s in submissions)  # each once, none lost
    assert steady(to_json(report)) == golden_of("sudoku-functions", functions)
    client.wait_for_workers(WORKERS, timeout=60)  # the nanny restarts it
    assert killed[0] not in client.run(os.getpid).values()


def test_the_client_killed_mid_run_resumes_from_its_journal(
    cluster: Any, tmp_path: Path, functions: Path
) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-m", "harness", "grade", str(functions), "--config", CONFIG]
    command += ["--executor", "dask", "--scheduler", cluster.scheduler_address, "--out", str(out)]
    client = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    journal = out / "journal.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and _lines(journal) < 3:  # the header and two results
        time.sleep(0.05)
    client.kill()  # the client process alone (it has no children: the cluster grades)
    client.wait()
    kept = _lines(journal) - 1
    assert 2 <= kept < 9, client.stderr.read() if client.stderr else ""
    resumed = invoke(
        "grade", str(functions), "--config", CONFIG, "--out", str(out), "--resume",
        "--executor", "dask", "--scheduler", cluster.scheduler_address,
    )  # fmt: skip
    assert resumed.exit_code == ExitCode.SOME_ERRORS, resumed.output  # two examples cannot load
    names = [json.loads(line)["name"] for line in journal.read_text().splitlines()[1:]]
    assert len(names) == len(set(names)) == 9
    assert steady(json.loads((out / "report.json").read_text())) == golden_of(
        "sudoku-functions", functions
    )


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


@needs_gpp
def test_a_league_on_the_cluster_records_which_worker_timed_each_program(
    executor: DaskExecutor,
) -> None:
    from harness.config import load_config

    config = load_config(REPO / "config.yaml")
    plan = check_plan("stdin-program")  # calibrated once per test process (5 s)
    probes = league_probes(config, plan, 9)[:3]
    entrants = discover(REPO / "submissions" / "stdin-program", (".cpp", ".py", ".c"))
    entrants = [s for s in entrants if s.name in ("correct-cpp", "correct-python")]
    league = run_league(plan, probes, entrants, [], 1, 1, executor)
    workers = set(executor.client.nthreads())
    assert [s.rank for s in league.standings] == [1, 2]
    for standing in league.standings:
        assert standing.measured_on is not None
        assert standing.measured_on.worker in workers


def test_missing_extra_unreachable_scheduler_and_other_harness_are_one_line(
    cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from harness.executors import dask_cluster

    def grade(*options: str) -> Any:
        return invoke("grade", str(FUNCTIONS / "column_major_scan"), "--config", CONFIG, *options)

    no_scheduler = grade("--executor", "dask")
    assert no_scheduler.exit_code == 2 and "--scheduler" in no_scheduler.stderr
    local_with_scheduler = grade("--scheduler", cluster.scheduler_address)
    assert local_with_scheduler.exit_code == 2
    monkeypatch.setattr(dask_cluster, "CONNECT_SECONDS", 1)
    unreachable = grade("--executor", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert unreachable.exit_code == 2  # refused before grading starts: one line
    assert unreachable.stderr.startswith("error: --scheduler tcp://127.0.0.1:9: cannot reach")
    assert len(unreachable.stderr.splitlines()) == 1
    monkeypatch.setattr(dask_cluster, "harness_digest", lambda: "0123456789abcdef")
    other = grade("--executor", "dask", "--scheduler", cluster.scheduler_address)
    assert other.exit_code == 2 and "runs other harness code" in other.stderr
    assert other.stderr.splitlines()[-1].startswith("error: Dask worker tcp://")
    assert "Traceback" not in other.stderr
    monkeypatch.setitem(sys.modules, "distributed", None)
    missing = grade("--executor", "dask", "--scheduler", cluster.scheduler_address)
    assert missing.exit_code == 2 and 'pip install -e ".[dask]"' in missing.stderr


def test_a_submission_that_cannot_be_sent_is_an_internal_error_row_not_the_students(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from harness.executors import packing

    monkeypatch.setattr(packing, "SENT_BYTES", 10)
    out = tmp_path / "marks.json"
    result = invoke(
        "grade", str(FUNCTIONS / "column_major_scan"), "--config", CONFIG, "--json", str(out),
        "--executor", "dask", "--scheduler", cluster.scheduler_address,
    )  # fmt: skip
    assert result.exit_code == 3, result.output  # the harness's failure: grade it again
    [row] = json.loads(out.read_text())["submissions"]
    assert row["status"] == "error" and row["marks"] == 0
    assert row["note"].startswith("internal error: cannot send it to the cluster: more than")
    assert {c["verdict"] for item in row["items"] for c in item["cases"]} == {"IE"}
