"""A CSV cell as every gradebook file writes it: numbers without float noise, text that a
spreadsheet shows and never runs.

Marks print without float noise (`7.5`, `10`, never `10.0000001`). A text cell starting with
`=`, `+`, `-`, `@`, a tab or a carriage return gets a `'` in front (OWASP's advice against CSV
injection: a student can name a folder `=HYPERLINK(...)`), and control characters and lone
surrogates (undecodable file names) become U+FFFD. Numbers are ours and stay as they are ('-1'
is a number).
"""

from __future__ import annotations

import re

from harness.records.results import PLACES

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def number(value: float, places: int = PLACES) -> str:
    """`value` rounded to `places` decimals, without trailing zeros: '7.5', '10', '0'."""
    text = f"{round(value, places) + 0.0:.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def safe_text(text: str) -> str:
    """`text` as a spreadsheet shows it and never runs it."""
    text = UNPRINTABLE.sub("\N{REPLACEMENT CHARACTER}", text)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text
