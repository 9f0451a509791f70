"""The `suites calibrate` table for function libraries and driven assignments: each member's CPU
seconds on each case of each timed item, its slowest, and the limit that follows
(harness/calibration/function_panel.py)."""

from __future__ import annotations

from tabulate import tabulate

from harness.calibration.function_panel import FACTOR, GENEROUS, FunctionCalibration, ItemTimes


def render(calibration: FunctionCalibration) -> str:
    title = (
        f"panel ({calibration.language}, {calibration.assignment}): CPU seconds per case, or "
        f"the verdict, each case run under a generous {GENEROUS:g} s"
    )
    headers = ["item", "case", *calibration.members]
    rows = [line for item in calibration.items for line in _lines(item)]
    table = tabulate(rows, headers=headers, disable_numparse=True)
    verdicts = "\n".join(_verdict(item) for item in calibration.items)
    problems = "\n".join(f"NO: {problem}" for problem in calibration.problems)
    return "\n\n".join(part for part in (title, table, verdicts, problems) if part)


def _lines(item: ItemTimes) -> list[list[str]]:
    lines = [[item.item, row.case, *(t.text for t in row.timings)] for row in item.cases]
    slowest = [item.slowest_of(m) if m in item.correct else None for m in item.members]
    lines.append([item.item, "slowest", *(f"{s.seconds:.2f}" if s else "-" for s in slowest)])
    return lines


def _verdict(item: ItemTimes) -> str:
    """What the item's limit should be, and whether the one in force has the margin."""
    slowest = item.slowest
    if slowest is None:
        return f"{item.item}: no limit follows: no member of the panel solves every case"
    floor = f", never under the reference's {item.floor:g} s" if item.floor else ""
    said = (
        f"{item.item}: the slowest correct member takes {slowest.seconds:.2f} s "
        f"({slowest.member} on {slowest.case}); the limit is {item.derived:g} s, the smallest "
        f"whole second at least {FACTOR:g} x that{floor}. "
    )
    if item.margin:
        return said + f"The limit in force, {item.limit:g} s, has the margin."
    return said + f"The limit in force, {item.limit:g} s, lacks it."
