"""How each board-solver scenario is judged: the handout's rubric rows, one check each.

Every expectation reads a driver's report (harness/sandbox/child/board_driver.py): snapshots of the
student's board before and after, the answers, the trace. It first checks that the student's
Board loaded the board as written, then judges its criteria against the trusted model
(board_model.py) and, for solveBoard, by replaying the trace (board_trace.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from harness.kinds.board_classes.board_solver import trace as board_trace
from harness.kinds.board_classes.board_solver.model import (
    BoardState,
    Missing,
    Seen,
    Space,
    as_dict,
    board_difference,
    domain,
    most_constrained,
    unit_difference,
)
from harness.puzzles import sudoku
from harness.records.evidence import Grid
from harness.records.outcomes import Adapted, CallOutcome
from harness.records.probes import ANY_CONSTANT, Check, Judgement, NoGrids, readings

Report = dict[str, Any]
SHOWN = 60  # characters of a student's answer quoted in a message


def _report(outcome: CallOutcome) -> Report:
    value = outcome.value
    return value if isinstance(value, dict) else {}


def _failed(criteria: Sequence[str], message: str) -> tuple[Check, ...]:
    return tuple(Check(c, False, message) for c in criteria)


def _judgement(checks: Sequence[Check], accepted: str = "") -> Judgement:
    failures = [c.message for c in checks if not c.passed]
    detail = failures[0] if failures else ""
    return Judgement(not failures, detail, readings(accepted), checks=tuple(checks))


def _error(report: Report) -> str:
    error = report["error"]
    where = f" at line {error.get('line')}" if error.get("line") else ""
    return f"{error.get('stage')} raised {error.get('type')}{where}: {error.get('message')}"


def _loaded(report: Report, puzzle: Grid, board: str) -> tuple[Seen | None, str]:
    """The snapshot taken right after Board(file), if it holds the board as written."""
    seen = Seen.from_report(report.get("before"))
    if seen is None:
        return None, f"the report on board {board} is incomplete"
    try:
        difference = board_difference(seen.get("board"), as_dict(puzzle))
    except Missing as missing:
        return None, f"Board(file) on board {board}: {missing}"
    if difference:
        return None, f"Board(file) did not load board {board} as written: {difference}"
    return seen, ""


Judge = Callable[[Report, Seen], tuple[tuple[Check, ...], str]]


def judged(
    outcome: CallOutcome, criteria: Sequence[str], puzzle: Grid, board: str, judge: Judge
) -> Judgement:
    """The common frame: a student exception or a board loaded wrong fails every criterion."""
    report = _report(outcome)
    if "error" in report and isinstance(report["error"], dict):
        detail = f"{_error(report)} (board {board})"
        return Judgement(
            False, detail, raised=str(report["error"].get("type")), checks=_failed(criteria, detail)
        )
    report, adapted = blanks_read_as_empty(report)
    seen, problem = _loaded(report, puzzle, board)
    if seen is None:
        return _judgement(_failed(criteria, problem))
    checks, accepted = judge(report, seen)
    return replace(_judgement(checks, accepted), adapted=adapted)


BLANKS = (0, "0", "", ".", None)  # what loaders store for an empty space instead of no key
UNITS = ("valsInRows", "valsInCols", "valsInBoxes")


def blanks_read_as_empty(report: Report) -> tuple[Report, tuple[Adapted, ...]]:
    """A Board whose loader stores a blank marker (0, "", None...) for empty spaces, where the
    handout says an empty space has no key: its snapshots read with those entries (and the
    marker in the row/column/box sets) left out, so one deviation does not zero working logic.
    Only when the board as loaded holds them: a None left later by undoMove is its own fault."""
    before = report.get("before")
    markers = _markers(before)
    if not markers:
        return report, ()
    cleaned = {
        key: _without(value, markers) if key in ("before", "after") else value
        for key, value in report.items()
    }
    shown = " or ".join(repr(m) for m in markers)
    text = f"blanks stored as {shown} in board read as empty spaces (the handout: no key)"
    return cleaned, (Adapted("blanks", text),)


def _markers(snapshot: Any) -> list[Any]:
    try:
        board = snapshot["state"]["board"]
        values = [v for v in board.values() if not isinstance(v, (list, dict, set))]
        return [m for m in BLANKS if any(_is_marker(v, [m]) for v in values)]
    except (TypeError, KeyError, AttributeError):
        return []


def _without(snapshot: Any, markers: list[Any]) -> Any:
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("state"), dict):
        return snapshot
    state = dict(snapshot["state"])
    board = state.get("board")
    if isinstance(board, dict):
        state["board"] = {k: v for k, v in board.items() if not _is_marker(v, markers)}
    for name in UNITS:
        units = state.get(name)
        if isinstance(units, list):
            state[name] = [
                {v for v in unit if not _is_marker(v, markers)} if isinstance(unit, set) else unit
                for unit in units
            ]
    return {**snapshot, "state": state}


def _is_marker(value: Any, markers: list[Any]) -> bool:
    return any(type(value) is type(m) and value == m for m in markers)


def _after(report: Report) -> Seen:
    seen = Seen.from_report(report.get("after"))
    if seen is None:
        raise Missing("no snapshot of the board after the call")
    return seen


def _check(criterion: str, test: Callable[[], str]) -> Check:
    """Run one criterion's test: it returns why it failed, or "" when it passed."""
    try:
        why = test()
    except Missing as missing:
        why = str(missing)
    return Check(criterion, not why, why)


