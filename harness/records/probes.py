"""Probes: one call to make in the student's process, and what the answer must be.

The call's arguments cross to the child; the expectation never does: it stays in the
supervising process and judges the raw outcome there. A call is one of the module's functions,
or a driver (a scenario run in the child, see harness/sandbox/child/board_driver.py). Items graded
by a rubric get `checks` from each judgement: one pass/fail per criterion the probe informs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from harness.records.evidence import Grids, Printed
from harness.records.outcomes import Adapted, CallOutcome
from harness.records.verdicts import Verdict

Reading = Literal["own", "reference"]


class Stage(enum.IntEnum):
    """Which of a submission's runs a probe is made in (the plan says, harness/grading/plan.py):
    each stage runs in a child process and a private working copy of its own, in this order
    (harness/grading/stages.py), so nothing a submission computed or saw in one stage reaches
    another. A solver's calls, under a time limit of their own, get no work done for them by the
    cheap calls given the same puzzles before; no visible case can show what a hidden one was
    given."""

    OPEN = 0  # visible, under the assignment's time limit
    TIMED = 1  # visible, under a time limit of its own (a solver's)
    HIDDEN_TIMED = 2
    HIDDEN = 3


ANY_CONSTANT = "any constant"  # a check a method returning any constant (or doing nothing)
# passes: one solved board's "same answer twice", a board left as it was


@dataclass(frozen=True)
class Check:
    """One criterion of a rubric, judged on one probe."""

    criterion: str  # the rubric row's name in config.yaml
    passed: bool  # the criterion held on this case
    message: str = ""  # why it failed: names the criterion's fact, the board, space and value
    # The constant answers under which it holds as well ("False", "None", ANY_CONSTANT): a
    # method that returns one of them passes it too. Such checks count only with evidence: a
    # passed check of the item that no single constant explains with them (grading/marks.py).
    constants: tuple[str, ...] = ()


@dataclass(frozen=True)
class Judgement:
    passed: bool
    detail: str = ""  # why it failed, for the student
    accepted: tuple[str, ...] = ()  # readings of the handout this answer was accepted under
    raised: str = ""  # the student's code raised this (inside a driver): a run-time error
    verdict: Verdict | None = None  # what a failed judgement comes to when not WA (a notebook
    # cell that ran out of time: TLE)
    checks: tuple[Check, ...] = ()
    adapted: tuple[Adapted, ...] = ()  # deviations read through to judge the answer
    printed: Printed | None = None  # a failed program's answer beside the expected one, the
    # first difference marked (evidence for its feedback page)


class Expectation(Protocol):
    @property
    def inspects_arguments(self) -> bool:
        """Whether judging needs the arguments as the call left them (sent back only then)."""
        ...

    @property
    def criteria(self) -> tuple[str, ...]:
        """The rubric criteria this expectation judges (empty: the item's marks are split over
        its cases). A call that fails outright fails each of them."""
        ...

    def judge(self, outcome: CallOutcome) -> Judgement:
        """Judge a call that returned (outcome.kind == "returned")."""
        ...

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        """The grids behind a failed case that returned (the puzzle, the expected grid, the one
        received), for feedback pages; None for expectations that judge no whole grid, or when
        a difference from one solution would mislead (a puzzle several completions solve)."""
        ...


class NoGrids:
    """Mixed into expectations that judge no whole Sudoku grid: a failed case shows none."""

    def grids(self, probe: Probe, outcome: CallOutcome) -> Grids | None:
        return None


@dataclass(frozen=True)
class Probe:
    item: str  # the graded item (for a function library: the function's name)
    id: str  # stable and unique within the item
    call: str  # the call as a person would read it, for feedback
    args: tuple[Any, ...]
    expect: Expectation
    hidden: bool = False  # from a hidden suite case: graded, details withheld
    driver: str = ""  # a driver to run instead of the function named `item`
    needs: tuple[str, ...] = ()  # interface names ("Board.makeMove") the call cannot do without
    files: tuple[tuple[str, str], ...] = ()  # (relative path, text) the call reads
    time: float | None = None  # this probe's CPU limit, when not the item's
    # "reference": the same call with the names in `substitutes` (helpers such as
    # "get_candidates", or a class such as "Board") taken from the trusted reference solution
    # instead of the student's module: the item judged on its own code (grading/readings.py).
    reading: Reading = "own"
    substitutes: tuple[str, ...] = ()
    # The handout's default values for the function's last parameters: added to the call (and
    # named in the feedback, at a cost) when the student's function has no defaults for them.
    defaults: tuple[Any, ...] = ()
    stage: Stage = Stage.OPEN  # the run it is made in (the plan sets it)
    # The group of cases it is marked with (harness/grading/marks.py): an item's marks are
    # shared over its groups, and a group counts only when every case of it is accepted. A
    # role groups the questions of one aspect (a unit, a kind of conflict) asked both ways, so
    # that no constant answer is right on a whole group. "": a group of its own.
    group: str = ""
    # The constant answers right on every case of its group, as Python writes them ("None",
    # "0", "its first argument"): the plan finds them (harness/grading/stub_answers.py). Such a
    # group counts only with evidence: the item's right groups are not all right for one
    # constant (grading/marks.py).
    constants: tuple[str, ...] = ()
    # Seconds the reference takes on this call, rounded down to what a busy machine can tell
    # apart (harness/grading/costs.py; None: not known): an item's cases run cheapest first, and
    # a streak of time-outs skips only cases no cheaper.
    cost: float | None = None
    # What a plain row-major backtracker places solving the call's puzzle (capped; 0 where a
    # call has no puzzle): the tie-break, measured rather than timed, among cases whose costs
    # are equal, as a reference that answers every case at once leaves them (costs.py).
    work: int = 0


def readings(*notes: str) -> tuple[str, ...]:
    """The readings an answer was accepted under, for Judgement.accepted: each once, in order,
    empty ones left out."""
    return tuple(dict.fromkeys(note for note in notes if note))
