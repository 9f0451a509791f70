"""Pages a teacher can mail (issue 23, item 8): failures grouped and summarised, a file that did
not load shown once with its line, the handout's wording of every rubric row, no hidden case
named anywhere, and the student-only export (`--report-for-students DIR`).

Built from hand-made reports and from the golden JSON reports (read back, never graded here);
one test grades, through the CLI, the one submission it needs."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from harness.records.adjustments import Adjustment
from harness.records.evidence import Evidence, Grids
from harness.records.identity import Student
from harness.records.outcomes import SourceLine
from harness.records.results import (
    LOAD_CASE,
    CaseResult,
    CriterionResult,
    ItemResult,
    Report,
    SubmissionResult,
    from_json,
)
from harness.records.verdicts import Verdict
from harness.writers.pages import write_pages, write_student_pages
from tests.conftest import REPO

GOLDEN = Path(__file__).resolve().parent / "golden"
ASSIGNMENTS = ("sudoku-functions", "board-solver", "stdin-program", "sudoku-script")


def golden(assignment: str) -> Report:
    return from_json(json.loads((GOLDEN / f"{assignment}.json").read_text()))


def page(folder: Path, stem: str, ext: str = "md") -> str:
    """The page's text; Markdown without the escapes of `_` (as in `get\\_block\\_num`)."""
    text = (folder / f"{stem}.{ext}").read_text()
    return text.replace("\\_", "_") if ext == "md" else text


def both(folder: Path, stem: str) -> tuple[str, str]:
    return page(folder, stem, "html"), page(folder, stem, "md")


def only(report: Report, name: str) -> Report:
    return Report(
        report.assignment, report.max_marks, tuple(s for s in report.submissions if s.name == name)
    )


def grids(wrong: int) -> Grids:
    solved = tuple(tuple((3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)) for r in range(9))
    received = tuple(
        tuple(0 if (r, c) == (wrong % 9, 0) else v for c, v in enumerate(row))
        for r, row in enumerate(solved)
    )
    return Grids(solved, solved, received)


def submission(name: str, items: Sequence[ItemResult], **fields: object) -> SubmissionResult:
    marks = sum(i.marks for i in items)
    most = sum(i.max_marks for i in items)
    return SubmissionResult(name, marks, most, "graded", "", tuple(items), **fields)  # type: ignore[arg-type]


# failures grouped --------------------------------------------------------------------------------


def test_cases_of_one_item_and_verdict_are_counted_and_the_first_three_shown(
    tmp_path: Path,
) -> None:
    wrong = tuple(
        CaseResult(
            f"cell-{i}", Verdict.WA, f"returned {i}, expected 0", 0.0, evidence=Evidence(grids(i))
        )
        for i in range(81)
    )
    crashed = CaseResult("cell-81", Verdict.RE, "raised IndexError", 0.0)
    item = ItemResult("get_block_num", 0.0, 10.0, (*wrong, crashed))
    write_pages(Report("a", 10.0, (submission("s", [item]),)), tmp_path)
    html, markdown = both(tmp_path, "s")
    for text in (html, markdown):
        assert "get_block_num: 81 of 82 cases wrong (WA); first 3 shown" in text
        assert "get_block_num / cell-81: RE" in text  # a lone failure stays as it was
    assert html.count('<table class="sudoku') == 3 * 3  # three cases, three grids each
    assert "returned 2, expected 0" in markdown and "returned 3, expected 0" not in markdown
    assert "78 more wrong (WA) cases not shown: cell-3, cell-4" in markdown
    assert len(markdown.splitlines()) < 150


def test_cases_not_run_after_time_outs_are_one_line(tmp_path: Path) -> None:
    timed_out = tuple(
        CaseResult(f"c{i}", Verdict.TLE, f"f({i}): used more than the 1 s time limit", 1.0)
        for i in range(3)
    )
    skipped = tuple(
        CaseResult(
            f"c{i}", Verdict.TLE, f"f({i}): not run: 3 calls in a row timed out", 0.0, not_run=True
        )
        for i in range(3, 163)
    )
    item = ItemResult("get_candidates", 0.0, 15.0, (*timed_out, *skipped))
    write_pages(Report("a", 15.0, (submission("loops", [item]),)), tmp_path)
    markdown = page(tmp_path, "loops")
    assert markdown.count("160 cases not run: 3 calls in a row timed out") == 1
    assert markdown.count("not run: 3 calls") == 1 and "c162" not in markdown
    assert "get_candidates: 163 of 163 cases over the time limit (TLE)" in markdown
    assert len(markdown.splitlines()) < 60


