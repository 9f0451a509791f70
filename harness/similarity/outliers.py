"""A pair far above its own class's shares, flagged even under the absolute threshold: a copy
disguised well enough to fall under 50% still stands out in a class where independent
solutions share 5 to 15% (issue 35: a copy at 41% and 34%, every independent pair at or under
16%).

The class's pair shares (every pair of the class, those that share nothing at 0; archived
submissions are not of the class) give a median and a robust spread: 1.4826 times the median
absolute deviation, a normal distribution's standard deviation when the shares are normal, and
untouched by the few copies a class holds (Iglewicz and Hoaglin's modified z-score, whose usual
cut is 3.5). A pair at `outlier_z` spreads above the median or more is an outlier. Three floors
keep noise out: the spread is never taken under SPREAD_FLOOR (a class whose pairs share nothing
alike has a spread of 0), the cutoff never under `outlier_min_share`, and a class of fewer than
`outlier_min_class` submissions has no outliers at all. And an outlier must share at least
`outlier_min_matched` fingerprints (compare.py): under the threshold, a share of a small file
can be a few idioms.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median

from harness.records.similarity import Settings
from harness.similarity.records import Outliers

SCALE = 1.4826  # the median absolute deviation times this: a normal's standard deviation
SPREAD_FLOOR = 0.02  # two points of share: the least spread a cutoff is reckoned with


def outliers(shares: Sequence[float], submissions: int, settings: Settings) -> Outliers:
    """The class's shares summed up, and the share from which a pair is an outlier (None when
    the rule does not apply: turned off, or too few submissions)."""
    if not shares:
        return Outliers(0.0, SPREAD_FLOOR, None)
    middle = median(shares)
    spread = max(SCALE * median(abs(s - middle) for s in shares), SPREAD_FLOOR)
    z = settings.outlier_z
    if z is None or submissions < settings.outlier_min_class:
        return Outliers(middle, spread, None)
    return Outliers(middle, spread, max(settings.outlier_min_share, middle + z * spread))
