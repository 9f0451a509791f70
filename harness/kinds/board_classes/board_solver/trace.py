"""Judging a `board-solver` trace: the solveBoard rubric (handout 4.5), replayed move by move.

Inside the student's worker the harness wraps `Board.makeMove`, `Board.undoMove` and
`Solver.solveBoard` and records each call as an `Event`: "enter" and "exit" for solveBoard (the
exit carries what it returned), "make" and "undo" for the moves. This module is the trusted half:
it replays the trace on its own model of the board (0-indexed cells, value counts and bitmasks per
row, column and box) with a stack of frames, one per active solveBoard call, and holds every step
against the reference backtracker:

- a frame notes on entry whether the board is full and the smallest domain among the empty
  spaces (a dead end when it is empty), and keeps a snapshot to compare with if it returns False;
- its first move fixes its space, which must be one of the most constrained at entry; each value
  tried there must be valid on the current board and new; each move is tested by exactly one
  recursive call before the next move, its undo, or the return;
- a solution is found once a call returns True on a full, valid board that keeps the givens (or
  is entered on one); a move or an undo after that is a fault (on a board that needs moves: the
  already solved board is judged on returning True and keeping its givens only);
- a call that returns must give True after a child's True or on a full board, and False at a dead
  end or after its space's every value failed, with the board as it found it. A non-bool result
  fails the criterion that wanted True or False, and is otherwise taken as the student's `if`
  takes it (1 as true, None as false). Whatever it returns, a call that returns before a
  solution is found must have tried every value valid in its space when it was entered (and in
  any other space it moved in, when it first moved there).

Each criterion reports its first failure as one line naming the board, the space (r, c) and the
value, in the rubric's voice; only the criteria that apply to the board are reported, and of
those, a passing one only when the trace exercised it (no credit for what did not happen: a
search that makes no move on a board that needs moves fails the criteria about moves; one that
never backs out of a failed move is not credited with clearing failed moves). A trace that
ends early (truncated by the harness, an exception, a make on another Board) cannot pass the
criteria that need the end of the search. Pure Python, no I/O, no student code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from harness.puzzles.sudoku import UnitKind, box_side
from harness.records.evidence import Grid

EventKind = Literal["enter", "exit", "make", "undo"]
Criterion = Literal[
    "most-constrained-space",
    "valid-values-once",
    "one-recursive-call-per-move",
    "undoes-failed-moves",
    "stops-after-solution",
    "keeps-givens",
    "true-when-solved",
    "true-on-solution",
    "false-when-stuck",
]
CRITERIA: tuple[Criterion, ...] = (
    "most-constrained-space",
    "valid-values-once",
    "one-recursive-call-per-move",
    "undoes-failed-moves",
    "stops-after-solution",
    "keeps-givens",
    "true-when-solved",
    "true-on-solution",
    "false-when-stuck",
)
NEEDS_END: tuple[Criterion, ...] = (  # judged on a finished search only
    "undoes-failed-moves",
    "stops-after-solution",
    "true-when-solved",
    "true-on-solution",
    "false-when-stuck",
)
MOVING: tuple[Criterion, ...] = (
    "most-constrained-space",
    "valid-values-once",
    "one-recursive-call-per-move",
)
# An already solved board: no solution for the method to find, and no move to make.
SOLVED_PUZZLE: tuple[Criterion, ...] = ("keeps-givens", "true-when-solved")
UNIT_KINDS: tuple[UnitKind, ...] = ("row", "column", "box")
SHOWN = 40  # characters of a student's value shown in a message
Move = tuple[object, object]  # (space, value) as the student passed them


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded call: solveBoard's entry or exit, or a makeMove / undoMove."""

    kind: EventKind
    space: tuple[int, int] | None = None  # make/undo: the space (None if not a pair of ints)
    value: object = None  # make/undo: the value; exit: what solveBoard returned
    other_board: bool = False  # make/undo on a Board other than the top-level one
    raised: bool = False  # exit: solveBoard raised instead of returning