@dataclass(frozen=True)
class MoveMade(NoGrids):
    """makeMove(space, value): assigns 3, records in row/column/box 5, leaves unsolved 2."""

    inspects_arguments: ClassVar[bool] = False
    criteria: ClassVar[tuple[str, ...]] = ("assigns", "records", "unsolved")

    puzzle: Grid
    space: Space
    value: int
    board: str

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, self.criteria, self.puzzle, self.board, self._judge)

    def _judge(self, report: Report, seen: Seen) -> tuple[tuple[Check, ...], str]:
        want = BoardState.of(sudoku.placed(self.puzzle, *self.space, self.value))
        call = f"makeMove({self.space}, {self.value}) on board {self.board}"
        n = len(self.puzzle)

        def after() -> Seen:  # read lazily: a missing snapshot is one check's failure
            return _after(report)

        return (
            _check(
                "assigns", lambda: _said(call, board_difference(after().get("board"), want.board))
            ),
            _check("records", lambda: _said(call, unit_difference(after(), want, n))),
            _check("unsolved", lambda: _said(call, _unsolved(after(), want))),
        ), ""


def _said(call: str, why: str) -> str:
    return f"{call}: {why}" if why else ""


def _unsolved(seen: Seen, want: BoardState) -> str:
    got = seen.get("unsolvedSpaces")
    if not isinstance(got, (set, frozenset)):
        return f"unsolvedSpaces is {repr(got)[:60]}, not a set"
    extra, lacking = (
        sorted(set(got) - want.unsolvedSpaces, key=repr),
        sorted(want.unsolvedSpaces - set(got)),
    )
    if extra:
        return f"unsolvedSpaces still holds {extra[0]}"
    if lacking:
        return f"unsolvedSpaces lacks {lacking[0]}"
    return ""


@dataclass(frozen=True)
class MoveUndone(NoGrids):
    """undoMove(space, value) on a board whose space holds value: deletes the key 3 (0 or None
    left there is wrong), removes from row/column/box 5, back to unsolved 2."""

    inspects_arguments: ClassVar[bool] = False
    criteria: ClassVar[tuple[str, ...]] = ("deletes", "records", "unsolved")

    filled: Grid  # the board as loaded: the puzzle with the space filled
    space: Space
    value: int
    board: str

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, self.criteria, self.filled, self.board, self._judge)

    def _judge(self, report: Report, seen: Seen) -> tuple[tuple[Check, ...], str]:
        want = BoardState.of(sudoku.placed(self.filled, *self.space, 0))
        call = f"undoMove({self.space}, {self.value}) on board {self.board}"
        n = len(self.filled)

        def after() -> Seen:
            return _after(report)

        return (
            _check("deletes", lambda: _said(call, self._deleted(after(), want))),
            _check("records", lambda: _said(call, unit_difference(after(), want, n))),
            _check("unsolved", lambda: _said(call, _unsolved(after(), want))),
        ), ""

    def _deleted(self, seen: Seen, want: BoardState) -> str:
        got = seen.get("board")
        if isinstance(got, dict) and self.space in got and got[self.space] in (0, None):
            return (
                f"leaves board[{self.space}] = {got[self.space]!r}: the key must be deleted "
                "(an empty space has no key in board, as the handout says)"
            )
        return board_difference(got, want.board)


OFF_BOARD, OCCUPIED, CONFLICT, VALID = "off-board", "occupied", "conflicts", "valid"
ANSWER = {0: "False", 1: "True"}
RAISED = 3  # the driver's code for a call that raised (2: an answer that is not a bool)


