"""What a COSC 130 (Project 02) notebook must show once run, judged in the supervisor, by rubric.

The handout's notebook has a level-1 title, an "Introduction" section, runs the script with
`%run -i Sudoku.py`, then for each of puzzle01..04.txt a "Puzzle N" section that loads and
displays the puzzle, solves it, and displays the solution or prints "No solution exists for this
puzzle.". Criteria (each shared over its checks):

- runs: one check per code cell: it ran, raised nothing and finished within the cell limit.
- headings: one check per required heading. Any heading level is accepted for the sections (the
  handout asks for level 2), and the title's wording is not checked: the handout's own
  "COSC - Project 03" (with an en dash) names the wrong project.
- puzzles, solutions: one check per puzzle (per solvable puzzle): its grid appears in what the
  notebook printed, drawn as display_puzzle draws it (any borders, `.` or 0 for a blank) or as
  a list of lists.
- no_solution: one check per unsolvable puzzle: the sentence is printed (case, spacing and the
  final full stop aside), and not more often than there are unsolvable puzzles.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from harness.records.evidence import Grid
from harness.records.notebook import CellRun, NotebookRun
from harness.records.outcomes import CallOutcome
from harness.records.probes import Check, Judgement, NoGrids, readings
from harness.records.verdicts import Verdict

SIZE = 9
NO_SOLUTION = "No solution exists for this puzzle."
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
LIST_GRID = re.compile(r"\[\s*(?:\[[\d\s,]*\]\s*,?\s*){9}\]")
BORDER = re.compile(r"^[\s+\-=|]*$")


@dataclass(frozen=True)
class ShownPuzzle:
    file: str  # puzzle01.txt
    puzzle: Grid
    solution: Grid | None  # None: it has no solution


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class NotebookShows(NoGrids):
    """The handout's notebook, run: every cell clean, its headings, its puzzles and answers."""

    inspects_arguments = False
    criteria: ClassVar[tuple[str, ...]] = (
        "runs",
        "headings",
        "puzzles",
        "solutions",
        "no_solution",
    )

    puzzles: tuple[ShownPuzzle, ...]

    def judge(self, outcome: CallOutcome) -> Judgement:
        run = outcome.value
        assert isinstance(run, NotebookRun)
        headings = [h for cell in run.markdown for h in headings_in(cell.source)]
        printed = run.printed
        grids = printed_grids(printed)
        heading_checks, accepted = self._headings(headings)
        checks = (
            *_cells_ran(run),
            *heading_checks,
            *self._puzzles(grids),
            *self._solutions(grids),
            *self._no_solution(printed),
        )
        failures = [c.message for c in checks if not c.passed]
        detail = "; ".join(failures[:3])
        return Judgement(
            not failures, detail, readings(accepted), verdict=verdict(run), checks=checks
        )

    def _headings(self, headings: list[Heading]) -> tuple[tuple[Check, ...], str]:
        wanted = ["Introduction", *(f"Puzzle {n}" for n in range(1, len(self.puzzles) + 1))]
        title = any(h.level == 1 for h in headings)
        checks = [Check("headings", title, "" if title else "no level-1 heading (the title)")]
        levels = []
        for name in wanted:
            found = [h for h in headings if _same_heading(h.text, name)]
            checks.append(Check("headings", bool(found), "" if found else f"no heading {name!r}"))
            levels += [h.level for h in found[:1] if h.level != 2]
        accepted = "section headings at a level other than 2" if levels else ""
        return tuple(checks), accepted

    def _puzzles(self, grids: list[Grid]) -> Iterator[Check]:
        for shown in self.puzzles:
            ok = shown.puzzle in grids
            yield Check("puzzles", ok, "" if ok else f"the puzzle in {shown.file} is not printed")

    def _solutions(self, grids: list[Grid]) -> Iterator[Check]:
        for shown in self.puzzles:
            if shown.solution is not None:
                ok = shown.solution in grids
                message = "" if ok else f"the solution of {shown.file} is not printed"
                yield Check("solutions", ok, message)

    def _no_solution(self, printed: str) -> Iterator[Check]:
        unsolvable = [s for s in self.puzzles if s.solution is None]
        said = sentence_count(printed)
        for shown in unsolvable:
            if said == 0:
                yield Check("no_solution", False, f"{NO_SOLUTION!r} is not printed ({shown.file})")
            elif said > len(unsolvable):
                message = f"{NO_SOLUTION!r} is printed {said} times, for {len(unsolvable)} puzzle"
                yield Check("no_solution", False, message + "(s) without a solution")
            else:
                yield Check("no_solution", True)


