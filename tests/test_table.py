"""The score table, the league's and doctor's at a terminal's width: every line fits, long text
is cut or wrapped, and every row that lost marks says its biggest loss in one line.

Reports are the golden ones read back (nothing is graded here) and ones made from them.
"""

from __future__ import annotations

import functools
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from harness.cli import doctor, terminal
from harness.league import report as league_report
from harness.league.run import League, Standing
from harness.records.adjustments import Adjustment
from harness.records.identity import Student
from harness.records.results import Report
from harness.sandbox.isolation import Layer
from harness.writers import table
from harness.writers.columns import ELLIPSIS, cells, shorten, wrap
from harness.writers.reasons import biggest_loss
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden"
ASSIGNMENTS = ("board-solver", "stdin-program", "sudoku-functions", "sudoku-script")
WIDTHS = (80, 120)
LONG_NAME = "n" * 190 + "-last-part"  # 200 characters
LONG_NOTE = " ".join(["importing the module failed: it opens a file"] * 10)[:436]


@functools.cache
def golden(assignment: str) -> Report:
    return Report.from_json(json.loads((GOLDEN / f"{assignment}.json").read_text()))


def too_wide(text: str, width: int) -> list[str]:
    return [line for line in text.splitlines() if cells(line) > width]


def notes_of(text: str) -> list[str]:
    """The lines of the notes section (the loss and notes of each row)."""
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("notes ("))
    return [line for line in lines[start + 1 :] if line.startswith("  ")]


def with_long_name_and_note(report: Report) -> Report:
    first = replace(report.submissions[0], name=LONG_NAME, note=LONG_NOTE)
    return replace(report, submissions=(first, *report.submissions[1:]))


def rows_of(text: str, count: int) -> list[str]:
    """The table's rows: the `count` lines below its rule of dashes."""
    lines = text.splitlines()
    rule = next(k for k, line in enumerate(lines) if line.startswith("---"))
    return lines[rule + 1 : rule + 1 + count]


def shows(row: str, name: str) -> bool:
    """Whether the row starts with the name, or with its start cut with an ellipsis."""
    first = row.split()[0]
    return first == name or (first.endswith(ELLIPSIS) and name.startswith(first[:-1]))


def block_of(notes: list[str], start: str) -> list[str]:
    """A row's lines in the notes: from the one beside its name to the next row's."""
    begin = next(k for k, line in enumerate(notes) if line[2:].startswith(start))
    rest = [k for k in range(begin + 1, len(notes)) if notes[k][2:3] != " "]
    return notes[begin : rest[0] if rest else len(notes)]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_line_of_a_golden_table_fits(assignment: str, width: int) -> None:
    for report in (golden(assignment), with_long_name_and_note(golden(assignment))):
        text = table.render(report, width)
        assert not too_wide(text, width), too_wide(text, width)
        rows = rows_of(text, len(report.submissions))
        assert all(shows(row, s.name) for row, s in zip(rows, report.submissions, strict=True))


@pytest.mark.parametrize("width", WIDTHS)
def test_a_long_name_is_cut_and_a_long_note_wrapped_onto_a_few_lines(width: int) -> None:
    report = with_long_name_and_note(golden("sudoku-functions"))
    text = table.render(report, width)
    assert LONG_NAME not in text
    assert rows_of(text, 1)[0].split()[0].endswith(ELLIPSIS)
    block = block_of(notes_of(text), "nnnnnnnn")
    assert block[0].split("  ")[2].startswith("find_first_unassigned_position -5.38")  # its loss
    assert "importing the module failed: it opens" in block[1]  # then the note, wrapped
    assert len(block) == 1 + table.NOTE_LINES and block[-1].endswith(ELLIPSIS)


def test_item_headers_are_words_when_they_fit_and_numbers_with_a_legend_otherwise() -> None:
    report = golden("sudoku-functions")
    wide = table.render(report, 250)
    assert "get_block" in "".join(wide.splitlines()[:4]) and "items:" not in wide
    narrow = table.render(report, 80)
    assert "items: 1 get_block_num, 2 get_position_inside_block," in narrow
    assert narrow.splitlines()[0].split() == [*(str(k) for k in range(1, 13)), "total"]


def test_items_too_many_for_the_width_are_left_out_and_said() -> None:
    report = golden("sudoku-functions")
    many = tuple(
        replace(s, items=tuple(replace(i, name=f"{i.name}{k}") for k in range(3) for i in s.items))
        for s in report.submissions
    )
    text = table.render(replace(report, submissions=many), 80)
    assert not too_wide(text, 80)
    assert "the marks of its 36 items do not fit this width" in text
    assert "114.62" in text  # the totals stay


EXPECTED_LOSSES = {
    ("sudoku-functions", "off_by_one_block"): "get_block_num -10: 81 of 81 cases WA",
    ("sudoku-functions", "infinite_loop"): "get_candidates -15: 158 of 161 cases not run, 3 TLE",
    (
        "sudoku-functions",
        "column_major_scan",
    ): "find_first_unassigned_position -5.38: 7 of 13 cases WA",
    ("stdin-program", "infinite-loop"): "25x25 -6.25: 1 of 4 cases TLE",
    ("stdin-program", "timing-line"): "9x9 -25: 7 of 7 cases WA",
    ("board-solver", "global_from_main"): (
        "solveBoard -30: 7 of 7 cases RE; solveBoard(board) raised NameError at line 171"
    ),
    ("board-solver", "never_undoes"): "competency -16.25: 14 of 18 cases WA; after solveBoard",
    (
        "board-solver",
        "board_in_sibling_module",
    ): "solveBoard -3: adapted: class Board is in board.py",
    ("sudoku-script", "notebook-cell-error"): "notebook -1.67: 1 of 1 cases RE; the puzzle in",
}


