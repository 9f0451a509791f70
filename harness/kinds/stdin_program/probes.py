"""Probes for `stdin-program`: each suite case of the item's size, given to the program.

Items are named by size (`9x9`, `16x16`, `25x25`, ...): an item's probes are the suites' cases of
that size. The puzzle is written in config.yaml's `program.format` (by default rows of values,
0 for a blank, values above 9 as the suite says: `values: letters` or `decimal`); the shape gives
it to the program as `program.input` says. The expected output stays here (expect.py), compared
as `program.compare` says. With `program.no_solution: null` (a handout that defines no message),
cases without a solution are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from harness.config import AssignmentConfig
from harness.kinds.probe_set import Builder
from harness.kinds.stdin_program.answer import FormattedAnswer
from harness.kinds.stdin_program.expect import FormattedGrid, PrintedGrid
from harness.kinds.stdin_program.formats import unwritable, written
from harness.program_io import FORMATTED, ProgramIo, PuzzleFormat, ValueWriting
from harness.puzzles.suites import Case
from harness.records.probes import Expectation, Probe

SIZES = (4, 9, 16, 25, 36)
DEFAULT = ProgramIo()  # when the assignment has no `program:` block: stdin, rows, tokens


def case_probe(case: Case, item: str, io: ProgramIo = DEFAULT) -> Probe:
    """One run of the program on `case`; the arguments are the input text and the size."""
    n = case.size
    return Probe(
        item,
        case.label,
        f"{n}x{n} puzzle {case.label}",
        (_input_text(case, io.format), n),
        _expectation(case, io),
        case.hidden,
    )


def _values(case: Case, form: PuzzleFormat) -> ValueWriting:
    """How values are written: the format's, else the suite's."""
    return form.values or case.values


def _input_text(case: Case, form: PuzzleFormat) -> str:
    values = _values(case, form)
    problem = unwritable(case.size, form, values)
    if problem:
        raise ValueError(f"program.format: case {case.label}: {problem}")
    return written(case.puzzle, form, values)


def _expectation(case: Case, io: ProgramIo) -> Expectation:
    no_solution = io.no_solution or ""
    if io.compare not in FORMATTED:
        style = io.format.values if io.format.values in ("decimal", "letters") else case.values
        return PrintedGrid(
            case.puzzle, case.solution, style, case.multiple_solutions, io.compare, no_solution
        )
    values = _values(case, io.printed)
    problem = unwritable(case.size, io.printed, values)
    if problem:
        raise ValueError(f"program.answer: case {case.label}: {problem}")
    answer = FormattedAnswer(
        case.puzzle,
        case.solution,
        io.printed,
        values,
        case.multiple_solutions,
        io.label,
        no_solution,
    )
    return FormattedGrid(answer, io.compare)


def size_builder(n: int, io: ProgramIo = DEFAULT) -> Callable[[Sequence[Case]], list[Probe]]:
    item = f"{n}x{n}"

    def build(cases: Sequence[Case]) -> list[Probe]:
        graded = [c for c in cases if c.size == n and (c.solution or io.no_solution is not None)]
        return [case_probe(case, item, io) for case in graded]

    build.__name__ = item
    return build


def program_io(assignment: AssignmentConfig) -> ProgramIo:
    """How the assignment gives a program its puzzle and reads its answer: its `program:`."""
    return assignment.program if assignment.program else DEFAULT


def builders(io: ProgramIo = DEFAULT) -> dict[str, Builder]:
    return {f"{n}x{n}": size_builder(n, io) for n in SIZES}


def configured(assignment: AssignmentConfig) -> dict[str, Builder]:
    """The builders giving and comparing as `assignment` says."""
    return builders(program_io(assignment))


BUILDERS: dict[str, Builder] = builders()
