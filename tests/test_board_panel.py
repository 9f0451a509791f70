"""`suites calibrate -a board-solver`: the shipped competency boards held to the board panel
(solvers/panel/board-solver), each flawed heuristic run for real in its own worker process.

The course's side (B351's 100 hard boards) takes minutes, so it is measured by the command and
written down here (COURSE); the test runs a few members on our boards alone, in seconds."""

from __future__ import annotations

from functools import cache

import pytest

from harness.calibration import board_panel, board_panel_report
from harness.calibration.board_panel import Board, BoardCalibration, Side
from harness.config import load_config
from harness.errors import BadInput
from harness.grading.calibration import calibrated_plan
from harness.puzzles.suites import load_suites
from tests.conftest import DATASETS, REPO

PANEL = REPO / "solvers" / "panel" / "board-solver"
COURSE = {  # boards of the course's 100 hard ones each member fails, by `suites calibrate`
    "none_from_n": 37,
    "never_undoes": 100,
}


@cache
def calibration() -> BoardCalibration:
    config = load_config(REPO / "config.yaml")
    plan = calibrated_plan(config, "board-solver")
    suites = load_suites([REPO / "testcases" / "board-competency.yaml"])
    cases = [case for suite in suites for case in suite.cases]
    team = list(board_panel.members(PANEL, REPO / "solvers" / "board-solver"))
    team = [m for m in team if m.name in ("reference", *COURSE)]
    return board_panel.calibrate(plan, cases, team)


def test_the_reference_solves_every_competency_board_well_inside_its_limit() -> None:
    found = calibration()
    assert found.ours.failed("reference") == 0
    cpu, limit = found.ours.slowest("reference")
    assert cpu <= board_panel.HEADROOM * limit
    assert found.holds  # nothing else is judged without the course's boards


@pytest.mark.parametrize("member", sorted(COURSE))
def test_each_flawed_member_fails_our_boards_as_often_as_the_course_hard_tier(member: str) -> None:
    share = calibration().ours.share(member)
    assert share is not None
    assert abs(share - COURSE[member] / 100) <= board_panel.TOLERANCE, (member, share)


def test_none_from_n_fails_six_of_sixteen_as_its_example_expects() -> None:
    """submissions/board-solver/most_constrained_none_from_n: competency 5 + 15 x 10/16."""
    assert (calibration().ours.failed("none_from_n"), calibration().ours.count()) == (6, 16)


def test_the_table_shows_each_side_and_says_when_the_course_is_absent() -> None:
    text = board_panel_report.render(calibration())
    assert "ours 9x9" in text and "ours 16x16" in text and "none configured" in text


def test_a_member_far_from_its_course_share_is_a_problem() -> None:
    ours = Side("ours", ("weak",), (Board("a", 9, 10.0, (True,), (0.1,)),))
    course = Side("course hard tier", ("weak",), (Board("b", 9, 10.0, (False,), (0.1,)),))
    found = BoardCalibration(ours, course, DATASETS)
    assert found.problems == ("weak fails 0% of ours but 100% of the course's hard tier",)


def test_the_panel_needs_every_member() -> None:
    with pytest.raises(BadInput, match="the panel needs"):
        board_panel.members(REPO / "solvers" / "panel" / "python", None)
