"""A compared class as JSON: every pair that shares code, most similar first, with both shares
and the matched lines of each file. `matched` counts the fingerprints the two share; `bridged_a`
and `bridged_b` those of each side counted as matched because they lie between two matches
merged into one (harness/similarity/merge.py): each share is (matched + bridged) of its side.
A flagged pair's `rule` says what flagged it: "threshold" (either share at `threshold` or
more) or "outlier" (its share at `outliers.cutoff` or more: far above the class's `median`,
harness/similarity/outliers.py); `outliers.cutoff` is null when no pair can be one."""

from __future__ import annotations

import json
from typing import Any

from harness.similarity.records import Comparison, Fingerprinted, Outliers, Pair, Region

FORMAT = 2  # bumped when a key changes meaning (2: "flagged" by either rule, "rule" says which)


def as_json(comparison: Comparison, read: dict[str, Fingerprinted], assignment: str) -> str:
    document = {
        "format": FORMAT,
        "assignment": assignment,
        "submissions": comparison.submissions,
        "threshold": comparison.threshold,
        "outliers": _outliers(comparison.outliers),
        "starter_fingerprints": comparison.starter_prints,
        "common_fingerprints": comparison.common_prints,
        "pairs": [_pair(p, read) for p in comparison.pairs],
    }
    return json.dumps(document, indent=2) + "\n"


def _pair(pair: Pair, read: dict[str, Fingerprinted]) -> dict[str, Any]:
    return {
        "a": pair.a,
        "b": pair.b,
        "share_a": round(pair.share_a, 4),
        "share_b": round(pair.share_b, 4),
        "matched": pair.matched,
        "bridged_a": pair.bridged_a,
        "bridged_b": pair.bridged_b,
        "flagged": pair.flagged,
        "rule": pair.rule,
        "regions_a": _regions(pair.regions_a, read[pair.a]),
        "regions_b": _regions(pair.regions_b, read[pair.b]),
    }


def _outliers(found: Outliers | None) -> dict[str, Any] | None:
    if found is None:
        return None
    cutoff = None if found.cutoff is None else round(found.cutoff, 4)
    return {"median": round(found.median, 4), "spread": round(found.spread, 4), "cutoff": cutoff}


def _regions(regions: tuple[Region, ...], read: Fingerprinted) -> list[dict[str, Any]]:
    return [
        {"file": read.files[r.file].name, "first_line": r.first_line, "last_line": r.last_line}
        for r in regions
    ]
