"""What a similarity run is asked, in one place: the settings config.yaml's `similarity:` keys
set (harness/config.py takes each default from here) and the engine reads (harness/similarity/),
and the rules that flag a pair. Standard library only, like every record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

# Why a pair is flagged: either side's share reaches the threshold, or the pair's share stands
# far above the class's own shares (harness/similarity/outliers.py). A pair both would flag is
# flagged by the threshold.
FlagRule = Literal["threshold", "outlier"]
FLAG_RULES: tuple[FlagRule, ...] = get_args(FlagRule)


@dataclass(frozen=True)
class Settings:
    threshold: float = 0.5  # flagged when either file has this share of its prints in the other
    common_share: float = 0.3  # prints held by more than this share of the class: boilerplate
    common_min: int = 5  # ... and by at least this many submissions (never fewer than 3)
    # A pair sharing fewer prints is never flagged: a file left with a handful of prints once the
    # starter and boilerplate are out can share all of them by chance (10 prints: at least 200
    # tokens, some 20 lines, in common).
    min_matched: int = 10
    # Two matches each of `merge_neighbor` fingerprints or more, at most `merge_gap` apart on
    # both sides, are one (merge.py); a gap of 0 merges none.
    merge_neighbor: int = 2
    merge_gap: int = 6
    # A pair whose share is `outlier_z` robust standard deviations or more above the median of
    # the class's pair shares is flagged as an outlier, even under the threshold; never under
    # `outlier_min_share` (a class that shares little has no outliers worth a look), never
    # sharing fewer than `outlier_min_matched` prints (under the threshold, a share of a small
    # file is a few idioms: about 40 lines in common), and only in a class of
    # `outlier_min_class` submissions or more (fewer pairs say nothing about a class). None: no
    # pair is flagged as an outlier.
    outlier_z: float | None = 3.5
    outlier_min_share: float = 0.3
    outlier_min_matched: int = 20
    outlier_min_class: int = 6
