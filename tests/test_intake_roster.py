"""A roster adds or corrects who handed each submission in (the roster's fields win), matched
by LMS id, e-mail, login or submission name; students on it with no submission are absent; a
bad row is one line naming the file, the line and the field (harness/intake/roster.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import BadInput, ExitCode
from harness.intake import Intake, opened, take
from harness.limits import IntakeLimits
from harness.records.identity import Student
from tests.archives import LMS
from tests.conftest import REPO
from tests.test_bad_input import assert_one_line_error

PLAIN = LMS / "plain" / "class"  # alice/, bob/


@contextmanager
def rostered(download: Path, roster: Path) -> Iterator[Intake]:
    with opened(download, IntakeLimits()) as opened_download:
        yield take(opened_download, (".py",), roster)


def roster(tmp_path: Path, text: str | bytes, name: str = "roster.csv") -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def test_a_canvas_gradebook_export_is_a_roster(tmp_path: Path) -> None:
    with rostered(LMS / "canvas", LMS / "canvas-roster.csv") as intake:
        jane = Student("Doe, Jane", "123456", "", "jdoe", "S2021001", "CS101 Section A")
        assert intake.students["doejane_123456"] == jane  # the roster's name wins
        assert intake.students["kumarraj_123457"].login == "rkumar"
        li = Student("Wei, Li", "123458", "", "lwei", "S2021003", "CS101 Section B")
        assert intake.absent == (li,)  # and "Points Possible" is no student
        assert intake.lines()[1] == "roster: 3 students, 2 with a submission, 1 absent"


def test_a_plain_folder_is_matched_by_submission_or_login(tmp_path: Path) -> None:
    path = roster(
        tmp_path,
        "Name;Login;Email;Submission\n"  # semicolons, as some spreadsheets write CSV
        "Alice Liddell;aliddell;alice@example.edu;alice\n"
        "Bob Builder;bob;bob@example.edu;\n"
        "Carol Danvers;cdanvers;carol@example.edu;\n",
    )
    with rostered(PLAIN, path) as intake:
        assert intake.students["alice"] == Student(
            name="Alice Liddell", email="alice@example.edu", login="aliddell"
        )
        assert intake.students["bob"].name == "Bob Builder"  # its login is the folder's name
        assert [s.name for s in intake.absent] == ["Carol Danvers"]
        assert intake.unlisted == ()


def test_submissions_not_on_the_roster_are_said(tmp_path: Path) -> None:
    path = roster(tmp_path, "login,name\nalice,Alice Liddell\n")
    with rostered(PLAIN, path) as intake:
        assert intake.unlisted == ("bob",)
        assert intake.lines()[1] == (
            "roster: 1 student, 1 with a submission, 0 absent; 1 submission not on it (bob)"
        )


def test_a_moodle_grading_worksheet_is_a_roster(tmp_path: Path) -> None:
    path = roster(
        tmp_path,
        "Identifier,Full name,Email address,Status,Grade\n"
        "Participant 1001,Jane Doe,jane@example.edu,Submitted for grading,\n"
        "Participant 1002,Raj Kumar,raj@example.edu,Submitted for grading,\n"
        "Participant 1003,Li Wei,li@example.edu,Submitted for grading,\n",
    )
    with rostered(LMS / "moodle", path) as intake:
        assert intake.students["Raj Kumar_1002"] == Student(
            name="Raj Kumar", lms_id="1002", email="raj@example.edu"
        )
        assert intake.absent == ()


def test_a_group_submission_takes_every_member(tmp_path: Path) -> None:
    path = roster(
        tmp_path,
        "Full Name,Email,SID\n"
        "Jane Doe,jane.doe@example.edu,2021001\n"
        "Raj Kumar,raj.kumar@example.edu,2021002\n"
        "Li Wei,li.wei@example.edu,2021003\n",
    )
    with rostered(LMS / "gradescope", path) as intake:
        assert intake.absent == ()
        assert intake.students["submission_90002"].name == "Raj Kumar, Li Wei"  # kept whole
        assert intake.unlisted == ("submission_90003",)


def test_a_group_member_is_matched_by_name_alone(tmp_path: Path) -> None:
    path = roster(tmp_path, "name,section\nLi Wei,B\nNo Body,C\n")
    with rostered(LMS / "gradescope", path) as intake:
        assert [s.name for s in intake.absent] == ["No Body"]
        assert "submission_90002" not in intake.unlisted


def test_a_name_alone_matches_when_one_submission_has_it(tmp_path: Path) -> None:
    path = roster(tmp_path, "name,section\nJane Doe,A\nLi  wei,B\n")
    with rostered(LMS / "moodle", path) as intake:
        assert intake.students["Jane Doe_1001"].section == "A"
        assert intake.students["Li Wei_1003"].section == "B"  # case and spaces aside


BAD = [
    ("Grade,Comment\n10,ok\n", ":1: no column to match students by"),
    ("ID,lms_id\n1,1\n", ":1: columns 'ID' and 'lms_id' both give the lms_id: keep one"),
    ("name,section\n,CS101\n", ":2: no name, id, e-mail, login, sis_id or submission"),
    ("name,email\nJane,jane.example.edu\n", ":2: email: 'jane.example.edu' is not an e-mail"),
    ("id,name\n7,A\n\n7,B\n", ":4: lms_id: '7' is also on line 2"),
    ("submission,name\nalice,A\nalice,B\n", ":3: matches the submission 'alice', as line 2"),
    (b"name\nJ\xf6rg\n", ":2: not UTF-8 text (byte 7)"),
]


@pytest.mark.parametrize(("text", "error"), BAD, ids=[e.split(": ")[1][:24] for _, e in BAD])
def test_a_bad_roster_is_one_line_naming_file_line_and_field(
    tmp_path: Path, text: str | bytes, error: str
) -> None:
    path = roster(tmp_path, text)
    with pytest.raises(BadInput) as caught, rostered(PLAIN, path):
        pass
    assert str(caught.value).startswith(f"{path}{error}"), str(caught.value)


def test_grade_refuses_a_bad_roster_before_grading(tmp_path: Path) -> None:
    path = roster(tmp_path, "name,email\nJane,jane.example.edu\n")
    config = str(REPO / "config.yaml")
    arguments = ["grade", str(PLAIN), "-a", "board-solver", "--roster", str(path)]
    result = CliRunner().invoke(app, [*arguments, "--config", config])
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert_one_line_error(result.output, f"{path}:2: email")
