"""The league table (text) and its JSON.

{"assignment": str, "size": int, "repeats": int, "puzzles": int, "standings": [
  {"rank": int | null, "name": str, "baseline": bool, "solved": int, "puzzles": int,
   "mean_seconds": num | null, "median_seconds": num | null, "spread_seconds": [low, high] | null,
   "relative": num | null, "note": str}]}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness import atomic
from harness.league import League, Standing

HEADERS = ["rank", "name", "mean ms", "median ms", "spread", "solved", "vs ref", "note"]


def render(league: League) -> str:
    rows = [_row(s) for s in league.standings]
    title = (
        f"{league.assignment} league at {league.size}x{league.size}: {league.puzzles} puzzles, "
        f"median of {league.repeats} runs each, CPU time"
    )
    ranked = sum(s.rank is not None for s in league.standings)
    footer = f"{ranked} ranked; vs ref: mean time relative to the first baseline (x1)"
    return f"{title}\n\n{tabulate(rows, headers=HEADERS, disable_numparse=True)}\n\n{footer}"


def _row(s: Standing) -> list[str]:
    rank = "ref" if s.baseline and s.mean is not None else (str(s.rank) if s.rank else "-")
    return [
        rank,
        s.name,
        _ms(s.mean),
        _ms(s.median),
        _spread(s),
        f"{s.solved}/{s.puzzles}",
        f"x{s.relative:.2f}" if s.relative is not None else "",
        s.note,
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
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def write_json(league: League, path: Path) -> None:
    atomic.write_text(path, json.dumps(to_json(league), indent=2) + "\n")
