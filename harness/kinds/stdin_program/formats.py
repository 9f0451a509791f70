"""A grid written the way a course writes it (config.yaml's `program.format` and
`program.answer`, harness/program_io.py), and read back from a program's output.

Each layout is a template: its text with a slot for every cell. Writing fills the slots; reading
walks a program's lines along the template, literal by literal and slot by slot, so a grid that
is not in the format is refused at the first character that differs, and said there
(`line 1, column 81: expected a value, got ' '`). What follows the grid is left to the caller
(a label, or nothing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from harness.kinds.stdin_program.values import LETTERS
from harness.program_io import Layout, PuzzleFormat, ValueWriting
from harness.puzzles.sudoku import box_side
from harness.records.evidence import Grid, Span

SLOT = "\0"  # a cell's place in a template (never in a program's output that reads as a grid)
HEX = "0123456789ABCDEF"  # hex Sudoku: the value v written as HEX[v - 1]
ONE_CHARACTER: tuple[Layout, ...] = ("line", "boxed")  # layouts that give a value one character
SHOWN = 12  # characters of the output quoted where it differs
Place = tuple[int, int]  # (line, column), 0-indexed


def value_text(value: int, values: ValueWriting) -> str:
    """How a value is written: decimal, letters from A = 10, or hex (value minus one)."""
    if values == "hex":
        return HEX[value - 1]
    if values == "letters" and value >= 10:
        return LETTERS[value - 10]
    return str(value)


def value_of(text: str, values: ValueWriting, n: int) -> int | None:
    """The value a cell's text writes, in 1..n; None when it writes none."""
    if values == "hex":
        value = HEX.index(text) + 1 if len(text) == 1 and text in HEX else None
    elif values == "letters" and len(text) == 1 and text in LETTERS:
        value = LETTERS.index(text) + 10
    elif text.isascii() and text.isdigit() and len(text) <= 2:
        value = int(text)
    else:
        value = None
    return value if value is not None and 1 <= value <= n else None


def written(grid: Grid, form: PuzzleFormat, values: ValueWriting) -> str:
    """The grid in the format, with a final newline; a blank as the format's blank mark."""
    cells = [[form.blank if v == 0 else value_text(v, values) for v in row] for row in grid]
    return laid_out(cells, form.layout) + "\n"


def unwritable(n: int, form: PuzzleFormat, values: ValueWriting) -> str:
    """Why an n x n grid cannot be written in the format (empty: it can)."""
    if values == "hex" and n > len(HEX):
        return f"hex writes values up to {len(HEX)}, not {n}"
    if values == "letters" and n > 9 + len(LETTERS):
        return f"letters write values up to {9 + len(LETTERS)}, not {n}"
    if form.layout in ONE_CHARACTER and values == "decimal" and n > 9:
        needs = f"{n}x{n} needs values: letters or hex"
        return f"layout {form.layout} writes a value a character: {needs}"
    return ""


def laid_out(cells: Sequence[Sequence[str]], layout: Layout) -> str:
    """The cells' texts in the layout, without a final newline."""
    if layout == "line":
        return "".join(text for row in cells for text in row)
    if layout == "boxed":
        return _boxed(cells)
    separator = "," if layout == "commas" else " "
    return "\n".join(separator.join(row) for row in cells)


def _boxed(cells: Sequence[Sequence[str]]) -> str:
    k = box_side(len(cells))
    border = "+" + "+".join("-" * (2 * k + 1) for _ in range(k)) + "+"
    lines = [border]
    for index, row in enumerate(cells):
        boxes = (" ".join(row[b * k : (b + 1) * k]) for b in range(k))
        lines.append("| " + " | ".join(boxes) + " |")
        if (index + 1) % k == 0:
            lines.append(border)
    return "\n".join(lines)


@dataclass(frozen=True)
class Reading:
    """A grid read from the start of a program's lines: its cells row by row (0 for a blank)
    and where it ends; or, when the lines are not a grid in the format, why and where."""

    cells: tuple[int, ...] = ()
    spans: tuple[Span, ...] = ()  # each cell's place in the lines
    end: Place = (0, 0)  # just after the grid's last character
    problem: str = ""
    at: Span | None = None

    @property
    def grid(self) -> Grid:
        n = round(len(self.cells) ** 0.5)
        return tuple(tuple(self.cells[r * n : (r + 1) * n]) for r in range(n))


def read_grid(lines: Sequence[str], n: int, form: PuzzleFormat, values: ValueWriting) -> Reading:
    """Walk the lines along the format's template for an n x n grid."""
    template = laid_out([[SLOT] * n] * n, form.layout).split("\n")
    walk = _Walk(lines, form, values, n)
    for index, line in enumerate(template):
        problem = walk.line(index, line, last=index == len(template) - 1)
        if problem is not None:
            return problem
    return Reading(tuple(walk.cells), tuple(walk.spans), walk.end)


class _Walk:
    def __init__(self, lines: Sequence[str], form: PuzzleFormat, values: ValueWriting, n: int):
        self.lines, self.form, self.values, self.n = lines, form, values, n
        self.token = re.compile(r"[^\s]" if form.layout in ONE_CHARACTER else r"[^\s,]+")
        self.cells: list[int] = []
        self.spans: list[Span] = []
        self.end: Place = (0, 0)

    def line(self, index: int, template: str, last: bool) -> Reading | None:
        if index >= len(self.lines):
            ends = f"the output ends after {len(self.lines)} lines"
            return Reading(problem=f"line {index + 1}: missing ({ends})")
        text, at = self.lines[index], 0
        parts = template.split(SLOT)
        for number, literal in enumerate(parts):
            if not text.startswith(literal, at):
                same = common_start(literal, text[at:])
                return self._differs(index, at + same, repr(literal[same : same + SHOWN]))
            at += len(literal)
            if number < len(parts) - 1:
                found = self.token.match(text, at)
                if found is None:
                    return self._differs(index, at, "a value")
                problem = self._cell(found.group(), (index, found.start(), found.end()))
                if problem is not None:
                    return problem
                at = found.end()
        if not last and at < len(text):
            return self._differs(index, at, "the end of the line")
        self.end = (index, at)
        return None

    def _cell(self, text: str, span: Span) -> Reading | None:
        row, column = divmod(len(self.cells), self.n)
        value = 0 if text == self.form.blank else value_of(text, self.values, self.n)
        if value is None:
            place = f"row {row + 1}, column {column + 1}"
            return Reading(problem=f"{place}: {text!r} is not a value", at=span)
        self.cells.append(value)
        self.spans.append(span)
        return None

    def _differs(self, index: int, at: int, expected: str) -> Reading:
        text = self.lines[index]
        got = repr(text[at : at + SHOWN]) if at < len(text) else "the end of the line"
        detail = f"line {index + 1}, column {at + 1}: expected {expected}, got {got}"
        return Reading(problem=detail, at=(index, at, min(len(text), at + 1)))


def common_start(one: str, other: str) -> int:
    """How many characters two texts share at their start."""
    shared = 0
    while shared < min(len(one), len(other)) and one[shared] == other[shared]:
        shared += 1
    return shared


def rest_of(lines: Sequence[str], end: Place) -> str:
    """The text after a grid that ends at `end`."""
    line, column = end
    return "\n".join([lines[line][column:], *lines[line + 1 :]]) if lines else ""
