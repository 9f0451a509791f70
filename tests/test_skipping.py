"""Skipping after time-outs is fair (issue 38, part 5): an item's cases run from the cheapest to
the hardest by the reference's time; a case skipped after `timeouts_before_skip` time-outs is
never one the reference finds easier than a case the submission answered; a case that never ran
never counts as a time-out, and says "not run" (harness/kinds/streaks.py, grading/costs.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from harness.config import load_config
from harness.grading import costs
from harness.grading.calibration import calibrated_plan
from harness.grading.judge import judge
from harness.grading.plan import Plan, make_plan
from harness.grading.run import grade_all
from harness.grading.stages import run_in_stages
from harness.kinds.base import RunContext, SubmissionRun
from harness.kinds.streaks import Streaks
from harness.limits import Limits
from harness.records.outcomes import HIGH_LIMIT, CallOutcome, LoadOutcome
from harness.records.probes import NoGrids, Probe, Stage
from harness.records.verdicts import Verdict
from harness.sandbox.process import KILL_FACTOR
from harness.submissions import Submission, discover
from harness.writers.table import render
from tests.conftest import FIXTURES, REPO
from tests.test_plan import dict_of_shapes

SKIPPING = FIXTURES / "skipping"
CONFIG = SKIPPING / "config.yaml"


class Anything(NoGrids):
    inspects_arguments = False
    criteria: tuple[str, ...] = ()

    def judge(self, outcome: CallOutcome) -> Any:
        from harness.records.probes import Judgement

        return Judgement(True)


def probe(case: str, cost: float | None, item: str = "solve", stage: Stage = Stage.OPEN) -> Probe:
    return Probe(item, case, f"solve({case})", (), Anything(), stage=stage, cost=cost)


TIMEOUT = CallOutcome("timeout", cpu_seconds=1.1)
ANSWERED = CallOutcome("returned", value=1, cpu_seconds=0.01)


# --- the exponential solver: the example that failed first ---------------------------------


@pytest.fixture(scope="module")
def exponential(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """tests/fixtures/skipping/exponential graded, its costs measured in a cache of its own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path_factory.mktemp("cache")))
        plan = calibrated_plan(load_config(CONFIG), "solved-grid-last")
        report = grade_all(plan, discover(SKIPPING / "exponential", (".py",)))
    return plan, report


def test_an_exponential_solver_answers_the_solved_grid_it_was_given_last(exponential: Any) -> None:
    """The suite lists the solved grid last. Cheapest first by the reference's time, it runs
    before every puzzle the reference needs time for, and is answered at once; the puzzles time
    out, and after two in a row the rest is not run. In the suite's order the two time-outs came
    first and neither the solved grid nor the one with three blanks was run: 0 of 10 (and said
    TLE). (The solved grid alone would earn nothing: a solver returning its argument answers it,
    so it counts beside a puzzle solved: the three blanks.)"""
    plan, report = exponential
    cost = {p.id: p.cost for p in plan.probes}
    solved = "solved-grid-last/solved-9x9"
    assert cost[solved] == 0.0 and max(c or 0.0 for c in cost.values()) > 0.0
    [result] = report.submissions
    [item] = result.items
    cases = {case.id: case for case in item.cases}
    assert cases[solved].verdict is Verdict.AC
    three = "solved-grid-last/three-blanks-9x9"  # solved too: the evidence the solved grid needs
    assert cases[three].verdict is Verdict.AC
    assert result.marks == 3.33  # 2 of 6 cases
    skipped = [c for c in item.cases if c.not_run]
    assert skipped, "two time-outs in a row skip the harder cases"
    assert all("not run: 2 calls in a row timed out" in c.detail for c in skipped)
    answered = [c for c in item.cases if c.verdict is Verdict.AC]
    assert all(plan_cost(plan, c.id) >= plan_cost(plan, a.id) for c in skipped for a in answered)


def test_where_the_reference_answers_every_case_at_once_the_puzzles_work_orders_them(
    exponential: Any,
) -> None:
    """A C reference solves every puzzle in milliseconds: every cost is 0 and orders nothing
    (the real class's defect). The work a plain backtracker does on each puzzle breaks the tie,
    the same on every machine: the solved grid (no work) still runs first and is answered."""
    plan, _ = exponential
    tied = replace(plan, probes=tuple(replace(p, cost=0.0) for p in plan.probes))
    work = {p.id: p.work for p in tied.probes}
    assert work["solved-grid-last/solved-9x9"] == 0 and min(work.values()) == 0
    assert sorted(work.values())[1] > 0, "every puzzle needs work"
    [result] = grade_all(tied, discover(SKIPPING / "exponential", (".py",))).submissions
    [item] = result.items
    assert {c.id: c.verdict for c in item.cases}["solved-grid-last/solved-9x9"] is Verdict.AC
    assert result.marks == 3.33 and any(c.not_run for c in item.cases)


def plan_cost(plan: Plan, case: str) -> float:
    [found] = [p.cost for p in plan.probes if p.id == case]
    assert found is not None
    return found


