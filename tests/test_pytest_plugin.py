"""The pytest plugin: each case of one submission is a test item with its verdict.

Every run is a real pytest in a subprocess (pytester) grading for real. The plugin is loaded
through its installed `pytest11` entry point: `-p sudoku_harness` with autoloading off (so no
other installed plugin takes part), or autoloaded, to show it stays out of the way. Options
are passed as `--option=value`: pytest would take a separate path argument into account when
it picks the rootdir, and the repo's pyproject.toml would then configure the run.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from harness.integrations.pytest_plugin import case_result, summary_lines
from harness.records.results import CaseResult, ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from tests.conftest import REPO, plan_for

pytest_plugins = ["pytester"]

CONFIG = REPO / "config.yaml"
FUNCTIONS = REPO / "submissions" / "sudoku-functions"
REFERENCE = REPO / "solvers" / "sudoku-functions"
USAGE_ERROR = 4  # pytest.ExitCode.USAGE_ERROR


@pytest.fixture(scope="module")
def cases() -> Counter[str]:
    """How many cases each sudoku-functions item has."""
    return Counter(probe.item for probe in plan_for(CONFIG, "sudoku-functions").probes)


def total(cases: Counter[str]) -> int:
    return sum(cases.values())


@pytest.fixture
def grade(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Grade:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    return Grade(pytester)


class Grade:
    """`pytest --sudoku-assignment ... --sudoku-submission ...` in a subprocess."""

    def __init__(self, pytester: pytest.Pytester) -> None:
        self.pytester = pytester

    def __call__(
        self, submission: Path, *args: str, assignment: str = "sudoku-functions"
    ) -> pytest.RunResult:
        return self.pytester.runpytest_subprocess(
            "-p",
            "sudoku_harness",
            f"--sudoku-assignment={assignment}",
            f"--sudoku-submission={submission}",
            f"--sudoku-config={CONFIG}",
            *args,
            timeout=600,
        )


def test_the_reference_passes_every_case(grade: Grade, cases: Counter[str]) -> None:
    result = grade(REFERENCE, "-q")
    result.assert_outcomes(passed=total(cases))
    result.stdout.fnmatch_lines(["*sudoku-harness*", "sudoku-functions: 120/120 marks, graded"])


def test_wrong_answers_fail_with_their_verdict(grade: Grade, cases: Counter[str]) -> None:
    result = grade(FUNCTIONS / "off_by_one_block", "-q")
    # get_position_inside_block is right with the reference's get_block_num: its marked cases
    # are that reading's (see .expected.yaml), so only get_block_num's fail
    wrong = cases["get_block_num"]
    result.assert_outcomes(failed=wrong, passed=total(cases) - wrong)
    result.stdout.fnmatch_lines(
        [
            "*_ sudoku::get_block_num::(1,1) _*",
            "WA: get_block_num(<handout/fig5>, (1, 1)): returned 0, expected 1",
        ]
    )
    result.stdout.fnmatch_lines(
        ["off_by_one_block: 110/120 marks, graded", "  get_block_num: 0/10"]
    )
    assert "Traceback" not in result.stdout.str()


def test_a_submission_that_does_not_load_fails_every_case_saying_why(
    grade: Grade, cases: Counter[str]
) -> None:
    result = grade(FUNCTIONS / "syntax_error", "-q", "-rf")
    result.assert_outcomes(failed=total(cases))
    result.stdout.fnmatch_lines(
        [
            "note: syntax error at line 97*",  # the terminal summary, then the short one
            "FAILED sudoku::get_block_num::(1,1) - CE: syntax error at line 97*",
        ]
    )


def test_junitxml_carries_the_verdict_and_seconds(grade: Grade, cases: Counter[str]) -> None:
    xml = grade.pytester.path / "junit.xml"
    result = grade(FUNCTIONS / "off_by_one_block", "-k", "get_block_num", f"--junitxml={xml}")
    result.assert_outcomes(failed=cases["get_block_num"])
    testcases = ET.parse(xml).getroot().iter("testcase")
    properties = [
        {p.get("name"): p.get("value") for p in case.iter("property")} for case in testcases
    ]
    assert len(properties) == cases["get_block_num"]
    assert {p["verdict"] for p in properties} == {"WA"}
    assert all(float(p["seconds"] or "-1") >= 0 for p in properties)


def test_collect_only_lists_the_cases_and_grades_nothing(grade: Grade, cases: Counter[str]) -> None:
    grade.pytester.makeconftest(NO_GRADING)
    result = grade(REFERENCE, "--collect-only", "-q")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "sudoku::get_block_num::(1,1)",
            "sudoku::sudoku_solver::*",
            f"{total(cases)} tests collected*",
        ]
    )


NO_GRADING = """
import harness.integrations.pytest_plugin

def refuse(*args, **kwargs):
    raise AssertionError("graded")

harness.integrations.pytest_plugin.grade_all = refuse
"""

ONE_INTERNAL_ERROR = """
import dataclasses
import harness.integrations.pytest_plugin
from harness.records.verdicts import Verdict

real = harness.integrations.pytest_plugin.grade_all

