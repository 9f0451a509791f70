"""Probes for `sudoku-script` (COSC 130 Project 02): Sudoku.py's six functions, positions from 0.

Puzzle files are written into the worker's folder in the course's own format (nine lines of
nine space-separated ints, CRLF or LF, no final newline). A final newline or trailing spaces
break a loader that follows the handout's steps literally, so those variants are a separate item
(`load_puzzle_variants`, 0 marks in config.yaml): reported, never costing marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from harness.assignments.base import Builder
from harness.assignments.expectations import Equal, SameMembers
from harness.assignments.sudoku_script.expect import Copied, Displayed, SolvedUnchanged
from harness.assignments.sudoku_script.notebook_expect import NotebookShows, ShownPuzzle
from harness.puzzles import sudoku
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.probes import Probe

SIZE = 9
LOADED = 4  # puzzles load_puzzle reads in the course's format
SHOWN = 2  # puzzles (and their solutions) display_puzzle prints
COPIED = 2
NOTEBOOK_SOLVABLE = 3  # puzzle01..03.txt; puzzle04.txt has no solution
# The handout's first-page puzzle, with its own get_options examples.
HANDOUT_PUZZLE: Grid = (
    (8, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 3, 6, 0, 0, 0, 0, 0),
    (0, 7, 0, 0, 9, 0, 2, 0, 0),
    (0, 5, 0, 0, 0, 7, 0, 0, 0),
    (0, 0, 0, 0, 4, 5, 7, 0, 0),
    (0, 0, 0, 1, 0, 0, 0, 3, 0),
    (0, 0, 1, 0, 0, 0, 0, 6, 8),
    (0, 0, 8, 5, 0, 0, 0, 1, 0),
    (0, 9, 0, 0, 0, 0, 4, 0, 0),
)


def nine(cases: Sequence[Case]) -> list[Case]:
    """9x9 cases with one solution or none (the handout's puzzles are like that)."""
    return [c for c in cases if c.size == SIZE and not c.multiple_solutions]


def course_text(grid: Grid, newline: str = "\r\n", final: str = "", trailing: str = "") -> str:
    """The course's puzzle file: rows of space-separated ints, no final newline by default."""
    rows = [" ".join(str(v) for v in row) + trailing for row in grid]
    return newline.join(rows) + final


def _load_probe(item: str, case: Case, variant: str, text: str) -> Probe:
    path = f"puzzles/{case.id}-{variant}.txt"
    return Probe(
        item,
        f"{case.label}:{variant}",
        f"load_puzzle({path!r}) ({variant})",
        (path,),
        Equal(sudoku.thaw(case.puzzle)),
        case.hidden,
        files=((path, text),),
    )


def load_puzzle(cases: Sequence[Case]) -> list[Probe]:
    """The course's files as they are (CRLF), and the same with LF, alternately."""
    probes = []
    for index, case in enumerate(nine(cases)[:LOADED]):
        name, newline = ("CRLF", "\r\n") if index % 2 == 0 else ("LF", "\n")
        probes.append(_load_probe("load_puzzle", case, name, course_text(case.puzzle, newline)))
    return probes


def load_puzzle_variants(cases: Sequence[Case]) -> list[Probe]:
    case = nine(cases)[0]
    variants = {
        "final newline": course_text(case.puzzle, "\n", final="\n"),
        "trailing spaces": course_text(case.puzzle, "\n", trailing=" "),
        "CRLF and final CRLF": course_text(case.puzzle, "\r\n", final="\r\n"),
    }
    return [
        _load_probe("load_puzzle_variants", case, name.replace(" ", "-"), text)
        for name, text in variants.items()
    ]


def display_puzzle(cases: Sequence[Case]) -> list[Probe]:
    grids = []
    for case in nine(cases)[:SHOWN]:
        grids.append((f"{case.label} puzzle", case.puzzle, case.hidden))
        if case.solution:
            grids.append((f"{case.label} solution", case.solution, case.hidden))
    return [
        Probe(
            "display_puzzle",
            label,
            f"display_puzzle(<{label}>)",
            (sudoku.thaw(grid),),
            Displayed(grid),
            hidden,
        )
        for label, grid, hidden in grids
    ]


def _next(r: int, c: int) -> tuple[int | None, int | None]:
    if c < SIZE - 1:
        return r, c + 1
    return (r + 1, 0) if r < SIZE - 1 else (None, None)


def get_next(cases: Sequence[Case]) -> list[Probe]:
    return [
        Probe("get_next", f"({r},{c})", f"get_next({r}, {c})", (r, c), Equal(_next(r, c)))
        for r in range(SIZE)
        for c in range(SIZE)
    ]


def copy_puzzle(cases: Sequence[Case]) -> list[Probe]:
    return [
        Probe(
            "copy_puzzle",
            case.label,
            f"copy_puzzle(<{case.label}>), then changing the copy",
            (sudoku.thaw(case.puzzle),),
            Copied(case.puzzle),
            case.hidden,
            driver="script.copy_independence",
        )
        for case in nine(cases)[:COPIED]
    ]


def _options_probe(label: str, grid: Grid, r: int, c: int, hidden: bool = False) -> Probe:
    expect = Equal(None) if grid[r][c] else SameMembers(tuple(sudoku.candidates(grid, r, c)))
    return Probe(
        "get_options",
        f"{label}@({r},{c})",
        f"get_options(<{label}>, {r}, {c})",
        (sudoku.thaw(grid), r, c),
        expect,
        hidden,
    )


def get_options(cases: Sequence[Case]) -> list[Probe]:
    handout = [_options_probe("handout puzzle", HANDOUT_PUZZLE, 2, c) for c in (4, 5)]
    case = nine(cases)[0]
    every = [
        _options_probe(case.label, case.puzzle, r, c, case.hidden)
        for r in range(SIZE)
        for c in range(SIZE)
    ]
    return handout + every


def solve(cases: Sequence[Case]) -> list[Probe]:
    return [
        Probe(
            "solve",
            case.label,
            f"solve(<{case.label}>)",
            (sudoku.thaw(case.puzzle),),
            SolvedUnchanged(case.puzzle, case.solution),
            case.hidden,
            defaults=(0, 0),  # the handout's solve(puzzle, row=0, col=0)
        )
        for case in nine(cases)
    ]


def notebook_puzzles(cases: Sequence[Case]) -> list[Case]:
    """The notebook's puzzle01..04.txt, as the course's: three with a solution, then one
    without (the course's puzzle04 has none)."""
    solvable = [c for c in nine(cases) if c.solution is not None][:NOTEBOOK_SOLVABLE]
    unsolvable = [c for c in nine(cases) if c.solution is None][:1]
    if len(solvable) < NOTEBOOK_SOLVABLE or not unsolvable:
        raise ValueError(
            f"the notebook needs {NOTEBOOK_SOLVABLE} 9x9 puzzles with a solution and one without"
        )
    return [*solvable, *unsolvable]


def notebook(cases: Sequence[Case]) -> list[Probe]:
    """One run of the student's notebook, with the puzzle files beside it."""
    chosen = notebook_puzzles(cases)
    files = tuple((f"puzzle{n:02d}.txt", course_text(c.puzzle)) for n, c in enumerate(chosen, 1))
    shown = tuple(
        ShownPuzzle(name, case.puzzle, case.solution)
        for (name, _), case in zip(files, chosen, strict=True)
    )
    return [
        Probe(
            "notebook",
            "notebook",
            "running the notebook (puzzle01..04.txt: " + ", ".join(c.label for c in chosen) + ")",
            (),
            NotebookShows(shown),
            any(c.hidden for c in chosen),
            files=files,
        )
    ]


BUILDERS: dict[str, Builder] = {
    builder.__name__: builder
    for builder in (
        load_puzzle,
        load_puzzle_variants,
        display_puzzle,
        get_next,
        copy_puzzle,
        get_options,
        solve,
        notebook,
    )
}