def test_the_infinite_loop_page_is_short(tmp_path: Path) -> None:
    """Was: 1,007 lines of Markdown, one block per case not run (the golden's infinite_loop)."""
    write_pages(only(golden("sudoku-functions"), "infinite_loop"), tmp_path)
    markdown = page(tmp_path, "infinite_loop")
    assert "158 cases not run: 3 calls in a row timed out" in markdown
    assert markdown.count("not run") == 1
    assert len(markdown.splitlines()) < 120, len(markdown.splitlines())


# a file that did not load ------------------------------------------------------------------------


def test_the_golden_syntax_error_is_shown_once_with_its_line(tmp_path: Path) -> None:
    report = only(golden("sudoku-functions"), "syntax_error")
    [broken] = report.submissions
    assert broken.source_line is not None and broken.source_line.number == 97
    write_pages(report, tmp_path)
    html, markdown = both(tmp_path, "syntax_error")
    assert html.count("expected &#x27;:&#x27;") == 1 and markdown.count("expected ':'") == 1
    for text in (html, markdown):
        assert broken.source_line.text.strip()[:20] in text
        assert "Failed cases" not in text and "/ load: CE" not in text
    assert markdown.count("not graded: the file did not load (see above)") == 12
    assert "   97 | " in markdown and re.search(r"^ +\| +\^$", markdown, re.M)


def test_a_load_failure_in_a_sibling_file_names_the_file(tmp_path: Path) -> None:
    load = (CaseResult(LOAD_CASE, Verdict.CE, "syntax error at line 3: invalid syntax", 0.0),)
    items = (ItemResult("f", 0.0, 5.0, load), ItemResult("g", 0.0, 5.0, load))
    line = SourceLine(3, "\tdef f(:", 8, "helpers.py")
    result = SubmissionResult(
        "s", 0.0, 10.0, "error", "syntax error at line 3: invalid syntax", items, source_line=line
    )
    write_pages(Report("a", 10.0, (result,)), tmp_path)
    markdown = page(tmp_path, "s")
    assert markdown.count("invalid syntax") == 1
    assert "line 3 of helpers.py" in markdown
    assert "    3 |         def f(:\n      |               ^" in markdown  # under the colon


def test_a_compile_error_is_shown_once_in_full(tmp_path: Path) -> None:
    output = "main.cpp: In function 'int main()':\nmain.cpp:7:5: error: expected ';'\n    7 | x\n"
    load = (CaseResult(LOAD_CASE, Verdict.CE, f"compile error:\n{output}", 0.0),)
    items = tuple(ItemResult(f"{n}x{n}", 0.0, 25.0, load) for n in (9, 16, 25))
    note = "compile error: main.cpp:7:5: error: expected ';'"
    result = SubmissionResult("cpp", 0.0, 75.0, "error", note, items)
    write_pages(Report("a", 75.0, (result,)), tmp_path)
    markdown = page(tmp_path, "cpp")
    assert markdown.count("In function 'int main()'") == 1
    assert markdown.count("not graded: the file did not load (see above)") == 3


# rubric rows -------------------------------------------------------------------------------------


def test_a_rubric_row_shows_its_handout_wording_with_its_marks(tmp_path: Path) -> None:
    report = only(golden("board-solver"), "most_constrained_stub")
    rows = [c for s in report.submissions for i in s.items for c in i.criteria]
    assert rows and all(c.text for c in rows)
    write_pages(report, tmp_path)
    html, markdown = both(tmp_path, "most_constrained_stub")
    row = next(c for c in rows if c.name == "most-constrained-space")
    assert (
        row.text == "Attempts to make moves in a single space, the most constrained unsolved space"
    )
    cells = f"<td>{row.text}</td><td>{row.marks:g}</td><td>{row.max_marks:g}</td>"
    assert cells in html
    assert f"| {row.text} | {row.marks:g} | {row.max_marks:g} |" in markdown


def test_a_criterion_without_wording_shows_its_name(tmp_path: Path) -> None:
    rows = (
        CriterionResult("assigns", 3.0, 3.0, "", "Assigns space to value"),
        CriterionResult("extra", 0.0, 2.0, "missing"),
    )
    item = ItemResult("makeMove", 3.0, 5.0, (), criteria=rows)
    write_pages(Report("a", 5.0, (submission("s", [item]),)), tmp_path)
    markdown = page(tmp_path, "s")
    assert "| Assigns space to value | 3 | 3 | - |" in markdown
    assert "| extra | 0 | 2 | missing |" in markdown


# hidden cases ------------------------------------------------------------------------------------