@dataclass(frozen=True)
class ValidMoves(NoGrids):
    """isValidMove for every space from (-1, -1) to (n2, n2) and every value: False off the
    board 2, False on an occupied space 2, False on a conflict 5, True when valid 1. Answers
    must be real booleans."""

    inspects_arguments: ClassVar[bool] = False
    criteria: ClassVar[tuple[str, ...]] = (OFF_BOARD, OCCUPIED, CONFLICT, VALID)

    puzzle: Grid
    board: str

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, self.criteria, self.puzzle, self.board, self._judge)

    def _judge(self, report: Report, seen: Seen) -> tuple[tuple[Check, ...], str]:
        n = len(self.puzzle)
        codes = report.get("codes")
        given = report.get("details")
        details: dict[Any, Any] = given if isinstance(given, dict) else {}
        if not isinstance(codes, list) or len(codes) != (n + 2) ** 2 * n:
            return _failed(
                self.criteria, f"isValidMove was not asked every question on board {self.board}"
            ), ""
        wrong: dict[str, str] = {}
        for index, ((r, c), value, kind) in enumerate(self._questions()):
            if kind not in wrong and codes[index] != (1 if kind == VALID else 0):
                wrong[kind] = self._why((r, c), value, kind, codes[index], details.get(index))
        return tuple(
            Check(kind, kind not in wrong, wrong.get(kind, ""), (ANSWER[kind == VALID],))
            for kind in self.criteria
        ), ""

    def _questions(self) -> list[tuple[Space, int, str]]:
        n = len(self.puzzle)
        return [
            ((r, c), v, self._kind(r, c, v))
            for r in range(-1, n + 1)
            for c in range(-1, n + 1)
            for v in range(1, n + 1)
        ]

    def _kind(self, r: int, c: int, value: int) -> str:
        n = len(self.puzzle)
        if not (0 <= r < n and 0 <= c < n):
            return OFF_BOARD
        if self.puzzle[r][c]:
            return OCCUPIED
        return VALID if value in domain(self.puzzle, (r, c)) else CONFLICT

    def _why(self, space: Space, value: int, kind: str, code: Any, detail: Any) -> str:
        want = "True" if kind == VALID else "False"
        unusual = "raised an exception" if code == RAISED else "returned something not a bool"
        known = type(code) is int and code in ANSWER
        got = f"returned {ANSWER[code]}" if known else str(detail or unusual)
        reason = {
            OFF_BOARD: "off the board",
            OCCUPIED: "an occupied space",
            CONFLICT: "a conflict in its row, column or box",
            VALID: "a valid move",
        }[kind]
        return (
            f"isValidMove({space}, {value}) on board {self.board} ({reason}) {got}, expected {want}"
        )


@dataclass(frozen=True)
class MostConstrained(NoGrids):
    """getMostConstrainedUnsolvedSpace: uses the evaluation 2, minimises or maximises it 5, same
    answer twice 1, one of the most constrained spaces 10; on a solved board, None 2."""

    inspects_arguments: ClassVar[bool] = False

    puzzle: Grid
    board: str

    @property
    def solved(self) -> bool:
        return all(all(row) for row in self.puzzle)

    @property
    def criteria(self) -> tuple[str, ...]:
        if self.solved:
            return ("none-when-solved",)
        return ("uses-evaluation", "min-or-max", "same-twice", "most-constrained")

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, self.criteria, self.puzzle, self.board, self._judge)

    def _judge(self, report: Report, seen: Seen) -> tuple[tuple[Check, ...], str]:
        first = _space(report.get("first"))
        call = f"getMostConstrainedUnsolvedSpace() on board {self.board}"
        if self.solved:
            why = (
                ""
                if report.get("first") is None
                else f"{call}, which is solved, returned {report.get('first')!r}, expected None"
            )
            return (Check("none-when-solved", not why, why, ("None",)),), ""
        best = self._best(first, call, report.get("first"))
        evaluation, accepted = self._evaluation(report, first, call, best)
        uses = self._uses(report, call, best)
        answer = (_shown(report.get("first")),)  # a method always answering it passes these too
        checks = [
            Check("uses-evaluation", not uses, uses, answer),
            Check("min-or-max", not evaluation, evaluation, answer),
            Check("most-constrained", not best, best, answer),
        ]
        if report.get("first") is not None:  # None twice is no answer repeated: not judged
            twice = _twice(report.get("first"), report.get("second"), call)
            checks.append(Check("same-twice", not twice, twice, (ANY_CONSTANT,)))
        return tuple(checks), accepted

    def _best(self, space: Space | None, call: str, returned: Any = None) -> str:
        fewest, spaces = most_constrained(self.puzzle)
        example = min(spaces)
        if space is None:
            got = "None" if returned is None else f"{_shown(returned)}, not a space"
            return f"{call} returned {got}, but {example} has {_values(fewest)}"
        if space not in spaces:
            what = self._describe(space)
            return f"{call} returned {space}, which {what}, while {example} has {_values(fewest)}"
        return ""

    def _describe(self, space: Space) -> str:
        n, (r, c) = len(self.puzzle), space
        if not (0 <= r < n and 0 <= c < n):
            return "is not on the board"
        if self.puzzle[r][c]:
            return "is not empty"
        return f"has {_values(len(domain(self.puzzle, space)))}"

    def _uses(self, report: Report, call: str, best: str) -> str:
        """Any evaluation the code really uses: evaluateSpace when it calls it, else one it
        computes inline, judged by the answer (the same whether or not an unused evaluateSpace
        exists)."""
        if not _evaluates(report):
            return best
        asked = [_space(s) for s in report.get("asked", [])]
        empty = set(BoardState.of(self.puzzle).unsolvedSpaces)
        filled = [s for s in asked if s not in empty]
        return f"{call} evaluates {filled[0]}, which is not an unsolved space" if filled else ""

    def _evaluation(
        self, report: Report, space: Space | None, call: str, best: str
    ) -> tuple[str, str]:
        scores = _scores(report.get("evaluations")) if _evaluates(report) else None
        if scores is None or space is None or space not in scores:
            return (
                best,
                "judged by the number of possible values (evaluateSpace, optional, is not called "
                "or gives no numbers)",
            )
        low, high = min(scores.values()), max(scores.values())
        if scores[space] == low:
            return "", "getMostConstrainedUnsolvedSpace minimises evaluateSpace"
        if scores[space] == high:
            return (
                "",
                "getMostConstrainedUnsolvedSpace maximises evaluateSpace (counting constraints)",
            )
        return (
            f"{call} returned {space}, whose evaluateSpace is {scores[space]:g}, neither the "
            f"smallest ({low:g}) nor the largest ({high:g})"
        ), ""


