"""`grade --due --timestamps --adjustments` through the CLI, with real worker processes: the
penalty and the override in the table, the JSON, JUnit and the pages; kept over --resume, which
grades nothing again and applies the teacher's files as they are now."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.errors import ExitCode
from tests.conftest import FIXTURES, REPO, without_timings
from tests.test_cli import check_schema

LATE = (
    "late penalty 17 -> 11.3: 2 days 3 hours 11 minutes late (due 2026-03-01 23:59 UTC): "
    "3 days x 10% = 30% of the maximum (19) taken"
)
OVERRIDE = "override of get_row 9 -> 7: prints a debug line"


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A class of two (jane: correct; raj: wrong rows), a config with a late policy, the files."""
    root = tmp_path_factory.mktemp("deadlines")
    shutil.copytree(FIXTURES / "functions" / "AC" / "correct", root / "class" / "jane")
    shutil.copytree(FIXTURES / "functions" / "WA" / "wrong_row_on_1", root / "class" / "raj")
    text = (FIXTURES / "functions" / "config.yaml").read_text()
    text = text.replace("../../../testcases", str(REPO / "testcases"))
    policy = "    deadline:\n      due: 2026-03-02T23:59:00+00:00\n      grace_minutes: 15\n"
    policy += "      penalty: {per: day, percent: 10, cap: 50}\n"
    write(root / "config.yaml", text + policy)
    write(root / "moved.yaml", text + policy.replace("03-02T23:59", "03-03T23:59"))
    write(root / "times.csv", "student,submitted_at\njane,2026-03-04T03:10:00Z\n")
    write(root / "adj.csv", "student,item,delta,comment\njane,get_row,-2,prints a debug line\n")
    return root


def grade(root: Path, *args: str, config: str = "config.yaml", out: str = "out") -> Any:
    command = ["grade", str(root / "class"), "--config", str(root / config), "--jobs", "2"]
    return CliRunner().invoke(app, [*command, "--out", str(root / out), *args])


def marks(report: dict[str, Any]) -> dict[str, float]:
    return {sub["name"]: sub["marks"] for sub in report["submissions"]}


def test_penalty_and_override_in_every_output_and_kept_over_resume(setup: Path) -> None:
    root = setup
    files = ["--timestamps", str(root / "times.csv"), "--adjustments", str(root / "adj.csv")]
    outputs = ["--junit", str(root / "junit.xml"), "--report", str(root / "pages")]
    first = grade(
        root, "--due", "2026-03-01T23:59Z", *files, "--json", str(root / "1.json"), *outputs
    )
    assert first.exit_code == ExitCode.OK, first.output
    notes = " ".join(first.stdout.split("notes (")[1].split())  # the notes, unwrapped
    assert f"{OVERRIDE} {' '.join(LATE.split())}" in notes
    assert "no time known for 1 submission(s), taken as on time: raj" in first.stderr
    report = json.loads((root / "1.json").read_text())
    check_schema(report)
    jane = report["submissions"][0]
    assert jane["name"] == "jane" and jane["marks"] == 11.3
    assert [(a["kind"], a["item"], a["before"], a["after"]) for a in jane["adjustments"]] == [
        ("override", "get_row", 9, 7),
        ("late", None, 17, 11.3),
    ]
    assert jane["handed"] == {"at": "2026-03-04T03:10:00+00:00", "source": f"{root}/times.csv:2"}
    assert "adjustments" not in report["submissions"][1]
    assert (
        f'name="adjustment" value="{LATE.replace(">", "&gt;")}"' in (root / "junit.xml").read_text()
    )
    assert "late penalty 17 -&gt; 11.3" in (root / "pages" / "jane.html").read_text()

    journal = (root / "out" / "journal.jsonl").read_bytes()
    [kept] = [json.loads(line) for line in journal.splitlines()[1:] if b'"jane"' in line]
    assert (kept["marks"], "adjustments" in kept) == (19, False)  # the computed marks

    again = grade(
        root, "--resume", "--due", "2026-03-01T23:59Z", *files, "--json", str(root / "2.json")
    )
    assert again.exit_code == ExitCode.OK, again.output
    assert (root / "out" / "journal.jsonl").read_bytes() == journal  # nothing graded again
    same = json.loads((root / "2.json").read_text())
    assert without_timings(same) == without_timings(report)

    write(root / "adj2.csv", "student,item,delta\njane,get_row,-4\n")
    moved = ["--timestamps", str(root / "times.csv"), "--adjustments", str(root / "adj2.csv")]
    third = grade(root, "--resume", *moved, "--json", str(root / "3.json"), config="moved.yaml")
    assert third.exit_code == ExitCode.OK, third.output  # a new due date is the same run
    assert (root / "out" / "journal.jsonl").read_bytes() == journal
    now = json.loads((root / "3.json").read_text())["submissions"][0]
    assert [a["after"] for a in now["adjustments"]] == [5, 13.1]  # 15, less 1 day begun: 1.9
    assert now["adjustments"][1]["comment"].startswith("3 hours 11 minutes late (due 2026-03-03 ")

    unknown = write(root / "unknown.csv", "student,delta\njane,1\nJane Doe,1\n")
    fourth = grade(root, "--resume", "--adjustments", str(unknown))  # the key needs the report
    assert fourth.exit_code == ExitCode.BAD_INPUT, fourth.output
    assert fourth.stderr.endswith(
        f"error: {unknown}:3: student: 'Jane Doe' names no submission "
        "(expected a submission's name, or a student's LMS id, e-mail, login or SIS id)\n"
    )


def test_a_bad_file_is_refused_before_anything_is_graded(setup: Path) -> None:
    bad = write(setup / "bad.csv", "student,item,marks\njane,get_rows,3\n")
    refused = grade(setup, "--adjustments", str(bad), out="never")
    assert refused.exit_code == ExitCode.BAD_INPUT, refused.output
    known = "(known: get_block_num, get_row)"
    assert refused.stderr == f"error: {bad}:2: item: 'get_rows' is not an item {known}\n"
    assert not (setup / "never").exists()
