"""The league table (text) and its JSON.

{"assignment": str, "size": int, "repeats": int, "puzzles": int, "standings": [
  {"rank": int | null, "name": str, "baseline": bool, "solved": int, "puzzles": int,
   "mean_seconds": num | null, "median_seconds": num | null, "spread_seconds": [low, high] | null,
   "relative": num | null, "note": str,
   "measured_on": {"machine": str, "worker": str} | null}]}

When the timings come from more than one machine (a cluster), the table gets a column naming the
machine of each row and a line saying that times from different machines do not compare.

The table fits the width it is given: a long name or machine is cut with an ellipsis and the
note wrapped (the JSON keeps them whole).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from harness import atomic
from harness.league.run import League, Standing
from harness.text import one_line
from harness.writers import columns
from harness.writers.columns import Column, wrap

WIDTH = 80  # when there is no terminal to measure
HEADERS = ("rank", "name", "mean ms", "median ms", "spread", "solved", "vs ref", "note")
LEAST = {"name": 12, "note": 16, "measured on": 8}  # how narrow a column of text may get
YIELDS = {"note": 2, "measured on": 1}  # which narrows first (the name last)
WRAPPED = ("note",)  # cut otherwise
NOTE_LINES = 3


def render(league: League, width: int = WIDTH) -> str:
    several = len(machines(league)) > 1
    rows = [_row(s) + ([_machine(s)] if several else []) for s in league.standings]
    headers = HEADERS + (("measured on",) if several else ())
    title = (
        f"{league.assignment} league at {league.size}x{league.size}: {league.puzzles} puzzles, "
        f"median of {league.repeats} runs each, CPU time"
    )
    ranked = sum(s.rank is not None for s in league.standings)
    footer = [f"{ranked} ranked; vs ref: mean time relative to the first baseline (x1)"]
    if several:
        names = ", ".join(sorted(machines(league)))
        footer.append(
            f"timings come from {len(machines(league))} machines ({names}): times measured on "
            "different machines do not compare; use one machine (or identical ones) for a ranking"
        )
    table = columns.render(_columns(headers, rows), width)
    said = [
        "\n".join(wrap(title, width)),
        table,
        "\n".join(line for text in footer for line in wrap(text, width)),
    ]
    return "\n\n".join(said)


def _columns(headers: tuple[str, ...], rows: list[list[str]]) -> list[Column]:
    return [
        Column(
            (name,),
            tuple(row[k] for row in rows),
            least=LEAST.get(name),
            overflow="wrap" if name in WRAPPED else "cut",
            yields=YIELDS.get(name, 0),
            most_lines=NOTE_LINES,
        )
        for k, name in enumerate(headers)
    ]


def machines(league: League) -> set[str]:
    """The machines that timed the league's programs."""
    return {s.measured_on.machine for s in league.standings if s.measured_on is not None}


def _machine(s: Standing) -> str:
    return "" if s.measured_on is None else s.measured_on.machine


def _row(s: Standing) -> list[str]:
    rank = "ref" if s.baseline and s.mean is not None else (str(s.rank) if s.rank else "-")
    return [
        rank,
        one_line(s.name),
        _ms(s.mean),
        _ms(s.median),
        _spread(s),
        f"{s.solved}/{s.puzzles}",
        f"x{s.relative:.2f}" if s.relative is not None else "",
        one_line(s.note),
    ]


def _ms(seconds: float | None) -> str:
    return "" if seconds is None else f"{seconds * 1000:.3g}"


def _spread(s: Standing) -> str:
    """Half the range of the per-repeat means, relative to the mean: ±x%."""
    if s.mean is None or s.low is None or s.high is None or not s.mean:
        return ""
    return f"±{50 * (s.high - s.low) / s.mean:.0f}%"


def to_json(league: League) -> dict[str, Any]:
    return {
        "assignment": league.assignment,
        "size": league.size,
        "repeats": league.repeats,
        "puzzles": league.puzzles,
        "standings": [_standing(s) for s in league.standings],
    }


def _standing(s: Standing) -> dict[str, Any]:
    spread = None if s.low is None or s.high is None else [_round(s.low), _round(s.high)]
    return {
        "rank": s.rank,
        "name": s.name,
        "baseline": s.baseline,
        "solved": s.solved,
        "puzzles": s.puzzles,
        "mean_seconds": _round(s.mean),
        "median_seconds": _round(s.median),
        "spread_seconds": spread,
        "relative": None if s.relative is None else round(s.relative, 4),
        "note": s.note,
        "measured_on": None
        if s.measured_on is None
        else {"machine": s.measured_on.machine, "worker": s.measured_on.worker},
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def write_json(league: League, path: Path) -> None:
    atomic.write_text(path, json.dumps(to_json(league), indent=2) + "\n")
