"""The `suites calibrate` table: a row per case, a column per panel member, and the verdict on
the case's label (harness/league/panel.py)."""

from __future__ import annotations

from tabulate import tabulate

from harness.league.panel import NEEDED, Calibration, Row


def render(calibration: Calibration) -> str:
    headers = ["case", "label", "limit s", *calibration.members, "label holds"]
    rows = [_row(row) for row in calibration.rows]
    table = tabulate(rows, headers=headers, disable_numparse=True)
    title = f"panel ({calibration.language}): CPU seconds per case, or the verdict"
    return f"{title}\n\n{table}\n\n{_footer(calibration)}"


def _row(row: Row) -> list[str]:
    cells = [a.text for a in row.attempts]
    return [row.case, row.label or "-", f"{row.limit:g}", *cells, _holds(row)]


def _holds(row: Row) -> str:
    if row.holds is None:
        return "-"
    if row.holds:
        return "yes"
    return f"NO: not solved by {', '.join(row.missing)}"


def _footer(calibration: Calibration) -> str:
    judged = [row for row in calibration.rows if row.holds is not None]
    broken = sum(row.holds is False for row in judged)
    rule = "; ".join(f"{label}: {', '.join(who) or 'any'}" for label, who in NEEDED.items())
    return f"{len(judged) - broken} of {len(judged)} labels hold (needed to solve: {rule})"
