"""Fair timing: a TLE must not depend on how busy the machine was.

Verdicts use CPU time; a case stopped on the wall clock with CPU to spare is graded once more,
alone, before it is final; grading the same folder twice, with more jobs than cores, gives
identical marks.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from harness.grading.feedback import AGAIN
from harness.grading.run import grade_all
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.submissions import discover
from tests.conftest import FIXTURES, grade_cli, plan_for, without_timings

FUNCTIONS = FIXTURES / "functions"
CONFIG = FUNCTIONS / "config.yaml"
MIXED = ("AC/correct", "TLE/loops_forever_on_1", "TLE/sleeps_on_1", "WA/wrong_row_on_1")
OVERLOADED = (os.cpu_count() or 1) + 2


def folder_of(tmp_path: Path, names: tuple[str, ...]) -> Path:
    root = tmp_path / "submissions"
    for name in names:
        shutil.copytree(FUNCTIONS / name, root / name.replace("/", "-"))
    return root


def test_a_wall_clock_timeout_with_cpu_to_spare_is_graded_again_alone(tmp_path: Path) -> None:
    root = folder_of(tmp_path, MIXED)
    seen: list[SubmissionResult] = []
    report = grade_all(plan_for(CONFIG, "verdicts"), discover(root, (".py",)), 2, seen.append)
    assert sorted(r.name for r in seen) == sorted(r.name for r in report.submissions)
    results = {r.name: r for r in report.submissions}
    sleeper, looper = results["TLE-sleeps_on_1"], results["TLE-loops_forever_on_1"]
    assert sleeper.graded_again  # it slept: little CPU, stopped on the wall clock
    assert AGAIN in sleeper.note  # and its note says so
    assert not looper.graded_again  # it spun: stopped on CPU time, final at once
    assert AGAIN not in looper.note
    verdicts = {c.verdict for item in sleeper.items for c in item.cases}
    assert Verdict.TLE in verdicts


def grade_json(root: Path, out: Path) -> dict[str, Any]:
    options = ("--config", str(CONFIG), "-a", "verdicts", "--jobs", str(OVERLOADED))
    return without_timings(grade_cli(root, out, *options)[1])


def test_grading_twice_with_more_jobs_than_cores_gives_identical_marks(tmp_path: Path) -> None:
    root = folder_of(tmp_path, (*MIXED, "MLE/allocates_10gb_on_1", "RE/segfault_on_1"))
    first = grade_json(root, tmp_path / "first.json")
    second = grade_json(root, tmp_path / "second.json")
    assert first == second
    assert len(first["submissions"]) == len(MIXED) + 2
