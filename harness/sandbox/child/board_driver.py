"""Scenarios run inside the student's process for Board/Solver class submissions (worker side).

Each driver builds the student's own `Board` from a CSV file the supervisor wrote into the
private working folder, calls the student's methods, and reports what it saw as plain data:
the board's state before and after, the answers, and for `solve_traced` the sequence of
makeMove / undoMove / solveBoard calls. Nothing here knows an expected answer; the supervisor
judges the report. A student exception ends the scenario and is reported with the step it
happened in, beside whatever was seen before it.

`names` maps each interface name (Board, makeMove, valsInRows, ...) to the names to try, in
order (the name itself first, then any accepted alias).

Standard library only; imported by child.py before any student code runs.
"""

from __future__ import annotations

import re
import sys
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

STATE = ("board", "unsolvedSpaces", "valsInRows", "valsInCols", "valsInBoxes", "n2", "n", "spaces")
MISSING = {"missing": True}
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
MESSAGE_CHARS = 300
DETAILS = 12  # unusual answers described per kind
RECURSION = 20_000  # deep searches (a 25x25 board) recurse once per empty space, twice if traced

# A trace event is one int: kind (2 bits), other-board flag (1 bit), then c, r, v (+1 each).
ENTER, EXIT, MAKE, UNDO = range(4)
RESULT_FALSE, RESULT_TRUE, RESULT_OTHER, RESULT_RAISED = range(4)


class Stop(BaseException):
    """The trace reached its cap: unwind the student's search (not an Exception, so a student's
    `except Exception` does not swallow it)."""


class StepFailed(Exception):
    def __init__(self, stage: str, error: BaseException) -> None:
        super().__init__(stage)
        self.stage, self.error = stage, error


def step(stage: str, function: Callable[..., Any], *args: Any) -> Any:
    try:
        return function(*args)
    except Stop:
        raise
    except BaseException as err:
        raise StepFailed(stage, err) from None


def described(failed: StepFailed, module: ModuleType) -> dict[str, Any]:
    err = failed.error
    try:
        message = str(err)[:MESSAGE_CHARS]
    except Exception:
        message = "(message unavailable)"
    frames = traceback.extract_tb(err.__traceback__)
    lines = [f.lineno for f in frames if f.filename == getattr(module, "__file__", None)]
    line = lines[-1] if lines else None
    return {"stage": failed.stage, "type": type(err).__name__, "message": message, "line": line}


def pick(owner: Any, names: dict[str, list[str]], name: str) -> Any:
    for candidate in names.get(name, [name]):
        if hasattr(owner, candidate):
            return getattr(owner, candidate)
    raise AttributeError(f"{name} is not defined")