@pytest.mark.parametrize(("assignment", "name"), sorted(EXPECTED_LOSSES))
def test_the_biggest_loss_is_read_from_the_records(assignment: str, name: str) -> None:
    [result] = [s for s in golden(assignment).submissions if s.name == name]
    assert biggest_loss(result).startswith(EXPECTED_LOSSES[assignment, name]), biggest_loss(result)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_row_that_lost_marks_has_one_line_saying_why(assignment: str, width: int) -> None:
    """A graded row that lost marks: its biggest loss, the first line beside its name; an error
    row: its note (why it could not be graded)."""
    report = golden(assignment)
    text = table.render(report, width)
    lines = notes_of(text)
    for result in report.submissions:
        if result.marks >= result.max_marks:
            continue
        [first] = [line for line in lines if line[2:3] != " " and shows(line, result.name)]
        said = first[2:].split("  ", 1)[1].strip()
        expected = biggest_loss(result) if result.status == "graded" else result.note
        assert said.rstrip(ELLIPSIS).strip() and expected.startswith(said.rstrip(ELLIPSIS)), (
            said,
            expected,
        )


def test_a_late_penalty_on_the_total_can_be_the_biggest_loss() -> None:
    [correct] = [s for s in golden("sudoku-functions").submissions if s.name == "correct"]
    late = Adjustment("late", None, 120, 96, "2 days late: 20% of 120 taken")
    result = replace(correct, marks=96, adjustments=(late,))
    assert biggest_loss(result) == "late -24: 2 days late: 20% of 120 taken"
    assert biggest_loss(correct) == ""


def test_a_known_student_is_named_with_the_folder() -> None:
    report = golden("stdin-program")
    named = (
        replace(report.submissions[0], student=Student(name="Jane Doe")),
        *report.submissions[1:],
    )
    text = table.render(replace(report, submissions=named), 80)
    assert "student (folder)" in text
    assert "Jane Doe (blank-first-line)" in text
    assert "correct-cpp" in text  # a row without a name keeps the folder's


def test_wide_characters_count_as_two_cells() -> None:
    report = golden("stdin-program")
    student = Student(name="山田太郎" * 12)
    named = (replace(report.submissions[0], student=student), *report.submissions[1:])
    text = table.render(replace(report, submissions=named), 80)
    assert not too_wide(text, 80)
    assert cells("山田") == 4 and shorten("山田太郎", 5) == "山田" + ELLIPSIS


def test_wrap_keeps_to_the_width_and_the_line_count() -> None:
    lines = wrap(LONG_NOTE, 40, 3)
    assert len(lines) == 3 and all(cells(line) <= 40 for line in lines)
    assert lines[-1].endswith(ELLIPSIS)
    assert wrap("short", 40, 3) == ["short"]


def _league(note: str, name: str) -> League:
    rows = (
        Standing(1, name, False, 12, 12, 0.0123, 0.0120, 0.011, 0.013, 1.2, note),
        Standing(None, "reference cpp-solver", True, 12, 12, 0.01, 0.01, 0.009, 0.011, 1.0, ""),
        Standing(None, "crashes", False, 3, 12, note="solved 3 of 12: " + LONG_NOTE),
    )
    return League("stdin-program", 25, 5, 12, rows)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_league_table_fits(width: int) -> None:
    text = league_report.render(_league(LONG_NOTE, LONG_NAME), width)
    assert not too_wide(text, width), too_wide(text, width)
    assert LONG_NAME not in text and "nnnnnnnnnnn" in text
    assert ("reference cpp-solver" if width > 80 else "reference c") in text
    assert "x1.20" in text and "12/12" in text


LAYERS = (
    Layer("supervisor", True, "loops, sleeps, exits, crashes, floods, forged replies"),
    Layer(
        "private view",
        True,
        "the host's Unix sockets (/run, /tmp, /var, homes), other working copies",
        "a mount namespace per process; empty: " + ", ".join(f"/folder{k}" for k in range(20)),
    ),
    Layer("bubblewrap", False, "network, other processes, files not even visible", "not installed"),
)


@pytest.mark.parametrize("width", WIDTHS)
def test_doctor_fits(width: int) -> None:
    text = doctor.render(LAYERS, Path("/usr/bin/python3"), width)
    assert not too_wide(text, width), too_wide(text, width)
    assert "/folder19" in text  # wrapped, not cut
    assert [line.split("  ")[0] for line in text.splitlines() if line[:1].isalpha()][:4] == [
        "layer",
        "supervisor",
        "private view",
        "bubblewrap",
    ]


def test_doctor_keeps_four_columns_where_they_fit() -> None:
    text = doctor.render(LAYERS, Path("/usr/bin/python3"), 400)
    assert text.splitlines()[0].split() == ["layer", "state", "stops", "detail"]


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_the_width_is_columns_else_the_terminals_else_80() -> None:
    assert terminal.width(_Stream(False), {"COLUMNS": "132"}) == 132
    assert terminal.width(_Stream(False), {}) == terminal.WIDTH == 80
    assert terminal.width(_Stream(False), {"COLUMNS": "wide"}) == 80
    assert terminal.width(_Stream(True), {}) == 80  # a "terminal" without a size: the default
