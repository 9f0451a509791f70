"""The Canvas and Moodle gradebook files, checked field by field against the formats those LMSs
document and read back (harness/writers/canvas.py and moodle.py cite the code that reads them):
a hand-built class report against golden files, then each rule on its own."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from harness.errors import BadInput, ExitCode
from harness.records.identity import Student
from harness.records.results import CaseResult, ItemResult, Report, SubmissionResult
from harness.records.verdicts import Verdict
from harness.writers import canvas, moodle
from harness.writers.outputs import Outputs, notes
from tests.class_report import ANN, BO, CANVAS_COLUMN, JANE, WRITTEN, class_report, jane
from tests.test_cli import CONFIG, REFERENCE, invoke
from tests.test_examples import compare_golden

# Canvas's own export and what its importer reads (lib/gradebook_exporter.rb,
# app/models/gradebook_importer.rb); Moodle's worksheet (mod/assign/gradingtable.php).
CANVAS_HEADER = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
MOODLE_HEADER = [
    "Identifier",
    "Full name",
    "Email address",
    "Status",
    "Grade",
    "Maximum Grade",
    "Grade can be changed",
    "Last modified (submission)",
    "Last modified (grade)",
    "Feedback comments",
]


def canvas_rows(report: Report, column: str = CANVAS_COLUMN) -> list[list[str]]:
    return list(csv.reader(io.StringIO(canvas.to_csv(report, column), newline="")))


def moodle_rows(report: Report) -> list[dict[str, str]]:
    text = moodle.to_csv(report, WRITTEN)
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_the_canvas_file_matches_its_golden(request: pytest.FixtureRequest) -> None:
    text = canvas.to_csv(class_report(), CANVAS_COLUMN)
    compare_golden("canvas.csv", text.replace("\r\n", "\n"), request)


def test_the_moodle_file_matches_its_golden(request: pytest.FixtureRequest) -> None:
    text = moodle.to_csv(class_report(), WRITTEN)
    compare_golden("moodle.csv", text.replace("\r\n", "\n"), request)


def test_canvas_reads_its_header_a_points_row_and_a_row_per_student() -> None:
    report = class_report()
    header, points, *students = canvas_rows(report)
    assert header == [*CANVAS_HEADER, CANVAS_COLUMN]
    assert points[0].strip() == "Points Possible" and points[1:] == ["", "", "", "", "30"]
    graded = report.submissions
    assert len(students) == len(graded)  # the absent student is not there
    for row, result in zip(students, graded, strict=True):
        who = result.student
        assert row[:5] == [who.name, who.lms_id, who.sis_id, who.login, who.section]
        assert float(row[5]) == result.marks  # the final mark, adjustments included
    assert [row[5] for row in students] == ["24", "23", "0", "30"]


def test_the_moodle_worksheet_has_moodles_header_and_a_participant_per_row() -> None:
    report = class_report()
    text = moodle.to_csv(report, WRITTEN)
    assert next(csv.reader(io.StringIO(text))) == MOODLE_HEADER
    rows = moodle_rows(report)
    assert len(rows) == len(report.submissions)  # the absent student is not there
    for row, result in zip(rows, report.submissions, strict=True):
        assert row["Identifier"] == f"Participant {result.student.lms_id}"
        assert (row["Full name"], row["Email address"]) == (
            result.student.name,
            result.student.email,
        )
        assert float(row["Grade"]) == result.marks
        assert row["Maximum Grade"] == "30"
        assert datetime.fromisoformat(row["Last modified (grade)"]) == WRITTEN
        assert row["Feedback comments"].startswith(f"Marks: {row['Grade']} of 30<br>")
    assert rows[0]["Last modified (submission)"] == jane().handed.at


def test_the_files_are_utf8_without_a_mark_with_crlf_line_ends(tmp_path: Path) -> None:
    report = class_report()
    canvas.write_csv(report, CANVAS_COLUMN, tmp_path / "canvas.csv")
    moodle.write_csv(report, WRITTEN, tmp_path / "moodle.csv")
    for name, lines in (("canvas.csv", 6), ("moodle.csv", 5)):
        data = (tmp_path / name).read_bytes()
        assert not data.startswith(b"\xef\xbb\xbf")
        assert data.count(b"\r\n") == lines and data.count(b"\n") == lines, name
        assert "Zoë Ångström, Jr." in data.decode("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["canvas.csv", "moodle.csv"]


def test_moodle_feedback_is_escaped_html_with_the_adjustments_said() -> None:
    [jane_row, raj_row, ann_row, _] = moodle_rows(class_report())
    assert jane_row["Feedback comments"].split("<br>") == [
        "Marks: 24 of 30",
        "check: 10/10",
        "solve: 20/20",
        "Computed marks: 30",
        "Late penalty: 30 -&gt; 24 (2 days late: 20% of 30 taken)",
    ]
    assert raj_row["Feedback comments"].endswith(
        "Override on solve: 10 -&gt; 18 (re-marked by hand: &lt;timing noise&gt; &amp; more)"
    )
    assert "Note: syntax error at line 3: expected &#x27;:&#x27;" in ann_row["Feedback comments"]


def test_student_text_cannot_break_out_of_moodle_feedback() -> None:
    note = "<script>alert(1)</script>\x1b[2J\r\nline two\u202e"
    row = replace(class_report().submissions[2], note=note)
    [parsed] = moodle_rows(Report("demo", 30.0, (row,)))
    comments = parsed["Feedback comments"]
    assert "<script" not in comments and "&lt;script&gt;" in comments
    assert not any(ch in comments for ch in "\x1b\r\n\u202e")


@pytest.mark.parametrize(
    "name", ['=HYPERLINK("http://evil.example","x")', "+1", "-2+3", "@SUM(A1)"]
)
def test_a_name_a_spreadsheet_would_run_is_neutralised_in_both(name: str) -> None:
    result = replace(jane(), student=replace(JANE, name=name))
    report = Report("demo", 30.0, (result,))
    assert canvas_rows(report)[2][0] == "'" + name
    assert moodle_rows(report)[0]["Full name"] == "'" + name


def test_an_id_that_is_not_all_digits_is_never_sent_as_an_lms_id() -> None:
    """Canvas reads ID with Ruby's to_i and Moodle the participant number as an integer: an id
    such as '2021CS10549' from another LMS would name user 2021."""
    odd = replace(jane(), student=replace(JANE, lms_id="2021CS10549"))
    report = Report("demo", 30.0, (odd,))
    row = canvas_rows(report)[2]
    assert row[:4] == ["Jane Doe", "", "S1001", "jdoe"]  # matched by SIS id and login instead
    assert moodle_rows(report) == []
    assert moodle.without_participant(report) == ("doejane",)


def test_rows_the_harness_failed_on_are_left_out_never_zeroed() -> None:
    failed = (CaseResult("c1", Verdict.IE, "internal error: worker died", 0.0),)
    broken = SubmissionResult(
        "broken", 0.0, 30.0, "error", "internal error", (ItemResult("check", 0, 30, failed),)
    )
    report = replace(class_report(), submissions=(jane(), replace(broken, student=ANN)))
    assert [row[0] for row in canvas_rows(report)[2:]] == ["Jane Doe"]
    assert [row["Full name"] for row in moodle_rows(report)] == ["Jane Doe"]
    lines = notes(report, Outputs(canvas_csv=Path("c.csv"), moodle_csv=Path("m.csv")))
    assert "--canvas-csv: 1 submission(s) left out, the harness failed on them" in lines[0]
    assert lines[0].endswith(": broken")


def test_notes_name_who_is_left_out_or_matched_by_name() -> None:
    plain = replace(jane(), name="folder-only", student=Student())
    report = replace(class_report(), submissions=(jane(), plain))
    lines = notes(report, Outputs(canvas_csv=Path("c.csv"), moodle_csv=Path("m.csv")))
    assert lines == [
        "--canvas-csv: 1 submission(s) with no Canvas id, SIS id or login: Canvas matches them "
        "by name: folder-only",
        "--moodle-csv: 1 submission(s) left out, with no Moodle participant id: folder-only",
        "--canvas-csv: 1 student(s) with no submission left out (the LMS keeps their grades): "
        "Bo Nguyen",
        "--moodle-csv: 1 student(s) with no submission left out (the LMS keeps their grades): "
        "Bo Nguyen",
    ]
    assert canvas_rows(report)[3][:2] == ["folder-only", ""]
    assert notes(report, Outputs(csv=Path("g.csv"))) == []
    assert BO in report.absent


@pytest.mark.parametrize(
    ("column", "why"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("ID", "student column"),
        ("Section", "student column"),
        ("A2 Final Grade", "'Final Grade'"),
        ("Current Score (12)", "'Current Score'"),
    ],
)
def test_a_column_canvas_would_misread_is_refused(column: str, why: str) -> None:
    with pytest.raises(BadInput, match=why):
        canvas.check_column(column)


def test_the_column_defaults_to_the_title_and_is_checked_before_grading() -> None:
    title = "IIT Delhi COL100 Assignment 8: Sudoku functions (positions from 1)"
    asked = Outputs(canvas_csv=Path("c.csv"))
    assert asked.for_assignment(title).canvas_column == title
    given = replace(asked, canvas_column=CANVAS_COLUMN)
    assert given.for_assignment(title).canvas_column == CANVAS_COLUMN
    with pytest.raises(BadInput, match="--canvas-column: Canvas ignores"):
        replace(asked, canvas_column="Final Grade").for_assignment(title)
    with pytest.raises(BadInput, match="--canvas-column: it names --canvas-csv's column"):
        Outputs(canvas_column=CANVAS_COLUMN).for_assignment(title)
    assert Outputs().for_assignment(title) == Outputs()


def test_grade_writes_both_files_and_says_who_they_leave_out(tmp_path: Path) -> None:
    """One real grading through the CLI: a plain folder has no LMS identity, so Canvas gets the
    folder's name to match and Moodle nothing it could match, and stderr says so."""
    paths = {"--canvas-csv": tmp_path / "canvas.csv", "--moodle-csv": tmp_path / "moodle.csv"}
    options = [str(arg) for pair in paths.items() for arg in pair]
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "-j", "1", *options)
    assert result.exit_code == ExitCode.OK, result.output
    title = "IIT Delhi COL100 Assignment 8: Sudoku functions (positions from 1)"
    rows = list(csv.reader(paths["--canvas-csv"].open(encoding="utf-8", newline="")))
    assert rows == [
        [*CANVAS_HEADER, title],
        ["    Points Possible", "", "", "", "", "120"],
        ["sudoku-functions", "", "", "", "", "120"],
    ]
    assert next(csv.reader(paths["--moodle-csv"].open(encoding="utf-8"))) == MOODLE_HEADER
    assert len(paths["--moodle-csv"].read_text().splitlines()) == 1
    assert "--canvas-csv: 1 submission(s) with no Canvas id" in result.stderr
    assert "--moodle-csv: 1 submission(s) left out, with no Moodle participant id" in result.stderr


def test_a_column_canvas_would_misread_is_refused_before_grading(tmp_path: Path) -> None:
    target = tmp_path / "canvas.csv"
    args = ["--canvas-csv", str(target), "--canvas-column", "A2 Final Grade"]
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, *args)
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.stderr.startswith("error: --canvas-column: Canvas ignores a column")
    assert "isolation:" not in result.stderr and not target.exists()  # nothing was graded
