"""`sudoku-harness diff OLD.json NEW.json`: two hand-built reports of one class written to files
and compared through the CLI, the golden report against itself, and files that are not reports."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from harness.errors import ExitCode
from harness.records.identity import Student
from harness.records.results import CriterionResult, Report, write_json
from harness.writers.diff import compare, fit, pairs, verdict_shift
from tests.class_report import (
    AC,
    BO,
    CE,
    TLE,
    WA,
    ZOE,
    ann,
    cases,
    class_report,
    graded,
    item,
    jane,
    raj,
    zoe,
)
from tests.test_cli import invoke
from tests.test_examples import GOLDEN


def regraded() -> Report:
    """The class graded again after a suite fix and an extension:

    - doejane: her extension removed the late penalty (24 -> 30);
    - kumarraj: a case of `check` now passes (5 -> 10), his override stays;
    - leeann: her resubmission loads (an error before, 25 now), a criterion says why 5 are lost;
    - zoe: the same marks in a folder named differently (matched by her LMS id);
    - bo: handed in late, a new row."""
    check = item("check", 10, 10, AC, AC)
    fixed = raj()
    raj_items = (check, *fixed.items[1:])
    criterion = CriterionResult("most-constrained", 0.0, 5.0, "picks the first empty cell")
    solve = replace(item("solve", 15, 20, AC, TLE), criteria=(criterion,))
    loads = graded("leeann", ann().student, item("check", 10, 10, AC, AC), solve)
    renamed = replace(zoe(), name="angstromzoe")
    bo = graded("nguyenbo", BO, item("check", 10, 10, AC, AC), item("solve", 0, 20, WA, WA))
    return replace(
        class_report(),
        submissions=(
            replace(jane(), marks=30.0, adjustments=()),
            replace(fixed, items=raj_items, marks=28.0),
            loads,
            renamed,
            bo,
        ),
        absent=(),
    )


def written(tmp_path: Path, **reports: Report) -> list[str]:
    paths = []
    for name, report in reports.items():
        write_json(report, tmp_path / f"{name}.json")
        paths.append(str(tmp_path / f"{name}.json"))
    return paths


def test_diff_lists_who_changed_by_item_and_why(tmp_path: Path) -> None:
    result = invoke("diff", *written(tmp_path, old=class_report(), new=regraded()))
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "doejane (Jane Doe): 24 -> 30 of 30",
        "  removed late penalty: 30 -> 24 (2 days late: 20% of 30 taken)",
        "kumarraj (Raj Kumar): 23 -> 28 of 30",
        "  check 5 -> 10: 1 case WA -> AC",
        "leeann (Ann Lee): 0 -> 25 of 30",
        "  graded now; it was an error: syntax error at line 3: expected ':'",
        "  check 0 -> 10: 2 new cases (AC 2), 1 case gone (CE 1)",
        "  solve 0 -> 15: 2 new cases (AC 1 TLE 1), 1 case gone (CE 1)",
        "nguyenbo (Bo Nguyen): new row, 10 of 30 (graded)",
        "4 of 5 submission(s) changed",
    ]
    assert result.stderr == ""


def test_a_criterion_whose_message_changed_says_so() -> None:
    old, new = class_report(), regraded()
    before = CriterionResult("most-constrained", 5.0, 5.0, "")
    lost = CriterionResult("most-constrained", 0.0, 5.0, "picks the first empty cell")
    one = replace(item("solve", 20, 20, AC, AC), criteria=(before,))
    other = replace(item("solve", 15, 20, AC, AC), criteria=(lost,))
    old_row = graded("x", Student(), one)
    new_row = graded("x", Student(), other)
    [change] = compare(replace(old, submissions=(old_row,)), replace(new, submissions=(new_row,)))
    assert change.reasons == (
        "solve 20 -> 15",
        "solve, most-constrained 5 -> 0: picks the first empty cell",
    )


def test_rows_are_matched_by_name_then_lms_id_then_email() -> None:
    renamed = replace(zoe(), name="angstromzoe")
    by_email = replace(jane(), name="jane-2", student=Student(email=" JANE@example.edu"))
    old = (zoe(), replace(jane(), student=Student(email="jane@example.edu")), raj())
    matched = pairs(old, (by_email, renamed, raj()))
    assert [(b and b.name, a and a.name) for b, a in matched] == [
        ("doejane", "jane-2"),
        ("zoe", "angstromzoe"),
        ("kumarraj", "kumarraj"),
    ]
    twins = (replace(raj(), name="a", student=ZOE), replace(raj(), name="b", student=ZOE))
    lonely = pairs((zoe(),), twins)  # an id that names two rows matches neither
    assert [(b and b.name, a and a.name) for b, a in lonely] == [
        (None, "a"),
        (None, "b"),
        ("zoe", None),
    ]


def test_a_row_gone_and_an_error_that_appears_are_changes() -> None:
    old = class_report()
    broken = replace(jane(), status="error", note="no .py file", marks=0.0)
    new = replace(old, submissions=(broken,))
    changes = compare(old, new)
    assert [c.head for c in changes] == [
        "doejane (Jane Doe): 24 -> 0 of 30",
        "kumarraj (Raj Kumar): row gone, it had 23 of 30",
        "leeann (Ann Lee): row gone, it had 0 of 30",
        "zoe (Zoë Ångström, Jr.): row gone, it had 30 of 30",
    ]
    assert changes[0].reasons == ("an error now: no .py file",)


def test_a_verdict_that_moved_without_moving_marks_is_no_change() -> None:
    old = replace(class_report(), submissions=(raj(),))
    moved = replace(raj(), items=(item("check", 5, 10, AC, TLE), raj().items[1]))
    assert compare(old, replace(old, submissions=(moved,))) == ()
    noisy = replace(raj(), marks=23.000000001)
    assert compare(old, replace(old, submissions=(noisy,))) == ()


def test_verdict_shifts_are_counted_by_case_id() -> None:
    before = cases("s", WA, WA, WA, TLE, AC)
    after = (*cases("s", AC, AC, AC, AC), *cases("t", AC))
    assert (
        verdict_shift(before, after)
        == "3 cases WA -> AC, 1 case TLE -> AC, 1 new case (AC 1), 1 case gone (AC 1)"
    )
    assert verdict_shift(before, before) == ""
    assert verdict_shift(cases("load", CE), ()) == "1 case gone (CE 1)"


def test_every_line_fits_80_columns_and_one_line(tmp_path: Path) -> None:
    long = "x" * 120
    wide = "名前" * 50
    hostile = replace(raj(), name=long + "\x1b]0;pwned\x07", note="")
    other = replace(hostile, marks=0.0, status="error", note=wide + "\nsecond line")
    result = invoke(
        "diff",
        *written(
            tmp_path,
            old=replace(class_report(), submissions=(hostile,)),
            new=replace(class_report(), submissions=(other,)),
        ),
    )
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines)
    assert lines[0] == "x" * 79 + "…"
    assert lines[1] == fit(f"  an error now: {wide} second line")
    assert lines[1].endswith("名…") and len(lines[1]) == 16 + 31 + 1  # 16 + 2 * 31 + 1 columns
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert fit(wide, 80) == "名前" * 19 + "名…"  # wide characters count two columns
    assert fit("short") == "short"


def test_a_golden_report_against_itself_has_no_changes() -> None:
    golden = str(GOLDEN / "sudoku-functions.json")
    result = invoke("diff", golden, golden)
    assert result.exit_code == ExitCode.OK, result.output
    assert result.stdout == "no changes: 10 submission(s), the same marks\n"


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (None, "cannot read it: No such file or directory"),
        ("{", "not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        ("[1, 2]", "not a sudoku-harness report: a JSON array"),
        ('{"assignment": "demo"}', "not a sudoku-harness report: no 'submissions' key"),
        (b"\xff\xfe", "not a JSON report: not UTF-8 text"),
    ],
)
def test_a_file_that_is_not_a_report_is_one_line_naming_it(
    tmp_path: Path, content: str | bytes | None, why: str
) -> None:
    bad = tmp_path / "bad.json"
    if isinstance(content, bytes):
        bad.write_bytes(content)
    elif content is not None:
        bad.write_text(content)
    [good] = written(tmp_path, good=class_report())
    for args in ([str(bad), good], [good, str(bad)]):
        result = invoke("diff", *args)
        assert result.exit_code == ExitCode.BAD_INPUT
        assert result.stderr == f"error: {bad}: {why}\n"
        assert result.stdout == ""
