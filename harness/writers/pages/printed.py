"""A program's printed answer beside the expected one, as both page formats show it: the lines,
the first difference's place on each side, and the captions. Marks are located in columns of
the line as shown (tabs expanded), so a caret lands under the token it marks."""

from __future__ import annotations

from dataclasses import dataclass

from harness.records.evidence import PRINTED_KEPT, Printed, Span
from harness.text import clean

TAB = 8  # columns a tab advances to a multiple of
EXPECTED = "expected output"
RECEIVED = "output, first difference marked"
ENDS = "(the output ends here)"


@dataclass(frozen=True)
class Side:
    caption: str
    lines: tuple[str, ...]  # cleaned, tabs expanded
    mark: Span | None  # in columns of `lines`
    ends_marked: bool = False  # the difference is that this side ends before it


def sides(printed: Printed) -> tuple[Side, Side]:
    """The expected side and the received side, ready to draw."""
    cut = f" (the first {PRINTED_KEPT} characters)" if printed.cut else ""
    ends = printed.received_at is None and printed.expected_at is not None
    return (
        _side(EXPECTED, printed.expected, printed.expected_at),
        _side(
            RECEIVED.replace("output", f"output{cut}", 1),
            printed.received,
            printed.received_at,
            ends,
        ),
    )


def _side(caption: str, lines: tuple[str, ...], at: Span | None, ends: bool = False) -> Side:
    shown = tuple(clean(line).expandtabs(TAB) for line in lines)
    if at is None:
        return Side(caption, shown, None, ends)
    line, start, end = at
    raw = clean(lines[line])
    first = len(raw[:start].expandtabs(TAB))
    return Side(caption, shown, (line, first, len(raw[:end].expandtabs(TAB))), ends)