def verdict(run: NotebookRun) -> Verdict | None:
    """The worst thing a cell did (None: every cell ran cleanly; a failure is then WA)."""
    cells = run.code
    if any(c.timed_out for c in cells):
        return Verdict.TLE
    if any(c.flooded for c in cells):
        return Verdict.OLE
    errors = {c.error.name for c in cells if c.error is not None}
    if "MemoryError" in errors:
        return Verdict.MLE
    return Verdict.RE if errors or run.stopped else None


def _cells_ran(run: NotebookRun) -> tuple[Check, ...]:
    if not run.code:
        return (Check("runs", False, "the notebook has no code cells"),)
    return tuple(_cell_check(k, cell, run.stopped) for k, cell in enumerate(run.code, 1))


def _cell_check(k: int, cell: CellRun, stopped: str) -> Check:
    where = f"code cell {k} (cell {cell.number} of the notebook)"
    if not cell.ran:
        because = f": {stopped}" if stopped else ""
        return Check("runs", False, f"{where} did not run{because}")
    if cell.timed_out:
        return Check("runs", False, f"{where} was still running at the cell time limit")
    if cell.flooded:
        return Check("runs", False, f"{where} printed too much output")
    if cell.error is not None and not cell.error.name:  # the kernel died in it
        return Check("runs", False, f"{where}: {cell.error.message}")
    if cell.error is not None:
        line = f" at line {cell.error.line}" if cell.error.line else ""
        message = f": {cell.error.message}" if cell.error.message else ""
        return Check("runs", False, f"{where} raised {cell.error.name}{line}{message}")
    return Check("runs", True)


def headings_in(markdown: str) -> Iterator[Heading]:
    """ATX headings (`## Puzzle 1`) and setext ones (a line underlined with === or ---)."""
    lines = markdown.splitlines()
    for number, line in enumerate(lines):
        atx = HEADING.match(line)
        if atx:
            yield Heading(len(atx.group(1)), atx.group(2))
        elif line.strip() and number + 1 < len(lines) and SETEXT.match(lines[number + 1]):
            yield Heading(1 if "=" in lines[number + 1] else 2, line.strip())


def _same_heading(text: str, wanted: str) -> bool:
    """'**Puzzle 1**', 'puzzle 01:' and 'Puzzle 1' are the same heading."""
    plain = re.sub(r"[*_`]", "", text).strip().rstrip(".:").strip().lower()
    plain = re.sub(r"\s+", " ", re.sub(r"(\D)0+(\d)", r"\1\2", plain))
    return plain == wanted.lower()


def printed_grids(text: str) -> list[Grid]:
    """Every 9x9 grid in the printed text: nine consecutive rows of nine values (a digit, or
    `.` for a blank) between any borders, or a list of nine lists of nine ints."""
    grids: list[Grid] = []
    rows: list[tuple[int, ...]] = []
    for line in text.splitlines():
        row = _row(line)
        if row is not None:
            rows.append(row)
            if len(rows) == SIZE:
                grids.append(tuple(rows))
                rows = []
        elif not BORDER.match(line):
            rows = []
    for found in LIST_GRID.finditer(text):
        values = [int(v) for v in re.findall(r"\d+", found.group())]
        if len(values) == SIZE * SIZE:
            grids.append(tuple(tuple(values[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)))
    return grids


def _row(line: str) -> tuple[int, ...] | None:
    tokens = line.replace("|", " ").split()
    if len(tokens) != SIZE or not all(len(t) == 1 and (t.isdigit() or t == ".") for t in tokens):
        return None
    return tuple(0 if t == "." else int(t) for t in tokens)


def sentence_count(printed: str) -> int:
    """How often the handout's sentence is printed, ignoring case, spacing and the full stop."""
    plain = re.sub(r"\s+", " ", printed.lower())
    return len(re.findall(re.escape(NO_SOLUTION.lower().rstrip(".")), plain))
