"""`grade --similarity`: both rows of a flagged pair carry the flag, in the table and the JSON;
marks are what grading without it gives (real worker processes: three correct solutions of
sudoku-functions, two of them one solution and its reordered copy)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from harness.cli.app import app
from tests.conftest import FIXTURES

CLASS = FIXTURES / "similarity"


def graded(folder: Path, out: Path, *extra: str) -> tuple[str, dict[str, Any]]:
    args = ["grade", str(folder), "-a", "sudoku-functions", "--json", str(out), "-j", "2"]
    result = CliRunner().invoke(app, [*args, *extra])
    assert result.exit_code == 0, result.output
    return result.output, json.loads(out.read_text())


def test_both_rows_of_a_flagged_pair_are_flagged_and_marks_unchanged(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    for source in (CLASS / "original", CLASS / "disguised" / "reordered"):
        shutil.copytree(source, folder / source.name)
    shutil.copytree(CLASS / "independent" / "comprehensions", folder / "comprehensions")
    output, flagged = graded(folder, tmp_path / "flagged.json", "--similarity")
    _, plain = graded(folder, tmp_path / "plain.json")
    rows = {s["name"]: s for s in flagged["submissions"]}
    assert [s["other"] for s in rows["original"]["similar"]] == ["reordered"]
    assert [s["other"] for s in rows["reordered"]["similar"]] == ["original"]
    assert rows["original"]["similar"][0]["share"] == rows["reordered"]["similar"][0]["other_share"]
    assert rows["original"]["similar"][0]["share"] > 0.9
    assert "similar" not in rows["comprehensions"]
    assert "similar to reordered" in output and "similar to original" in output
    assert "1 flagged" in output
    for row in flagged["submissions"]:
        row.pop("similar", None)
    assert untimed(flagged) == untimed(plain)


def untimed(report: dict[str, Any]) -> dict[str, Any]:
    """The report without its cases' seconds, which differ from one run to the next."""
    for row in report["submissions"]:
        for item in row["items"]:
            for case in item["cases"]:
                case.pop("seconds")
    return report