def hidden_ids(report: Report) -> set[str]:
    return {c.id for s in report.submissions for i in s.items for c in i.cases if c.hidden}


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_no_page_of_any_golden_names_a_hidden_case(assignment: str, tmp_path: Path) -> None:
    report = golden(assignment)
    hidden = hidden_ids(report)
    written = [
        *write_pages(report, tmp_path / "all"),
        *write_student_pages(report, tmp_path / "mine"),
    ]
    for path in written:
        text = path.read_text()
        assert not [case for case in hidden if case in text], path.name


def test_hidden_cases_are_counted(tmp_path: Path) -> None:
    report = only(golden("sudoku-functions"), "column_major_scan")
    assert hidden_ids(report)  # the golden has hidden cases to count
    write_pages(report, tmp_path)
    markdown = page(tmp_path, "column_major_scan")
    assert "4 hidden cases: 1 passed, 3 failed" in markdown
    assert "4 hidden cases: 4 passed" in markdown


# the student-only export -------------------------------------------------------------------------


def class_of_two() -> Report:
    """Jane: 40 computed, an override on her item to 50, then 10% off her total for lateness."""
    fixed = Adjustment("override", "solve", 40.0, 50.0, "regraded by hand: the grid was right")
    late = Adjustment("late", None, 50.0, 45.0, "1 day late: 10% taken")
    item = ItemResult("solve", 50.0, 100.0, (CaseResult("p1", Verdict.WA, "returned None", 0.1),))
    jane = SubmissionResult(
        "doejane_123456",
        45.0,
        100.0,
        "graded",
        "",
        (item,),
        student=Student(name="Jane Doe", lms_id="123456"),
        adjustments=(fixed, late),
    )
    full = ItemResult("solve", 100.0, 100.0, ())
    raj = submission("kumarraj_123457", [full], student=Student(name="Raj Kumar"))
    return Report("demo", 100.0, (jane, raj))


def test_the_student_export_has_one_page_each_and_no_class_page(tmp_path: Path) -> None:
    written = write_student_pages(class_of_two(), tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in tmp_path.iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "doejane_123456.html",
        "doejane_123456.md",
        "kumarraj_123457.html",
        "kumarraj_123457.md",
    ]
    jane_html, jane_md = both(tmp_path, "doejane_123456")
    for text in (jane_html, jane_md):
        assert "index" not in text and "class page" not in text
        assert "Raj Kumar" not in text and "kumarraj" not in text
    assert "<a " not in jane_html and "](" not in jane_md


def test_a_student_page_names_the_student_and_shows_each_adjustment(tmp_path: Path) -> None:
    write_student_pages(class_of_two(), tmp_path)
    markdown = page(tmp_path, "doejane_123456")
    assert markdown.startswith("# Jane Doe\n")
    assert "**marks:** 45 / 100 (45%)" in markdown
    assert "**computed by the harness:** 40" in markdown
    assert "override of solve 40 -\\> 50: regraded by hand: the grid was right" in markdown
    assert "late penalty 50 -\\> 45: 1 day late: 10% taken" in markdown


def test_grade_writes_student_pages(tmp_path: Path) -> None:
    """The one grading test: `grade --report-for-students DIR` through the CLI."""
    folder = tmp_path / "students"
    args = ["grade", str(REPO / "submissions" / "sudoku-functions" / "syntax_error")]
    args += ["--config", str(REPO / "config.yaml"), "--report-for-students", str(folder)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code not in (ExitCode.BAD_INPUT, ExitCode.INTERNAL), result.output
    assert "syntax_error" in result.stdout  # the score table
    assert sorted(p.name for p in folder.iterdir()) == ["syntax_error.html", "syntax_error.md"]
    markdown = page(folder, "syntax_error")
    assert markdown.count("expected ':'") == 1 and "   97 | " in markdown


def test_the_class_page_names_students_and_the_absent_but_no_hidden_case(tmp_path: Path) -> None:
    slow = CaseResult("hidden-9x9/secret-001", Verdict.TLE, "hidden case: TLE", 9.0, hidden=True)
    item = ItemResult("solve", 0.0, 100.0, (slow, CaseResult("p1", Verdict.AC, "", 0.5)))
    jane = submission("doejane_123456", [item], student=Student(name="Jane Doe"))
    absent = (Student(name="Ann Absent"), Student(login="nobody42"))
    write_pages(Report("demo", 100.0, (jane,), absent=absent), tmp_path)
    html, markdown = both(tmp_path, "index")
    assert "secret-001" not in html and "secret-001" not in markdown
    assert "<td>solve</td><td>(a hidden case)</td><td>9.000</td>" in html  # still the slowest
    assert "<td>Jane Doe</td>" in html
    assert "On the roster, no submission (2)" in markdown
    assert "- Ann Absent\n- nobody42" in markdown
