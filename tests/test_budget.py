"""Every submission has a wall-clock budget, whatever its shape.

A submission that sleeps (no CPU) on every other call is stopped by each call's wall-clock
backstop, but never times out twice in a row, so `timeouts_before_skip` never stops it; without a
budget it costs every sleep's backstop, and once more when it is graded again alone. Here each
shape's sleeper is graded beside a correct submission through the CLI, two at a time
(fixtures/budget/config.yaml gives each shape a small budget): the sleeper's cases past its budget
are TLE and say so, it is not graded again, and the correct one keeps full marks.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from harness.kinds.budget import Budget
from harness.limits import Limits
from harness.records.outcomes import CallOutcome
from tests.conftest import FIXTURES, REPO, grade_cli
from tests.test_cli import check_schema

BUDGET = FIXTURES / "budget"
CONFIG = BUDGET / "config.yaml"
SPENT = "wall-clock budget of"


@dataclass(frozen=True)
class Pair:
    """A sleeper and a correct submission of one assignment of fixtures/budget/config.yaml."""

    assignment: str
    sleeper: Path
    control: Path
    beside: tuple[Path, ...] = ()  # files both need beside them (a notebook's script)


PAIRS = (
    Pair(
        "functions",
        FIXTURES / "hostile" / "python" / "TLE" / "sleeps_on_every_other_call",
        FIXTURES / "functions" / "AC" / "correct",
    ),
    Pair(
        "stdin",
        BUDGET / "sleeps-on-every-other-input",
        FIXTURES / "stdin" / "AC" / "python-solver",
    ),
    Pair(
        "boards",
        BUDGET / "sleeps-on-every-other-board",
        FIXTURES / "boards" / "AC" / "correct",
    ),
    Pair(
        "notebook",
        BUDGET / "sleeps-in-every-other-cell",
        FIXTURES / "notebook" / "AC" / "headings-at-level-3-solutions-as-lists",
        (REPO / "solvers" / "sudoku-script" / "Sudoku.py",),
    ),
)


def _graded(pair: Pair, tmp_path: Path) -> dict[str, dict[str, Any]]:
    """The pair graded with `grade -j 2` through the CLI: each submission's JSON, by name."""
    root = tmp_path / "submissions"
    for name, folder in (("sleeper", pair.sleeper), ("control", pair.control)):
        shutil.copytree(folder, root / name)
        for path in pair.beside:
            shutil.copy(path, root / name / path.name)
    options = ("--config", str(CONFIG), "-a", pair.assignment, "--jobs", "2")
    _, report = grade_cli(root, tmp_path / "marks.json", *options)
    check_schema(report)
    return {sub["name"]: sub for sub in report["submissions"]}


def _cases(submission: dict[str, Any]) -> list[dict[str, Any]]:
    return [case for item in submission["items"] for case in item["cases"]]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: pair.assignment)
def test_a_sleeper_spends_its_budget_and_a_correct_submission_keeps_full_marks(
    pair: Pair, tmp_path: Path
) -> None:
    graded = _graded(pair, tmp_path)
    sleeper, control = graded["sleeper"], graded["control"]
    assert control["marks"] == control["max_marks"], control["note"]
    assert not control.get("budget_spent") and SPENT not in str(control)
    cases = _cases(sleeper)
    spent = [case for case in cases if SPENT in case["detail"]]
    assert spent, cases
    # Cases run cheapest first by the reference's time (not in the report's order): every case
    # the budget stopped is a time-out, and the budget stops no case before it is spent
    # (test_a_call_gets_what_is_left_and_none_runs_once_it_is_spent shows the order).
    assert all(case["verdict"] == "TLE" for case in spent), spent
    assert {case["verdict"] for case in cases} <= {"AC", "TLE"}, cases
    assert sleeper.get("budget_spent") is True
    assert SPENT in sleeper["note"]
    assert not sleeper.get("graded_again")  # what it did with the wall clock is final


def test_a_budget_spent_working_is_graded_again_alone(tmp_path: Path) -> None:
    """A budget can run out because the machine is busy: one spent while the submission used
    the CPU (here 0.9 s of every 1 s run) is graded again alone, and that grading is final."""
    worker = BUDGET / "works-through-its-budget"
    control = FIXTURES / "stdin" / "AC" / "python-solver"
    graded = _graded(Pair("stdin", worker, control), tmp_path)
    busy = graded["sleeper"]
    assert busy.get("graded_again") is True, busy["note"]
    assert not busy.get("budget_spent")
    assert SPENT in busy["note"] and "graded again alone" in busy["note"]
    assert "not graded again" not in busy["note"]
    assert graded["control"]["marks"] == graded["control"]["max_marks"]


def test_only_a_budget_spent_working_counts_as_worked() -> None:
    budget = Budget.start(8.0)
    assert budget.worked(2.0) and not budget.worked(1.9)  # a quarter of its wall clock


def test_the_budget_is_the_sum_of_the_cpu_limits_times_the_factor_plus_loading() -> None:
    limits = Limits(load_time=2.0, wall_budget=0.5)
    assert limits.budget_seconds([1.0, 1.0, 3.0]) == 2.0 + 0.5 * 5.0
    assert Limits(wall_budget=0).budget_seconds([1.0]) == float("inf")  # 0: no budget


def _sleeps(walls: list[float]) -> Callable[[float], CallOutcome]:
    """A call that sleeps until its wall-clock backstop stops it, noting the backstop."""

    def call(wall: float) -> CallOutcome:
        walls.append(wall)
        time.sleep(wall)
        return CallOutcome("timeout", seconds=wall)

    return call


def test_a_call_gets_what_is_left_and_none_runs_once_it_is_spent() -> None:
    budget, walls = Budget.start(0.2), list[float]()
    stopped = budget.run(_sleeps(walls), 60.0)
    assert walls[0] <= 0.2 and stopped.kind == "over_budget", walls
    assert "ran out during it" in stopped.message and stopped.seconds == walls[0]
    unrun = budget.run(_sleeps(walls), 60.0)
    assert unrun.kind == "over_budget" and unrun.message.startswith("not run") and len(walls) == 1


def test_a_call_stopped_on_its_own_limits_keeps_its_outcome() -> None:
    budget = Budget.start(30.0)
    assert budget.run(lambda wall: CallOutcome("timeout"), 3.0).kind == "timeout"  # its backstop
    assert budget.run(lambda wall: CallOutcome("timeout"), 60.0).kind == "timeout"  # its CPU
