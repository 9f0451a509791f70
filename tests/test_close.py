"""The same marks on a busy machine (issue 38, part 11): a solver's case runs to twice its limit
(the high limit, as problemtools'), so a time-out says whether it was close; a submission graded
beside others with a close time-out is graded again alone before it stands; every case within a
factor of 2 of its limit is reported `close` (JSON, feedback, the score table's notes).

The fixtures (tests/fixtures/close) answer after an exact share of their limit in CPU time, so
that only the limit decides their verdicts: graded beside two CPU hogs and alone, their marks
and what is said of them are the same. Two hogs on this 2-core machine make a call's wall-clock
time up to 45% longer and its CPU time 1 to 4% (benchmarks/README.md, "CPU time beside
two CPU hogs"): what a busy machine changes is a verdict's noise, which `close` names.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest

from harness.config import load_config
from harness.grading.calibration import calibrated_plan
from harness.grading.feedback import AGAIN_CLOSE
from harness.grading.judge import judge
from harness.grading.run import grade_all
from harness.records.outcomes import CallOutcome
from harness.records.results import Report, from_json
from harness.records.verdicts import Verdict
from harness.submissions import discover
from harness.writers.table import render
from tests.conftest import FIXTURES
from tests.test_skipping import probe

CLOSE = FIXTURES / "close"
HOG = "import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end:\n    pass\n"


def graded(jobs: int = 2) -> Report:
    plan = calibrated_plan(load_config(CLOSE / "config.yaml"), "near-the-limit")
    return grade_all(plan, discover(CLOSE, (".py",)), jobs)


@contextmanager
def two_cpu_hogs() -> Iterator[None]:
    """Two processes that spin for at most two minutes, killed as soon as the block ends."""
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(2)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> Report:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path_factory.mktemp("cache")))
        return graded()


def by_name(report: Report) -> dict[str, Any]:
    return {s.name: s for s in report.submissions}


def test_a_close_time_out_is_graded_again_alone_and_stands_said_close(alone: Report) -> None:
    slow = by_name(alone)["times-out-at-1.4x"]
    assert slow.graded_again and AGAIN_CLOSE in slow.note
    [item] = slow.items
    ran = [c for c in item.cases if not c.not_run]
    assert ran and all(c.verdict is Verdict.TLE and c.close for c in ran)
    assert all("(close)" in c.detail and "more than the 0.25 s time limit" in c.detail for c in ran)
    assert any("close to the time limit: 2 cases" in line for line in item.feedback)


def test_a_pass_over_half_its_limit_is_close_and_never_graded_again_for_it(alone: Report) -> None:
    """(A machine busy enough to stop it on the wall clock grades it again for that.)"""
    quick = by_name(alone)["passes-at-0.7x"]
    assert quick.marks == 10 and AGAIN_CLOSE not in quick.note
    [item] = quick.items
    assert all(c.verdict is Verdict.AC and c.close for c in item.cases)


def test_the_score_table_and_the_json_say_close(alone: Report) -> None:
    table = render(alone)
    assert "close to the time limit (within 2x): solve 2 cases (2 TLE)" in table
    assert "close to the time limit (within 2x): solve 4 cases" in table
    again = from_json(alone.to_json())
    assert again == alone
    cases = [c for s in alone.to_json()["submissions"] for c in s["items"][0]["cases"]]
    assert sum(c.get("close", False) for c in cases) == 6


def test_beside_two_cpu_hogs_the_marks_are_the_same(alone: Report) -> None:
    with two_cpu_hogs():
        busy = graded()
    for name, result in by_name(alone).items():
        other = by_name(busy)[name]
        assert other.marks == result.marks, name
        said = [(c.id, c.verdict, c.close, c.not_run) for i in result.items for c in i.cases]
        assert said == [(c.id, c.verdict, c.close, c.not_run) for i in other.items for c in i.cases]


# --- what is close ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "close"),
    [
        (CallOutcome("returned", value=1, cpu_seconds=1.5, high=True), True),  # within twice
        (CallOutcome("timeout", cpu_seconds=2.1, high=True), False),  # far past it
        (CallOutcome("timeout", cpu_seconds=1.5, high=True), False),  # the wall clock stopped it
        (CallOutcome("timeout", cpu_seconds=1.05), False),  # stopped at the usual kill: unknown
        (CallOutcome("returned", value=1, cpu_seconds=0.6), True),  # passed over half of it
        (CallOutcome("returned", value=1, cpu_seconds=0.4), False),
        (CallOutcome("skipped", message="not run"), False),
    ],
)
def test_close_is_within_a_factor_of_2_either_side(outcome: CallOutcome, close: bool) -> None:
    assert judge(probe("a", 1.0), outcome, 1.0).close is close


def test_a_failure_over_half_its_limit_is_not_close() -> None:
    """Under half the limit it would fail all the same: no verdict worth marks is at stake."""
    wrong = replace(probe("a", 1.0), expect=Wrong())
    assert not judge(wrong, CallOutcome("returned", value=1, cpu_seconds=0.9), 1.0).close


class Wrong:
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    def judge(self, outcome: CallOutcome) -> Any:
        from harness.records.probes import Judgement

        return Judgement(False, "wrong")

    def grids(self, *args: Any) -> None:
        return None
