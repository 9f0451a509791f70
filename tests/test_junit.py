"""JUnit XML: the bundled examples graded for real against golden files (timings zeroed), the
structure and counts checked by hand, and hand-built reports for the edges (illegal XML
characters, internal errors, ungraded items, error rows without cases, an empty report)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from harness.records.results import CaseResult, ItemResult, Report, Status, SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers.junit import to_xml, write_junit
from tests.test_examples import compare_golden
from tests.test_gradebook import ASSIGNMENTS, GRADED, golden_report, graded

COUNTS = ("tests", "failures", "errors", "skipped")


def parse(report: Report) -> ET.Element:
    root = ET.fromstring(to_xml(report).encode("utf-8"))
    check_structure(root)
    return root


def check_structure(root: ET.Element) -> None:
    """What the JUnit schema CI systems read asks for, and that every count adds up."""
    assert root.tag == "testsuites" and root.get("name")
    suites = list(root)
    assert all(s.tag == "testsuite" for s in suites)
    for suite in suites:
        check_suite(suite)
    for key in COUNTS:
        assert int(root.get(key, "")) == sum(int(s.get(key, "")) for s in suites), key
    assert float(root.get("time", "")) == pytest.approx(
        sum(float(s.get("time", "")) for s in suites), abs=0.001 * (len(suites) + 1)
    )


def check_suite(suite: ET.Element) -> None:
    assert suite.get("name") is not None
    children = list(suite)
    assert children[0].tag == "properties"
    cases = children[1:]
    assert all(c.tag == "testcase" and c.get("classname") and c.get("name") for c in cases)
    outcomes = Counter(outcome(case) for case in cases)
    counts = {"tests": len(cases), "failures": outcomes["failure"], "errors": outcomes["error"]}
    counts["skipped"] = outcomes["skipped"]
    assert {key: int(suite.get(key, "")) for key in COUNTS} == counts
    assert float(suite.get("time", "")) >= 0


def outcome(case: ET.Element) -> str:
    """'passed', or the one child that says otherwise."""
    children = list(case)
    assert len(children) <= 1 and float(case.get("time", "")) >= 0
    if not children:
        return "passed"
    child = children[0]
    assert child.tag in ("failure", "error", "skipped") and child.get("message")
    if child.tag != "skipped":
        assert child.get("type") and child.get("message", "").startswith(child.get("type", ""))
    return child.tag


def case(case_id: str, verdict: Verdict, detail: str = "", seconds: float = 0.0) -> CaseResult:
    return CaseResult(case_id, verdict, detail, seconds)


def one(*items: ItemResult, name: str = "ann", status: Status = "graded", note: str = "") -> Report:
    return Report("demo", 10.0, (SubmissionResult(name, 0.0, 10.0, status, note, items),))


@pytest.mark.parametrize("assignment", GRADED)
def test_the_graded_examples_match_the_golden_junit(
    assignment: str, request: pytest.FixtureRequest
) -> None:
    text = to_xml(graded(assignment))
    check_structure(ET.fromstring(text.encode("utf-8")))
    compare_golden(f"{assignment}.junit.xml", text, request)


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_golden_json_reports_give_the_golden_junit(
    assignment: str, request: pytest.FixtureRequest
) -> None:
    compare_golden(f"{assignment}.junit.xml", to_xml(golden_report(assignment)), request)


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_case_is_a_testcase_with_its_verdict(assignment: str) -> None:
    report = golden_report(assignment)
    root = parse(report)
    verdicts = Counter(c.verdict for s in report.submissions for i in s.items for c in i.cases)
    assert int(root.get("tests", "")) == sum(verdicts.values()) + _ungraded_without_cases(report)
    assert int(root.get("errors", "")) == verdicts[Verdict.IE]
    failed = sum(n for v, n in verdicts.items() if v not in (Verdict.AC, Verdict.IE))
    assert int(root.get("failures", "")) == failed
    types = Counter(f.get("type") for f in root.iter("failure"))
    assert types == Counter(
        {v.value: n for v, n in verdicts.items() if v not in (Verdict.AC, Verdict.IE)}
    )


def _ungraded_without_cases(report: Report) -> int:
    return sum(not i.graded and not i.cases for s in report.submissions for i in s.items)


def test_the_sudoku_functions_examples_in_numbers() -> None:
    root = parse(golden_report("sudoku-functions"))
    # as the score table's summary says: AC 4070 CE 24 RE 38 TLE 3 WA 107 not run 158
    assert [root.get(key) for key in COUNTS] == ["4400", "330", "0", "0"]
    suites = {s.get("name"): s for s in root}
    broken = suites["syntax_error"]
    assert broken.get("tests") == broken.get("failures") == "12"
    first = broken.find("testcase")
    assert first is not None
    assert first.get("classname") == "syntax_error.get_block_num" and first.get("name") == "load"
    failure = first.find("failure")
    assert failure is not None
    assert failure.get("message") == "CE: syntax error at line 97: expected ':'"
    properties = {p.get("name"): p.get("value") for p in broken.iter("property")}
    assert properties == {
        "marks": "0",
        "max_marks": "120",
        "status": "error",
        "note": "syntax error at line 97: expected ':'",
    }


def test_ungraded_items_are_skipped_with_the_reason() -> None:
    root = parse(golden_report("sudoku-script"))
    suite = next(s for s in root if s.get("name") == "prints-in-load")
    [skipped] = [c for c in suite.iter("testcase") if c.find("skipped") is not None]
    assert (skipped.get("classname"), skipped.get("name")) == (
        "prints-in-load.notebook",
        "not graded",
    )
    reason = skipped.find("skipped")
    assert reason is not None
    assert reason.get("message") == "the submission has no notebook (Project_02_*.ipynb)"


def test_ungraded_items_cases_are_each_skipped() -> None:
    cases = (case("p1", Verdict.RE, "cannot run"), case("p2", Verdict.AC))
    shown = ("not graded: no kernel",)
    item = ItemResult("nb", 0.0, 5.0, cases, shown, graded=False, ungraded_reason="no kernel")
    root = parse(one(item))
    assert [c.get("name") for c in root.iter("testcase")] == ["p1", "p2"]
    assert [s.get("message") for s in root.iter("skipped")] == ["no kernel", "no kernel"]
    assert root.get("skipped") == "2" and root.get("failures") == "0"


def test_failures_errors_and_their_messages() -> None:
    long = "x" * 500
    cases = (
        case("ok", Verdict.AC, seconds=0.25),
        case("wa", Verdict.WA, "get_row(g, 1): expected [1], got [2]", seconds=0.5),
        case("tle", Verdict.TLE),
        case("ce", Verdict.CE, "compile error:\nmain.cpp:3: error: x\n   3 | int x"),
        case("long", Verdict.RE, long),
        case("ie", Verdict.IE, "the worker died"),
    )
    root = parse(one(ItemResult("f", 1.0, 10.0, cases)))
    by_name = {c.get("name"): c for c in root.iter("testcase")}
    assert list(by_name["ok"]) == []
    wa = by_name["wa"].find("failure")
    assert wa is not None and wa.get("type") == "WA"
    assert wa.get("message") == "WA: get_row(g, 1): expected [1], got [2]"
    assert wa.text == "get_row(g, 1): expected [1], got [2]"
    tle = by_name["tle"].find("failure")
    assert tle is not None and (tle.get("message"), tle.text) == ("TLE", None)
    ce = by_name["ce"].find("failure")
    assert ce is not None
    assert ce.get("message") == "CE: compile error: main.cpp:3: error: x 3 | int x"
    assert ce.text == "compile error:\nmain.cpp:3: error: x\n   3 | int x"
    message = by_name["long"].find("failure")
    assert message is not None and len(message.get("message", "")) == len("RE: ") + 200
    assert message.text == long
    error = by_name["ie"].find("error")
    assert error is not None and error.get("message") == "IE: the worker died"
    assert [root.get(key) for key in COUNTS] == ["6", "4", "1", "0"]
    assert by_name["wa"].get("classname") == "ann.f" and by_name["wa"].get("time") == "0.500"
    assert root.get("time") == "0.750" and root[0].get("time") == "0.750"


def test_characters_xml_forbids_are_replaced_and_the_rest_escaped() -> None:
    detail = "got '\x00\x1b[31mred\x1b[0m' & <b>\"quoted\"</b> \ud800 \uffff ]]> ok \U0001f600"
    name = "stu\x01dent <&>"
    root = parse(one(ItemResult("f", 0.0, 1.0, (case("c\x02", Verdict.WA, detail),)), name=name))
    suite = root[0]
    assert suite.get("name") == "stu\ufffddent <&>"
    [testcase] = suite.iter("testcase")
    assert testcase.get("classname") == "stu\ufffddent <&>.f" and testcase.get("name") == "c\ufffd"
    failure = testcase.find("failure")
    assert failure is not None
    expected = (
        "got '\ufffd\ufffd[31mred\ufffd[0m' & <b>\"quoted\"</b> \ufffd \ufffd ]]> ok \U0001f600"
    )
    assert failure.text == expected
    assert failure.get("message") == f"WA: {expected}"


def test_an_error_without_cases_is_one_failing_testcase() -> None:
    root = parse(one(status="error", note="no .py file in the folder"))
    [testcase] = root.iter("testcase")
    assert (testcase.get("classname"), testcase.get("name")) == ("ann", "grading")
    failure = testcase.find("failure")
    assert failure is not None
    assert (failure.get("type"), failure.get("message")) == (
        "error",
        "error: no .py file in the folder",
    )
    assert root.get("failures") == "1"


def test_a_graded_submission_without_cases_is_an_empty_suite() -> None:
    root = parse(one())
    assert [root.get(key) for key in COUNTS] == ["0", "0", "0", "0"]
    assert len(root[0]) == 1  # its properties


def test_an_empty_report_is_an_empty_testsuites() -> None:
    root = parse(Report("demo", 0.0, ()))
    assert list(root) == [] and root.get("name") == "demo"
    assert [root.get(key) for key in COUNTS] == ["0", "0", "0", "0"] and root.get("time") == "0.000"


def test_written_atomically_as_utf8(tmp_path: Path) -> None:
    report = one(ItemResult("f", 0.0, 1.0, (case("c", Verdict.WA, "zoë ≠ 名前"),)))
    path = tmp_path / "out" / "junit.xml"
    write_junit(report, path)
    data = path.read_bytes()
    assert data == to_xml(report).encode("utf-8")
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')
    assert ET.fromstring(data).find(".//failure") is not None
    assert [p.name for p in path.parent.iterdir()] == ["junit.xml"]
