"""`grade`'s outputs through the CLI: every file format in one run, --fail-under, --quiet, and a
path that cannot be written."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from harness.errors import ExitCode
from tests.conftest import REPO
from tests.test_cli import CONFIG, REFERENCE, invoke

EXAMPLES = REPO / "submissions" / "sudoku-functions"


def test_one_run_writes_every_format(tmp_path: Path) -> None:
    files = {name: tmp_path / name for name in ("r.json", "g.csv", "j.xml", "gs.json")}
    args = ["--json", str(files["r.json"]), "--csv", str(files["g.csv"])]
    args += ["--junit", str(files["j.xml"]), "--report", str(tmp_path / "pages")]
    result = invoke("grade", str(EXAMPLES), "--config", CONFIG, *args)
    assert result.exit_code == ExitCode.OK, result.output
    report = json.loads(files["r.json"].read_text())
    rows = list(csv.DictReader(files["g.csv"].open(encoding="utf-8", newline="")))
    assert [r["submission"] for r in rows] == [s["name"] for s in report["submissions"]]
    assert [float(r["total"]) for r in rows] == [s["marks"] for s in report["submissions"]]
    suites = ET.parse(files["j.xml"]).getroot().findall("testsuite")
    assert len(suites) == len(report["submissions"])
    assert (tmp_path / "pages" / "index.html").is_file()


def test_gradescope_results_for_one_submission(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--gradescope", str(path))
    assert result.exit_code == ExitCode.OK, result.output
    results = json.loads(path.read_text())
    assert results["score"] == sum(t["score"] for t in results["tests"]) == 120
    assert isinstance(results["execution_time"], (int, float))


def test_fail_under_fails_the_run_and_names_who(tmp_path: Path) -> None:
    result = invoke("grade", str(EXAMPLES), "--config", CONFIG, "--fail-under", "90", "-q")
    assert result.exit_code == ExitCode.FAILED
    assert "fail-under: 5 submission(s) under 90%: infinite_loop" in result.stderr
    passing = invoke("grade", str(REFERENCE), "--config", CONFIG, "--fail-under", "100")
    assert passing.exit_code == ExitCode.OK, passing.output


def test_quiet_prints_only_the_summary_line() -> None:
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--quiet")
    assert result.exit_code == ExitCode.OK, result.output
    assert result.stdout == "1 submission(s), 1 graded, 0 with errors; cases: AC 517\n"


def test_an_output_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "deeper" / "marks.csv"
    (tmp_path / "missing").write_text("a file, not a folder")
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--csv", str(target))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.stderr.splitlines()[-1].startswith(f"error: {target}: cannot write it")
