"""`suites calibrate`: the panel of typical student solvers (solvers/panel) run for real on suite
cases and on the course's official samples, each tier held against the samples it is named after,
both ways."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harness.calibration import panel
from harness.calibration import samples as official
from harness.calibration.panel import Attempt, Row
from harness.cli.app import app
from harness.config import SamplesConfig, load_config
from harness.errors import BadInput, ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.puzzles.suites import Case, load_suite
from harness.records.tiers import Tier
from harness.records.verdicts import Verdict
from tests.conftest import DATASETS, FIXTURES, REPO

PANEL = REPO / "solvers" / "panel"
MEMBERS = panel.MEMBERS["python"]
JUDGED = ["shown" if member in panel.ERRATIC else "yes" for member in MEMBERS]  # every match
AXES = FIXTURES / "axes"  # a 9x9 suite of two tiers, and samples it is no harder than
WITS = DATASETS / "wits-sample-io"
runner = CliRunner()

# the rules, on attempts made up ----------------------------------------------------------------


def row(case: str, solved: dict[str, bool], *, official: bool, tier: Tier | None = "easy") -> Row:
    """A 16x16 case (a sample when `official`) and whether each member solved it in time."""
    attempts = tuple(Attempt(m, Verdict.AC if ok else Verdict.TLE, 0.1) for m, ok in solved.items())
    return Row(case, 16, tier, tier is not None, official, 2.0, attempts)


def one_group(samples: list[Row], ours: list[Row]) -> panel.Group:
    members = [a.member for a in ours[0].attempts]
    (group,) = panel.groups(ours, samples, members, checked=True)
    return group


def test_a_member_that_passes_the_samples_must_pass_every_case_of_the_tier() -> None:
    sample = row("e01", {"mrv": True}, official=True)
    ours = [
        row("easy-1", {"mrv": True}, official=False),
        row("easy-2", {"mrv": False}, official=False),
    ]
    group = one_group([sample], ours)
    assert not group.holds
    assert group.problems == ("16x16 easy: mrv passes the samples but misses 1 of ours",)


def test_a_member_that_misses_the_samples_must_miss_most_cases_of_the_tier() -> None:
    sample = row("e01", {"mrv": False}, official=True)
    half = [
        row("easy-1", {"mrv": True}, official=False),
        row("easy-2", {"mrv": False}, official=False),
    ]
    assert one_group([sample], half).problems == (
        "16x16 easy: mrv misses the samples but solves 1 of 2 of ours",
    )
    most = [*half, row("easy-3", {"mrv": False}, official=False)]
    assert one_group([sample], most).holds


def test_an_unsolvable_case_only_binds_members_that_pass_all_the_sizes_samples() -> None:
    samples = [row("b01", {"mrv": True}, official=True), row("e01", {"mrv": False}, official=True)]
    refuted = [row("unsolvable-1", {"mrv": True}, official=False, tier=None)]
    missed = [row("unsolvable-1", {"mrv": False}, official=False, tier=None)]
    assert one_group(samples, refuted).holds and one_group(samples, missed).holds
    passed = [samples[0]]
    assert not one_group(passed, missed).holds
    assert [r.case for r in one_group(samples, missed).shown] == []


def test_a_tier_with_no_sample_of_its_name_is_a_problem_unless_nothing_is_checked() -> None:
    sample = row("b01", {"mrv": True}, official=True, tier="basic")
    ours = [row("easy-1", {"mrv": True}, official=False)]
    group = one_group([sample], ours)
    assert group.problems == ("16x16 easy: no official sample of this tier at this size",)
    (unchecked,) = panel.groups(ours, [], ["mrv"], checked=False)
    assert unchecked.holds and not unchecked.problems


def test_a_solvable_case_that_names_no_tier_is_a_problem() -> None:
    sample = row("e01", {"mrv": True}, official=True)
    untiered = row("old-1", {"mrv": True}, official=False, tier=None)
    untiered = Row(untiered.case, 16, None, True, False, 2.0, untiered.attempts)
    (group,) = panel.groups([untiered], [sample], ["mrv"], checked=True)
    assert group.problems == (
        "16x16 untiered: 1 case(s) name no tier (the sample each stands beside)",
    )


# the official samples, read in place ----------------------------------------------------------


def samples_folder(tmp_path: Path) -> Path:
    """Two 9x9 puzzles of our own laid out as the course lays out its samples (in1.txt, in2.txt,
    tokens), and one with no solution (in3.txt, out3.txt): stand-ins for the real ones in tests
    (tests/fixtures/axes/samples, their measures in tests/test_axes.py)."""
    return Path(shutil.copytree(AXES / "samples", tmp_path / "samples"))


TIERS: dict[str, Tier] = {"nine/in1": "easy", "nine/in2": "medium"}


def test_samples_take_the_tiers_config_names_and_the_suites_value_style(tmp_path: Path) -> None:
    folder = samples_folder(tmp_path)
    found = official.load(SamplesConfig(path=folder, tiers=TIERS), folder, {9: "letters"})
    assert found.checked and {c.id: c.tier for c in found.cases} == {
        "nine/in1": "easy",
        "nine/in2": "medium",
        "nine/in3": None,
    }
    assert {c.values for c in found.cases} == {"letters"}
    absent = official.load(SamplesConfig(path=folder, tiers=TIERS), tmp_path / "none", {})
    assert absent.absent and not absent.cases


@pytest.mark.parametrize(
    ("tiers", "message"),
    [
        ({"nine/in1": "easy"}, "nine/in2 has no tier"),
        ({**TIERS, "nine/in9": "hard"}, "samples.tiers.nine/in9: no such sample in"),
    ],
)
def test_a_sample_without_a_tier_or_a_tier_without_a_sample_is_refused(
    tmp_path: Path, tiers: dict[str, Tier], message: str
) -> None:
    folder = samples_folder(tmp_path)
    with pytest.raises(BadInput, match=message):
        official.load(SamplesConfig.model_validate({"path": folder, "tiers": tiers}), folder, {})


# the command, on a tiny suite and samples of our own -------------------------------------------

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
    samples:
      path: samples
      tiers: TIERS
    items:
      9x9: {marks: 10, time: TIME}
"""


