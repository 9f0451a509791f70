"""Student text made fit to place in a page, before either format escapes it.

Names, details and output come from students: control characters (but newlines and tabs),
bidirectional overrides (which can make text read differently from what it is) and lone
surrogates (from undecodable file names) become U+FFFD, so every page encodes as UTF-8 and shows
what is there.
"""

from __future__ import annotations

import re

REPLACEMENT = "\ufffd"
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def clean(text: str) -> str:
    """The text with CRLF as LF and anything unsafe to show replaced."""
    return UNSAFE.sub(REPLACEMENT, text.replace("\r\n", "\n"))


def one_line(text: str) -> str:
    """The text cleaned, its line breaks and tabs as spaces."""
    return re.sub(r"[\n\t]", " ", clean(text))


def marks_text(value: float) -> str:
    """Marks as the score table shows them, at most two decimals: 114.62, 120, 87.5."""
    return f"{round(value, 2):g}"


def percent_text(value: float) -> str:
    return f"{round(value, 1):g}%"