def plain(value: Any, depth: int = 0) -> Any:
    """A structural copy of containers (the state keeps changing after a snapshot)."""
    if depth > 8:
        return value
    if isinstance(value, dict):
        return {plain(k, depth + 1): plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return (
            type(value)(plain(v, depth + 1) for v in value)
            if type(value) in (list, tuple)
            else value
        )
    if isinstance(value, (set, frozenset)):
        return set(value)
    return value


def snapshot(board: Any, names: dict[str, list[str]]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for name in STATE:
        for candidate in names.get(name, [name]):
            value = getattr(board, candidate, MISSING)
            if value is not MISSING and not callable(value):
                state[name] = plain(value)
                break
        else:
            state[name] = MISSING
    attrs = sorted(k for k in getattr(board, "__dict__", {}) if isinstance(k, str))[:50]
    return {"state": state, "attrs": attrs}


def new_board(module: ModuleType, names: dict[str, list[str]], path: str) -> Any:
    board_class = step("finding Board", pick, module, names, "Board")
    return step("Board(filename)", board_class, path)


def scenario(run: Callable[[dict[str, Any]], None], module: ModuleType) -> dict[str, Any]:
    report: dict[str, Any] = {}
    try:
        run(report)
    except StepFailed as failed:
        report["error"] = described(failed, module)
    return report


def make_move(
    module: ModuleType, names: dict[str, list[str]], path: str, space: Any, value: Any
) -> dict[str, Any]:
    return _move(module, names, path, "makeMove", space, value)


def undo_move(
    module: ModuleType, names: dict[str, list[str]], path: str, space: Any, value: Any
) -> dict[str, Any]:
    return _move(module, names, path, "undoMove", space, value)


def _move(
    module: ModuleType, names: dict[str, list[str]], path: str, method: str, space: Any, value: Any
) -> dict[str, Any]:
    def run(report: dict[str, Any]) -> None:
        board = new_board(module, names, path)
        report["before"] = snapshot(board, names)
        bound = step(f"finding {method}", pick, board, names, method)
        report["returned"] = plain(step(f"{method}({space!r}, {value!r})", bound, space, value))
        report["after"] = snapshot(board, names)

    return scenario(run, module)


def is_valid_move(module: ModuleType, names: dict[str, list[str]], path: str) -> dict[str, Any]:
    """isValidMove for every space from (-1, -1) to (n2, n2) and every value 1..n2, row-major.

    Answers are codes (0 False, 1 True, 2 not a bool, 3 raised); `details` describes the first
    unusual answers of each code, keyed by their index."""

    def run(report: dict[str, Any]) -> None:
        board = new_board(module, names, path)
        report["before"] = snapshot(board, names)
        bound = step("finding isValidMove", pick, board, names, "isValidMove")
        n2 = _side(path)
        codes: list[int] = []
        details: dict[int, str] = {}
        seen = [0, 0, 0, 0]
        for r in range(-1, n2 + 1):
            for c in range(-1, n2 + 1):
                for v in range(1, n2 + 1):
                    code, detail = _answer(bound, (r, c), v, module)
                    if code >= 2 and seen[code] < DETAILS:
                        details[len(codes)] = detail
                    seen[code] += 1
                    codes.append(code)
        report.update(side=n2, codes=codes, details=details, after=snapshot(board, names))

    return scenario(run, module)


def _side(path: str) -> int:
    """The board's side: its lines (one a row, whatever separates the values)."""
    with open(path, encoding="utf-8", newline="") as board_file:
        return len(board_file.read().splitlines())


def _answer(
    method: Callable[..., Any], space: tuple[int, int], value: int, module: ModuleType
) -> tuple[int, str]:
    try:
        got = method(space, value)
    except Stop:
        raise
    except BaseException as err:
        failed = described(StepFailed("isValidMove", err), module)
        where = f" at line {failed['line']}" if failed["line"] else ""
        return 3, f"raised {failed['type']}{where}: {failed['message']}"
    if got is True or got is False:
        return int(got), ""
    return 2, f"returned {_short(got)}"


def _short(value: Any) -> str:
    """A value as feedback shows it: its repr, without the memory address of a default repr
    (`<submission.Board object>`), so grading twice says the same."""
    try:
        return ADDRESS.sub("", repr(value))[:80]
    except Exception:
        return "(repr failed)"


def most_constrained(module: ModuleType, names: dict[str, list[str]], path: str) -> dict[str, Any]:
    """getMostConstrainedUnsolvedSpace twice, which spaces evaluateSpace (if any) was asked
    about on the first call, and evaluateSpace's own value for every unsolved space."""

    def run(report: dict[str, Any]) -> None:
        board = new_board(module, names, path)
        report["before"] = snapshot(board, names)
        method = step(
            "finding getMostConstrainedUnsolvedSpace",
            pick,
            board,
            names,
            "getMostConstrainedUnsolvedSpace",
        )
        evaluate = _evaluator(board, names)
        report["has_evaluate"] = evaluate is not None
        asked: list[Any] = []
        if evaluate is not None:
            _spy(board, evaluate, asked)
        report["first"] = plain(step("getMostConstrainedUnsolvedSpace()", method))
        report["asked"] = asked[:5000]
        if evaluate is not None:
            del board.__dict__[evaluate[0]]  # the class's own method again
        report["second"] = plain(step("getMostConstrainedUnsolvedSpace() again", method))
        report["after"] = snapshot(board, names)
        if evaluate is not None:
            _evaluations(report, evaluate[1], module)

    return scenario(run, module)


def _evaluations(report: dict[str, Any], evaluate: Callable[..., Any], module: ModuleType) -> None:
    """evaluateSpace on every empty space; an evaluateSpace that raises (the starter's
    NotImplementedError) is reported, not a failure of the scenario."""
    try:
        report["evaluations"] = [
            [list(space), plain(step(f"evaluateSpace({space!r})", evaluate, space))]
            for space in _empty(report["before"])
        ]
    except StepFailed as failed:
        report["evaluation_error"] = described(failed, module)


def _evaluator(board: Any, names: dict[str, list[str]]) -> tuple[str, Callable[..., Any]] | None:
    for candidate in names.get("evaluateSpace", ["evaluateSpace"]):
        method = getattr(type(board), candidate, None)
        if callable(method):
            return candidate, getattr(board, candidate)
    return None


def _spy(board: Any, evaluate: tuple[str, Callable[..., Any]], asked: list[Any]) -> None:
    name, method = evaluate

    def spy(space: Any, *rest: Any) -> Any:
        if len(asked) < 100_000:
            asked.append(plain(space))
        return method(space, *rest)

    board.__dict__[name] = spy


def _empty(seen: dict[str, Any]) -> list[tuple[int, int]]:
    """The empty spaces of the board as loaded (from its own `board` dict and n2)."""
    state = seen["state"]
    n2, filled = state["n2"], state["board"]
    if not isinstance(n2, int) or not isinstance(filled, dict) or not 0 < n2 <= 100:
        return []
    return [(r, c) for r in range(n2) for c in range(n2) if (r, c) not in filled]


def solve(module: ModuleType, names: dict[str, list[str]], path: str) -> dict[str, Any]:
    """Solver().solveBoard(board) as a course's main would run it; the board before and after."""

    def run(report: dict[str, Any]) -> None:
        board = new_board(module, names, path)
        report["before"] = snapshot(board, names)
        solver = _solver(module, names)
        method = step("finding solveBoard", pick, solver, names, "solveBoard")
        report["returned"] = plain(step("solveBoard(board)", method, board))
        report["after"] = snapshot(board, names)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION))
    return scenario(run, module)


