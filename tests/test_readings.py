"""Which items are read again with the reference's helpers, and which reading is marked."""

from __future__ import annotations

import pytest

from harness.config import load_config
from harness.grading.plan import Plan, make_plan
from harness.grading.readings import choose, depends_on, helper_items
from tests.conftest import REPO


@pytest.fixture(scope="module")
def board_plan() -> Plan:
    return make_plan(load_config(REPO / "config.yaml"), "board-solver")


def test_the_reference_board_stands_in_for_the_board_methods_only(board_plan: Plan) -> None:
    # competency is the whole program's, as the course's main runs it: never read again
    assert board_plan.helpers == {"solveBoard": ("Board",)}
    assert helper_items(board_plan, "solveBoard") == [
        "makeMove",
        "undoMove",
        "isValidMove",
        "getMostConstrainedUnsolvedSpace",
    ]
    assert depends_on(board_plan.assignment, "competency")[0] == "solveBoard"


def test_the_reference_source_is_the_reference_entry_file(board_plan: Plan) -> None:
    assert "class Solver" in board_plan.reference
    assert board_plan.context().reference_needed == ""  # only with a reference-reading probe


@pytest.mark.parametrize(
    ("policy", "own", "reference", "marked"),
    [
        ("better", 2.79, 30.0, True),
        ("better", 18.5, 2.79, False),
        ("better", 5.0, 5.0, False),
        ("own", 0.0, 30.0, False),
        ("reference", 18.5, 2.79, True),
    ],
)
def test_the_policy_picks_the_reading(
    policy: str, own: float, reference: float, marked: bool
) -> None:
    assert choose(policy, own, reference) is marked