def tiny_setup(
    tmp_path: Path, seconds: float, tiers: str = str(TIERS), suite: str = "within.yaml"
) -> Path:
    """A config whose 9x9 limit is `seconds`, a suite of tests/fixtures/axes (by default
    within.yaml: a case of tier easy, one of medium, one unsolvable, each no harder than its
    samples) and the samples beside it."""
    shutil.copy(AXES / suite, tmp_path / "tiny.yaml")
    samples_folder(tmp_path)
    config = tmp_path / "config.yaml"
    config.write_text(CONFIG.replace("TIME", str(seconds)).replace("TIERS", tiers))
    return config


def calibrate(config: Path, *extra: str) -> tuple[int, str]:
    args = ["suites", "calibrate", "--config", str(config), "-a", "stdin", "--panel", str(PANEL)]
    result = runner.invoke(app, [*args, "--language", "python", *extra])
    return result.exit_code, result.output


def test_tiers_that_meet_their_samples_give_both_tables_and_exit_0(tmp_path: Path) -> None:
    code, output = calibrate(tiny_setup(tmp_path, 5.0))
    assert code == ExitCode.OK, output
    measures, times = output.split("\npanel (python)")
    assert measures.startswith("axes: each puzzle's measures beside its tier's official samples")
    assert "3 of 3 tiers are no harder than their samples on any axis:" in measures
    lines = ["panel (python)" + times.splitlines()[0], *times.splitlines()[1:]]
    assert lines[0] == "panel (python): CPU seconds per case, or the verdict"
    assert lines[1] == f"official samples: {tmp_path / 'samples'}"
    assert lines[3].split() == ["tier", "case", "limit", "s", *MEMBERS]
    rows = [line.split() for line in lines if line.startswith("9x9 easy")]
    assert [r[2] for r in rows] == ["official/nine/in1", "within/easy-within", "as"]
    assert all(float(cell) < 5 for cell in rows[0][4:])
    assert rows[-1][-len(MEMBERS) :] == JUDGED
    assert "3 of 3 tiers match the official samples both ways:" in output
    assert "panel (cpp)" not in output


