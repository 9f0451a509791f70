"""The `suites calibrate -a board-solver` table: per member, the share of the course's hard tier
it fails beside the share of our competency boards, by size and in all
(harness/calibration/board_panel.py)."""

from __future__ import annotations

import os

from tabulate import tabulate

from harness.calibration.board_panel import HEADROOM, TOLERANCE, BoardCalibration, Side


def render(found: BoardCalibration) -> str:
    sides = [side for side in (found.course, found.ours) if side is not None]
    headers = ["member", *(h for side in sides for h in _headers(side))]
    rows = [[m, *(c for side in sides for c in _cells(side, m))] for m in found.members]
    table = tabulate(rows, headers=headers, disable_numparse=True)
    title = "board panel: boards each member fails (competency), the course's and ours"
    return f"{title}\n{_source(found)}\n\n{table}\n\n{_footer(found)}"


def _headers(side: Side) -> list[str]:
    named = "course" if side.name != "ours" else "ours"
    return [*(f"{named} {n}x{n} ({side.count(n)})" for n in side.sizes), f"{named} all"]


def _cells(side: Side, member: str) -> list[str]:
    return [_share(side, member, n) for n in (*side.sizes, None)]


def _share(side: Side, member: str, size: int | None) -> str:
    share = side.share(member, size)
    return "" if share is None else f"{side.failed(member, size)} ({share:.0%})"


def _source(found: BoardCalibration) -> str:
    if found.where is None:
        return "the course's boards: none configured (config.yaml: samples)"
    where = os.path.normpath(found.where)
    return f"the course's boards: {where}" + (" is absent" if found.course is None else "")


def _footer(found: BoardCalibration) -> str:
    lines = [
        f"the reference solves every board of ours within {HEADROOM:.0%} of its limit; each "
        f"member fails a share of ours within {TOLERANCE:.0%} of its share of the course's",
    ]
    if found.course is None:
        lines.append("the shares are shown, not checked against the course's boards")
    lines.extend(f"NO: {problem}" for problem in found.problems)
    if found.holds:
        lines.append("holds")
    return "\n".join(lines)
