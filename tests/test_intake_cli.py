"""`grade` on a Canvas zip as it is downloaded, through the CLI with real worker processes: it
says which layout it recognised, grades one row per student, writes who they are (with a
roster) into the report, and a run kept with --out resumes on the same zip, extracted afresh.

Two submissions of sudoku-functions: about three seconds for both runs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from harness.grading.resume import JOURNAL
from tests.archives import LMS, zipped
from tests.conftest import REPO
from tests.test_cli import check_schema
from tests.test_resume import report_of

EXAMPLES = REPO / "submissions" / "sudoku-functions"


@pytest.fixture(scope="module")
def download(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Canvas's zip of two students: Jane's correct solver, Raj's late resubmission that counts
    blocks from 0 (both graded: no row is an error, whatever exit code errors get)."""
    folder = tmp_path_factory.mktemp("canvas") / "submissions"
    folder.mkdir()
    shutil.copy(EXAMPLES / "correct" / "2021EE10473-q.py", folder / "doejane_123456_7891011_a8.py")
    shutil.copy(
        EXAMPLES / "off_by_one_block" / "2020MT10512-q.py",
        folder / "kumarraj_LATE_123457_7891012_a8-1.py",
    )
    return zipped(folder, folder.parent / "submissions.zip")


def grade(download: Path, out: Path, *options: str) -> Any:
    arguments = ["grade", str(download), "-a", "sudoku-functions", "--jobs", "2"]
    arguments += ["--roster", str(LMS / "canvas-roster.csv"), "--out", str(out)]
    return CliRunner().invoke(app, [*arguments, "--config", str(REPO / "config.yaml"), *options])


def test_grade_reads_a_canvas_zip_and_names_the_students(download: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = grade(download, out, "--json", str(tmp_path / "marks.json"))
    assert result.exit_code == ExitCode.OK, result.output
    assert "layout: Canvas bulk download, 2 students (1 marked late)" in result.stderr
    assert "roster: 3 students, 2 with a submission, 1 absent" in result.stderr
    report = json.loads((tmp_path / "marks.json").read_text())
    check_schema(report)
    assert report == json.loads((out / "report.json").read_text())  # joined before either
    assert report["layout"] == "canvas"
    assert [s["name"] for s in report["absent"]] == ["Wei, Li"]
    jane, raj = report["submissions"]
    assert jane["name"] == "doejane_123456" and jane["marks"] == jane["max_marks"]
    assert jane["student"]["name"] == "Doe, Jane" and jane["student"]["login"] == "jdoe"
    assert "handed" not in jane
    assert raj["status"] == "graded" and raj["marks"] == 110  # get_block_num's 10 lost
    assert raj["student"]["lms_id"] == "123457" and raj["handed"] == {"late_marked": True}

    # Killed after Jane's result: the same command with --resume extracts the zip afresh,
    # takes it for the same run, and grades only Raj.
    journal = out / JOURNAL
    kept = journal.read_bytes().splitlines(keepends=True)[:2]
    journal.write_bytes(b"".join(kept))
    (out / "report.json").unlink()
    resumed = grade(download, out, "--resume")
    assert resumed.exit_code == ExitCode.OK, resumed.output
    assert report_of(out) == without_seconds(report)
    assert journal.read_bytes().startswith(b"".join(kept))


def without_seconds(report: dict[str, Any]) -> dict[str, Any]:
    for submission in report["submissions"]:
        for item in submission["items"]:
            for case in item["cases"]:
                del case["seconds"]
    return report