def _twice(first: Any, second: Any, call: str) -> str:
    """Why two answers on the same board are not the same value; "" when they are: the same
    space, or, for an answer that is not a space (a list of spaces, say), an equal one."""
    space = _space(first)
    same = (
        _space(second) == space
        if space is not None
        else type(second) is type(first) and second == first
    )
    return "" if same else f"{call} returned {_shown(first)}, then {_shown(second)}"


def _evaluates(report: Report) -> bool:
    """Whether getMostConstrainedUnsolvedSpace ran the student's own evaluateSpace (it is
    optional; an evaluation computed inline is judged by the answer instead)."""
    return bool(
        report.get("has_evaluate")
        and "evaluation_error" not in report
        and isinstance(report.get("asked"), list)
        and report["asked"]
    )


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _values(count: int) -> str:
    return f"{count} possible value{'s' if count != 1 else ''}"


def _space(value: Any) -> Space | None:
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def _scores(evaluations: Any) -> dict[Space, float] | None:
    """evaluateSpace's answers as numbers: a number as it is, a collection by its size."""
    if not isinstance(evaluations, list) or not evaluations:
        return None
    scores: dict[Space, float] = {}
    for pair in evaluations:
        if not isinstance(pair, list) or len(pair) != 2:
            return None
        space, value = _space(pair[0]), pair[1]
        if space is None:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            scores[space] = float(value)
        elif isinstance(value, (set, frozenset, list, tuple, dict)):
            scores[space] = float(len(value))
        else:
            return None
    return scores


@dataclass(frozen=True)
class Competent(NoGrids):
    """Solver().solveBoard(board) as a course's main runs it: the solution 15, or, with no
    solution, the board as it was 5."""

    inspects_arguments: ClassVar[bool] = False

    puzzle: Grid
    solution: Grid | None
    board: str
    any_completion: bool = False  # a near-empty board: any valid completion solves it

    @property
    def criteria(self) -> tuple[str, ...]:
        return ("solves",) if self.solution is not None else ("restores",)

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, self.criteria, self.puzzle, self.board, self._judge)

    def _judge(self, report: Report, seen: Seen) -> tuple[tuple[Check, ...], str]:
        target = self.solution if self.solution is not None else self.puzzle
        what = (
            "differs from the solution"
            if self.solution is not None
            else "is not the board as it was (it has no solution)"
        )

        def test() -> str:
            got = _after(report).get("board")
            if self.any_completion and self.solution is not None:
                return self._completion_problem(got)
            why = board_difference(got, as_dict(target))
            return f"after solveBoard, board {self.board} {what}: {why}" if why else ""

        check = _check(self.criteria[0], test)
        if self.solution is None:  # a method doing nothing leaves the board as it was too
            check = replace(check, constants=(ANY_CONSTANT,))
        return (check,), ""

    def _completion_problem(self, got: Any) -> str:
        """Why the board is not one of the puzzle's valid completions; "" when it is."""
        n = len(self.puzzle)
        if not isinstance(got, dict):
            return f"after solveBoard, board {self.board} is {_shown(got)}, not a dict"
        grid = [[got.get((r, c), 0) for c in range(n)] for r in range(n)]
        if sudoku.is_solution_of(self.puzzle, grid) and len(got) == n * n:
            return ""
        empty = sum(1 for row in grid for v in row if v == 0)
        left = f" ({empty} spaces still empty)" if empty else ""
        return f"after solveBoard, board {self.board} is not a valid completion of the puzzle{left}"


