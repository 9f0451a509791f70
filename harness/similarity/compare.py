"""Every pair of a class compared by shared fingerprints, the starter's and the class's
boilerplate left out, ranked by how much of either file the other holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from harness.similarity.records import Comparison, Fingerprinted, Pair, Print, Region


@dataclass(frozen=True)
class Settings:
    threshold: float = 0.5  # flagged when either file has this share of its prints in the other
    common_share: float = 0.3  # prints held by more than this share of the class: boilerplate
    common_min: int = 5  # ... and by at least this many submissions (never fewer than 3)
    # A pair sharing fewer prints is never flagged: a file left with a handful of prints once the
    # starter and boilerplate are out can share all of them by chance (10 prints: at least 200
    # tokens, some 20 lines, in common).
    min_matched: int = 10


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
    kept = [(s, s.hashes - left_out) for s in class_]
    old = [(s, s.hashes - left_out) for s in archive]
    candidates = [*combinations(kept, 2), *product(kept, old)]
    pairs = [p for a, b in candidates if (p := _compared(a, b, settings)) is not None]
    pairs.sort(key=lambda p: (-p.share, -p.matched, p.a, p.b))
    return Comparison(
        tuple(pairs), len(class_), settings.threshold, len(starter), len(common), len(archive)
    )


Kept = tuple[Fingerprinted, frozenset[int]]  # a submission, and its prints not left out


def _compared(a: Kept, b: Kept, settings: Settings) -> Pair | None:
    shared = a[1] & b[1]
    if not shared:
        return None
    return _pair(a[0], b[0], shared, (len(a[1]), len(b[1])), settings)


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
    a: Fingerprinted,
    b: Fingerprinted,
    shared: frozenset[int],
    sizes: tuple[int, int],
    settings: Settings,
) -> Pair:
    share_a, share_b = len(shared) / sizes[0], len(shared) / sizes[1]
    enough = len(shared) >= settings.min_matched
    flagged = enough and max(share_a, share_b) >= settings.threshold
    regions_a, regions_b = regions(a.prints, shared), regions(b.prints, shared)
    return Pair(a.name, b.name, share_a, share_b, len(shared), flagged, regions_a, regions_b)


def regions(found: Sequence[Print], shared: frozenset[int]) -> tuple[Region, ...]:
    """The lines of the matched prints, overlapping or touching spans merged, per file."""
    spans = sorted((p.file, p.first_line, p.last_line) for p in found if p.hash in shared)
    merged: list[Region] = []
    for file, first, last in spans:
        if merged and merged[-1].file == file and first <= merged[-1].last_line + 1:
            top = merged[-1]
            merged[-1] = Region(file, top.first_line, max(top.last_line, last))
        else:
            merged.append(Region(file, first, last))
    return tuple(merged)
