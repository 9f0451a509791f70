"""The reference solver: bitsets, naked and hidden singles, most-constrained cell first.

Works for any n = k * k up to 36 x 36. A cell's candidates are one int with bit v - 1 set for each
value v still possible. Propagation fixes naked singles (a cell with one candidate) and, unless
turned off, hidden singles (a value with one place left in a row, column or box); the search then
branches on a cell with the fewest candidates, with an explicit stack (no recursion limit at
36 x 36). It counts solutions up to a bound, so it answers uniqueness too.

This is the trusted side's solver for every assignment: it never sees student code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from harness.puzzles.sudoku import box_side
from harness.records.evidence import Grid

MAX_SIZE = 36
DEFAULT_MAX_GUESSES = 200_000  # to decide a puzzle offline (suites); about a minute at worst
Masks = list[int]


@dataclass(frozen=True)
class Geometry:
    """Index tables for an n x n grid; cells are numbered row-major from 0."""

    n: int
    full: int
    units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    unit_bits: tuple[int, ...]  # per cell: bit i set for each unit i (row, column, box) it is in

    @classmethod
    @cache
    def of(cls, n: int) -> Geometry:
        k = box_side(n)
        if n > MAX_SIZE:
            raise ValueError(f"size {n} is larger than the solver's {MAX_SIZE}")
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = [
            tuple((top + i) * n + left + j for i in range(k) for j in range(k))
            for top in range(0, n, k)
            for left in range(0, n, k)
        ]
        units = tuple(rows + cols + boxes)
        peers = tuple(_peers(cell, n, k, rows, cols, boxes) for cell in range(n * n))
        unit_bits = tuple(
            sum(1 << i for i, unit in enumerate(units) if cell in unit) for cell in range(n * n)
        )
        return cls(n=n, full=(1 << n) - 1, units=units, peers=peers, unit_bits=unit_bits)


def _peers(
    cell: int,
    n: int,
    k: int,
    rows: list[tuple[int, ...]],
    cols: list[tuple[int, ...]],
    boxes: list[tuple[int, ...]],
) -> tuple[int, ...]:
    r, c = divmod(cell, n)
    together = set(rows[r]) | set(cols[c]) | set(boxes[(r // k) * k + c // k])
    return tuple(sorted(together - {cell}))


@dataclass(frozen=True)
class Search:
    """What a search found: up to `limit` solutions, and how hard it worked for them."""

    solutions: tuple[Grid, ...]
    guesses: int  # values tried in a branching cell (0: propagation alone decided it)
    exhausted: bool  # stopped at max_guesses before the search was complete
    decided_by: Literal["search", "sat"] = "search"  # sat: see harness.puzzles.decide

    @property
    def unique(self) -> bool:
        return len(self.solutions) == 1 and not self.exhausted


def search(
    grid: Sequence[Sequence[int]],
    limit: int = 2,
    *,
    max_guesses: int | None = None,
    rng: random.Random | None = None,
    hidden_singles: bool = True,
) -> Search:
    """Up to `limit` solutions of `grid` (0 = blank), in a deterministic order unless `rng`
    shuffles the values tried. With `max_guesses`, gives up after that many guesses."""
    geo = Geometry.of(len(grid))
    start = _start(grid, geo, hidden_singles)
    if start is None:
        return Search(solutions=(), guesses=0, exhausted=False)
    return _Walk(geo, limit, max_guesses, rng, hidden_singles).run(start)


def solve(grid: Sequence[Sequence[int]]) -> Grid | None:
    """One solution, or None when there is none."""
    found = search(grid, limit=1).solutions
    return found[0] if found else None


def count(grid: Sequence[Sequence[int]], limit: int = 2) -> int:
    """The number of solutions, counted up to `limit`."""
    return len(search(grid, limit=limit).solutions)


def candidates(grid: Sequence[Sequence[int]], hidden_singles: bool = True) -> Masks | None:
    """Each cell's candidate mask (bit v - 1 for value v) after placing the givens and
    propagating singles; None when that meets a contradiction."""
    return _start(grid, Geometry.of(len(grid)), hidden_singles)


def settle(masks: Masks, geo: Geometry) -> bool:
    """Propagate from candidate masks narrowed by some other means: place every single, naked
    and hidden, and whatever follows; False on a contradiction."""
    if not all(masks):
        return False
    singles = [cell for cell, mask in enumerate(masks) if not mask & (mask - 1)]
    return _propagate(masks, singles, geo, True)


def singles_complete(grid: Sequence[Sequence[int]], hidden_singles: bool) -> bool:
    """True when propagation alone (naked singles, plus hidden ones if asked) fills every cell."""
    geo = Geometry.of(len(grid))
    masks = _start(grid, geo, hidden_singles)
    return masks is not None and _branch_cell(masks) is None


def _start(grid: Sequence[Sequence[int]], geo: Geometry, hidden: bool) -> Masks | None:
    """Candidate masks after placing the givens and propagating; None on a contradiction."""
    n = geo.n
    if len(grid) != n or any(len(row) != n for row in grid):
        raise ValueError("the grid is not square")
    masks = [geo.full] * (n * n)
    queue: list[int] = []
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if not 0 <= value <= n:
                raise ValueError(f"value {value} is out of range 0..{n}")
            if value:
                cell, bit = r * n + c, 1 << (value - 1)
                if not masks[cell] & bit:
                    return None
                masks[cell] = bit
                queue.append(cell)
    return masks if _propagate(masks, queue, geo, hidden) else None


def _propagate(masks: Masks, queue: list[int], geo: Geometry, hidden: bool) -> bool:
    """Place every queued single and whatever follows; False on a contradiction.

    Hidden singles are looked for only in units changed since they were last looked at.
    """
    dirty = 0
    while True:
        changed = _naked(masks, queue, geo)
        if changed is None:
            return False
        dirty |= changed
        if not hidden:
            return True
        if not _hidden(masks, queue, geo, dirty):
            return False
        if not queue:
            return True
        dirty = 0


def _naked(masks: Masks, queue: list[int], geo: Geometry) -> int | None:
    """Place the queued singles, removing each from its peers; the units changed, or None on a
    contradiction."""
    peers, unit_bits = geo.peers, geo.unit_bits
    dirty = 0
    while queue:
        cell = queue.pop()
        bit = masks[cell]
        dirty |= unit_bits[cell]
        for peer in peers[cell]:
            mask = masks[peer]
            if mask & bit:
                mask ^= bit
                if not mask:
                    return None
                masks[peer] = mask
                dirty |= unit_bits[peer]
                if not mask & (mask - 1):
                    queue.append(peer)
    return dirty


def _hidden(masks: Masks, queue: list[int], geo: Geometry, dirty: int) -> bool:
    """Queue every hidden single of the dirty units; False when a unit has lost a value or a
    cell needs two."""
    full, units = geo.full, geo.units
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        unit = units[low.bit_length() - 1]
        once = twice = 0
        for cell in unit:
            mask = masks[cell]
            twice |= once & mask
            once |= mask
        if once != full:
            return False
        alone = once & ~twice
        if not alone:
            continue
        for cell in unit:
            mask = masks[cell]
            bit = mask & alone
            if bit and bit != mask:
                if bit & (bit - 1):
                    return False
                masks[cell] = bit
                queue.append(cell)
    return True


def _bits(mask: int) -> list[int]:
    bits = []
    while mask:
        bit = mask & -mask
        bits.append(bit)
        mask ^= bit
    return bits


def _branch_cell(masks: Masks) -> int | None:
    """An undecided cell with the fewest candidates, the first such in row-major order."""
    best, fewest = None, 1 << 30
    for cell, mask in enumerate(masks):
        if mask & (mask - 1):
            size = mask.bit_count()
            if size < fewest:
                best, fewest = cell, size
                if size == 2:
                    break
    return best


def _grid(masks: Masks, n: int) -> Grid:
    values = [mask.bit_length() for mask in masks]
    return tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))


Frame = tuple[Masks, int, list[int]]  # a branching cell's state, the cell, its untried values


class _Walk:
    """Depth-first search over branching cells, with an explicit stack of untried values."""

    def __init__(
        self,
        geo: Geometry,
        limit: int,
        max_guesses: int | None,
        rng: random.Random | None,
        hidden: bool,
    ) -> None:
        self.geo, self.limit, self.max_guesses = geo, limit, max_guesses
        self.rng, self.hidden = rng, hidden
        self.found: list[Grid] = []
        self.guesses = 0

    def run(self, start: Masks) -> Search:
        stack: list[Frame] = []
        self._visit(start, stack)
        while stack and len(self.found) < self.limit:
            masks, cell, untried = stack[-1]
            if not untried:
                stack.pop()
            elif self.max_guesses is not None and self.guesses >= self.max_guesses:
                return Search(tuple(self.found), self.guesses, exhausted=True)
            else:
                self.guesses += 1
                child = masks[:]
                child[cell] = untried.pop()
                if _propagate(child, [cell], self.geo, self.hidden):
                    self._visit(child, stack)
        return Search(tuple(self.found), self.guesses, exhausted=False)

    def _visit(self, masks: Masks, stack: list[Frame]) -> None:
        cell = _branch_cell(masks)
        if cell is None:
            self.found.append(_grid(masks, self.geo.n))
            return
        values = _bits(masks[cell])
        if self.rng is not None:
            self.rng.shuffle(values)
        else:
            values.reverse()  # popped from the end: tried in ascending order
        stack.append((masks, cell, values))