def _solver(module: ModuleType, names: dict[str, list[str]]) -> Any:
    solver_class = step("finding Solver", pick, module, names, "Solver")
    return step("Solver()", solver_class)


def solve_traced(
    module: ModuleType, names: dict[str, list[str]], path: str, cap: int
) -> dict[str, Any]:
    """`solve`, with every makeMove / undoMove / solveBoard call recorded as it happens."""

    def run(report: dict[str, Any]) -> None:
        board = new_board(module, names, path)
        report["before"] = snapshot(board, names)
        solver = _solver(module, names)
        trace = _Trace(board, cap)
        restore = trace.wrap(type(board), type(solver), names)
        try:
            method = step("finding solveBoard", pick, solver, names, "solveBoard")
            report["returned"] = plain(step("solveBoard(board)", method, board))
        except Stop:
            report["truncated"] = True
        finally:
            restore()
            report.update(events=trace.events, odd=trace.odd, after=snapshot(board, names))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION))
    return scenario(run, module)


class _Trace:
    def __init__(self, board: Any, cap: int) -> None:
        self.board, self.cap = board, cap
        self.events: list[int] = []
        self.odd: dict[int, str] = {}  # event index -> repr of arguments that do not fit an int

    def add(self, kind: int, board: Any, space: Any = None, value: Any = None) -> None:
        if len(self.events) >= self.cap:
            raise Stop
        other = board is not self.board
        self.events.append(self._pack(kind, other, space, value))

    def _pack(self, kind: int, other: bool, space: Any, value: Any) -> int:
        r = c = -1
        if (
            type(space) in (tuple, list)
            and len(space) == 2
            and all(type(x) is int and 0 <= x < 254 for x in space)
        ):
            r, c = space
        elif kind in (MAKE, UNDO):
            self.odd[len(self.events)] = f"space {_short(space)}"
        v = value if type(value) is int and 0 <= value < 65000 else -1
        if kind in (MAKE, UNDO) and v == -1:
            self.odd[len(self.events)] = (
                self.odd.get(len(self.events), "") + f" value {_short(value)}"
            )
        return ((((v + 1) << 8 | (r + 1)) << 8 | (c + 1)) << 3) | (kind << 1) | int(other)

    def result(self, value: Any) -> None:
        code = RESULT_TRUE if value is True else RESULT_FALSE if value is False else RESULT_OTHER
        if code == RESULT_OTHER:
            self.odd[len(self.events)] = _short(value)
        self.add(EXIT, self.board, None, code)

    def wrap(
        self, board_class: type, solver_class: type, names: dict[str, list[str]]
    ) -> Callable[[], None]:
        saved: list[tuple[type, str, Any]] = []
        for owner, name, kind in (
            (board_class, "makeMove", MAKE),
            (board_class, "undoMove", UNDO),
            (solver_class, "solveBoard", ENTER),
        ):
            actual = next(
                (n for n in names.get(name, [name]) if callable(getattr(owner, n, None))), None
            )
            if actual is None:
                continue
            original = owner.__dict__.get(actual)
            saved.append((owner, actual, original))
            setattr(owner, actual, self._wrapped(getattr(owner, actual), kind))

        def restore() -> None:
            for owner, actual, original in saved:
                if original is None:
                    delattr(owner, actual)
                else:
                    setattr(owner, actual, original)

        return restore

    def _wrapped(self, method: Callable[..., Any], kind: int) -> Callable[..., Any]:
        trace = self
        if kind == ENTER:

            def solve_board(solver: Any, board: Any, *rest: Any) -> Any:
                trace.add(ENTER, board)
                try:
                    value = method(solver, board, *rest)
                except Stop:
                    raise
                except BaseException:
                    trace.add(EXIT, trace.board, None, RESULT_RAISED)
                    raise
                trace.result(value)
                return value

            return solve_board

        def move(board: Any, space: Any, value: Any, *rest: Any) -> Any:
            trace.add(kind, board, space, value)
            return method(board, space, value, *rest)

        return move


DRIVERS: dict[str, Callable[..., Any]] = {
    "board.make_move": make_move,
    "board.undo_move": undo_move,
    "board.is_valid_move": is_valid_move,
    "board.most_constrained": most_constrained,
    "board.solve": solve,
    "board.solve_traced": solve_traced,
}
