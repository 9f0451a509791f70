"""The `suites calibrate` table of what needs no panel: for each tier of each size, the official
samples of that tier and our cases, each puzzle's measures, and the axes on which a case of ours
is harder than its samples (harness/calibration/axes.py)."""

from __future__ import annotations

import os

from tabulate import tabulate

from harness.calibration.axes import Axes, Group, Measured
from harness.calibration.samples import Samples

HEADERS = ["tier", "case", "blanks", "technique", "rounds", "first-empty tries", "guesses", ""]
RULE = (
    "a case of ours has at most the blanks of its tier's samples, needs no stronger technique",
    "and no more of its rounds, no more first-empty tries and no more reference guesses (rounds:",
    "of the samples' technique, every single placed at once; tries counted up to a cap, not",
    "judged past it; guesses: the reference's, to solve it and prove it unique)",
)


def render(axes: Axes) -> str:
    rows = [line for group in axes.groups for line in _group(group)]
    table = tabulate(rows, headers=HEADERS, disable_numparse=True)
    title = "axes: each puzzle's measures beside its tier's official samples (no panel)"
    return f"{title}\n{_source(axes.samples)}\n\n{table}\n\n{_footer(axes)}"


def _source(samples: Samples | None) -> str:
    if samples is None:
        return "official samples: none configured (config.yaml: samples)"
    if samples.absent:
        return f"official samples: {os.path.normpath(samples.path)} is absent"
    return f"official samples: {os.path.normpath(samples.path)}"


def _group(group: Group) -> list[list[str]]:
    return [_row(group, row) for row in (*group.samples, *group.ours)]


def _row(group: Group, row: Measured) -> list[str]:
    measures = row.measures
    technique = group.limits.technique if group.limits is not None else measures.technique
    rounds = measures.rounds_with(technique)
    return [
        group.name,
        row.case,
        str(measures.blanks),
        measures.technique,
        "-" if rounds is None else str(rounds),
        "-" if measures.tries is None else measures.tries.text,
        f"{measures.guesses:,}",
        "" if row.official else _verdict(group, row),
    ]


def _verdict(group: Group, row: Measured) -> str:
    if group.limits is None:
        return "not held: no sample"
    excesses = group.excesses(row)
    if not excesses:
        return "within"
    return "NO: " + ", ".join(f"{e.axis} {e.by}" for e in excesses)


def _footer(axes: Axes) -> str:
    if not axes.checked:
        return "the tiers are shown, not held to the official samples"
    held = [group for group in axes.held if group.holds]
    lines = [
        f"{len(held)} of {len(axes.held)} tiers are no harder than their samples on any axis:",
        *RULE,
    ]
    lines.extend(f"NO: {problem}" for problem in axes.problems)
    return "\n".join(lines)
