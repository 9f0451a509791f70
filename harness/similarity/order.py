"""A submission's fingerprints that count (not left out as starter or boilerplate), in the order
of its files, indexed by hash: what merging walks along (merge.py), and where a pair's matched
fingerprints are found for its regions without reading every fingerprint again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from harness.similarity.records import Print, Region


@dataclass(frozen=True)
class Order:
    hashes: tuple[int, ...]
    files: tuple[int, ...]
    lines: tuple[tuple[int, int], ...]  # each one's first and last line
    at: Mapping[int, tuple[int, ...]]  # hash -> its indices in `hashes`

    @classmethod
    def of(cls, prints: Sequence[Print], kept: frozenset[int]) -> Order:
        counted = [p for p in prints if p.hash in kept]
        at: dict[int, list[int]] = {}
        for index, item in enumerate(counted):
            at.setdefault(item.hash, []).append(index)
        return cls(
            tuple(p.hash for p in counted),
            tuple(p.file for p in counted),
            tuple((p.first_line, p.last_line) for p in counted),
            {h: tuple(where) for h, where in at.items()},
        )

    def regions(self, matched: Iterable[int]) -> tuple[Region, ...]:
        """The lines of the matched fingerprints, overlapping or touching spans merged, per
        file."""
        spans = sorted((self.files[i], *self.lines[i]) for h in matched for i in self.at.get(h, ()))
        merged: list[Region] = []
        for file, first, last in spans:
            if merged and merged[-1].file == file and first <= merged[-1].last_line + 1:
                top = merged[-1]
                merged[-1] = Region(file, top.first_line, max(top.last_line, last))
            else:
                merged.append(Region(file, first, last))
        return tuple(merged)
