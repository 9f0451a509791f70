"""The intake reads LMS downloads as they come: each layout recognised by its documented
patterns on a realistic fake download (tests/fixtures/lms/, zipped here as the LMS zips it),
one submission per student, identities and hand-in times, and a plain folder as `discover`
reads it. Files only: nothing is graded here (tests/test_intake_cli.py grades)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from harness.config import load_config
from harness.errors import BadInput
from harness.grading.journal import Header
from harness.intake import Intake, joined, opened, take
from harness.intake.download import SWEPT
from harness.intake.record import Recognised
from harness.limits import IntakeLimits
from harness.records.identity import Handed, Student
from harness.records.results import Report, SubmissionResult
from harness.sandbox.workdir import sweep
from harness.submissions import Submission, discover
from tests.archives import LMS, WHEN, built, utc, zipped
from tests.conftest import REPO

PY = (".py",)


@contextmanager
def taken(path: Path, suffixes: tuple[str, ...] = PY) -> Iterator[Intake]:
    with opened(path, IntakeLimits()) as download:
        yield take(download, suffixes)


def files(submission: Submission) -> list[str]:
    return sorted(p.relative_to(submission.path).as_posix() for p in submission.path.rglob("*"))


def by_name(intake: Intake) -> dict[str, Submission]:
    return {s.name: s for s in intake.submissions}


def test_moodle_zip_merges_each_participants_parts_into_one_submission(tmp_path: Path) -> None:
    uploaded = (2026, 3, 2, 22, 10, 4)
    downloaded = (2026, 3, 9, 8, 0, 0)  # Moodle writes the online text at download time
    times = {
        "Jane Doe_1001_assignsubmission_file_/a2.py": uploaded,
        "Jane Doe_1001_assignsubmission_onlinetext_/onlinetext.html": downloaded,
        "Li Wei_1003_assignsubmission_onlinetext_/onlinetext.html": downloaded,
    }
    download = zipped(LMS / "moodle", tmp_path / "COL100-Assignment 8-5501.zip", times=times)
    with taken(download) as intake:
        assert intake.layout == Recognised("moodle", "Moodle download all")
        found = by_name(intake)
        assert sorted(found) == ["Jane Doe_1001", "Li Wei_1003", "Raj Kumar_1002"]
        assert files(found["Jane Doe_1001"]) == ["a2.py", "onlinetext.html"]  # one row, merged
        assert files(found["Li Wei_1003"]) == ["onlinetext.html"]  # online text only: a row
        assert files(found["Raj Kumar_1002"]) == ["a2.py"]  # settled into a2/, one folder down
        assert found["Raj Kumar_1002"].path.name == "a2"
        assert intake.students["Jane Doe_1001"] == Student(name="Jane Doe", lms_id="1001")
        assert intake.students["Li Wei_1003"] == Student(name="Li Wei", lms_id="1003")
        # the newest of the participant's uploaded files, read from the zip; not the online text
        assert intake.handed["Jane Doe_1001"] == Handed(utc(uploaded), source="file time")
        assert intake.handed["Raj Kumar_1002"] == Handed(utc(WHEN), source="file time")
        assert "Li Wei_1003" not in intake.handed
        assert intake.lines() == ("layout: Moodle download all, 3 students",)


def test_an_unzipped_moodle_folder_gives_no_times(tmp_path: Path) -> None:
    """Its files' times are those of whoever unzipped or copied it: not the students'."""
    with taken(LMS / "moodle") as intake:
        assert len(intake.submissions) == 3
        assert intake.students["Raj Kumar_1002"] == Student(name="Raj Kumar", lms_id="1002")
        assert intake.handed == {}


def test_moodle_flat_download_restores_file_names() -> None:
    with taken(LMS / "moodle-flat") as intake:
        assert intake.layout.name == "moodle"
        found = by_name(intake)
        assert files(found["Jane Doe_1001"]) == ["a2.py", "onlinetext.html"]
        assert files(found["Raj Kumar_1002"]) == ["a2.py"]


def test_canvas_zip_groups_files_per_user_and_reads_late_and_resubmission(tmp_path: Path) -> None:
    download = zipped(LMS / "canvas", tmp_path / "submissions.zip")
    with taken(download) as intake:
        assert intake.layout == Recognised("canvas", "Canvas bulk download")
        found = by_name(intake)
        assert sorted(found) == ["doejane_123456", "kumarraj_123457"]
        assert files(found["doejane_123456"]) == ["a2.py"]
        assert files(found["kumarraj_123457"]) == ["a2.py", "notes.txt"]  # a2-1.py: a2.py
        assert intake.students["kumarraj_123457"] == Student(name="kumarraj", lms_id="123457")
        assert intake.handed == {"kumarraj_123457": Handed(late_marked=True)}
        assert intake.lines() == ("layout: Canvas bulk download, 2 students (1 marked late)",)


def test_canvas_keeps_a_resubmitted_name_that_would_clash(tmp_path: Path) -> None:
    folder = tmp_path / "download"
    folder.mkdir()
    for name in ("a2.py", "a2-1.py", "solver-2.py", "solver-3.py"):
        (folder / f"doejane_123456_7891011_{name}").write_text("x = 1\n")
    with taken(folder) as intake:
        [submission] = intake.submissions
        assert files(submission) == ["a2-1.py", "a2.py", "solver-3.py", "solver.py"]


def test_canvas_student_zip_is_extracted_and_settled(tmp_path: Path) -> None:
    folder = shutil.copytree(LMS / "canvas", tmp_path / "submissions")
    contents = LMS / "student-zip" / "alice-zip-contents"
    zipped(contents, folder / "weili_123458_7891013_project.zip")
    with taken(zipped(folder, tmp_path / "submissions.zip")) as intake:
        weili = by_name(intake)["weili_123458"]
        assert weili.path.name == "project"
        assert files(weili) == ["a2.py"]


def test_gradescope_export_reads_its_metadata(tmp_path: Path) -> None:
    export = LMS / "gradescope"  # the zip holds the assignment_4242_export/ wrapper
    with taken(zipped(export, tmp_path / "submissions.zip")) as intake:
        assert intake.layout == Recognised("gradescope", "Gradescope export")
        assert [s.name for s in intake.submissions] == [
            "submission_90001",
            "submission_90002",
            "submission_90003",
        ]
        assert intake.students["submission_90001"] == Student(
            name="Jane Doe", lms_id="2021001", email="jane.doe@example.edu"
        )
        group = intake.students["submission_90002"]
        assert group.name == "Raj Kumar, Li Wei"
        assert group.email == "raj.kumar@example.edu, li.wei@example.edu"
        assert "submission_90003" not in intake.students  # no metadata: graded, no identity
        assert intake.handed["submission_90001"] == Handed(
            "2026-03-02T23:41:07-08:00", source="submission_metadata.yml"
        )


def test_gradescope_metadata_is_read_defensively(tmp_path: Path) -> None:
    """Ruby tags read as the plain values under them; odd shapes give no identity."""
    export = shutil.copytree(LMS / "gradescope" / "assignment_4242_export", tmp_path / "export")
    (export / "submission_metadata.yml").write_text(
        "submission_90001: !ruby/hash:ActiveSupport::HashWithIndifferentAccess\n"
        "  :submitters:\n"
        "  - :name: !ruby/string Jane Doe\n"
        "    :sid: 2021001\n"
        "  :created_at: '2026-03-02T23:41:07+05:30'\n"
        "  :history: !ruby/object:Submission::History {a: 1}\n"
        "submission_90002: just text\n"
        "submission_90003:\n"
        "  :submitters: {name: nobody}\n"
        "  :created_at: 2026-03-02\n"
    )
    with taken(export) as intake:
        assert intake.students == {"submission_90001": Student(name="Jane Doe", lms_id="2021001")}
        assert intake.handed["submission_90001"].at == "2026-03-02T23:41:07+05:30"
        assert set(intake.handed) == {"submission_90001"}


def test_gradescope_metadata_that_is_not_yaml_is_a_one_line_error(tmp_path: Path) -> None:
    export = shutil.copytree(LMS / "gradescope" / "assignment_4242_export", tmp_path / "export")
    (export / "submission_metadata.yml").write_text("submission_1:\n  - [unclosed\n")
    with (
        pytest.raises(BadInput, match=r"submission_metadata\.yml:\d+: malformed YAML"),
        taken(export),
    ):
        pass


def test_plain_zip_looks_through_one_wrapper_folder(tmp_path: Path) -> None:
    with taken(zipped(LMS / "plain", tmp_path / "class.zip")) as intake:  # class/alice, class/bob
        assert intake.layout == Recognised("", "plain folder of submissions")
        found = by_name(intake)
        assert sorted(found) == ["alice", "bob"]
        assert found["bob"].path.name == "solver"  # its .py one folder down
        assert intake.lines() == ("layout: plain folder of submissions, 2 submissions",)


@pytest.mark.parametrize("as_zip", [False, True], ids=["folder", "zip"])
def test_a_students_zip_in_their_folder_is_extracted(tmp_path: Path, as_zip: bool) -> None:
    folder = shutil.copytree(LMS / "student-zip" / "class", tmp_path / "class")
    (folder / "alice").mkdir()
    zipped(LMS / "student-zip" / "alice-zip-contents", folder / "alice" / "alice.zip")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    download = zipped(folder, tmp_path / "class.zip") if as_zip else folder
    with taken(download) as intake:
        found = by_name(intake)
        assert sorted(found) == ["alice", "bob"]
        assert found["alice"].path.name == "project"
        assert files(found["alice"]) == ["a2.py"]
    after = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    assert after == before + ([Path("class.zip")] if as_zip else [])  # nothing written beside


@pytest.mark.parametrize(
    "path",
    [
        REPO / "submissions" / "sudoku-functions",  # a folder of folders
        REPO / "submissions" / "sudoku-functions" / "correct",  # one folder
        REPO / "solvers" / "sudoku-functions" / "sudoku_functions.py",  # one file
    ],
    ids=["folder-of-folders", "folder", "file"],
)
def test_what_discover_reads_is_the_plain_layout_unchanged(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} moved")
    with taken(path) as intake:
        assert intake.layout == Recognised("", "plain folder of submissions")
        assert intake.submissions == tuple(discover(path, PY))  # same names, paths, no origin


def test_the_copy_is_private_and_removed_and_errors_name_the_zip(tmp_path: Path) -> None:
    download = built(tmp_path / "class.zip", {"alice/notes.txt": b"no code"})
    with opened(download, IntakeLimits()) as opened_download:
        scratch = opened_download.scratch
        assert scratch.name.startswith(f"{SWEPT}{os.getpid()}-intake-")
        assert oct(scratch.stat().st_mode & 0o777) == oct(0o700)
        with pytest.raises(BadInput) as caught:
            take(opened_download, PY)
    assert not scratch.exists()
    assert str(caught.value) == f"{download}: no source file (.py) in any of its folders"


def test_a_zip_names_its_submissions_the_same_in_every_run(tmp_path: Path) -> None:
    """The journal's Header (harness/grading/journal.py) reads the same from two extractions
    of one zip, and differently once the zip's contents change."""
    config = load_config(REPO / "config.yaml")
    download = zipped(LMS / "canvas", tmp_path / "submissions.zip")

    def header() -> Header:
        with taken(download) as intake:
            assert all(
                s.origin.startswith(f"{download.resolve()}#sha256:") for s in intake.submissions
            )
            return Header.of(config, "board-solver", intake.submissions)

    first = header()
    assert header() == first
    (tmp_path / "later").mkdir()
    shutil.copytree(LMS / "canvas", tmp_path / "later" / "canvas")
    (tmp_path / "later" / "canvas" / "doejane_123456_7891011_a2.py").write_text("# changed\n")
    zipped(tmp_path / "later" / "canvas", download)
    assert header() != first


