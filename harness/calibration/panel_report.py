"""The `suites calibrate` table: for each tier of each size, the official samples of that tier and
our cases, a column per panel member; then whether each member meets ours as it meets the samples
(harness/calibration/panel.py)."""

from __future__ import annotations

import os

from tabulate import tabulate

from harness.calibration.panel import Calibration, Group, Row

RULE = (
    "a member that solves a tier's official samples in time solves every case of ours of that",
    "tier, and one that misses them misses most; an unsolvable case of ours is refuted by every",
    "member that passes all its size's samples",
)
BOTH_WAYS = "as the samples, both ways"


def render(calibration: Calibration) -> str:
    headers = ["tier", "case", "limit s", *calibration.members]
    rows = [line for group in calibration.groups for line in _group(group)]
    table = tabulate(rows, headers=headers, disable_numparse=True)
    title = f"panel ({calibration.language}): CPU seconds per case, or the verdict"
    return f"{title}\n{_source(calibration)}\n\n{table}\n\n{_footer(calibration)}"


def _source(calibration: Calibration) -> str:
    samples = calibration.samples
    if samples is None:
        return "official samples: none configured (config.yaml: samples)"
    if samples.absent:
        return f"official samples: {os.path.normpath(samples.path)} is absent"
    return f"official samples: {os.path.normpath(samples.path)}"


def _group(group: Group) -> list[list[str]]:
    name = group.name
    lines = [_row(name, row) for row in (*group.shown, *group.ours)]
    if group.matches:
        lines.append([name, BOTH_WAYS, "", *(m.text for m in group.matches)])
    return lines


def _row(name: str, row: Row) -> list[str]:
    return [name, row.case, f"{row.limit:g}", *(a.text for a in row.attempts)]


def _footer(calibration: Calibration) -> str:
    if not calibration.checked:
        return "the tiers are shown, not checked against the official samples"
    held = sum(group.holds for group in calibration.groups)
    total = len(calibration.groups)
    lines = [f"{held} of {total} tiers match the official samples both ways:", *RULE]
    lines.extend(f"NO: {problem}" for problem in calibration.problems)
    return "\n".join(lines)
