"""The notebook's one probe: the student's notebook run with puzzle01..04.txt beside it, in the
course's file format (nine lines of nine space-separated ints, CRLF, no final newline)."""

from __future__ import annotations

from collections.abc import Sequence

from harness.kinds.notebook.cosc130_notebook.expect import NotebookShows, ShownPuzzle
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.probes import Probe

SIZE = 9
SOLVABLE = 3  # puzzle01..03.txt; puzzle04.txt has no solution


def course_text(grid: Grid, newline: str = "\r\n", final: str = "", trailing: str = "") -> str:
    """The course's puzzle file: rows of space-separated ints, no final newline by default."""
    return newline.join(" ".join(str(v) for v in row) + trailing for row in grid) + final


def notebook_puzzles(cases: Sequence[Case]) -> list[Case]:
    """The notebook's puzzle01..04.txt, as the course's: three with a solution, then one
    without (the course's puzzle04 has none)."""
    nine = [c for c in cases if c.size == SIZE and not c.multiple_solutions]
    solvable = [c for c in nine if c.solution is not None][:SOLVABLE]
    unsolvable = [c for c in nine if c.solution is None][:1]
    if len(solvable) < SOLVABLE or not unsolvable:
        raise ValueError(
            f"the notebook needs {SOLVABLE} 9x9 puzzles with a solution and one without"
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
