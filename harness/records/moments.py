"""Moments in time as config.yaml, the teacher's files and the LMS exports write them.

One format everywhere: ISO 8601 with its UTC offset, `2026-03-02T23:59:00+00:00` (a space for
the `T`, no seconds, a fraction of a second, `Z` for `+00:00` and `+0100` for `+01:00` are
accepted too). A time without an offset is refused rather than guessed: the offset makes the
moment the same on every machine, across changes of summer time, whatever the grader's own
timezone. Read strictly, by one pattern, so every Python version reads the same texts.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

EXAMPLE = "2026-03-02T23:59+00:00"
_MOMENT = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?"
    r"\s*(?:Z|([+-])(\d{2}):?(\d{2}))"
)


def parse_moment(text: str) -> datetime:
    """The moment `text` names; ValueError in plain words (to follow a file's name and line)."""
    match = _MOMENT.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a date and time with its UTC offset, e.g. {EXAMPLE}")
    year, month, day, hour, minute, second, fraction, sign, oh, om = match.groups()
    offset = timedelta(hours=int(oh or 0), minutes=int(om or 0)) * (-1 if sign == "-" else 1)
    micro = int((fraction or "0").ljust(6, "0"))
    try:
        date = (int(year), int(month), int(day))
        return datetime(*date, int(hour), int(minute), int(second or 0), micro, timezone(offset))
    except ValueError as err:
        raise ValueError(f"{text!r} is not a real date and time: {err}") from None


def aware(moment: datetime) -> datetime:
    """`moment` itself, when it says its offset; ValueError otherwise (YAML reads an unquoted
    `2026-03-02 23:59:00` as a time without one)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{moment.isoformat()} has no UTC offset: write it as {EXAMPLE}")
    return moment


def moment_text(moment: datetime) -> str:
    """'2026-03-02 23:59 UTC', '2026-03-02 23:59 +01:00': in the offset it was given in."""
    offset = moment.utcoffset() or timedelta(0)
    clock = moment.strftime("%Y-%m-%d %H:%M" + (":%S" if moment.second else ""))
    if not offset:
        return f"{clock} UTC"
    minutes = int(abs(offset).total_seconds()) // 60
    sign = "-" if offset < timedelta(0) else "+"
    return f"{clock} {sign}{minutes // 60:02d}:{minutes % 60:02d}"
