"""`suites calibrate`: each tier held to the official samples of its name on what needs no panel
(harness/calibration/axes.py): blanks, technique and its rounds, first-empty tries, the reference's
guesses. The fixtures (tests/fixtures/axes) are generated 9x9 puzzles whose measures are known:

    samples/nine  in1 (easy)    48 blanks, naked singles in 9 rounds, 538 tries
                  in2 (medium)  48 blanks, hidden singles in 9 rounds, 1,777 tries
                  in3           47 blanks, no solution (naked singles see it at once), 705 tries
    within.yaml   easy-within 46 / naked in 8 / 172; medium-within 47 / hidden in 6 / 590;
                  unsolvable-within 45 / at once / 136
    harder.yaml   easy-deeper 49 / naked in 17 / 771; easy-needs-hidden 49 / hidden in 6 / 256;
                  medium-more-tries 49 / hidden in 7 / 2,119
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from harness.calibration import axes, axes_report
from harness.calibration import samples as official
from harness.calibration.axes import Limits, Measures, Tries
from harness.cli import suites
from harness.config import SamplesConfig, load_config
from harness.errors import ExitCode
from harness.puzzles.rating import DEDUCTIONS, Technique
from harness.puzzles.suites import Case, load_suite
from harness.records.tiers import Tier
from tests.conftest import DATASETS, REPO
from tests.test_panel import AXES, TIERS, calibrate, shipped_cases, tiny_setup

WITS = DATASETS / "wits-sample-io"


def fixture_samples() -> official.Samples:
    folder = AXES / "samples"
    return official.load(SamplesConfig(path=folder, tiers=TIERS), folder, {})


def fixture_cases(name: str) -> tuple[Case, ...]:
    return load_suite(AXES / name).cases


def test_the_fixtures_measure_as_the_docstring_says() -> None:
    measured = {c.id: Measures.of(c.puzzle) for c in fixture_samples().cases}
    assert measured["nine/in1"] == Measures(
        48, "naked singles", (9, 5, 5), Tries(538, axes.TRIES_CAP), 0
    )
    assert measured["nine/in2"].rounds_with("hidden singles") == 9
    assert (measured["nine/in3"].blanks, measured["nine/in3"].technique) == (47, "naked singles")


def test_cases_no_harder_than_their_samples_on_any_axis_hold() -> None:
    found = axes.calibrate(fixture_cases("within.yaml"), fixture_samples())
    assert found.checked and found.holds, found.problems
    assert [g.name for g in found.held] == ["9x9 easy", "9x9 medium", "9x9 unsolvable"]
    easy = found.groups[0]
    assert easy.limits == Limits(48, "naked singles", 9, 538, 0)
    table = axes_report.render(found)
    assert "3 of 3 tiers are no harder than their samples on any axis:" in table
    ours = [line for line in table.splitlines() if " within/" in line]
    assert len(ours) == 3 and all(line.endswith(" within") for line in ours)


def test_a_case_harder_than_its_samples_says_on_which_axis_and_by_how_much() -> None:
    found = axes.calibrate(fixture_cases("harder.yaml"), fixture_samples())
    assert not found.holds
    assert found.problems == (
        "9x9 easy: harder/easy-deeper is harder than its samples: blanks 49 > 48 (+1), "
        "rounds 17 > 9 (+8), tries 771 > 538 (+233)",
        "9x9 easy: harder/easy-needs-hidden is harder than its samples: blanks 49 > 48 (+1), "
        "technique hidden singles > naked singles (a stronger one)",
        "9x9 medium: harder/medium-more-tries is harder than its samples: blanks 49 > 48 (+1), "
        "tries 2,119 > 1,777 (+342)",
    )
    table = axes_report.render(found)
    assert "NO: blanks +1, rounds +8, tries +233" in table
    assert "0 of 2 tiers are no harder than their samples on any axis:" in table


def measures(
    blanks: int, technique: Technique, rounds: int | None, tries: int | None, guesses: int = 0
) -> Measures:
    """Made-up measures: `rounds` for `technique` and every stronger deduction."""
    counted: list[int | None] = [None] * len(DEDUCTIONS)
    if technique != "guessing":
        start = DEDUCTIONS.index(technique)
        counted[start:] = [rounds] * (len(DEDUCTIONS) - start)
    return Measures(blanks, technique, tuple(counted), Tries(tries, 1000), guesses)


def test_several_samples_of_a_tier_allow_the_most_any_of_them_asks() -> None:
    limits = Limits.of(
        [
            measures(50, "naked singles", 20, 900),
            measures(40, "hidden singles", 7, 100, guesses=3),
        ]
    )
    assert limits == Limits(50, "hidden singles", 7, 900, 3)
    assert limits.excesses(measures(50, "hidden singles", 7, 900, guesses=3)) == ()
    (excess,) = limits.excesses(measures(50, "hidden singles", 8, 900))
    assert excess.text == "rounds 8 > 7 (+1)"


def test_past_the_cap_tries_are_not_judged_and_guessing_has_no_rounds() -> None:
    limits = Limits.of([measures(60, "guessing", None, None, guesses=12)])
    assert (limits.rounds, limits.tries) == (None, None)
    assert limits.excesses(measures(60, "locked candidates", 40, None, guesses=12)) == ()
    (guessed,) = limits.excesses(measures(60, "guessing", None, None, guesses=13))
    assert guessed.text == "guesses 13 > 12 (+1)"
    capped = Limits.of([measures(60, "naked singles", 5, 500)])
    (tries,) = capped.excesses(measures(60, "naked singles", 5, None))
    assert tries.text == "tries > 1,000 > 500 (past the count's cap)"


def test_without_the_samples_ours_are_shown_and_nothing_is_held(tmp_path: Path) -> None:
    absent = official.Samples(tmp_path / "none", absent=True)
    found = axes.calibrate(fixture_cases("harder.yaml"), absent)
    assert found.holds and not found.checked and not found.held
    table = axes_report.render(found)
    assert f"official samples: {tmp_path / 'none'} is absent" in table
    assert "not held: no sample" in table
    assert table.endswith("the tiers are shown, not held to the official samples")


def test_calibrate_exits_1_when_a_tier_breaks_an_axis_though_the_panel_holds(
    tmp_path: Path,
) -> None:
    """No interpreter starts in a millisecond: every member misses the samples and ours alike,
    so the panel holds; the measures do not."""
    code, output = calibrate(tiny_setup(tmp_path, 0.001, suite="harder.yaml"))
    assert code == ExitCode.FAILED, output
    assert "2 of 2 tiers match the official samples both ways:" in output
    assert "NO: 9x9 easy: harder/easy-deeper is harder than its samples: blanks 49 > 48" in output
    assert output.index("axes: ") < output.index("panel (python)")


def test_boards_that_name_a_tier_are_held_to_the_course_boards_of_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """board-solver's competency boards name no tier today: one line says so. A board that
    names one is held like a stdin case (suites calibrate -a board-solver)."""
    ours, course = list(fixture_cases("harder.yaml")), list(fixture_samples().cases)
    assert suites._calibrate_board_axes([replace(c, tier=None) for c in ours], course, AXES)
    assert capsys.readouterr().out.startswith("axes: no board of ours names a tier")
    assert not suites._calibrate_board_axes(ours, course, AXES / "samples")
    assert "NO: 9x9 easy: harder/easy-deeper" in capsys.readouterr().out


# the official sample I/O against the shipped suites --------------------------------------------


@pytest.mark.skipif(not WITS.is_dir(), reason="../shared/datasets/wits-sample-io is absent")
def test_every_shipped_tier_is_no_harder_than_its_official_samples_on_any_axis() -> None:
    """Every official sample takes a plain first-empty backtracker either under 50,000 tries
    (the 9x9 ones) or past 1,000,000 (the 16x16 and 25x25 ones: `suites calibrate` prints
    them), so counting to 100,000 here gives calibrate's verdicts in a tenth of its time."""
    samples = load_config(REPO / "config.yaml").assignment("stdin-program").samples
    assert samples is not None
    cases = shipped_cases()
    read = official.load(samples, WITS, official.value_styles(cases))
    found = axes.calibrate(cases, read, tries_cap=100_000)
    assert found.checked and found.holds, found.problems
    tiers: set[tuple[int, Tier | None]] = {(g.size, g.tier) for g in found.held}
    assert tiers >= {(9, "easy"), (16, "basic"), (16, "easy"), (16, "medium"), (25, "easy")}
    for sample in (sample for group in found.held for sample in group.samples):
        tries = sample.measures.tries
        assert tries is not None and (tries.count is None or tries.count < 50_000), sample.case
