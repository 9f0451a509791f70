"""Student text made fit to show: on a terminal, in a table, in a page.

Names, details, notes and output come from students: control characters (but newlines and
tabs; escape sequences that set a window title or move the cursor among them), bidirectional
overrides (which can make text read differently from what it is) and lone surrogates (from
undecodable file names) become U+FFFD, so every page encodes as UTF-8, a terminal shows what is
there, and `one_line` keeps a row of a table on one line.
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