@dataclass(frozen=True)
class Finding:
    criterion: Criterion
    passed: bool
    message: str = ""  # the first failure; "" when passed


@dataclass(frozen=True)
class Replay:
    """What a trace is worth on one board, and where it leaves the board."""

    findings: tuple[Finding, ...]  # the criteria that apply to the board, in CRITERIA order
    final: dict[tuple[int, int], int]  # the board the trace leads to, 0-indexed
    result: object  # what the top-level solveBoard returned (None if it never returned)


def replay(
    puzzle: Grid,
    solution: Grid | None,
    events: Sequence[Event],
    *,
    board: str,
    truncated: bool = False,
) -> Replay:
    """Judge `events` (a trace of solveBoard on `puzzle`) against the rubric.

    `solution` is None when the puzzle has none; `board` labels the board in messages;
    `truncated` says the harness stopped the search after `len(events)` events. Raises
    ValueError on a trace the harness could not have recorded (not starting with the top-level
    "enter", or going on after the top-level "exit")."""
    judge = _Judge(_Board(puzzle), solution, board)
    judge.run(events)
    return judge.report(len(events), truncated)


def _same(held: object, value: object) -> bool:
    return type(held) is type(value) and held == value


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _truthy(result: object) -> bool:
    """True, or a value other than a bool that Python takes for true (the student's `if` does)."""
    return result is True or (type(result) is not bool and bool(result))


def _returns(result: object) -> str:
    return f"Returns {_show(result)}"


def _not_true(result: object) -> str:
    """Returns True / Returns False / Returns None / Returns 1 instead of True."""
    odd = result is not True and _truthy(result)
    return f"{_returns(result)} instead of True" if odd else _returns(result)


def _count(k: int, noun: str) -> str:
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def _possible(k: int) -> str:
    return "no possible value" if k == 0 else _count(k, "possible value")


def _where(space: object) -> str:
    if space is None:
        return "a space that is not a (row, column) pair"
    return f"{_show(space)}, which is not on the board"


def _listing(bits: int) -> str:
    values = [str(v + 1) for v in range(bits.bit_length()) if bits >> v & 1]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


