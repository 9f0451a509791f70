"""Reports are lossless: whatever grading can produce reads back from its JSON as the same record,
and every writer renders the read-back report exactly as it renders the original."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from harness.records.adjustments import Adjustment
from harness.records.evidence import Evidence, Grids
from harness.records.identity import Handed, Student
from harness.records.outcomes import SourceLine
from harness.records.probes import Check
from harness.records.results import (
    CaseResult,
    CriterionResult,
    Flag,
    ItemResult,
    Report,
    Similar,
    SubmissionResult,
    from_json,
    to_json,
)
from harness.records.similarity import FLAG_RULES
from harness.records.verdicts import Verdict
from harness.writers import gradebook, junit, table
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden"
ASSIGNMENTS = ("sudoku-functions", "board-solver", "stdin-program", "sudoku-script")

texts = st.text(max_size=30)
marks = st.floats(min_value=0, max_value=500, allow_nan=False).map(lambda x: round(x, 2))
seconds = st.floats(min_value=0, max_value=100, allow_nan=False, allow_infinity=False)
rows = st.lists(st.integers(0, 4), min_size=4, max_size=4).map(tuple)
grids = st.lists(rows, min_size=4, max_size=4).map(tuple)


@st.composite
def evidences(draw: st.DrawFn) -> Evidence | None:
    found = (
        Grids.from_values(draw(grids), draw(grids), draw(grids)) if draw(st.booleans()) else None
    )
    return Evidence.from_parts(found, draw(st.text(max_size=60)))


checks = st.builds(Check, texts, st.booleans(), texts)
cases = st.builds(
    CaseResult,
    texts,
    st.sampled_from(Verdict),
    texts,
    seconds,
    st.lists(texts.filter(bool), max_size=3).map(lambda r: tuple(dict.fromkeys(r))),
    st.booleans(),
    st.lists(checks, max_size=3).map(tuple),
    st.booleans(),
    evidences(),
    not_run=st.booleans(),
)
criteria = st.builds(CriterionResult, texts, marks, marks, texts, texts)


@st.composite
def items(draw: st.DrawFn) -> ItemResult:
    graded = draw(st.booleans())
    return ItemResult(
        draw(texts),
        draw(marks),
        draw(marks),
        tuple(draw(st.lists(cases, max_size=3))),
        tuple(draw(st.lists(texts, max_size=3))),
        tuple(draw(st.lists(criteria, max_size=2))),
        graded,
        "" if graded else draw(texts),
    )


flags = st.builds(
    Flag,
    st.sampled_from(["import", "print", "dict"]),
    st.none() | texts,
    st.none() | st.integers(1, 10_000),
    texts,
)
students = st.builds(Student, texts, texts, texts, texts, texts, texts)
handed = st.builds(Handed, texts, st.booleans(), texts)
adjustments = st.builds(
    Adjustment, st.sampled_from(["late", "override"]), st.none() | texts, marks, marks, texts
)
source_lines = st.builds(SourceLine, st.integers(1, 10_000), texts, st.integers(0, 300), texts)
shares = st.floats(min_value=0, max_value=1, allow_nan=False)
similars = st.builds(Similar, texts, shares, shares, st.sampled_from(FLAG_RULES))
submissions = st.builds(
    SubmissionResult,
    texts,
    marks,
    marks,
    st.sampled_from(["graded", "error"]),
    texts,
    st.lists(items(), max_size=3).map(tuple),
    st.lists(flags, max_size=2).map(tuple),
    st.booleans(),
    st.booleans(),
    students,
    handed,
    st.lists(adjustments, max_size=2).map(tuple),
    st.none() | source_lines,
    st.lists(similars, max_size=2).map(tuple),
)
reports = st.builds(
    Report,
    texts,
    marks,
    st.lists(submissions, max_size=3).map(tuple),
    texts,
    st.lists(students, max_size=2).map(tuple),
)


@settings(max_examples=150, deadline=None)
@given(reports)
def test_every_report_reads_back_from_its_json_text(report: Report) -> None:
    text = json.dumps(report.to_json())
    assert Report.from_json(json.loads(text)) == report


def _golden_report(assignment: str) -> Report:
    return from_json(json.loads((GOLDEN / f"{assignment}.json").read_text()))


def test_the_writers_render_a_read_back_report_byte_for_byte() -> None:
    """What --resume writes from the journal is what the run would have written: every writer
    renders the report read back from JSON exactly as the report itself."""
    for assignment in ASSIGNMENTS:
        report = _golden_report(assignment)
        again = from_json(json.loads(json.dumps(to_json(report))))
        assert again == report
        assert table.render(again) == table.render(report)
        assert junit.to_xml(again) == junit.to_xml(report)
        assert gradebook.to_csv(again) == gradebook.to_csv(report)


def test_the_golden_reports_carry_the_facts_as_fields() -> None:
    """The facts once recovered from text are fields: an ungraded item's reason, hidden cases,
    accepted readings and rubric checks."""
    found = {
        "ungraded_reason": False,
        "hidden": False,
        "accepted": False,
        "checks": False,
    }
    for assignment in ASSIGNMENTS:
        for submission in _golden_report(assignment).submissions:
            for item in submission.items:
                found["ungraded_reason"] |= bool(not item.graded and item.ungraded_reason)
                for case in item.cases:
                    found["hidden"] |= case.hidden
                    found["accepted"] |= bool(case.accepted)
                    found["checks"] |= bool(case.checks)
    assert all(found.values()), found


def test_an_absent_optional_key_is_its_default(tmp_path: Path) -> None:
    data = {
        "assignment": "a",
        "max_marks": 10,
        "submissions": [
            {
                "name": "s",
                "marks": 1,
                "max_marks": 10,
                "status": "graded",
                "note": "",
                "items": [
                    {
                        "name": "i",
                        "marks": 1,
                        "max_marks": 10,
                        "graded": True,
                        "feedback": [],
                        "criteria": [],
                        "cases": [{"id": "c", "verdict": "WA", "detail": "d", "seconds": 0.5}],
                    }
                ],
                "flags": [],
            }
        ],
    }
    [submission] = from_json(data).submissions
    [case] = submission.items[0].cases
    assert (case.accepted, case.hidden, case.checks, case.wall_only) == ((), False, (), False)
    assert not submission.graded_again and submission.items[0].ungraded_reason == ""
    assert not submission.budget_spent and submission.similar == ()
    assert to_json(from_json(data)) == data
