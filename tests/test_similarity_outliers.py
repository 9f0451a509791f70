"""A pair far above its class's own shares is flagged under the threshold too, and says so
(harness/similarity/outliers.py). The fixture: `outlier/half_copied`, six of the original's
twelve functions copied and renamed, the other six its own (34% and 38% of each side: under
the threshold), in the fixture class where no two independent solutions share more than 11%."""

from __future__ import annotations

import pytest

from harness.records.results import Report, SubmissionResult
from harness.similarity import Fingerprinted, Settings, compare
from harness.similarity.join import with_similar
from harness.similarity.outliers import SPREAD_FLOOR, outliers
from harness.writers.table import similar_line
from tests.test_similarity import CLASS, independents, read, starter


def a_class() -> list[Fingerprinted]:
    return [read(CLASS / "original"), read(CLASS / "outlier" / "half_copied"), *independents()]


def test_a_partial_copy_under_the_threshold_is_flagged_as_an_outlier() -> None:
    found = compare(a_class(), starter(), Settings())
    assert [(p.a, p.b) for p in found.flagged] == [("original", "half_copied")]
    pair = found.flagged[0]
    assert pair.rule == "outlier" and pair.share < Settings().threshold, pair
    assert found.outliers is not None and found.outliers.cutoff is not None
    assert found.outliers.median < 0.1 and pair.share >= found.outliers.cutoff
    others = [p for p in found.pairs if "half_copied" not in (p.a, p.b)]
    assert max(p.share for p in others) < 0.2


def test_the_threshold_flags_first_and_says_so() -> None:
    copy = read(CLASS / "disguised" / "renamed")
    found = compare([*a_class(), copy], starter(), Settings())
    rules = {frozenset((p.a, p.b)): p.rule for p in found.flagged}
    assert rules[frozenset(("original", "renamed"))] == "threshold"
    assert found.flagged_by("outlier") == tuple(p for p in found.flagged if p.rule == "outlier")


def test_without_the_rule_the_partial_copy_is_not_flagged() -> None:
    found = compare(a_class(), starter(), Settings(outlier_z=None))
    assert not found.flagged
    assert found.outliers is not None and found.outliers.cutoff is None


def test_an_outlier_shares_more_than_a_few_idioms() -> None:
    """Under the threshold a share of a small file can be a few idioms: an outlier must share
    outlier_min_matched prints (the half copy shares 40)."""
    pair = compare(a_class(), starter(), Settings()).flagged[0]
    assert pair.matched == 40
    assert not compare(a_class(), starter(), Settings(outlier_min_matched=41)).flagged


def test_a_class_too_small_has_no_outliers() -> None:
    """Five submissions (ten pairs) say too little of a class: the same pair is not flagged."""
    small = a_class()[:5]
    found = compare(small, starter(), Settings())
    assert not found.flagged
    assert found.outliers is not None and found.outliers.cutoff is None
    assert compare(small, starter(), Settings(outlier_min_class=5)).flagged


@pytest.mark.parametrize(
    ("shares", "cutoff"),
    [
        pytest.param([0.0] * 20 + [0.25], 0.3, id="all-alike-the-floor-of-share"),
        pytest.param([0.04, 0.05, 0.06] * 7 + [0.28], 0.3, id="all-low"),
        pytest.param([0.20, 0.25, 0.30] * 7 + [0.5], 0.25 + 3.5 * 1.4826 * 0.05, id="all-high"),
    ],
)
def test_the_cutoff_is_the_median_and_z_spreads_with_floors(
    shares: list[float], cutoff: float
) -> None:
    found = outliers(shares, 30, Settings())
    assert found.cutoff == pytest.approx(cutoff)
    assert found.spread >= SPREAD_FLOOR


def test_no_shares_no_cutoff() -> None:
    assert outliers([], 30, Settings()).cutoff is None


def test_grade_puts_the_rule_on_both_rows_and_the_table_says_it() -> None:
    found = compare(a_class(), starter(), Settings())
    rows = tuple(SubmissionResult(s.name, 0.0, 1.0, "graded", "", ()) for s in a_class())
    joined = with_similar(Report("sudoku-functions", 1.0, rows), found)
    similar = {row.name: row.similar for row in joined.submissions}
    assert [(s.other, s.rule) for s in similar["half_copied"]] == [("original", "outlier")]
    assert [(s.other, s.rule) for s in similar["original"]] == [("half_copied", "outlier")]
    assert "similar to original (an outlier of the class): " in similar_line(
        similar["half_copied"][0]
    )
    assert Report.from_json(joined.to_json()) == joined
