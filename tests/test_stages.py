"""Stages: which run each probe is made in. The plan gives each probe its stage; each stage is a
run of its own, in order, and the runs come back together as one (harness/grading/stages.py).
The attacks they stop are graded in test_hostile.py (STAGED)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from harness.config import load_config
from harness.grading.plan import Plan, make_plan
from harness.grading.stages import run_in_stages
from harness.kinds.base import RunContext, SubmissionRun
from harness.records.outcomes import CallOutcome, LoadOutcome
from harness.records.probes import Stage
from harness.submissions import Submission
from tests.conftest import REPO
from tests.test_plan import dict_of_shapes


@pytest.fixture(scope="module")
def plan() -> Plan:
    return make_plan(load_config(REPO / "config.yaml"), "sudoku-functions")


def test_the_plan_puts_timed_and_hidden_cases_in_stages_of_their_own(plan: Plan) -> None:
    stages: dict[tuple[bool, bool], set[Stage]] = {}  # (a solver's case, hidden) -> stages
    for probe in plan.probes:
        stages.setdefault((probe.item == "sudoku_solver", probe.hidden), set()).add(probe.stage)
    assert stages == {
        (False, False): {Stage.OPEN},
        (True, False): {Stage.TIMED},
        (True, True): {Stage.HIDDEN_TIMED},
        (False, True): {Stage.HIDDEN},
    }


@dataclass
class Recording:
    """A shape that records each run's probes; the run of `refused` does not load."""

    refused: Stage | None = None
    timing_out: Stage | None = None  # every call of that stage's run times out
    runs: list[tuple[Stage, ...]] = field(default_factory=list)

    def suffixes(self, *args: Any) -> tuple[str, ...]:
        return (".py",)

    def cannot_run(self, *args: Any) -> str:
        return ""

    def run(self, submission: Submission, context: RunContext) -> SubmissionRun:
        stages = tuple(p.stage for p in context.probes)
        self.runs.append(stages)
        if self.refused in stages:
            return SubmissionRun(LoadOutcome("timeout", message="importing took too long"), ())
        outcomes = tuple(
            CallOutcome("timeout")
            if p.stage is self.timing_out
            else CallOutcome("returned", value=p.id)
            for p in context.probes
        )
        return SubmissionRun(LoadOutcome("loaded"), outcomes, names={"get_row": "get_row"})


def test_each_stage_is_a_run_of_its_own_and_the_outcomes_keep_the_probes_order(
    monkeypatch: pytest.MonkeyPatch, plan: Plan
) -> None:
    shape = Recording(refused=Stage.HIDDEN_TIMED)
    monkeypatch.setitem(dict_of_shapes(), "function-library", shape)
    run = run_in_stages(Submission("s", REPO / "solvers" / "sudoku-functions"), plan.context())
    assert [set(stages) for stages in shape.runs] == [{stage} for stage in Stage]
    assert len(run.outcomes) == len(plan.probes)
    for probe, outcome in zip(plan.probes, run.outcomes, strict=True):
        if probe.stage is Stage.HIDDEN_TIMED:  # its run did not load: its cases say so
            assert outcome.kind == "not_loaded" and "did not load again" in outcome.message
        else:
            assert (outcome.kind, outcome.value) == ("returned", probe.id)
    assert run.load.loaded and dict(run.names) == {"get_row": "get_row"}


def test_nothing_else_runs_when_the_first_stage_does_not_load(
    monkeypatch: pytest.MonkeyPatch, plan: Plan
) -> None:
    shape = Recording(refused=Stage.OPEN)
    monkeypatch.setitem(dict_of_shapes(), "function-library", shape)
    run = run_in_stages(Submission("s", REPO / "solvers" / "sudoku-functions"), plan.context())
    assert len(shape.runs) == 1 and not run.load.loaded and run.outcomes == ()


def test_an_item_that_timed_out_again_and_again_is_not_run_on_in_a_later_stage(
    monkeypatch: pytest.MonkeyPatch, plan: Plan
) -> None:
    """sudoku_solver's visible calls all time out (3 in a row skip the rest): its hidden calls,
    a stage of their own, are not run either, and no run is made for them."""
    shape = Recording(timing_out=Stage.TIMED)
    monkeypatch.setitem(dict_of_shapes(), "function-library", shape)
    run = run_in_stages(Submission("s", REPO / "solvers" / "sudoku-functions"), plan.context())
    assert [set(stages) for stages in shape.runs] == [{Stage.OPEN}, {Stage.TIMED}, {Stage.HIDDEN}]
    hidden = [
        o for p, o in zip(plan.probes, run.outcomes, strict=True) if p.stage is Stage.HIDDEN_TIMED
    ]
    assert hidden and all(o.kind == "skipped" and "in a row timed out" in o.message for o in hidden)
