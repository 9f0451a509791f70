"""Matches split by a few inserted tokens counted as one (JPlag's match merging, in fingerprints).

A copier who puts a line of their own between every few copied lines breaks each k-gram that
spans it: the copy's fingerprints come in runs, each the original's in the same order, with a
few of the copy's own (and a few lost on the original's side) between them. Two runs that
follow each other in both files, each of at least `neighbor` fingerprints, with at most `gap`
fingerprints between them on either side, are one match: the fingerprints between them count
as matched on both sides (they are `bridged`). Runs are found along diagonals (the i-th of
one and the j-th of the other, then i + 1 and j + 1, ...), the longest first, none overlapping
another on either side, as greedy string tiling does; a file's last run is never merged with
the next file's first. Everything is ordered by position, so the result is deterministic.

Neighbor 2 and gap 6 are JPlag's defaults, counted here in fingerprints (about one in six
tokens is kept): a gap of 6 is an inserted line of up to some 15 tokens.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from harness.similarity.order import Order


@dataclass(frozen=True)
class Run:
    """`length` fingerprints in a row alike: from the a-th of one file and the b-th of the other."""

    a: int
    b: int
    length: int


def bridged(
    one: Order, other: Order, shared: frozenset[int], neighbor: int, gap: int
) -> tuple[frozenset[int], frozenset[int]]:
    """The fingerprints of each side that lie between two merged runs and are not shared."""
    if gap <= 0 or len(shared) < 2 * neighbor:
        return frozenset(), frozenset()
    tiles = _tiles([r for r in _runs(one, other, shared) if r.length >= neighbor])
    found_one: set[int] = set()
    found_other: set[int] = set()
    for left, right in pairwise(tiles):
        if _neighbours(one, other, left, right, gap):
            found_one.update(one.hashes[left.a + left.length : right.a])
            found_other.update(other.hashes[left.b + left.length : right.b])
    return frozenset(found_one) - shared, frozenset(found_other) - shared


def _runs(one: Order, other: Order, shared: frozenset[int]) -> list[Run]:
    """Every maximal run of fingerprints alike in a row on both sides."""
    points = sorted(
        (a - b, a, b) for h in shared for a in one.at.get(h, ()) for b in other.at.get(h, ())
    )
    runs: list[Run] = []
    for diagonal, a, b in points:
        last = runs[-1] if runs else None
        if last and last.a - last.b == diagonal and last.a + last.length == a:
            runs[-1] = Run(last.a, last.b, last.length + 1)
        else:
            runs.append(Run(a, b, 1))
    return runs


def _tiles(runs: list[Run]) -> list[Run]:
    """The runs kept, longest first, none overlapping a kept one on either side; by position."""
    taken_one: set[int] = set()
    taken_other: set[int] = set()
    tiles = []
    for run in sorted(runs, key=lambda r: (-r.length, r.a, r.b)):
        span_one, span_other = range(run.a, run.a + run.length), range(run.b, run.b + run.length)
        if taken_one.isdisjoint(span_one) and taken_other.isdisjoint(span_other):
            taken_one.update(span_one)
            taken_other.update(span_other)
            tiles.append(run)
    return sorted(tiles, key=lambda r: (r.a, r.b))


def _neighbours(one: Order, other: Order, left: Run, right: Run, gap: int) -> bool:
    """Whether `right` follows `left` on both sides, closely, in the same file on each."""
    end_one, end_other = left.a + left.length, left.b + left.length
    if not (0 <= right.a - end_one <= gap and 0 <= right.b - end_other <= gap):
        return False
    same_one = one.files[end_one - 1] == one.files[right.a]
    return same_one and other.files[end_other - 1] == other.files[right.b]
