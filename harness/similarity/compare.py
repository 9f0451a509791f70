"""Every pair of a class compared by shared fingerprints, the starter's and the class's
boilerplate left out, ranked by how much of either file the other holds (what lies between
two matches split by a few inserted tokens counts as matched too: merge.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from harness.similarity.merge import bridged
from harness.similarity.order import Order
from harness.similarity.records import Comparison, Fingerprinted, Pair


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
    candidates = [*combinations(kept, 2), *product(kept, old)]
    pairs = [p for a, b in candidates if (p := _compared(a, b, settings)) is not None]
    pairs.sort(key=lambda p: (-p.share, -p.matched, p.a, p.b))
    return Comparison(
        tuple(pairs), len(class_), settings.threshold, len(starter), len(common), len(archive)
    )


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


def _compared(a: _Kept, b: _Kept, settings: Settings) -> Pair | None:
    shared = a.hashes & b.hashes
    if not shared:
        return None
    more = bridged(a.order, b.order, shared, settings.merge_neighbor, settings.merge_gap)
    return _pair(a, b, shared, more, settings)


def _common(class_: Sequence[Fingerprinted], settings: Settings) -> frozenset[int]:
    """Prints held by more than `common_share` of the class and by `common_min` submissions at
    least: in a small class, three who copied from each other are not a share of it that makes
    their code boilerplate (MOSS counts submissions too: its -m, 10 by default); what two share
    alone is never boilerplate."""
    held = Counter(h for s in class_ for h in s.hashes)
    fewest = max(3, settings.common_min)
    most = settings.common_share * len(class_)
    return frozenset(h for h, count in held.items() if count > most and count >= fewest)


def _pair(
    a: _Kept,
    b: _Kept,
    shared: frozenset[int],
    more: tuple[frozenset[int], frozenset[int]],
    settings: Settings,
) -> Pair:
    """Each side's share: its prints shared, and those bridged by merging, of its prints."""
    matched_a, matched_b = shared | more[0], shared | more[1]
    share_a, share_b = len(matched_a) / len(a.hashes), len(matched_b) / len(b.hashes)
    enough = len(shared) >= settings.min_matched
    flagged = enough and max(share_a, share_b) >= settings.threshold
    regions_a, regions_b = a.order.regions(matched_a), b.order.regions(matched_b)
    return Pair(
        a.read.name, b.read.name, share_a, share_b, len(shared), flagged, regions_a, regions_b,
        bridged_a=len(more[0]), bridged_b=len(more[1]),
    )  # fmt: skip
