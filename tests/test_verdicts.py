"""Every verdict, reached by a real submission in a real worker process.

Fixtures live in fixtures/functions/VERDICT/BEHAVIOUR/solution.py. A behaviour ending in `_on_1`
misbehaves only in get_row(sudoku, 1): exactly those cases get the folder's verdict and every
other case is accepted, which also shows a fresh worker carries on after the failing call.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from harness.grading.judge import judge
from harness.records.outcomes import CallOutcome, MemoryUse, SourceLine
from harness.records.results import Report, SubmissionResult
from harness.records.verdicts import Verdict
from tests.conftest import FIXTURES, REPO, grade_path, plan_for

VERDICT_ROOT = FIXTURES / "functions"
CONFIG = VERDICT_ROOT / "config.yaml"
FIXTURE_DIRS = sorted(p.parent for p in VERDICT_ROOT.glob("*/*/solution.py"))


@pytest.fixture(scope="module")
def graded() -> dict[str, SubmissionResult]:
    plan = plan_for(CONFIG, "verdicts")
    results: dict[str, SubmissionResult] = {}
    for folder in sorted({d.parent for d in FIXTURE_DIRS}):
        report: Report = grade_path(plan, folder)
        results.update({f"{folder.name}/{s.name}": s for s in report.submissions})
    return results


def _get_row(result: SubmissionResult) -> list[tuple[str, Verdict]]:
    item = next(i for i in result.items if i.name == "get_row")
    return [(case.id, case.verdict) for case in item.cases]


@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_gets_its_folders_verdict(
    graded: dict[str, SubmissionResult], folder: Path
) -> None:
    expected = Verdict(folder.parent.name)
    result = graded[f"{expected.value}/{folder.name}"]
    verdicts = _get_row(result)
    assert expected in {v for _, v in verdicts}, verdicts
    assert {v for _, v in verdicts} <= {expected, Verdict.AC}, verdicts
    if folder.name.endswith("_on_1"):
        assert all((v is expected) == case_id.endswith("#1") for case_id, v in verdicts), verdicts


def test_load_failures_are_error_rows_with_a_note(graded: dict[str, SubmissionResult]) -> None:
    notes = {
        name: graded[f"CE/{name}"].note
        for name in ("syntax_error", "input_at_import", "exits_at_import", "import_loops_forever")
    }
    assert "syntax error at line 4" in notes["syntax_error"]
    assert "EOFError" in notes["input_at_import"]
    assert "if __name__ == '__main__'" in notes["input_at_import"]
    assert "sys.exit()" in notes["exits_at_import"]
    assert "did not finish" in notes["import_loops_forever"]
    for name in notes:
        assert graded[f"CE/{name}"].status == "error"
        assert graded[f"CE/{name}"].marks == 0
    lines = {name: graded[f"CE/{name}"].source_line for name in notes}
    assert lines["syntax_error"] == SourceLine(4, "def get_row(sudoku, x)", 23)
    assert lines["input_at_import"] == SourceLine(
        8, "grid = [list(map(int, input().split())) for _ in range(9)]"
    )
    assert lines["exits_at_import"] == SourceLine(10, 'sys.exit("bye")')
    assert lines["import_loops_forever"] is None  # stopped on the clock: no line to point at


def test_a_missing_function_costs_only_that_function(graded: dict[str, SubmissionResult]) -> None:
    result = graded["CE/missing_get_row"]
    assert result.status == "graded"
    assert result.note == "not defined: get_row"
    assert result.marks == 10  # get_block_num still graded in full


def test_an_entry_that_is_a_link_is_said_to_be_one() -> None:
    """Links are never copied into a working copy: a solution.py that is one is said to be a
    link (where it points), not a module that opens a file by absolute path."""
    plan = plan_for(CONFIG, "verdicts")
    [result] = grade_path(plan, VERDICT_ROOT / "CE" / "entry_is_a_link").submissions
    assert result.status == "error"
    assert "solution.py is a symbolic link (to ../../AC/correct/solution.py)" in result.note
    assert "absolute path" not in result.note


def test_repeated_timeouts_stop_running_the_item(graded: dict[str, SubmissionResult]) -> None:
    item = next(i for i in graded["TLE/loops_forever"].items if i.name == "get_row")
    details = [case.detail for case in item.cases]
    assert all("time limit" in d for d in details[:2])
    assert all("not run: 2 calls in a row timed out" in d for d in details[2:]), details


def test_stale_module_state_is_caught(graded: dict[str, SubmissionResult]) -> None:
    verdicts = [v for _, v in _get_row(graded["WA/stale_module_state"])]
    assert verdicts[:9] == [Verdict.AC] * 9  # the first grid: the cache is filled from it
    assert Verdict.WA in verdicts[9:]


def test_failure_details_say_what_happened(graded: dict[str, SubmissionResult]) -> None:
    def first_detail(name: str) -> str:
        item = next(i for i in graded[name].items if i.name == "get_row")
        return next(c.detail for c in item.cases if c.verdict is not Verdict.AC)

    assert "SIGSEGV" in first_detail("RE/segfault_on_1")
    assert "sys.exit()" in first_detail("RE/sys_exit_on_1")
    assert "os._exit" in first_detail("RE/os_exit_on_1")
    assert "KeyboardInterrupt" in first_detail("RE/keyboard_interrupt_on_1")
    assert "reply channel" in first_detail("RE/forges_a_reply_on_1")
    assert "MemoryError" in first_detail("MLE/allocates_10gb_on_1")
    assert "0.25 s time limit" in first_detail("TLE/sleeps_on_1")
    assert "returned [6, 0, 0" in first_detail("WA/wrong_row_on_1")


def test_hidden_cases_are_graded_without_showing_the_case() -> None:
    plan = plan_for(REPO / "config.yaml", "sudoku-functions")
    hidden = [p for p in plan.probes if p.hidden and p.item == "sudoku_solver"]
    assert hidden, "the shipped suites have hidden cases"
    outcome = CallOutcome("returned", value=(False, []))
    result = judge(hidden[0], outcome, cpu_limit=1.0)
    assert result.verdict is Verdict.WA
    assert result.detail == "hidden case: WA"
    assert "gen-" not in result.detail


# MLE from the harness's measurements (outcomes.MemoryUse), never from what a program printed.
MIB = 1 << 20
BAD_ALLOC = CallOutcome(
    "crashed", signal="SIGABRT", error_type="std::bad_alloc", message="uncaught std::bad_alloc"
)


def _verdict(outcome: CallOutcome, cpu_limit: float = 1.0) -> tuple[Verdict, str]:
    probe = next(p for p in plan_for(REPO / "config.yaml", "sudoku-functions").probes)
    result = judge(probe, outcome, cpu_limit)
    return result.verdict, result.detail


@pytest.mark.parametrize(
    ("memory", "expected", "said"),
    [
        (None, Verdict.RE, "uncaught std::bad_alloc"),
        (MemoryUse(256 * MIB, 3 * MIB, "rusage"), Verdict.RE, "uncaught std::bad_alloc"),
        (MemoryUse(256 * MIB, 200 * MIB, "rusage"), Verdict.MLE, "after using 200 MiB of"),
        (MemoryUse(256 * MIB, 200 * MIB, "cgroup"), Verdict.RE, "uncaught std::bad_alloc"),
        (MemoryUse(256 * MIB, 256 * MIB, "cgroup", True), Verdict.MLE, "OOM killer ended it"),
        (MemoryUse(256 * MIB, 0, "cgroup", image=6 << 30), Verdict.MLE, "needs 6144 MiB"),
    ],
)
def test_a_program_is_mle_by_measurement_only(
    memory: MemoryUse | None, expected: Verdict, said: str
) -> None:
    """The same stderr (std::bad_alloc) is RE or MLE by what was measured: the OOM killer, the
    image, or (where RLIMIT_AS is the only limit) a failed run's max RSS past half the limit."""
    verdict, detail = _verdict(replace(BAD_ALLOC, memory=memory))
    assert verdict is expected and said in detail, detail


def test_the_oom_killer_outranks_the_clock_and_the_clock_outranks_a_large_peak() -> None:
    over_time = replace(BAD_ALLOC, cpu_seconds=2.0)
    killed = MemoryUse(256 * MIB, 256 * MIB, "cgroup", oom_killed=True)
    assert _verdict(replace(over_time, memory=killed))[0] is Verdict.MLE
    large = MemoryUse(256 * MIB, 250 * MIB, "rusage")
    assert _verdict(replace(over_time, memory=large))[0] is Verdict.TLE


def test_a_returned_run_is_mle_only_when_killed_or_too_large_to_load() -> None:
    returned = CallOutcome("returned", value=[1, 2, 3])
    assert _verdict(replace(returned, memory=MemoryUse(256 * MIB, 250 * MIB)))[0] is Verdict.WA
    killed = MemoryUse(256 * MIB, 256 * MIB, "cgroup", oom_killed=True)  # a child of it
    assert _verdict(replace(returned, memory=killed))[0] is Verdict.MLE
