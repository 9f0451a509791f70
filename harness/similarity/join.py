"""A compared class's flagged pairs put on both submissions' rows of the graded Report: a flag
for a person to look at (`grade --similarity`); marks are never touched."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from harness.records.results import Report, Similar
from harness.similarity.records import Comparison

PLACES = 4  # shares are rounded to this many decimals


def with_similar(report: Report, comparison: Comparison) -> Report:
    found: dict[str, list[Similar]] = defaultdict(list)
    for pair in comparison.flagged:
        share_a, share_b = round(pair.share_a, PLACES), round(pair.share_b, PLACES)
        rule = pair.rule or "threshold"  # flagged pairs only: never None here
        found[pair.a].append(Similar(pair.b, share_a, share_b, rule))
        found[pair.b].append(Similar(pair.a, share_b, share_a, rule))
    rows = tuple(replace(s, similar=tuple(found[s.name])) for s in report.submissions)
    return replace(report, submissions=rows)
