"""`suites calibrate`: the panel of typical student solvers (solvers/panel) run for real on
suite cases, and the official sample I/O checked against the shipped suites' easy cases."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.config import load_config
from harness.errors import ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.league import panel
from harness.puzzles.suites import Case, dump_suite, load_suite
from tests.conftest import DATASETS, REPO

PANEL = REPO / "solvers" / "panel"
WITS = DATASETS / "wits-sample-io"
runner = CliRunner()

CONFIG = """
languages:
  python:
    files: ["*.py"]
    run: ["{python}", "-I", "-B", "{main}"]
assignments:
  stdin:
    shape: stdin-program
    probes: stdin-program
    suites: [tiny.yaml]
    program: {languages: [python]}
    limits: {timeouts_before_skip: 1}
    items:
      9x9: {marks: 10, time: TIME}
"""


def tiny_setup(tmp_path: Path, seconds: float) -> tuple[Path, Path]:
    """A config whose 9x9 limit is `seconds`, and a suite of two shipped 9x9 cases."""
    shipped = load_suite(REPO / "testcases" / "stdin-9x9.yaml")
    cases = [c for c in shipped.cases if c.id in ("easy-9x9-1", "medium-9x9-1")]
    suite = tmp_path / "tiny.yaml"
    suite.write_text(dump_suite("tiny", "two shipped 9x9 cases", cases))
    config = tmp_path / "config.yaml"
    config.write_text(CONFIG.replace("TIME", str(seconds)))
    return config, suite


def calibrate(config: Path, *extra: str) -> tuple[int, str]:
    args = ["suites", "calibrate", "--config", str(config), "-a", "stdin", "--panel", str(PANEL)]
    result = runner.invoke(app, [*args, *extra])
    return result.exit_code, result.output


def test_labels_that_hold_give_a_table_and_exit_0(tmp_path: Path) -> None:
    config, suite = tiny_setup(tmp_path, 5.0)
    code, output = calibrate(config, "--language", "python", str(suite))
    assert code == ExitCode.OK, output
    lines = output.splitlines()
    assert lines[0] == "panel (python): CPU seconds per case, or the verdict"
    assert lines[2].split() == ["case", "label", "limit", "s", *panel.MEMBERS, "label", "holds"]
    easy = next(line.split() for line in lines if line.startswith("tiny/easy-9x9-1"))
    medium = next(line.split() for line in lines if line.startswith("tiny/medium-9x9-1"))
    assert easy[1:3] == ["easy", "5"] and medium[1:3] == ["medium", "5"]
    assert easy[-1] == "yes" and medium[-1] == "yes"
    assert all(float(cell) < 5 for cell in easy[3:6])
    assert "2 of 2 labels hold" in output
    assert "panel (cpp)" not in output


def test_an_easy_case_a_member_cannot_solve_in_time_exits_1(tmp_path: Path) -> None:
    config, suite = tiny_setup(tmp_path, 0.001)  # no interpreter starts in a millisecond
    code, output = calibrate(config, "--language", "python", str(suite))
    assert code == ExitCode.FAILED, output
    easy = next(line for line in output.splitlines() if line.startswith("tiny/easy-9x9-1"))
    assert "TLE" in easy
    assert easy.endswith("NO: not solved by first_empty, mrv, singles")
    medium = next(line for line in output.splitlines() if line.startswith("tiny/medium-9x9-1"))
    assert "skip" in medium  # timeouts_before_skip: 1, so nothing is run after a time-out
    assert "0 of 2 labels hold" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--language", "rust"], "'rust' is not one of"),
        (["--panel", "/no/such/panel"], "error: /no/such/panel/python/first_empty.py: no such"),
        (["/no/such/suite.yaml"], "error: /no/such/suite.yaml"),
    ],
)
def test_bad_input_is_a_one_line_error(tmp_path: Path, args: list[str], message: str) -> None:
    config, _ = tiny_setup(tmp_path, 5.0)
    code, output = calibrate(config, "--language", "python", *args)
    assert code == ExitCode.BAD_INPUT, output
    assert message in output


# the official sample I/O against the shipped suites --------------------------------------------


@cache
def shipped_plan() -> Plan:
    return calibrated_plan(load_config(REPO / "config.yaml"), "stdin-program")


@cache
def wits_cases(folder: Path) -> tuple[Case, ...]:
    """The official samples, imported as a teacher would (never copied into the repository)."""
    suite = folder / "wits-samples.yaml"
    args = ["suites", "import", str(WITS), "--values", "letters", "-o", str(suite)]
    result = runner.invoke(app, args)
    assert result.exit_code == ExitCode.OK, result.output
    return load_suite(suite).cases


@pytest.mark.skipif(not WITS.is_dir(), reason="../shared/datasets/wits-sample-io is absent")
@pytest.mark.parametrize("size", [9, 16, 25])
@pytest.mark.parametrize("language", panel.LANGUAGES)
def test_passing_the_official_samples_means_passing_every_easy_case(
    tmp_path_factory: pytest.TempPathFactory, language: panel.Language, size: int
) -> None:
    """A program that passes the official samples never scores less than the easy cases'
    share: every panel member that solves every official sample of a size, within the grading
    limit, solves every easy case of the shipped suite of that size."""
    if language == "cpp" and shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    samples = [c for c in wits_cases(tmp_path_factory.mktemp("wits")) if c.size == size]
    suite = load_suite(REPO / "testcases" / f"stdin-{size}x{size}.yaml")
    easy = [c for c in suite.cases if c.rating and c.rating.difficulty == "easy"]
    assert samples and easy
    plan = shipped_plan()
    for member in panel.members(PANEL, language):
        official = panel.calibrate(plan, samples, language, (member,))
        if all(row.attempts[0].solved for row in official.rows):
            ours = panel.calibrate(plan, easy, language, (member,))
            failed = [row.case for row in ours.rows if not row.attempts[0].solved]
            assert not failed, f"{member.name} passes the official samples, not {failed}"
