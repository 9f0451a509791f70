"""The trusted model of a constraint search's domains (harness/puzzles/domains.py), on small
boards worked out by hand. Pure functions: no process is started (well under a second)."""

from __future__ import annotations

from harness.puzzles import domains as model

PUZZLE = ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))
SOLUTION = ((1, 3, 2, 4), (4, 2, 3, 1), (2, 4, 1, 3), (3, 1, 4, 2))
FULL = frozenset({1, 2, 3, 4})


def test_a_constructed_board_has_full_domains_for_blanks() -> None:
    state = model.constructed(PUZZLE)
    assert state.domain((0, 0)) == {1}
    assert state.domain((0, 1)) == FULL
    assert model.pruned(PUZZLE).domain((0, 1)) == {2, 3}


def test_forward_checking_removes_from_unassigned_peers_only() -> None:
    state = model.constructed(PUZZLE)
    after, ok = model.forward_checked(state, (0, 1), 3)
    assert ok
    assert after.domain((0, 2)) == {1, 2, 4}  # a peer in the row
    assert after.domain((3, 1)) == {1, 2, 4}  # in the column
    assert after.domain((1, 0)) == {1, 2, 4}  # in the box
    assert after.domain((0, 1)) == FULL  # the cell itself is left as it was
    assert after.domain((1, 2)) == {3}  # assigned: not a domain to prune
    assert after.domain((2, 2)) == FULL  # not a peer


def test_a_wipe_out_is_false_and_count_mode_counts_holders() -> None:
    state = model.with_domains(model.constructed(PUZZLE), {(0, 3): frozenset({2})})
    assert model.forward_checked(state, (0, 1), 2)[1] is False
    assert model.losing(state, (0, 1), 2) == 5  # its 5 unassigned peers all hold 2
    assert model.losing(state, (0, 1), 1) == 4  # (0, 3) holds only 2
    assert model.losing(state, (0, 1), 4) == 4


def test_degree_counts_unassigned_peers() -> None:
    state = model.constructed(PUZZLE)
    assert model.degree(state, (0, 1)) == 5  # 7 peers; (0, 0) and (2, 1) are assigned
    assert model.degree(state, (1, 1)) == 4  # 7 peers; (0, 0), (1, 2) and (2, 1) are


def test_mrv_gives_every_tied_cell_and_none_when_full() -> None:
    state = model.pruned(PUZZLE)
    least = model.fewest_remaining(state)
    assert all(len(state.domain(c)) == 1 for c in least)
    assert (0, 3) in least  # row 0 has 1, column 3 has 2, box 1 has 3: only 4 is left
    assert model.fewest_remaining(model.pruned(SOLUTION)) == []


def test_lcv_orders_by_values_removed_ties_in_any_order() -> None:
    state = model.pruned(PUZZLE)
    counts = model.constraining(state, (0, 1))
    assert counts == {2: model.losing(state, (0, 1), 2), 3: model.losing(state, (0, 1), 3)}
    best = sorted(counts, key=counts.__getitem__)
    assert model.least_constraining_first(state, (0, 1), best)
    if counts[2] != counts[3]:
        assert not model.least_constraining_first(state, (0, 1), best[::-1])
    assert not model.least_constraining_first(state, (0, 1), [2])  # a value left out


def test_ac3_reaches_the_solution_on_a_singles_puzzle_and_fails_on_a_clash() -> None:
    after = model.arc_consistent(model.constructed(PUZZLE))
    assert after is not None
    assert model.singles(model.constructed(PUZZLE), hidden=False) == after
    two = frozenset({2})
    clash = model.with_domains(model.constructed(PUZZLE), {(0, 1): two, (0, 2): two})
    assert model.arc_consistent(clash) is None


def test_hidden_singles_settle_more_than_naked_ones() -> None:
    empty = model.constructed(((0,) * 4,) * 4)
    rest = frozenset({2, 3, 4})
    narrowed = model.with_domains(empty, {(0, 1): rest, (0, 2): rest, (0, 3): rest})
    hidden = model.singles(narrowed, hidden=True)  # 1 fits only (0, 0) in row 0
    assert hidden is not None and hidden.domain((0, 0)) == {1}
    assert hidden.domain((1, 0)) == {2, 3, 4}  # then a naked single: 1 leaves its peers
    naked = model.arc_consistent(narrowed)
    assert naked is not None and naked.domain((0, 0)) == FULL


def test_search_finds_a_completion_within_the_domains_or_none() -> None:
    state = model.constructed(PUZZLE)
    found = model.solution(state)
    assert found == SOLUTION and model.is_completion(state, found)
    assert not model.is_completion(state, PUZZLE)
    stuck = model.with_domains(state, {(0, 1): frozenset({4})})  # 3 is (0, 1)'s only value
    assert model.solution(stuck) is None
