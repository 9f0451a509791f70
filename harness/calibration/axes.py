"""`suites calibrate`: each tier held to the official samples it is named after on what needs no
panel: the puzzle's own measures, beside the panel's times (panel.py).

No panel holds every program students write: a 25x25 program that solves the course's sample at
once can time out on a case of ours that is no harder for the panel. So a tier that takes a
sample's name is also held to the sample on measures of the puzzles themselves, each a count that
is the same on every machine (harness/puzzles/rating.py):

- blanks: the empty cells;
- technique: the weakest deduction that decides the puzzle (fills it, or proves it has no
  solution): naked singles, hidden singles (with naked ones), locked candidates (with both), or
  guessing;
- rounds: how many rounds the samples' technique takes to decide it, a round placing every single
  the grid shows at once, so a long chain of singles counts in full (not judged when the samples
  need guessing);
- tries: the values a plain first-empty backtracker (the handout's algorithm) places before it
  is done, counted up to TRIES_CAP (not judged when a sample goes past it: nothing past the cap
  is measured);
- guesses: the values the reference search tries to solve it and prove it unique (the rating's
  guesses; a puzzle the SAT solver finishes counts HANDOFF_GUESSES, "at least").

The rule has no tolerance: a case of ours may equal the samples of its tier on each axis, never
exceed them, where several samples name one tier, the hardest of them on that axis (and the
rounds of the strongest technique they need). The generator targets each axis (`suites generate
--max-blanks --max-rounds --max-tries`, and the difficulty for the technique). An unsolvable
case of ours is held the same way to its size's samples without a solution; where the size has
none it is shown, not judged. Without the samples (the folder absent) ours are shown, nothing is
judged; a tier with no sample of its size is the panel's problem to name (panel.py), shown here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from harness.calibration.samples import Samples
from harness.puzzles import rating
from harness.puzzles.decide import decide
from harness.puzzles.rating import DEDUCTIONS, TECHNIQUES, Technique
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.tiers import TIERS, Tier

TRIES_CAP = 1_000_000  # a few seconds of a plain Python backtracker; about 2 s to count here
Axis = Literal["blanks", "technique", "rounds", "tries", "guesses"]


@dataclass(frozen=True)
class Tries:
    """Values a plain first-empty backtracker places: `count`, or None past `cap`."""

    count: int | None
    cap: int

    @property
    def text(self) -> str:
        return f"{self.count:,}" if self.count is not None else f"> {self.cap:,}"


@dataclass(frozen=True)
class Measures:
    """One puzzle's measures (rounds: per deduction of DEDUCTIONS, None when it stalls; tries:
    None when not counted, as no sample's count would hold it)."""

    blanks: int
    technique: Technique
    rounds: tuple[int | None, ...]
    tries: Tries | None
    guesses: int

    @classmethod
    def of(cls, grid: Grid, tries_cap: int | None = TRIES_CAP) -> Measures:
        """The measures of `grid`, its tries counted up to `tries_cap` (None: not counted)."""
        rounds = tuple(rating.rounds(grid, deduction) for deduction in DEDUCTIONS)
        decided = [d for d, r in zip(DEDUCTIONS, rounds, strict=True) if r is not None]
        tries = None
        if tries_cap is not None:
            tries = Tries(rating.plain_tries(grid, tries_cap), tries_cap)
        return cls(
            blanks=sum(value == 0 for row in grid for value in row),
            technique=decided[0] if decided else "guessing",
            rounds=rounds,
            tries=tries,
            guesses=decide(grid, 2).guesses,
        )

    def rounds_with(self, technique: Technique) -> int | None:
        """The rounds `technique` takes to decide the puzzle; None when it stalls (or guesses)."""
        if technique == "guessing":
            return None
        return self.rounds[DEDUCTIONS.index(technique)]


def stronger(first: Technique, second: Technique) -> bool:
    return TECHNIQUES.index(first) > TECHNIQUES.index(second)


@dataclass(frozen=True)
class Excess:
    """One axis on which a case of ours is harder than its samples."""

    axis: Axis
    ours: str
    limit: str
    by: str  # how much: "+47", or the technique it needs

    @property
    def text(self) -> str:
        return f"{self.axis} {self.ours} > {self.limit} ({self.by})"