def test_the_score_table_says_not_run_not_tle(exponential: Any) -> None:
    _, report = exponential
    [item] = report.submissions[0].items
    skipped = sum(c.not_run for c in item.cases)
    timed_out = sum(c.verdict is Verdict.TLE and not c.not_run for c in item.cases)
    table = render(report)
    assert f"{skipped} not run" in table and f"TLE {timed_out} not run {skipped}" in table


# --- the rule -----------------------------------------------------------------------------


def test_cases_that_never_ran_neither_count_nor_end_a_streak() -> None:
    streaks = Streaks(2, "calls")
    streaks.record(probe("a", 1.0), TIMEOUT, 1.0)
    for never in (
        CallOutcome("skipped", message="not run"),
        CallOutcome("over_budget", message="not run: the budget was spent"),
        CallOutcome("not_loaded", message="solve is not defined"),
    ):
        streaks.record(probe("b", 2.0), never, 1.0)
    assert streaks.skipped(probe("c", 3.0)) is None  # still one time-out in a row
    streaks.record(probe("d", 3.0), TIMEOUT, 1.0)
    skipped = streaks.skipped(probe("e", 4.0))
    assert skipped is not None and skipped.kind == "skipped"


def test_a_case_the_reference_finds_easier_than_one_answered_is_always_run() -> None:
    """A later stage (hidden cases) starts again from its cheapest: after a streak, its cases
    cheaper than the hardest one answered, or than the easiest time-out, still run."""
    streaks = Streaks(2, "calls")
    streaks.record(probe("easy", 1.0), ANSWERED, 1.0)
    streaks.record(probe("hard", 5.0), ANSWERED, 1.0)
    streaks.record(probe("harder", 6.0), TIMEOUT, 1.0)
    streaks.record(probe("hardest", 7.0), TIMEOUT, 1.0)
    assert streaks.skipped(probe("hidden-cheap", 2.0)) is None  # easier than "hard", answered
    assert streaks.skipped(probe("hidden-middle", 5.5)) is None  # easier than "harder"
    assert streaks.skipped(probe("hidden-hard", 6.5)) is not None
    assert streaks.skipped(probe("hidden-unknown", None)) is not None  # unknown: the hardest


def test_without_costs_the_rule_is_the_plain_one() -> None:
    """No reference (every cost unknown): after the streak, every other case is skipped."""
    streaks = Streaks(2, "calls")
    streaks.record(probe("a", None), ANSWERED, 1.0)
    streaks.record(probe("b", None), TIMEOUT, 1.0)
    streaks.record(probe("c", None), TIMEOUT, 1.0)
    assert streaks.skipped(probe("d", None)) is not None


def test_a_solvers_case_runs_to_the_high_limit_until_one_times_out_far_past_it() -> None:
    streaks, limits = Streaks(3, "calls"), Limits(time=1.0)

    def timed(case: str, cost: float) -> Probe:
        return probe(case, cost, stage=Stage.TIMED)

    first = streaks.running(timed("a", 1.0), limits)
    assert math.isclose(first.time * KILL_FACTOR, HIGH_LIMIT)  # killed at twice its limit
    close = replace(TIMEOUT, cpu_seconds=1.5)
    assert streaks.record(timed("a", 1.0), close, 1.0, first).high
    assert streaks.running(timed("b", 2.0), limits) == first  # close: the next runs as far
    far = replace(TIMEOUT, cpu_seconds=2.05)
    streaks.record(timed("b", 2.0), far, 1.0, first)
    assert streaks.running(timed("c", 3.0), limits) == limits  # far: stopped at the usual kill
    streaks.record(timed("c", 3.0), ANSWERED, 1.0, limits)
    assert streaks.running(timed("d", 4.0), limits) == first  # the streak is over
    helper = probe("e", 0.0, item="get_row")  # under the assignment's limit: a time-out hangs
    assert streaks.running(helper, limits) == limits


# --- the order -----------------------------------------------------------------------------


@dataclass
class Recording:
    """A shape that records the order of each run's probes and times out on `slow` ones."""

    slow: frozenset[str] = frozenset()
    order: list[list[str]] = field(default_factory=list)

    def suffixes(self, *args: Any) -> tuple[str, ...]:
        return (".py",)

    def cannot_run(self, *args: Any) -> str:
        return ""

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        self.order.append([p.id for p in context.probes])
        outcomes = tuple(
            TIMEOUT if p.id in self.slow else replace(ANSWERED, value=p.id) for p in context.probes
        )
        return SubmissionRun(LoadOutcome("loaded"), outcomes, names={})


@pytest.fixture
def sudoku_plan() -> Plan:
    return make_plan(load_config(REPO / "config.yaml"), "sudoku-functions")


def with_costs(plan: Plan, item: str, cost: dict[str, float]) -> Plan:
    probes = tuple(
        replace(p, cost=cost.get(p.id.split("/")[-1])) if p.item == item else p for p in plan.probes
    )
    return replace(plan, probes=probes)


