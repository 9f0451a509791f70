"""Numbers as the pages show them."""

from __future__ import annotations


def marks_text(value: float) -> str:
    """Marks as the score table shows them, at most two decimals: 114.62, 120, 87.5."""
    return f"{round(value, 2):g}"


def percent_text(value: float) -> str:
    return f"{round(value, 1):g}%"
