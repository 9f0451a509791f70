"""Making a plan runs nothing; calibrating it is a step of its own that measures the reference."""

from __future__ import annotations

from typing import Any

import pytest

from harness.config import Config, load_config
from harness.grading.calibration import calibrate, calibrated_plan
from harness.grading.plan import make_plan
from harness.kinds import base
from harness.yamlfile import read_yaml
from tests.conftest import REPO

CONFIG = REPO / "config.yaml"


class Refusing:
    """A shape that fails the test if anything tries to run a submission."""

    def suffixes(self, *args: Any) -> tuple[str, ...]:
        return (".py",)

    def run(self, *args: Any) -> base.SubmissionRun:
        raise AssertionError("making a plan ran a submission")

    def cannot_run(self, *args: Any) -> str:
        return ""  # asked by the plan: a question about the machine, not a run


@pytest.mark.parametrize("assignment", ["board-solver", "stdin-program"])
def test_making_a_plan_runs_nothing(monkeypatch: pytest.MonkeyPatch, assignment: str) -> None:
    config = load_config(CONFIG)
    shape = config.assignment(assignment).shape
    monkeypatch.setitem(dict_of_shapes(), shape, Refusing())
    plan = make_plan(config, assignment)
    timed = [n for n, cfg in config.assignment(assignment).items.items() if cfg.time_from_reference]
    assert timed, "the example config calibrates some item of this assignment"
    for item in timed:  # the configured floor, untouched: nothing was measured
        assert plan.assignment.items[item].time == config.assignment(assignment).items[item].time
    assert dict(plan.notes) == {}


def test_calibration_measures_the_reference_and_is_passed_in() -> None:
    config = load_config(CONFIG)
    plan = make_plan(config, "board-solver")
    timed = calibrate(config, plan)
    limit = timed.assignment.items["competency"].time
    floor = config.assignment("board-solver").items["competency"].time
    assert limit is not None and floor is not None and limit >= floor
    assert "reference run" in timed.notes["competency"][0]
    calibrated = plan.with_limits(timed.assignment, timed.notes)
    assert calibrated.assignment.items["competency"].time == limit
    assert calibrated.probes == plan.probes
    again = calibrated_plan(config, "board-solver")
    assert again.notes["competency"] == calibrated.notes["competency"]


def dict_of_shapes() -> dict[str, Any]:
    from harness.kinds import registry as shapes

    registry = shapes.KINDS
    assert isinstance(registry, dict)
    return registry


@pytest.mark.parametrize("assignment", ["stdin-program", "uwb-css342"])
def test_probes_left_out_are_the_kinds_own(assignment: str) -> None:
    """A kind with one probe set (stdin-program, unit-tests) needs no `probes:`: left out, the
    plan is the one config.yaml's `probes:` makes."""
    data = read_yaml(CONFIG)
    said = data["assignments"][assignment].pop("probes")
    left_out = Config.model_validate({**data, "source": CONFIG})
    assert said == left_out.assignment(assignment).shape
    assert left_out.assignment(assignment).probes == said
    written = make_plan(load_config(CONFIG), assignment)
    assert make_plan(left_out, assignment).probes == written.probes