def test_joined_fills_each_row_and_the_report() -> None:
    intake = Intake(
        Recognised("canvas", "Canvas bulk download"),
        (Submission("doejane_123456", Path("x")), Submission("kumarraj_123457", Path("y"))),
        {"doejane_123456": Student(name="Jane Doe", lms_id="123456")},
        {"kumarraj_123457": Handed(late_marked=True)},
        absent=(Student(name="Li Wei"),),
    )
    rows = tuple(
        SubmissionResult(name, 1.0, 2.0, "graded", "", ())
        for name in ("doejane_123456", "kumarraj_123457")
    )
    report = joined(Report("board-solver", 2.0, rows), intake)
    assert report.layout == "canvas"
    plain = replace(intake, layout=Recognised("", "plain folder of submissions"))
    assert joined(Report("board-solver", 2.0, rows), plain).layout == ""  # as before: no key
    assert report.absent == (Student(name="Li Wei"),)
    jane, raj = report.submissions
    assert jane.student == Student(name="Jane Doe", lms_id="123456") and jane.handed == Handed()
    assert raj.student == Student() and raj.handed == Handed(late_marked=True)
    assert (jane.marks, raj.marks) == (1.0, 1.0)


def test_hidden_and_macos_entries_are_not_submissions(tmp_path: Path) -> None:
    folder = shutil.copytree(LMS / "plain" / "class", tmp_path / "class")
    (folder / "__MACOSX" / "alice").mkdir(parents=True)
    (folder / "__MACOSX" / "alice" / "._a2.py").write_bytes(b"\0\5\26\7")
    (folder / ".DS_Store").write_bytes(b"\0")
    with taken(folder) as intake:
        assert [s.name for s in intake.submissions] == ["alice", "bob"]


