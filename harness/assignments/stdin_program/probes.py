"""Probes for `stdin-program`: each suite case of the item's size, fed to the program on stdin.

Items are named by size (`9x9`, `16x16`, `25x25`, ...): an item's probes are the suites' cases of
that size. The puzzle is written the way its suite says (`values: letters` or `decimal`); the
expected output stays here (stdin_expect.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from harness.assignments.base import Builder
from harness.assignments.stdin_program.expect import PrintedGrid, stdin_text
from harness.puzzles.suites import Case
from harness.records.probes import Probe

SIZES = (4, 9, 16, 25, 36)


def case_probe(case: Case, item: str) -> Probe:
    """One run of the program on `case`; the arguments are the input text and the size."""
    n = case.size
    expect = PrintedGrid(case.puzzle, case.solution, case.values, case.multiple_solutions)
    return Probe(
        item,
        case.label,
        f"{n}x{n} puzzle {case.label}",
        (stdin_text(case.puzzle, case.values), n),
        expect,
        case.hidden,
    )


def size_builder(n: int) -> Callable[[Sequence[Case]], list[Probe]]:
    item = f"{n}x{n}"

    def build(cases: Sequence[Case]) -> list[Probe]:
        return [case_probe(case, item) for case in cases if case.size == n]

    build.__name__ = item
    return build


BUILDERS: dict[str, Builder] = {f"{n}x{n}": size_builder(n) for n in SIZES}
