"""Point allocation: even split, penalties per rule and item, never below zero."""

from __future__ import annotations

from harness.config import CriterionConfig, RuleConfig, load_config
from harness.grading.marks import (
    after_penalty,
    allocate,
    criterion_results,
    item_marks,
    penalties,
    rounded,
)
from harness.records.outcomes import Adapted
from harness.records.probes import Check
from harness.records.results import CaseResult, Flag, RuleName
from harness.records.verdicts import Verdict
from tests.conftest import REPO


def cases(*verdicts: Verdict) -> list[CaseResult]:
    return [CaseResult(str(i), v, "", 0.0) for i, v in enumerate(verdicts)]


def test_marks_split_evenly_over_cases() -> None:
    assert item_marks(15, cases(Verdict.AC, Verdict.WA, Verdict.AC)) == 10
    assert rounded(item_marks(10, cases(Verdict.AC, Verdict.TLE, Verdict.TLE))) == 3.33
    assert item_marks(10, cases(Verdict.IE, Verdict.AC)) == 5
    assert item_marks(10, []) == 0


def test_penalties_once_per_rule_and_item_and_zero_stays_zero() -> None:
    rules: dict[RuleName, RuleConfig] = {"print": RuleConfig(penalty=2), "dict": RuleConfig()}
    flags = [
        Flag("print", "a", 3, ""),
        Flag("print", "a", 4, ""),
        Flag("dict", "a", 5, ""),
        Flag("print", None, 9, ""),
    ]
    assert penalties(flags, rules) == {"a": 2, None: 2}
    assert after_penalty(1.5, 2) == 0


def rubric_case(name: str, *passed: bool) -> list[CaseResult]:
    return [
        CaseResult(str(i), Verdict.AC if ok else Verdict.WA, "", 0.0, checks=(Check(name, ok),))
        for i, ok in enumerate(passed)
    ]


def test_a_criterion_for_every_board_is_all_or_nothing() -> None:
    shared = CriterionConfig(marks=10)
    every = CriterionConfig(marks=10, across="every")
    three_of_five = rubric_case("c", True, True, False, True, False)
    [each_result] = criterion_results({"c": shared}, three_of_five)
    [every_result] = criterion_results({"c": every}, three_of_five)
    assert (each_result.marks, every_result.marks) == (6, 0)
    assert every_result.message.endswith(
        "[failed on 2 of 5: it must hold on every one, as the handout words it]"
    )
    [all_passed] = criterion_results({"c": every}, rubric_case("c", True, True))
    assert all_passed.marks == 10


def test_a_criterion_no_case_exercised_earns_nothing() -> None:
    [result] = criterion_results({"c": CriterionConfig(marks=5)}, rubric_case("other", True))
    assert result.marks == 0
    assert result.message.startswith("not exercised")


def test_a_stub_earns_nothing_and_an_adaptation_costs_once_per_kind() -> None:
    assignment = load_config(REPO / "config.yaml").assignment("sudoku-script")
    adapted = (Adapted("defaults", "solve(p, 0, 0)"),)
    by_item = {
        item: [CaseResult("a", Verdict.AC, "", 0.0, adapted=adapted if item == "solve" else ())]
        for item in assignment.items
    }
    worth = allocate(assignment, by_item, (), (), stubs=("get_next",))
    assert worth.kept["get_next"] == 0  # its case passed, but its body does nothing
    assert worth.adapted["solve"] == 3 and worth.kept["solve"] == 27
    twice = {**by_item, "solve": by_item["solve"] * 2}
    assert allocate(assignment, twice, (), ()).adapted["solve"] == 3
