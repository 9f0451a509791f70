"""Every pair of a class compared by shared fingerprints, the starter's and the class's
boilerplate left out, ranked by how much of either file the other holds (what lies between
two matches split by a few inserted tokens counts as matched too: merge.py), and flagged by the
threshold or as an outlier of its class (outliers.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from harness.records.similarity import FlagRule, Settings
from harness.similarity.merge import bridged
from harness.similarity.order import Order
from harness.similarity.outliers import outliers
from harness.similarity.records import Comparison, Fingerprinted, Pair


def compare(
    class_: Sequence[Fingerprinted],
    starter: frozenset[int],
    settings: Settings,
    archive: Sequence[Fingerprinted] = (),
) -> Comparison:
    """Every pair of the class, and each of the class with each of the archive (earlier years'
    submissions: never with each other, and in no share of the class)."""
    common = _common(class_, settings) - starter
    left_out = starter | common
    kept = [_Kept.of(s, left_out) for s in class_]
    old = [_Kept.of(s, left_out) for s in archive]
    within = [m for a, b in combinations(kept, 2) if (m := _measured(a, b, settings))]
    across = [m for a, b in product(kept, old) if (m := _measured(a, b, settings))]
    every = len(kept) * (len(kept) - 1) // 2  # the class's pairs; those sharing nothing at 0
    shares = [m.share for m in within] + [0.0] * (every - len(within))
    spread = outliers(shares, len(class_), settings)
    pairs = [m.pair(_rule(m, settings, spread.cutoff)) for m in [*within, *across]]
    pairs.sort(key=lambda p: (-p.share, -p.matched, p.a, p.b))
    counts = (len(starter), len(common), len(archive))
    return Comparison(tuple(pairs), len(class_), settings.threshold, *counts, spread)


@dataclass(frozen=True)
class _Kept:
    """A submission, and its prints not left out (as a set, and in order for merging)."""

    read: Fingerprinted
    hashes: frozenset[int]
    order: Order

    @classmethod
    def of(cls, read: Fingerprinted, left_out: frozenset[int]) -> _Kept:
        kept = read.hashes - left_out
        return cls(read, kept, Order.of(read.prints, kept))


@dataclass(frozen=True)
class _Measured:
    """Two submissions' prints shared, and each side's matched: shared or bridged by merging."""

    a: _Kept
    b: _Kept
    shared: frozenset[int]
    matched_a: frozenset[int]
    matched_b: frozenset[int]

    @property
    def shares(self) -> tuple[float, float]:
        return len(self.matched_a) / len(self.a.hashes), len(self.matched_b) / len(self.b.hashes)

    @property
    def share(self) -> float:
        return max(self.shares)

    def pair(self, rule: FlagRule | None) -> Pair:
        regions = self.a.order.regions(self.matched_a), self.b.order.regions(self.matched_b)
        bridged = len(self.matched_a - self.shared), len(self.matched_b - self.shared)
        names = self.a.read.name, self.b.read.name
        return Pair(*names, *self.shares, len(self.shared), rule, *regions, *bridged)


def _measured(a: _Kept, b: _Kept, settings: Settings) -> _Measured | None:
    shared = a.hashes & b.hashes
    if not shared:
        return None
    more = bridged(a.order, b.order, shared, settings.merge_neighbor, settings.merge_gap)
    return _Measured(a, b, shared, shared | more[0], shared | more[1])


def _rule(measured: _Measured, settings: Settings, cutoff: float | None) -> FlagRule | None:
    """What flags the pair: the threshold, else its standing out in the class (outliers.py),
    on more evidence (outlier_min_matched prints shared); never a pair sharing fewer than
    min_matched prints."""
    matched = len(measured.shared)
    if matched >= settings.min_matched and measured.share >= settings.threshold:
        return "threshold"
    enough = matched >= max(settings.min_matched, settings.outlier_min_matched)
    if enough and cutoff is not None and measured.share >= cutoff:
        return "outlier"
    return None


def _common(class_: Sequence[Fingerprinted], settings: Settings) -> frozenset[int]:
    """Prints held by more than `common_share` of the class and by `common_min` submissions at
    least: in a small class, three who copied from each other are not a share of it that makes
    their code boilerplate (MOSS counts submissions too: its -m, 10 by default); what two share
    alone is never boilerplate."""
    held = Counter(h for s in class_ for h in s.hashes)
    fewest = max(3, settings.common_min)
    most = settings.common_share * len(class_)
    return frozenset(h for h, count in held.items() if count > most and count >= fewest)
