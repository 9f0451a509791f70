"""Probes for `stdin-program`: each suite case of the item's size, fed to the program on stdin.

Items are named by size (`9x9`, `16x16`, `25x25`, ...): an item's probes are the suites' cases of
that size. The puzzle is written the way its suite says (`values: letters` or `decimal`); the
expected output stays here (expect.py), compared as config.yaml's `program.compare` says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from harness.assignments.base import Builder
from harness.assignments.stdin_program.expect import PrintedGrid
from harness.assignments.stdin_program.values import stdin_text
from harness.config import AssignmentConfig, Comparison
from harness.puzzles.suites import Case
from harness.records.probes import Probe

SIZES = (4, 9, 16, 25, 36)
DEFAULT: Comparison = "tokens"  # when the assignment has no `program:` block


def case_probe(case: Case, item: str, compare: Comparison = DEFAULT) -> Probe:
    """One run of the program on `case`; the arguments are the input text and the size."""
    n = case.size
    expect = PrintedGrid(case.puzzle, case.solution, case.values, case.multiple_solutions, compare)
    return Probe(
        item,
        case.label,
        f"{n}x{n} puzzle {case.label}",
        (stdin_text(case.puzzle, case.values), n),
        expect,
        case.hidden,
    )


def size_builder(n: int, compare: Comparison = DEFAULT) -> Callable[[Sequence[Case]], list[Probe]]:
    item = f"{n}x{n}"

    def build(cases: Sequence[Case]) -> list[Probe]:
        return [case_probe(case, item, compare) for case in cases if case.size == n]

    build.__name__ = item
    return build


def comparison(assignment: AssignmentConfig) -> Comparison:
    """How the assignment compares a program's output: `program.compare` in config.yaml."""
    return assignment.program.compare if assignment.program else DEFAULT


def builders(compare: Comparison = DEFAULT) -> dict[str, Builder]:
    return {f"{n}x{n}": size_builder(n, compare) for n in SIZES}


def configured(assignment: AssignmentConfig) -> dict[str, Builder]:
    """The builders comparing output as `assignment` says."""
    return builders(comparison(assignment))


BUILDERS: dict[str, Builder] = builders()