def test_a_member_that_misses_the_samples_in_time_must_miss_ours_too(tmp_path: Path) -> None:
    """No interpreter starts in a millisecond: every member misses every sample and every case
    of ours, which is what the samples say; a tier named by no sample is the problem left."""
    config = tiny_setup(tmp_path, 0.001, tiers="{nine/in1: easy, nine/in2: easy}")
    code, output = calibrate(config)
    assert code == ExitCode.FAILED, output
    times = output.split("\npanel (python)")[1]
    easy = [line for line in times.splitlines() if line.startswith("9x9 easy")]
    assert "TLE" in easy[0] and easy[-1].split()[-len(MEMBERS) :] == JUDGED
    assert "NO: 9x9 medium: no official sample of this tier at this size" in output
    assert "2 of 3 tiers match" in output


def test_without_the_samples_the_tiers_are_shown_and_not_checked(tmp_path: Path) -> None:
    config = tiny_setup(tmp_path, 0.001)
    shutil.rmtree(tmp_path / "samples")
    code, output = calibrate(config)
    assert code == ExitCode.OK, output
    assert f"official samples: {tmp_path / 'samples'} is absent" in output
    assert "the tiers are shown, not checked against the official samples" in output
    assert "the tiers are shown, not held to the official samples" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--language", "rust"], "'rust' is not one of"),
        (["--panel", "/no/such/panel"], "error: /no/such/panel/python/first_empty.py: no such"),
        (["/no/such/suite.yaml"], "error: /no/such/suite.yaml"),
    ],
)
def test_bad_input_is_a_one_line_error(tmp_path: Path, args: list[str], message: str) -> None:
    code, output = calibrate(tiny_setup(tmp_path, 5.0), *args)
    assert code == ExitCode.BAD_INPUT, output
    assert message in output


# the official sample I/O against the shipped suites --------------------------------------------


@cache
def shipped_plan() -> Plan:
    return calibrated_plan(load_config(REPO / "config.yaml"), "stdin-program")


@cache
def shipped_cases() -> tuple[Case, ...]:
    config = load_config(REPO / "config.yaml").assignment("stdin-program")
    paths = [REPO / path for path in config.suites]
    return tuple(case for path in paths for case in load_suite(path).cases)


# The fewest members that still check both ways, as time-outs cost CPU: MRV misses e01 and eg1 and
# must miss ours of those tiers, and solves b01 and m01 and must solve ours of those; the slowest
# programs that pass every sample (Python's singles_once and singles) must pass every case. The
# first-empty members miss every 16x16 and 25x25 sample: the example submissions/stdin-program/
# first-empty-dfs holds them to missing ours (`check`: nothing at 16x16 and 25x25), and
# `suites calibrate` runs the whole panel in both languages.
CHECKED: dict[panel.Language, tuple[str, ...]] = {
    "cpp": ("mrv", "singles_once"),
    "python": ("singles_once", "singles"),
}  # C's members are all first- or last-empty: shown by `suites calibrate`, held by no sample


@pytest.mark.skipif(not WITS.is_dir(), reason="../shared/datasets/wits-sample-io is absent")
@pytest.mark.parametrize("language", list(CHECKED))
def test_every_shipped_tier_meets_its_official_samples_both_ways(language: panel.Language) -> None:
    """A program that passes the official samples of a tier in time passes every case of ours
    of that tier; one that misses them misses most of ours: the course's marks, by its samples."""
    if language == "cpp" and shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    configured = load_config(REPO / "config.yaml")
    samples = configured.assignment("stdin-program").samples
    assert samples is not None
    cases = shipped_cases()
    found = official.load(samples, WITS, official.value_styles(cases))
    members = [m for m in panel.members(PANEL, language) if m.name in CHECKED[language]]
    calibration = panel.calibrate(shipped_plan(), cases, language, members, found)
    assert calibration.checked and calibration.holds, calibration.problems
    assert {(g.size, g.tier) for g in calibration.groups} >= {(16, "easy"), (25, "easy")}
