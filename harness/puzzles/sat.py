"""Solutions counted by a SAT solver (`python-sat`), for puzzles the reference search cannot finish.

A puzzle becomes a CNF over one variable per (cell, value): each cell takes exactly one value and
each unit holds each value exactly once (at-least-one and pairwise at-most-one clauses). The
`plain` encoding does that for every cell and value, the givens as unit clauses. The `reduced`
encoding first places naked and hidden singles with the reference solver's propagation, then
encodes only the open cells and the candidates they have left, and only the values each unit
still lacks: far fewer variables and clauses, the same solutions. The `narrowed` encoding also
removes locked candidates first (`narrowing.py`).

The solver runs with CaDiCaL's own `sat` configuration (`--sat` on its command line: stable
mode only, cheaper elimination and subsumption), about a fifth faster than its defaults on the
25 x 25 benchmark (benchmarks/README.md). Solvers other than CaDiCaL ignore it.

Counting follows the search's `limit` semantics: solve, block the solution found with a clause,
solve again, until `limit` solutions or unsatisfiable. With limit 2, the second call either finds
a second solution or proves the first unique.

`python-sat` is optional (the `sat` extra): `available()` says whether it can be imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal, get_args

from harness.puzzles import narrowing, solver
from harness.records.evidence import Grid

Encoding = Literal["plain", "reduced", "narrowed"]
ENCODINGS: tuple[Encoding, ...] = get_args(Encoding)
DEFAULT_BACKEND = "cadical195"  # fastest on the 25 x 25 benchmark (benchmarks/README.md)
Tuning = Literal["sat", "default"]
TUNINGS: dict[Tuning, dict[str, int]] = {  # CaDiCaL options, as in its src/config.cpp
    "sat": {"elimreleff": 10, "stabilizeonly": 1, "subsumereleff": 60},
    "default": {},
}
Clause = list[int]


def available() -> bool:
    """True when `python-sat` can be imported."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class Cnf:
    """A puzzle as clauses: variable i + 1 means cell `choices[i][0]` holds `choices[i][1]`;
    `fixed` is every cell's value already decided (0 for an open cell)."""

    n: int
    fixed: tuple[int, ...]
    choices: tuple[tuple[int, int], ...]
    clauses: tuple[Clause, ...]

    def grid(self, model: Sequence[int]) -> Grid:
        values = list(self.fixed)
        for literal in model:
            if 0 < literal <= len(self.choices):
                cell, value = self.choices[literal - 1]
                values[cell] = value
        n = self.n
        return tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))

    def blocking(self, model: Sequence[int]) -> Clause:
        """The clause every solution but the model's satisfies."""
        return [-literal for literal in model if 0 < literal <= len(self.choices)]


def exactly_one(literals: Sequence[int]) -> list[Clause]:
    return [list(literals), *([-a, -b] for a, b in combinations(literals, 2))]


def encode(grid: Sequence[Sequence[int]], encoding: Encoding = "reduced") -> Cnf | None:
    """The puzzle's CNF; None when propagation already proves it unsolvable (not plain)."""
    n = len(grid)
    if encoding == "plain":
        geo = solver.Geometry.of(n)
        return _clauses(geo, [0] * (n * n), [geo.full] * (n * n), _givens(grid, n))
    masks = solver.candidates(grid) if encoding == "reduced" else narrowing.narrowed(grid)
    if masks is None:
        return None
    fixed = [0 if mask & (mask - 1) else mask.bit_length() for mask in masks]
    return _clauses(solver.Geometry.of(n), fixed, masks, [])


def _givens(grid: Sequence[Sequence[int]], n: int) -> list[tuple[int, int]]:
    return [(r * n + c, v) for r, row in enumerate(grid) for c, v in enumerate(row) if v]


def _clauses(
    geo: solver.Geometry, fixed: list[int], masks: list[int], givens: list[tuple[int, int]]
) -> Cnf:
    """Exactly one value per open cell and one place per missing value of each unit, over the
    candidates in `masks`; each given becomes a unit clause."""
    n, var = geo.n, dict[tuple[int, int], int]()
    for cell, mask in enumerate(masks):
        if not fixed[cell]:
            for value in range(1, n + 1):
                if mask >> (value - 1) & 1:
                    var[cell, value] = len(var) + 1
    clauses = [[var[given]] for given in givens]
    for cell in range(n * n):
        own = [var[cell, v] for v in range(1, n + 1) if (cell, v) in var]
        clauses.extend(exactly_one(own) if own else [])
    for unit in geo.units:
        placed = {fixed[cell] for cell in unit}
        for value in set(range(1, n + 1)) - placed:
            clauses.extend(exactly_one([var[c, value] for c in unit if (c, value) in var]))
    return Cnf(n, tuple(fixed), tuple(var), tuple(clauses))


def search(
    grid: Sequence[Sequence[int]],
    limit: int = 2,
    *,
    encoding: Encoding = "reduced",
    backend: str = DEFAULT_BACKEND,
    tuning: Tuning = "sat",
) -> tuple[Grid, ...]:
    """Up to `limit` solutions of `grid`, found by the SAT solver `backend` (a python-sat name)
    configured by `tuning`. Complete: fewer than `limit` means there are no more."""
    from pysat.solvers import Solver

    cnf = encode(grid, encoding)
    if cnf is None or limit < 1:
        return ()
    if not cnf.choices:  # propagation decided every cell
        return (cnf.grid([]),)
    found: list[Grid] = []
    with Solver(name=backend) as sat:
        sat.configure(TUNINGS[tuning])  # before any clause: CaDiCaL takes options only then
        sat.append_formula(cnf.clauses)
        while len(found) < limit and sat.solve():
            model = sat.get_model() or []
            found.append(cnf.grid(model))
            sat.add_clause(cnf.blocking(model))
    return tuple(found)
