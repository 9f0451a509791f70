"""The one way the trusted side decides a puzzle: how many solutions, up to a limit.

The reference search (`solver.search`) goes first: it decides every 9 x 9 and 16 x 16 puzzle we
know of in milliseconds, and its guesses are the puzzle's rating. When it has not finished after
HANDOFF_GUESSES guesses and `python-sat` is installed, the SAT solver (`sat.search`, reduced
encoding) finishes the job: it solves and proves unique the minimal 25 x 25 puzzles the search
never finishes. Without `python-sat` the search alone runs, with the caller's `max_guesses`, as
before.

A Search decided by SAT has `decided_by == "sat"`, `exhausted` False and the guesses the search
spent before handing over.
"""

from __future__ import annotations

from collections.abc import Sequence

from harness.puzzles import sat, solver

HANDOFF_GUESSES = 5_000  # about 1 s of search at 25 x 25; no known 9 x 9 or 16 x 16 needs more


def decide(
    grid: Sequence[Sequence[int]],
    limit: int = 2,
    *,
    max_guesses: int | None = solver.DEFAULT_MAX_GUESSES,
    handoff: int = HANDOFF_GUESSES,
) -> solver.Search:
    """Up to `limit` solutions of `grid`, by search, then by SAT when the search has made
    `handoff` guesses (or `max_guesses`, if fewer)."""
    if not sat.available():
        return solver.search(grid, limit, max_guesses=max_guesses)
    budget = handoff if max_guesses is None else min(max_guesses, handoff)
    found = solver.search(grid, limit, max_guesses=budget)
    if not found.exhausted:
        return found
    return solver.Search(sat.search(grid, limit), found.guesses, False, decided_by="sat")
