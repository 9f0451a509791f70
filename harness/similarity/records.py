"""What the similarity engine reads and finds: plain frozen records, standard library only.

A submission's files are read into `SourceFile`s (the text shown, the normalised tokens), its
fingerprints are `Print`s (a k-gram's hash and the lines it spans), and a compared class is a
`Comparison` of ranked `Pair`s, each with the regions of both submissions that matched and the
rule that flagged it, if one did.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.records.similarity import FlagRule


@dataclass(frozen=True)
class Token:
    kind: str  # the normalised token: a keyword or operator as written, "N" any name, "S" ...
    line: int  # from 1, in the file's shown text


@dataclass(frozen=True)
class SourceFile:
    name: str  # relative to the submission
    text: str  # what a reader is shown (a notebook: its code cells, one after another)
    tokens: tuple[Token, ...]


@dataclass(frozen=True)
class Print:
    """One winnowed fingerprint: the hash of k normalised tokens, and where they are."""

    hash: int
    file: int  # index into the submission's files
    first_line: int
    last_line: int


@dataclass(frozen=True)
class Fingerprinted:
    name: str
    files: tuple[SourceFile, ...]
    prints: tuple[Print, ...]

    @property
    def hashes(self) -> frozenset[int]:
        return frozenset(p.hash for p in self.prints)


@dataclass(frozen=True)
class Region:
    file: int
    first_line: int
    last_line: int


@dataclass(frozen=True)
class Pair:
    """Two submissions and how much of each is found in the other (both directions)."""

    a: str
    b: str
    share_a: float  # of a's fingerprints (starter and boilerplate left out), the share b has too
    share_b: float  # (a fingerprint bridged by merging, between two matches, counts as had)
    matched: int  # fingerprints the two share
    rule: FlagRule | None  # what flagged the pair; None: not flagged
    regions_a: tuple[Region, ...]
    regions_b: tuple[Region, ...]
    bridged_a: int = 0  # a's fingerprints not shared but between two merged matches (merge.py)
    bridged_b: int = 0

    @property
    def share(self) -> float:
        return max(self.share_a, self.share_b)

    @property
    def flagged(self) -> bool:
        return self.rule is not None


@dataclass(frozen=True)
class Outliers:
    """A class's pair shares summed up (outliers.py), and the share from which a pair is an
    outlier; None: no pair is (the rule is off, or the class too small)."""

    median: float
    spread: float  # 1.4826 x the median absolute deviation, floored
    cutoff: float | None


@dataclass(frozen=True)
class Comparison:
    pairs: tuple[Pair, ...]  # every pair sharing a fingerprint, most similar first
    submissions: int
    threshold: float
    starter_prints: int  # distinct fingerprints of the starter files, left out
    common_prints: int  # distinct fingerprints held by too much of the class, left out
    archived: int = 0  # earlier years' submissions each of the class was compared with
    outliers: Outliers | None = None  # the class's shares; None: not reckoned

    @property
    def flagged(self) -> tuple[Pair, ...]:
        return tuple(p for p in self.pairs if p.flagged)

    def flagged_by(self, rule: FlagRule) -> tuple[Pair, ...]:
        return tuple(p for p in self.pairs if p.rule == rule)

    def names_flagged(self) -> frozenset[str]:
        return frozenset(name for p in self.flagged for name in (p.a, p.b))