@dataclass(frozen=True)
class Limits:
    """The most each axis allows a case of ours: the hardest of the samples on it; rounds (of
    `technique`, the strongest the samples need) and tries are None when not judged."""

    blanks: int
    technique: Technique
    rounds: int | None
    tries: int | None
    guesses: int

    @classmethod
    def of(cls, samples: Sequence[Measures]) -> Limits:
        technique = max((s.technique for s in samples), key=TECHNIQUES.index)
        rounds = [s.rounds_with(technique) for s in samples if s.technique == technique]
        counts = [s.tries.count if s.tries is not None else None for s in samples]
        return cls(
            blanks=max(s.blanks for s in samples),
            technique=technique,
            rounds=max(r for r in rounds if r is not None) if technique != "guessing" else None,
            tries=None if None in counts else max(c for c in counts if c is not None),
            guesses=max(s.guesses for s in samples),
        )

    def excesses(self, ours: Measures) -> tuple[Excess, ...]:
        """Every axis on which `ours` is harder than the limits allow, in the table's order."""
        found = _over("blanks", ours.blanks, self.blanks)
        if stronger(ours.technique, self.technique):
            found.append(Excess("technique", ours.technique, self.technique, "a stronger one"))
        elif self.rounds is not None:  # the samples' technique decides what a weaker one does
            found += _over("rounds", ours.rounds_with(self.technique) or 0, self.rounds)
        if self.tries is not None and ours.tries is not None:
            found += _over_tries(ours.tries, self.tries)
        return (*found, *_over("guesses", ours.guesses, self.guesses))


def _over(axis: Axis, ours: int, limit: int) -> list[Excess]:
    if ours <= limit:
        return []
    return [Excess(axis, f"{ours:,}", f"{limit:,}", f"+{ours - limit:,}")]


def _over_tries(ours: Tries, limit: int) -> list[Excess]:
    if ours.count is None:
        return [Excess("tries", ours.text, f"{limit:,}", "past the count's cap")]
    return _over("tries", ours.count, limit)


@dataclass(frozen=True)
class Measured:
    """A case (an official sample or ours) and its measures."""

    case: str
    size: int
    tier: Tier | None
    solvable: bool
    official: bool
    measures: Measures


@dataclass(frozen=True)
class Group:
    """One tier at one size (or the size's unsolvable cases): the samples it is held to, ours,
    and the limits they set (None: nothing to hold ours to)."""

    size: int
    tier: Tier | None
    solvable: bool
    samples: tuple[Measured, ...]
    ours: tuple[Measured, ...]
    limits: Limits | None

    @property
    def name(self) -> str:
        kind = self.tier or ("untiered" if self.solvable else "unsolvable")
        return f"{self.size}x{self.size} {kind}"

    def excesses(self, row: Measured) -> tuple[Excess, ...]:
        return self.limits.excesses(row.measures) if self.limits is not None else ()

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(
            f"{self.name}: {row.case} is harder than its samples: "
            + ", ".join(e.text for e in self.excesses(row))
            for row in self.ours
            if self.excesses(row)
        )

    @property
    def holds(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Axes:
    groups: tuple[Group, ...]
    samples: Samples | None  # None: none configured

    @property
    def checked(self) -> bool:
        return self.samples is not None and self.samples.checked

    @property
    def held(self) -> tuple[Group, ...]:
        """The groups with samples to hold them to."""
        return tuple(g for g in self.groups if g.limits is not None)

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(p for group in self.groups for p in group.problems)

    @property
    def holds(self) -> bool:
        return not self.problems


Key = tuple[int, bool, Tier | None]  # size, solvable, tier


def calibrate(cases: Sequence[Case], samples: Samples | None, tries_cap: int = TRIES_CAP) -> Axes:
    """Measure every case of ours and the samples each tier of ours is held to, and hold them
    (first-empty tries counted up to `tries_cap`)."""
    official = samples.cases if samples is not None and samples.checked else ()
    keys = sorted({_key(case) for case in cases}, key=_order)
    found = []
    for key in keys:
        theirs = [
            _measured(c, official=True, tries_cap=tries_cap) for c in official if _held_to(key, c)
        ]
        limits = Limits.of([s.measures for s in theirs]) if theirs else None
        cap = tries_cap if limits is not None and limits.tries is not None else None
        ours = [_measured(c, official=False, tries_cap=cap) for c in cases if _key(c) == key]
        size, solvable, tier = key
        found.append(Group(size, tier, solvable, tuple(theirs), tuple(ours), limits))
    return Axes(tuple(found), samples)


def _key(case: Case) -> Key:
    solvable = case.solution is not None
    return case.size, solvable, case.tier if solvable else None


def _order(key: Key) -> tuple[int, bool, int]:
    size, solvable, tier = key
    return size, not solvable, TIERS.index(tier) if tier else len(TIERS)


def _held_to(key: Key, sample: Case) -> bool:
    """Whether the group `key` of ours is held to `sample`: the samples of its tier and size,
    or, for unsolvable cases, the size's samples without a solution."""
    size, solvable, tier = key
    if sample.size != size or (sample.solution is not None) != solvable:
        return False
    return not solvable or (tier is not None and sample.tier == tier)


def _measured(case: Case, *, official: bool, tries_cap: int | None) -> Measured:
    solvable = case.solution is not None
    measures = Measures.of(case.puzzle, tries_cap)
    return Measured(case.label, case.size, case.tier, solvable, official, measures)