def with_internal_error(plan, submissions, jobs):
    report = real(plan, submissions, jobs)
    sub = report.submissions[0]
    item = sub.items[0]
    case = dataclasses.replace(item.cases[0], verdict=Verdict.IE, detail="lost the child")
    item = dataclasses.replace(item, cases=(case, *item.cases[1:]))
    sub = dataclasses.replace(sub, items=(item, *sub.items[1:]))
    return dataclasses.replace(report, submissions=(sub,))

harness.integrations.pytest_plugin.grade_all = with_internal_error
"""


def test_an_internal_error_is_an_error_not_a_failure(grade: Grade, cases: Counter[str]) -> None:
    grade.pytester.makeconftest(ONE_INTERNAL_ERROR)
    result = grade(REFERENCE, "-q", "-rE")
    result.assert_outcomes(errors=1, passed=total(cases) - 1)
    result.stdout.fnmatch_lines(
        [
            "*_ ERROR at setup of sudoku::get_block_num::(1,1) _*",
            "IE: internal error of the harness, not your fault (run again): lost the child",
            "ERROR sudoku::get_block_num::(1,1) - IE: internal error of the harness*",
        ]
    )


def test_grading_that_raises_errors_every_case(grade: Grade, cases: Counter[str]) -> None:
    grade.pytester.makeconftest(NO_GRADING)
    result = grade(REFERENCE, "-q")
    result.assert_outcomes(errors=total(cases))
    result.stdout.fnmatch_lines(
        ["grading failed: internal error of the harness, not your fault*: AssertionError: graded"]
    )


def test_an_item_left_ungraded_is_skipped_with_the_reason(grade: Grade) -> None:
    submission = REPO / "submissions" / "sudoku-script" / "copy-shares-rows"  # no notebook
    result = grade(submission, "-rs", assignment="sudoku-script")
    assert result.parseoutcomes()["skipped"] == 1
    result.stdout.fnmatch_lines(["SKIPPED *the submission has no notebook*"])


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("assignment", "nope", "unknown assignment 'nope' (config.yaml has: *)"),
        ("submission", "/no/such/path", "/no/such/path: no such file or folder"),
        ("submission", str(FUNCTIONS), "*: a folder of * submissions (*): pass one of them"),
        ("config", "bad.yaml", "*bad.yaml: *"),
    ],
    ids=["unknown-assignment", "missing-path", "several-submissions", "bad-config"],
)
def test_bad_input_is_a_usage_error(
    pytester: pytest.Pytester, option: str, value: str, message: str
) -> None:
    pytester.makefile(".yaml", bad="assignments: [not, a, mapping]\n")
    options = {
        "assignment": "sudoku-functions",
        "submission": str(REFERENCE),
        "config": str(CONFIG),
    }
    options[option] = value
    result = pytester.runpytest_subprocess(*(f"--sudoku-{k}={v}" for k, v in options.items()))
    assert result.ret == USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: sudoku-harness: {message}"])
    assert "Traceback" not in result.stderr.str()


def test_submission_without_assignment_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess(f"--sudoku-submission={REFERENCE}")
    assert result.ret == USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: sudoku-harness: --sudoku-submission needs --sudoku-assignment NAME"]
    )


def test_without_the_option_the_plugin_adds_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_plain():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest_subprocess("-v")  # the installed plugin autoloads
    result.stdout.fnmatch_lines(["plugins:*sudoku-harness*"])
    result.assert_outcomes(passed=1)
    assert "sudoku::" not in result.stdout.str()


# case_result, directly: how a case of the report is found


def _submission(status: str, *items: ItemResult) -> SubmissionResult:
    return SubmissionResult("s", 0.0, 10.0, status, "", items)  # type: ignore[arg-type]


def _case(case_id: str, verdict: Verdict = Verdict.AC) -> CaseResult:
    return CaseResult(case_id, verdict, "", 0.1)


def test_a_case_is_found_by_item_and_id() -> None:
    item = ItemResult("f", 5.0, 5.0, (_case("a"), _case("b", Verdict.WA)))
    assert case_result(_submission("graded", item), "f", "b").verdict is Verdict.WA


def test_a_submission_that_did_not_run_gives_every_case_the_reason() -> None:
    item = ItemResult("f", 0.0, 5.0, (CaseResult("load", Verdict.CE, "syntax error", 0.0),))
    assert case_result(_submission("error", item), "f", "a").detail == "syntax error"


def test_a_case_missing_from_the_report_is_an_internal_error() -> None:
    item = ItemResult("f", 5.0, 5.0, (_case("a"),))
    assert case_result(_submission("graded", item), "f", "zzz").verdict is Verdict.IE
    assert case_result(_submission("graded", item), "g", "a").verdict is Verdict.IE


def test_a_case_of_an_ungraded_item_is_skipped() -> None:
    shown = ("not graded: no notebook",)
    item = ItemResult("f", 0.0, 5.0, (), shown, graded=False, ungraded_reason="no notebook")
    with pytest.raises(pytest.skip.Exception, match="no notebook"):
        case_result(_submission("graded", item), "f", "a")


def test_the_summary_names_items_short_of_their_marks() -> None:
    short = ItemResult("f", 2.5, 5.0, (), ("fix g first",))
    full = ItemResult("g", 5.0, 5.0, ())
    assert summary_lines(_submission("graded", short, full)) == [
        "s: 0/10 marks, graded",
        "  f: 2.5/5",
        "    fix g first",
    ]
