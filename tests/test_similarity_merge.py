"""Matches split by a few inserted tokens count as one (harness/similarity/merge.py): examples
of fingerprint sequences, and the fixture class's `interleaved` copy (a live line of its own in
the middle of every function of a renamed, reordered copy)."""

from __future__ import annotations

from itertools import combinations

from harness.similarity import Settings, compare
from harness.similarity.merge import bridged
from harness.similarity.order import Order
from harness.similarity.records import Print
from tests.test_similarity import CLASS, independents, read, starter


def order(hashes: list[int], files: list[int] | None = None) -> Order:
    places = files or [0] * len(hashes)
    prints = [Print(h, file, n, n) for n, (h, file) in enumerate(zip(hashes, places, strict=True))]
    return Order.of(prints, frozenset(hashes))


def shared(one: Order, other: Order) -> frozenset[int]:
    return frozenset(one.hashes) & frozenset(other.hashes)


def test_the_fingerprints_between_two_close_runs_are_bridged_on_both_sides() -> None:
    one = order([1, 2, 3, 90, 91, 4, 5, 6])
    other = order([1, 2, 3, 80, 81, 82, 4, 5, 6])
    assert bridged(one, other, shared(one, other), 2, 6) == (
        frozenset({90, 91}),
        frozenset({80, 81, 82}),
    )


def test_runs_too_short_too_far_apart_or_out_of_order_are_not_merged() -> None:
    short = order([1, 90, 4, 5]), order([1, 80, 4, 5])
    assert bridged(*short, shared(*short), 2, 6) == (frozenset(), frozenset())
    far = order([1, 2, *range(90, 97), 4, 5]), order([1, 2, 80, 4, 5])
    assert bridged(*far, shared(*far), 2, 6) == (frozenset(), frozenset())
    swapped = order([1, 2, 90, 4, 5]), order([4, 5, 80, 1, 2])
    assert bridged(*swapped, shared(*swapped), 2, 6) == (frozenset(), frozenset())


def test_runs_in_two_files_are_not_merged() -> None:
    one = order([1, 2, 90, 4, 5], [0, 0, 0, 1, 1])
    other = order([1, 2, 80, 4, 5], [0, 0, 0, 0, 0])
    assert bridged(one, other, shared(one, other), 2, 6) == (frozenset(), frozenset())


def test_a_gap_of_zero_merges_nothing() -> None:
    one, other = order([1, 2, 90, 4, 5]), order([1, 2, 80, 4, 5])
    assert bridged(one, other, shared(one, other), 2, 0) == (frozenset(), frozenset())
    assert bridged(one, other, shared(one, other), 2, 1) == (frozenset({90}), frozenset({80}))


def test_a_copy_with_a_line_of_its_own_in_every_function_is_found_whole() -> None:
    """0.73 and 0.58 of each side without merging; every split match counted as one, most of
    both, and the fingerprints bridged are said."""
    class_ = [read(CLASS / "original"), read(CLASS / "disguised" / "interleaved")]
    plain = compare(class_, starter(), Settings(merge_gap=0)).pairs[0]
    merged = compare(class_, starter(), Settings()).pairs[0]
    assert (plain.bridged_a, plain.bridged_b) == (0, 0)
    assert min(plain.share_a, plain.share_b) < 0.6
    assert merged.bridged_a > 5 and merged.bridged_b > 10, merged
    assert merged.share_a - plain.share_a > 0.05 and merged.share_b - plain.share_b > 0.1
    assert merged.matched == plain.matched  # what is shared is what it was


def test_merging_adds_little_to_independent_solutions() -> None:
    class_ = [read(CLASS / "original"), *independents()]
    plain = compare(class_, starter(), Settings(merge_gap=0))
    merged = compare(class_, starter(), Settings())
    before = {(p.a, p.b): p.share for p in plain.pairs}
    assert all(p.share - before[(p.a, p.b)] <= 0.06 for p in merged.pairs), merged.pairs
    assert len(list(combinations(class_, 2))) == len(merged.pairs)