def test_a_download_that_cannot_be_copied_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk (or an unreadable file) while a layout copies: the download is named."""
    download = zipped(LMS / "canvas", tmp_path / "submissions.zip")

    def full(source: Path, target: Path) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))

    monkeypatch.setattr(shutil, "copy2", full)
    with pytest.raises(BadInput) as caught, taken(download):
        pass
    message = str(caught.value)
    assert message.startswith(f"{download}: cannot read the download ({download}!grouped/"), message
    assert message.endswith(": No space left on device")


def test_links_and_devices_in_a_folder_are_not_copied(tmp_path: Path) -> None:
    folder = shutil.copytree(LMS / "canvas", tmp_path / "submissions")
    os.mkfifo(folder / "doejane_123456_7891011_pipe")
    (folder / "doejane_123456_7891011_link.py").symlink_to("/etc/passwd")
    with taken(folder) as intake:
        assert files(by_name(intake)["doejane_123456"]) == ["a2.py"]


def test_a_killed_runs_copy_is_swept_by_the_next_run(tmp_path: Path) -> None:
    """A run killed with the download extracted leaves it behind (nothing runs after SIGKILL);
    it is named as working copies are, so the next run's sweep removes it."""
    download = zipped(LMS / "canvas", tmp_path / "submissions.zip")
    base = tmp_path / "workdir"
    base.mkdir()
    killed = (
        "import os, sys; from pathlib import Path; from harness.intake import opened; "
        "from harness.limits import IntakeLimits; "
        "kept = opened(Path(sys.argv[1]), IntakeLimits(), Path(sys.argv[2])); kept.__enter__(); "
        "os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", killed, str(download), str(base)], check=True, cwd=REPO)
    [left] = base.iterdir()
    assert (left / "download" / "submissions" / "doejane_123456_7891011_a2.py").is_file()
    assert sweep(base) == (left.name,)
    assert list(base.iterdir()) == []
