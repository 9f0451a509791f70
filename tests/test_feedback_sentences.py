"""Every feedback sentence seen wrong on real submissions, pinned word for word.

Each test is one sentence a teacher saw on a real page (issue 21): the words it said, and the
words it says now. They judge reports the way the supervisor receives them, so no worker runs.
"""

from __future__ import annotations

from harness.grading import feedback
from harness.kinds.board_classes.board_solver.expect import (
    MostConstrained,
    Traced,
    ValidMoves,
    blanks_read_as_empty,
)
from harness.kinds.board_classes.board_solver.model import as_dict
from harness.kinds.expectations import Equal
from harness.records.evidence import Grid
from harness.records.outcomes import Adapted, CallOutcome
from harness.records.results import CaseResult, HelperReadings
from harness.records.verdicts import Verdict
from harness.sandbox.child import board_driver
from tests.test_board_solver import reported

PUZZLE: Grid = ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))


def test_a_call_that_raised_is_not_called_an_answer_that_is_not_a_bool() -> None:
    """Was: "(an occupied space) an answer that is not a bool" for a NameError."""
    n = len(PUZZLE)
    codes = [0] * ((n + 2) ** 2 * n)
    occupied = ((0 + 1) * (n + 2) + (0 + 1)) * n  # space (0, 0), value 1: it holds the given 1
    codes[occupied] = 3  # raised, beyond the details the driver describes
    judgement = ValidMoves(PUZZLE, "b").judge(reported(PUZZLE, codes=codes, details={}))
    occupied_check = next(c for c in judgement.checks if c.criterion == "occupied")
    assert occupied_check.message == (
        "isValidMove((0, 0), 1) on board b (an occupied space) raised an exception, expected False"
    )


def test_a_list_answer_is_quoted_not_called_none() -> None:
    """Was: "returned None" when getMostConstrainedUnsolvedSpace returned a list."""
    outcome = reported(PUZZLE, first=[[0, 1], [0, 2]], second=[[0, 1]], has_evaluate=False)
    judgement = MostConstrained(PUZZLE, "b").judge(outcome)
    best = next(c for c in judgement.checks if c.criterion == "most-constrained")
    assert best.message.startswith(
        "getMostConstrainedUnsolvedSpace() on board b returned [[0, 1], [0, 2]], not a space, but"
    )


def test_a_result_that_is_not_a_bool_is_said_once() -> None:
    """Was: "Returns returned <submission.Board object at 0x7f...>"."""

    class Board:
        pass

    trace = board_driver._Trace(Board(), 100)
    trace.add(board_driver.ENTER, trace.board)
    trace.result(Board())
    judgement = Traced(PUZZLE, None, "b").judge(
        reported(PUZZLE, events=trace.events, odd=trace.odd)
    )
    messages = " ".join(c.message for c in judgement.checks)
    assert "Returns <tests." in messages
    assert "Returns returned" not in messages and " at 0x" not in messages


def test_a_wrong_nested_answer_names_its_first_difference() -> None:
    """Was: "returned [[0, 0, …]], …, expected [[0, 0, …]], …", the difference cut off."""
    expected = [[0] * 9 for _ in range(9)]
    got = [row[:] for row in expected]
    got[7][8] = 5
    judgement = Equal(expected).judge(CallOutcome("returned", value=got))
    assert judgement.detail.endswith(", first difference at [7][8]: 5 where 0 was expected")


def test_an_item_worth_nothing_says_its_failures_cost_nothing() -> None:
    failed = CaseResult("final-newline", Verdict.WA, "raised ValueError", 0.0)
    assert feedback.informative_note(0, [failed]) == [
        "informative only: this item is worth no marks, so its failures cost nothing"
    ]
    assert feedback.informative_note(15, [failed]) == []


def test_both_readings_and_the_marked_one_are_said() -> None:
    both = HelperReadings(2.79, 30.0, "reference", "isValidMove raises NameError")
    assert feedback.helper_readings_note(both, 30.0, 30.0) == [
        "with your own helpers 2.79/30 (isValidMove raises NameError); with the reference "
        "helpers 30/30; marked 30/30"
    ]
    same = HelperReadings(0.0, 0.0, "own", "solveBoard raises NameError")
    assert feedback.helper_readings_note(same, 0.0, 20.0) == [
        "judged again with the reference's helpers because solveBoard raises NameError: "
        "0/20 either way, so the marks lost are this item's own"
    ]


def test_an_adaptation_is_named_once_with_its_cost() -> None:
    adapted = (Adapted("defaults", "solve needs arguments the handout gives defaults"),)
    cases = [CaseResult(str(i), Verdict.AC, "", 0.0, adapted=adapted) for i in range(4)]
    assert feedback.adaptation_notes(cases, 3.0) == [
        "adapted: solve needs arguments the handout gives defaults "
        "(-3 marks: the handout states this interface)"
    ]


def test_blanks_stored_as_zero_are_read_as_empty_only_when_loaded_so() -> None:
    with_zeros = {**as_dict(PUZZLE), (0, 1): 0, (0, 2): 0}
    snapshot = {"state": {"board": with_zeros, "valsInRows": [{0, 1}, {3}, {4}, {2}]}}
    report, adapted = blanks_read_as_empty({"before": snapshot, "after": snapshot})
    assert report["before"]["state"]["board"] == as_dict(PUZZLE)
    assert report["after"]["state"]["valsInRows"][0] == {1}
    assert [a.kind for a in adapted] == ["blanks"]
    clean = {"state": {"board": as_dict(PUZZLE)}}
    left_by_undo = {"state": {"board": {**as_dict(PUZZLE), (0, 1): None}}}
    assert blanks_read_as_empty({"before": clean, "after": left_by_undo})[1] == ()