def test_each_run_makes_an_items_cases_cheapest_first_and_answers_in_the_plans_order(
    monkeypatch: pytest.MonkeyPatch, sudoku_plan: Plan
) -> None:
    solver = [p for p in sudoku_plan.probes if p.item == "sudoku_solver"]
    visible = [p.id for p in solver if p.stage is Stage.TIMED]
    cost = {p.id.split("/")[-1]: float(len(solver) - i) for i, p in enumerate(solver)}
    plan = with_costs(sudoku_plan, "sudoku_solver", cost)
    shape = Recording()
    monkeypatch.setitem(dict_of_shapes(), "function-library", shape)
    run = run_in_stages(Submission("s", REPO / "solvers" / "sudoku-functions"), plan.context())
    [timed] = [order for order in shape.order if set(order) == set(visible)]
    assert timed == list(reversed(visible))  # the suites list them hardest first here
    assert [o.value for o in run.outcomes] == [p.id for p in plan.probes]


def test_a_later_stage_runs_the_cases_easier_than_those_answered(
    monkeypatch: pytest.MonkeyPatch, sudoku_plan: Plan
) -> None:
    """sudoku_solver's visible cases: the cheapest answered, the rest time out (3 in a row).
    Its hidden cases cheaper than the answered one still run; the others are not run."""
    solver = [p for p in sudoku_plan.probes if p.item == "sudoku_solver"]
    visible = [p for p in solver if p.stage is Stage.TIMED]
    hidden = [p for p in solver if p.stage is Stage.HIDDEN_TIMED]
    cost = {p.id.split("/")[-1]: 10.0 + i for i, p in enumerate(visible)}
    cost |= {p.id.split("/")[-1]: 5.0 if i == 0 else 50.0 for i, p in enumerate(hidden)}
    plan = with_costs(sudoku_plan, "sudoku_solver", cost)
    shape = Recording(slow=frozenset(p.id for p in visible[1:]))
    monkeypatch.setitem(dict_of_shapes(), "function-library", shape)
    run = run_in_stages(Submission("s", REPO / "solvers" / "sudoku-functions"), plan.context())
    outcomes = dict(zip((p.id for p in plan.probes), run.outcomes, strict=True))
    assert outcomes[hidden[0].id].kind == "returned"
    assert all(outcomes[p.id].kind == "skipped" for p in hidden[1:])


# --- what is measured ----------------------------------------------------------------------


def test_costs_are_kept_and_not_measured_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SUDOKU_HARNESS_CACHE", str(tmp_path))
    first = calibrated_plan(load_config(CONFIG), "solved-grid-last")

    def measured_again(*args: Any) -> dict[Any, Any]:
        raise AssertionError("the reference was timed again")

    monkeypatch.setattr(costs, "_measured", measured_again)
    again = calibrated_plan(load_config(CONFIG), "solved-grid-last")
    assert [p.cost for p in again.probes] == [p.cost for p in first.probes]


def test_costs_are_rounded_to_what_a_busy_machine_can_tell_apart() -> None:
    """Under the item's unit (50 ms, or twice its cheapest case) a case costs 0; above it, the
    unit times a power of 2: noise of a start or a preemption never reorders cases."""
    probes = [probe(name, None) for name in ("solved", "easy", "noisy", "hard", "harder")]
    times = {"solved": 0.0001, "easy": 0.004, "noisy": 0.049, "hard": 0.2, "harder": 0.45}
    got = costs.quantized(probes, {("solve", name): time for name, time in times.items()})
    assert got == {
        ("solve", "solved"): 0.0,
        ("solve", "easy"): 0.0,
        ("solve", "noisy"): 0.0,
        ("solve", "hard"): 0.2,
        ("solve", "harder"): 0.4,
    }
    jvm = {("solve", "solved"): 0.42, ("solve", "easy"): 0.5, ("solve", "hard"): 1.9}
    assert costs.quantized(probes, jvm) == {
        ("solve", "solved"): 0.0,
        ("solve", "easy"): 0.0,
        ("solve", "hard"): 1.68,
    }


def test_a_call_costs_its_cpu_time_or_its_wall_clock_time_when_less() -> None:
    assert costs.cost(CallOutcome("returned", seconds=0.002, cpu_seconds=0.0)) == 0.002
    assert costs.cost(CallOutcome("returned", seconds=0.5, cpu_seconds=0.1)) == pytest.approx(
        0.1 + costs.TICK
    )
    assert costs.cost(CallOutcome("raised", seconds=0.002, cpu_seconds=0.0)) is None
    assert costs.slowest_time([0.1, 0.3]) == 0.3
    assert costs.slowest_time([0.1, None]) is None and costs.slowest_time([]) is None


# --- not run -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "outcome",
    [
        CallOutcome("skipped", message="not run: 3 calls in a row timed out"),
        CallOutcome("over_budget", message="not run: the budget was spent"),
    ],
)
def test_a_case_never_started_says_not_run(outcome: CallOutcome) -> None:
    case = judge(probe("a", 1.0), outcome, 1.0)
    assert case.not_run and "not run" in case.detail and not case.close


def test_a_case_stopped_by_the_budget_during_its_run_ran() -> None:
    stopped = CallOutcome("over_budget", message="stopped", cpu_seconds=0.3, seconds=2.0)
    assert not judge(probe("a", 1.0), stopped, 1.0).not_run