class _Board:
    """The replayed board: what each cell holds (None = empty), and per unit a count of each value
    and a bitmask of the values present (bit v - 1 for v). Units 0..n-1 are the rows, n..2n-1 the
    columns, 2n..3n-1 the boxes. Values that are not ints 1..n are held but not counted."""

    def __init__(self, puzzle: Grid) -> None:
        n, k = len(puzzle), box_side(len(puzzle))
        self.n, self.full = n, (1 << n) - 1
        self.units = tuple(
            (r, n + c, 2 * n + (r // k) * k + c // k) for r in range(n) for c in range(n)
        )
        self.givens = tuple(v for row in puzzle for v in row)  # 0: not a given
        self.cells: list[object] = [None] * (n * n)
        self.counts = [0] * (3 * n * n)
        self.masks = [0] * (3 * n)
        self.empties = set(
            range(n * n)
        )  # iterated in ascending order: small ints hash to themselves
        self.clashes, self.odd = 0, 0
        self.broken = n * n - self.givens.count(0)  # givens whose cell holds something else
        for cell, given in enumerate(self.givens):
            if given:
                self.set(cell, given)

    def cell(self, space: object) -> int | None:
        """The cell index of a student's space, None when it is not a space of the board."""
        if not isinstance(space, tuple) or len(space) != 2:
            return None
        r, c = space
        n = self.n
        ok = type(r) is int and type(c) is int and 0 <= r < n and 0 <= c < n
        return r * n + c if ok else None

    def at(self, cell: int) -> str:
        return f"({cell // self.n}, {cell % self.n})"

    def digit(self, value: object) -> int:
        """The value if it is an int from 1 to n, else 0."""
        return value if type(value) is int and 1 <= value <= self.n else 0

    def set(self, cell: int, value: object) -> None:
        """Put `value` in `cell` (None clears it), keeping every count in step."""
        old = self.cells[cell]
        if old is not None:
            self._count(cell, old, -1)
        if value is not None:
            self._count(cell, value, 1)
        self.cells[cell] = value
        if value is None:
            self.empties.add(cell)
        else:
            self.empties.discard(cell)
        given = self.givens[cell]
        if given:
            self.broken += (not _same(value, given)) - (not _same(old, given))

    def _count(self, cell: int, value: object, step: int) -> None:
        digit = self.digit(value)
        if not digit:
            self.odd += step
            return
        bit, counts, masks = 1 << (digit - 1), self.counts, self.masks
        for unit in self.units[cell]:
            i = unit * self.n + digit - 1
            before = counts[i]
            counts[i] = after = before + step
            if before > 1 or after > 1:
                self.clashes += step
            masks[unit] = masks[unit] | bit if after else masks[unit] & ~bit

    def clash(self, cell: int, digit: int) -> UnitKind | None:
        """The first unit of `cell` that holds `digit` in another cell."""
        own = 1 if _same(self.cells[cell], digit) else 0
        for kind, unit in zip(UNIT_KINDS, self.units[cell], strict=True):
            if self.counts[unit * self.n + digit - 1] > own:
                return kind
        return None

    def domain(self, cell: int, masks: list[int]) -> int:
        a, b, c = self.units[cell]
        return self.full & ~(masks[a] | masks[b] | masks[c])

    def scan(self) -> tuple[int, int]:
        """(smallest domain size among the empty cells, the first cell with it); (n + 1, -1)
        when the board is full."""
        best, first, full, masks, units = self.n + 1, -1, self.full, self.masks, self.units
        count = int.bit_count
        for cell in self.empties:
            a, b, c = units[cell]
            size = count(full ^ (masks[a] | masks[b] | masks[c]))
            if size < best:
                best, first = size, cell
                if not size:
                    break
        return best, first

    def solved(self) -> bool:
        return not (self.empties or self.clashes or self.odd or self.broken)

    def final(self) -> dict[tuple[int, int], int]:
        n = self.n
        return {divmod(i, n): v for i, v in enumerate(self.cells) if type(v) is int}


@dataclass(slots=True)
class _Frame:
    """One active solveBoard call."""

    cells: list[object]  # the board at entry
    masks: list[int]  # the unit masks at entry
    best: int  # the smallest domain size at entry; n + 1 when the board was full
    first: int  # a most constrained cell at entry; -1 when the board was full
    moved: bool = False
    space: int | None = None  # the cell of its first move (None if that was off the board)
    # per space it moved in, first `space`: (bits of the values valid there when it first moved
    # there, at entry for `space`; bits of the values it tried there)
    choices: dict[int, tuple[int, int]] = field(default_factory=dict)
    pending: list[Move] = field(default_factory=list)  # moves made, not yet tested
    last: Move | None = None  # the latest move, while it is on the board
    child_true: bool = False  # a recursive call returned True


class _Judge:
    """The replay: the board, the frames, and the first failure of each criterion."""

    def __init__(self, model: _Board, solution: Grid | None, label: str) -> None:
        self.model, self.solution, self.label = model, solution, label
        self.on = f"on board {label}"
        self.complete = solution is not None and 0 not in model.givens
        self.frames: list[_Frame] = []
        self.failed: dict[Criterion, str] = {}
        self.found = self.dead_end = self.returned = False
        self.moves = self.undos = 0
        self.stuck_at_start = False  # the top-level call meets a dead end: no move is possible
        self.result: object = None
        self.stop = ""  # why the replay stopped before the top-level return
        self.void = ""  # why the trace cannot be judged at all
        self.handlers: dict[EventKind, Callable[[Event], None]] = {
            "enter": self._enter,
            "exit": self._exit,
            "make": self._make,
            "undo": self._undo,
        }

    def fail(self, criterion: Criterion, message: str) -> None:
        self.failed.setdefault(criterion, message)

    def run(self, events: Sequence[Event]) -> None:
        for index, event in enumerate(events):
            if self.returned:
                raise ValueError(f"event {index} comes after the top-level solveBoard returned")
            if not self.frames and event.kind != "enter":
                raise ValueError(f"event {index} ({event.kind}) is outside any solveBoard call")
            if (event.other_board or event.raised) and self._stops(index, event):
                return
            self.handlers[event.kind](event)

    def _stops(self, index: int, event: Event) -> bool:
        calls = f"after {index + 1} calls to makeMove/undoMove/solveBoard {self.on}"
        if event.other_board and event.kind in ("make", "undo"):
            method = "makeMove" if event.kind == "make" else "undoMove"
            self.void = (
                f"Calls {method} on a Board other than the one solveBoard was given (a copy?) "
                f"{self.on}: the rubric follows the moves on the given board"
            )
        elif event.kind == "exit" and event.raised:
            self.stop = f"solveBoard raised an exception {calls}"
        return bool(self.void or self.stop)

    def report(self, count: int, truncated: bool) -> Replay:
        applicable = self._applicable()
        if not count:
            failed = dict.fromkeys(applicable, f"solveBoard was never called {self.on}")
        elif self.void:
            failed = dict.fromkeys(applicable, self.void)
        else:
            self._finish(count, truncated)
            failed = self.failed
        shown = [c for c in applicable if c in failed or self._exercised(c)]
        findings = tuple(Finding(c, c not in failed, failed.get(c, "")) for c in shown)
        result = self.result if self.returned else None
        return Replay(findings=findings, final=self.model.final(), result=result)

    def _applicable(self) -> tuple[Criterion, ...]:
        if self.complete:
            return SOLVED_PUZZLE
        skip: set[Criterion] = {"true-when-solved"}
        if self.solution is None:
            skip |= {"stops-after-solution", "true-on-solution"}
        elif not self.dead_end:
            skip.add("false-when-stuck")
        return tuple(c for c in CRITERIA if c not in skip)

    def _exercised(self, criterion: Criterion) -> bool:
        """Whether the trace shows the behaviour a passing criterion names: a criterion about
        backing out needs a failed move that was cleared, one about what follows a solution needs
        a solution the search found itself (on a board that needs moves: the already solved one
        is not judged on it), and keeping the givens needs moves made around them (on the
        already solved board a move can only break it). A criterion not exercised on this board
        is not judged on it (no credit for what did not happen; a correct search exercises it on
        another board)."""
        if criterion == "undoes-failed-moves":
            return self.undos > 0
        if criterion == "stops-after-solution":
            return self.found
        if criterion in MOVING or criterion == "keeps-givens":
            return self.moves > 0
        return True

    def _finish(self, count: int, truncated: bool) -> None:
        if not self.complete and not self.moves and not self.stuck_at_start:
            why = f"Makes no move {self.on}, where every space still has a value to try"
            for criterion in (*MOVING, "keeps-givens"):
                self.fail(criterion, why)
        if self.returned:
            return
        calls = f"after {count} calls to makeMove/undoMove/solveBoard {self.on}"
        why = self.stop or (
            f"The search was stopped {calls}"
            if truncated
            else f"The trace ends {calls}, before solveBoard returned"
        )
        for criterion in NEEDS_END:
            self.fail(criterion, f"{why}; the rubric judges this on a finished search")

    # --- solveBoard entered ------------------------------------------------------------------

    def _enter(self, event: Event) -> None:
        if self.frames:
            self._called_from(self.frames[-1])
        best, first = self.model.scan()
        self.dead_end |= best == 0
        self.stuck_at_start |= not self.frames and best == 0
        self.found |= first < 0 and self.model.solved()  # nothing is left to do
        self.frames.append(_Frame(self.model.cells[:], self.model.masks[:], best, first))

    def _called_from(self, frame: _Frame) -> None:
        pending, last = frame.pending, frame.last
        if len(pending) > 1:
            self.fail(
                "one-recursive-call-per-move",
                f"Makes {len(pending)} moves before calling solveBoard {self.on}",
            )
        elif not pending and last is not None:
            space, value = last
            self.fail(
                "one-recursive-call-per-move",
                f"Calls solveBoard again for the move {_show(value)} in {_show(space)} {self.on}",
            )
        elif not pending:
            self.fail(
                "one-recursive-call-per-move",
                f"Calls solveBoard without making a move first {self.on}",
            )
        frame.pending = []

    # --- makeMove ----------------------------------------------------------------------------

    def _make(self, event: Event) -> None:
        frame, space, value = self.frames[-1], event.space, event.value
        self.moves += 1
        if self.found:
            self.fail(
                "stops-after-solution",
                f"Tries assigning {_show(value)} to {_show(space)} after a solution is found "
                f"{self.on}",
            )
        frame.pending.append((space, value))
        frame.last = (space, value)
        cell = self.model.cell(space)
        self._check_space(frame, cell, space)
        if cell is None:
            self.fail("valid-values-once", f"Tries {_show(value)} in {_where(space)} {self.on}")
            return
        self._check_overwrite(cell, value)
        self._check_value(frame, cell, value)
        self._note_choice(frame, cell, value)
        self.model.set(cell, value)

    def _check_space(self, frame: _Frame, cell: int | None, space: object) -> None:
        if not frame.moved:
            frame.moved, frame.space = True, cell
            self._check_first_space(frame, cell, space)
        elif cell != frame.space:
            chosen = "a space off the board" if frame.space is None else self.model.at(frame.space)
            self.fail(
                "most-constrained-space",
                f"Moves in two spaces, {chosen} and {_show(space)}, in one call of solveBoard "
                f"{self.on}",
            )

    def _check_first_space(self, frame: _Frame, cell: int | None, space: object) -> None:
        if cell is None:
            self.fail("most-constrained-space", f"Moves in {_where(space)} {self.on}")
            return
        size = self._entry_size(frame, cell)
        if frame.best == 0 and size == 0:
            self.fail(
                "false-when-stuck",
                f"Makes a move in {self.model.at(cell)}, which has no possible value, "
                f"instead of returning False {self.on}",
            )
        if size != frame.best:
            self.fail("most-constrained-space", self._not_most_constrained(frame, cell, size))

    def _entry_size(self, frame: _Frame, cell: int) -> int | None:
        """The size of `cell`'s domain when the frame was entered; None if it was filled."""
        if frame.cells[cell] is not None:
            return None
        return self.model.domain(cell, frame.masks).bit_count()

    def _not_most_constrained(self, frame: _Frame, cell: int, size: int | None) -> str:
        at = self.model.at(cell)
        if frame.first < 0:
            return f"Moves in {at} although every space is filled {self.on}"
        first = self.model.at(frame.first)
        if size is None:
            best = _possible(frame.best)
            return f"Moves in {at}, which is not empty, while {first} has {best}, {self.on}"
        return (
            f"Moves in {at}, which has {_possible(size)}, while {first} has {frame.best}, {self.on}"
        )

    def _check_overwrite(self, cell: int, value: object) -> None:
        held, given = self.model.cells[cell], self.model.givens[cell]
        if given:
            self.fail(
                "keeps-givens",
                f"Overwrites the given {given} at {self.model.at(cell)} with {_show(value)} "
                f"{self.on}",
            )
        elif held is not None:
            self.fail(
                "undoes-failed-moves",
                f"Tries {_show(value)} in {self.model.at(cell)} without clearing {_show(held)} "
                f"first {self.on}",
            )

    def _check_value(self, frame: _Frame, cell: int, value: object) -> None:
        model = self.model
        digit = model.digit(value)
        unit = model.clash(cell, digit) if digit else None
        if not digit:
            reason = f"values are the ints 1 to {model.n}"
        elif unit:
            reason = f"{digit} is already in its {unit}"
        elif cell == frame.space:
            self._check_new(frame, cell, digit)
            return
        else:
            return
        self.fail(
            "valid-values-once",
            f"Tries invalid value {_show(value)} in {model.at(cell)} ({reason}) {self.on}",
        )

    def _check_new(self, frame: _Frame, cell: int, digit: int) -> None:
        if frame.choices.get(cell, (0, 0))[1] >> (digit - 1) & 1:
            self.fail(
                "valid-values-once", f"Tries {digit} in {self.model.at(cell)} twice {self.on}"
            )

    def _note_choice(self, frame: _Frame, cell: int, value: object) -> None:
        """Record `value` as tried in `cell`, and on the frame's first move there, the values
        valid in it then (in its first space, those at entry): what it must try before it
        returns with no solution found. A move over a value is no choice of a value."""
        if cell not in frame.choices:
            cells, masks = (
                (frame.cells, frame.masks)
                if cell == frame.space
                else (self.model.cells, self.model.masks)
            )
            if cells[cell] is not None:
                return
            frame.choices[cell] = (self.model.domain(cell, masks), 0)
        valid, tried = frame.choices[cell]
        digit = self.model.digit(value)
        frame.choices[cell] = (valid, tried | (1 << (digit - 1) if digit else 0))

    # --- undoMove ----------------------------------------------------------------------------

    def _undo(self, event: Event) -> None:
        frame, space, value = self.frames[-1], event.space, event.value
        self.undos += 1
        if self.found:
            self.fail("stops-after-solution", self._undo_after_solution(space, value))
        self._check_tested(frame, (space, value))
        cell = self.model.cell(space)
        if cell is None:
            self.fail(
                "undoes-failed-moves", f"Undoes {_show(value)} from {_where(space)} {self.on}"
            )
            return
        self._check_clear(cell, value)

    def _undo_after_solution(self, space: object, value: object) -> str:
        cell = self.model.cell(space)
        correct = (
            cell is not None
            and self.solution is not None
            and _same(value, self.solution[cell // self.model.n][cell % self.model.n])
        )
        what = ", a correct move," if correct else ""
        return f"Undoes {_show(value)} in {_show(space)}{what} after a solution is found {self.on}"

    def _check_tested(self, frame: _Frame, move: Move) -> None:
        if frame.last == move:
            frame.last = None
        if move not in frame.pending:
            return
        frame.pending.remove(move)
        space, value = move
        self.fail(
            "one-recursive-call-per-move",
            f"Undoes {_show(value)} in {_show(space)} before testing it with solveBoard {self.on}",
        )

    def _check_clear(self, cell: int, value: object) -> None:
        held, given = self.model.cells[cell], self.model.givens[cell]
        matches = held is not None and _same(held, value)
        if given:
            at = self.model.at(cell)
            self.fail("keeps-givens", f"Clears the given {given} at {at} {self.on}")
        elif not matches:
            what = "is empty" if held is None else f"holds {_show(held)}"
            self.fail(
                "undoes-failed-moves",
                f"Undoes {_show(value)} from {self.model.at(cell)}, which {what} {self.on}",
            )
        if matches:
            self.model.set(cell, None)

    # --- solveBoard returned -----------------------------------------------------------------

    def _exit(self, event: Event) -> None:
        frame, result = self.frames.pop(), event.value
        if frame.pending:
            space, value = frame.pending[0]
            self.fail(
                "one-recursive-call-per-move",
                f"Returns without testing the move {_show(value)} in {_show(space)} {self.on}",
            )
        success = _truthy(result)
        if success and self.model.solved():
            self.found = True
        if not self.found:
            self._check_tried(frame, result)
        self._judge_return(frame, result, success)
        if self.frames:
            self.frames[-1].child_true |= success
        else:
            self._judge_top(frame, result)

    def _judge_return(self, frame: _Frame, result: object, success: bool) -> None:
        if frame.first < 0:
            self._judge_full(result)
        elif frame.child_true:
            if result is not True:
                self.fail(
                    "true-on-solution",
                    f"{_not_true(result)} after its recursive call returned True {self.on}",
                )
        elif success:
            self._judge_true(frame, result)
        else:
            self._judge_false(frame, result)

    def _judge_full(self, result: object) -> None:
        if result is True:
            return
        if self.frames:
            self.fail(
                "true-on-solution", f"{_not_true(result)} once every space is filled {self.on}"
            )
        else:
            self.fail(
                "true-when-solved", f"{_not_true(result)} on already solved board {self.label}"
            )

    def _judge_true(self, frame: _Frame, result: object) -> None:
        """A call that found no solution below it returns True (or something true)."""
        if frame.best == 0:
            self.fail(
                "false-when-stuck",
                f"{_returns(result)} although {self.model.at(frame.first)} has no possible "
                f"value {self.on}",
            )
        empty = len(self.model.empties)
        if empty:
            are = "is" if empty == 1 else "are"
            why = f"while {_count(empty, 'space')} {are} still empty"
        elif not self.model.solved():
            why = "on a full board that is not a solution"
        elif result is not True:
            why = "on the solved board"
        else:
            return
        self.fail("true-on-solution", f"{_not_true(result)} {why} {self.on}")

    def _judge_false(self, frame: _Frame, result: object) -> None:
        self._check_restored(frame, result)
        stuck = frame.best == 0
        if result is not False:
            reason = (
                f"{self.model.at(frame.first)} has no possible value"
                if stuck
                else "no value leads to a solution"
            )
            self.fail(
                "false-when-stuck", f"{_returns(result)} instead of False when {reason} {self.on}"
            )

    def _check_restored(self, frame: _Frame, result: object) -> None:
        model = self.model
        if model.cells == frame.cells:
            return
        for cell, (now, then) in enumerate(zip(model.cells, frame.cells, strict=True)):
            if model.givens[cell] or _same(now, then):
                continue
            at = model.at(cell)
            self.fail(
                "undoes-failed-moves",
                f"{_returns(result)} leaving {_show(now)} in {at} {self.on}"
                if now is not None
                else f"{_returns(result)} having cleared {at}, which held {_show(then)} {self.on}",
            )
            return

    def _check_tried(self, frame: _Frame, result: object) -> None:
        """A call that returns, whatever it returns, with no solution found must have tried every
        value valid in each space it moved in (in the most constrained one, if it made no move).
        A call entered on a full board or at a dead end has none to try."""
        if not frame.best:
            return
        choices = frame.choices
        if not frame.moved and frame.first >= 0:
            choices = {frame.first: (self.model.domain(frame.first, frame.masks), 0)}
        for cell, (valid, tried) in choices.items():
            if valid & ~tried:
                self.fail("valid-values-once", self._untried(result, cell, valid & ~tried))
                return

    def _untried(self, result: object, cell: int, missing: int) -> str:
        values, were = ("value", "was") if missing.bit_count() == 1 else ("values", "were")
        return (
            f"{_returns(result)}: no solution was found, and the valid {values} "
            f"{_listing(missing)} at {self.model.at(cell)} {were} never tried, {self.on}"
        )

    def _judge_top(self, frame: _Frame, result: object) -> None:
        self.returned, self.result = True, result
        if self.solution is None:
            if result is not False:
                self.fail(
                    "false-when-stuck",
                    f"{_returns(result)} on board {self.label}, which has no solution",
                )
            self._check_restored(frame, result)
        elif self.complete:
            return
        elif result is not True:
            self.fail(
                "true-on-solution",
                f"{_not_true(result)} on board {self.label}, which has a solution",
            )
        elif not self.model.solved():
            self.fail("true-on-solution", self._wrong_final(self.solution))

    def _wrong_final(self, solution: Grid) -> str:
        n = self.model.n
        for cell, held in enumerate(self.model.cells):
            want = solution[cell // n][cell % n]
            if not _same(held, want):
                left = "empty" if held is None else f"= {_show(held)}"
                return (
                    f"Returns True but leaves {self.model.at(cell)} {left}, the solution has "
                    f"{want}, {self.on}"
                )
        return f"Returns True on a board that is not a solution {self.on}"