@dataclass(frozen=True)
class Traced(NoGrids):
    """solveBoard's nine criteria, judged by replaying its makeMove / undoMove / solveBoard
    calls on the trusted model; the replay must agree with the board the student reports."""

    inspects_arguments: ClassVar[bool] = False

    puzzle: Grid
    solution: Grid | None
    board: str

    @property
    def criteria(self) -> tuple[str, ...]:
        if all(all(row) for row in self.puzzle):
            return ("true-when-solved", "keeps-givens")
        unsolvable = ("true-when-solved", "stops-after-solution", "true-on-solution")
        skip = ("true-when-solved", "false-when-stuck") if self.solution else unsolvable
        return tuple(c for c in board_trace.CRITERIA if c not in skip)

    def judge(self, outcome: CallOutcome) -> Judgement:
        return judged(outcome, self.criteria, self.puzzle, self.board, self._judge)

    def _judge(self, report: Report, seen: Seen) -> tuple[tuple[Check, ...], str]:
        events = decode_events(report.get("events"), report.get("odd"))
        truncated = bool(report.get("truncated"))
        try:
            replay = board_trace.replay(
                self.puzzle, self.solution, events, board=self.board, truncated=truncated
            )
        except ValueError as err:  # calls out of order: recorded outside the search itself
            return _failed(
                self.criteria, f"the calls cannot be replayed on board {self.board}: {err}"
            ), ""
        moved = any(event.kind == "make" for event in events)
        answer = () if moved else (_shown(replay.result),)  # no move: a constant's checks
        checks = tuple(Check(f.criterion, f.passed, f.message, answer) for f in replay.findings)
        disagreement = self._disagreement(report, replay.final)
        if disagreement:
            checks = _failed([c.criterion for c in checks], disagreement)
        return checks, ""

    def _disagreement(self, report: Report, final: dict[Space, int]) -> str:
        """Empty when the student's board is what the trace leads to. A None or 0 left by an
        undoMove that does not delete its key counts as empty here: undoMove loses those marks."""
        try:
            got = _after(report).get("board")
            if isinstance(got, dict):
                got = {space: value for space, value in got.items() if value not in (None, 0)}
            why = board_difference(got, final)
        except Missing as missing:
            return f"on board {self.board}: {missing}"
        if not why:
            return ""
        return (
            f"the board after solveBoard does not match its makeMove/undoMove calls on board "
            f"{self.board} ({why}): were moves made some other way?"
        )


def decode_events(data: Any, odd: Any) -> list[board_trace.Event]:
    """The driver's packed ints back into events (see board_driver._Trace)."""
    if not isinstance(data, list):
        return []
    notes = odd if isinstance(odd, dict) else {}
    return [
        _event(packed, notes.get(index)) for index, packed in enumerate(data) if type(packed) is int
    ]


KINDS: tuple[board_trace.EventKind, ...] = ("enter", "exit", "make", "undo")
RESULTS: dict[int, object] = {0: False, 1: True}


class Shown:
    """An argument or result that did not cross as an int: shown as the driver described it."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _event(packed: int, note: Any) -> board_trace.Event:
    other, kind = bool(packed & 1), KINDS[(packed >> 1) & 3]
    c, r, v = ((packed >> 3) & 255) - 1, ((packed >> 11) & 255) - 1, (packed >> 19) - 1
    if kind == "exit":
        result = RESULTS.get(v, Shown(str(note or "something that is not a bool")))
        return board_trace.Event("exit", value=None if v == 3 else result, raised=v == 3)
    if kind == "enter":
        return board_trace.Event("enter", other_board=other)
    space = (r, c) if r >= 0 and c >= 0 else None
    value: object = v if v >= 0 else Shown(str(note or "a value that is not an int"))
    return board_trace.Event(kind, space, value, other_board=other)
