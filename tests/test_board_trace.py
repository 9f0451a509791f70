"""The board-solver trace judge, fed by a small model of the reference solveBoard and its faults.

`Backtracker` is the handout's algorithm (most constrained space first, its valid values in
ascending order, one recursive call per move, undo on failure) recording the calls the harness
would see; each variant below breaks one rule of the rubric. The hand-made traces pin the
messages of the rarer faults.
"""

from __future__ import annotations

import pytest

from harness.kinds.board_classes.board_solver.trace import (
    CRITERIA,
    NEEDS_END,
    Criterion,
    Event,
    Replay,
    replay,
)
from harness.puzzles import sudoku
from harness.puzzles.suites import load_suite
from harness.records.evidence import Grid
from tests.conftest import REPO

Space = tuple[int, int]

# Three solutions; the search meets a dead end (at (0, 2)) before it finds AMBIGUOUS_SOLUTION.
AMBIGUOUS: Grid = ((0, 0, 0, 1), (0, 0, 0, 3), (0, 0, 3, 0), (4, 0, 0, 0))
AMBIGUOUS_SOLUTION: Grid = ((3, 2, 4, 1), (1, 4, 2, 3), (2, 1, 3, 4), (4, 3, 1, 2))
# One solution, found without a dead end; a search that forgets the boxes tries a wrong value.
UNIQUE: Grid = ((0, 0, 0, 0), (3, 0, 0, 2), (0, 0, 0, 4), (0, 4, 0, 1))
UNIQUE_SOLUTION: Grid = ((4, 2, 1, 3), (3, 1, 4, 2), (1, 3, 2, 4), (2, 4, 3, 1))
# No solution, though no unit repeats a value: the search makes moves before it gives up.
UNSOLVABLE: Grid = ((0, 0, 2, 0), (0, 3, 0, 0), (4, 0, 1, 0), (0, 0, 0, 0))
FIG5 = load_suite(REPO / "testcases" / "handout-examples.yaml").cases[0]


class Backtracker:
    """The reference solveBoard on a plain grid, recording enter/exit/make/undo events."""

    other_board = False

    def __init__(self, puzzle: Grid) -> None:
        self.grid = sudoku.thaw(puzzle)
        self.events: list[Event] = []

    @classmethod
    def trace(cls, puzzle: Grid) -> list[Event]:
        solver = cls(puzzle)
        solver.solve()
        return solver.events

    def solve(self) -> object:
        self.events.append(Event("enter"))
        result = self.search()
        self.events.append(Event("exit", value=result))
        return result

    def search(self) -> object:
        space = self.choose()
        if space is None:
            return True
        for value in self.values(space):
            self.make(space, value)
            if self.solve():
                return True
            self.undo(space, value)
        return self.stuck()

    def stuck(self) -> object:
        return False

    def choose(self) -> Space | None:
        empty = sudoku.empty_cells(self.grid)
        return min(empty, key=lambda s: len(sudoku.candidates(self.grid, *s)), default=None)

    def values(self, space: Space) -> list[int]:
        return sudoku.candidates(self.grid, *space)

    def make(self, space: Space, value: int) -> None:
        self.events.append(Event("make", space, value, other_board=self.other_board))
        self.grid[space[0]][space[1]] = value

    def undo(self, space: Space, value: int) -> None:
        self.events.append(Event("undo", space, value, other_board=self.other_board))
        self.grid[space[0]][space[1]] = 0


class FirstEmptySpace(Backtracker):
    def choose(self) -> Space | None:
        empty = sudoku.empty_cells(self.grid)
        return empty[0] if empty else None


class NeverUndoes(Backtracker):
    def undo(self, space: Space, value: int) -> None:
        pass


class UndoesAfterSolution(Backtracker):
    def search(self) -> object:
        space = self.choose()
        if space is None:
            return True
        for value in self.values(space):
            self.make(space, value)
            found = self.solve()
            self.undo(space, value)
            if found:
                return True
        return False


class CallsTwicePerMove(Backtracker):
    def search(self) -> object:
        space = self.choose()
        if space is None:
            return True
        for value in self.values(space):
            self.make(space, value)
            self.solve()
            if self.solve():
                return True
            self.undo(space, value)
        return False


class ForgetsBoxes(Backtracker):
    def values(self, space: Space) -> list[int]:
        r, c = space
        column = [row[c] for row in self.grid]
        return [v for v in range(1, 5) if v not in self.grid[r] and v not in column]


class ReturnsNone(Backtracker):
    def stuck(self) -> object:
        return None


class TrueWhenStuck(Backtracker):
    def stuck(self) -> object:
        return True


class ReturnsOneWhenSolved(Backtracker):
    def search(self) -> object:
        return 1 if self.choose() is None else super().search()


class MovesOnACopy(Backtracker):
    other_board = True


class TriesFirstValueTwice(Backtracker):
    def values(self, space: Space) -> list[int]:
        found = super().values(space)
        return found[:1] + found


class NeverTriesLastValue(Backtracker):
    def values(self, space: Space) -> list[int]:
        return [v for v in super().values(space) if v < len(self.grid)]


class TriesOneValue(Backtracker):
    def values(self, space: Space) -> list[int]:
        return super().values(space)[:1]


class TwoSpacesReturnsBoard(Backtracker):
    """The search in question (issue 35): a move in its space, one more in the first open space,
    and the Board object returned whatever happened; it never undoes a move."""

    def __repr__(self) -> str:
        return "<a2.Board object>"

    def search(self) -> object:
        space = self.choose()
        if space is None:
            return self
        for value in self.values(space):
            self.make(space, value)
            empty = sudoku.empty_cells(self.grid)
            if not empty:
                return self
            then = sudoku.candidates(self.grid, *empty[0])
            if then:
                self.make(empty[0], then[0])
            if self.solve():
                return self
            self.undo(space, value)
        return self


class FillsSingles(Backtracker):
    """Forward checking inside the call: after each move, each space left with one value gets
    it before the recursive call, and loses it on the undo."""

    def search(self) -> object:
        space = self.choose()
        if space is None:
            return True
        for value in self.values(space):
            self.make(space, value)
            forced = self.fill_singles()
            if self.solve():
                return True
            for single, only in reversed(forced):
                self.undo(single, only)
            self.undo(space, value)
        return False

    def fill_singles(self) -> list[tuple[Space, int]]:
        forced: list[tuple[Space, int]] = []
        while True:
            empty = sudoku.empty_cells(self.grid)
            singles = [(s, sudoku.candidates(self.grid, *s)) for s in empty]
            single = next(((s, values[0]) for s, values in singles if len(values) == 1), None)
            if single is None:
                return forced
            self.make(*single)
            forced.append(single)


def judge(
    puzzle: Grid, solution: Grid | None, events: list[Event], truncated: bool = False
) -> Replay:
    return replay(puzzle, solution, events, board="b", truncated=truncated)


def failures(result: Replay) -> dict[Criterion, str]:
    return {f.criterion: f.message for f in result.findings if not f.passed}


def criteria(result: Replay) -> tuple[Criterion, ...]:
    return tuple(f.criterion for f in result.findings)


def enter() -> Event:
    return Event("enter")


def leave(result: object) -> Event:
    return Event("exit", value=result)


def make(r: int, c: int, value: object) -> Event:
    return Event("make", (r, c), value)


def undo(r: int, c: int, value: object) -> Event:
    return Event("undo", (r, c), value)


def givens(puzzle: Grid) -> dict[tuple[int, int], int]:
    return {(r, c): v for r, row in enumerate(puzzle) for c, v in enumerate(row) if v}


UNDOES: Criterion = "undoes-failed-moves"


def without(*left_out: Criterion) -> tuple[Criterion, ...]:
    return tuple(c for c in CRITERIA if c not in left_out)


# --- the reference search -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("puzzle", "solution", "applicable"),
    [
        (AMBIGUOUS, AMBIGUOUS_SOLUTION, without("true-when-solved")),
        # a search that never backs out of a move is not judged on clearing failed moves
        (UNIQUE, UNIQUE_SOLUTION, without("true-when-solved", "false-when-stuck", UNDOES)),
        (FIG5.puzzle, FIG5.solution, without("true-when-solved", "false-when-stuck", UNDOES)),
    ],
    ids=["4x4-dead-end", "4x4-unique", "9x9-handout"],
)
def test_the_reference_search_passes_on_solvable_boards(
    puzzle: Grid, solution: Grid, applicable: tuple[Criterion, ...]
) -> None:
    result = judge(puzzle, solution, Backtracker.trace(puzzle))
    assert failures(result) == {}
    assert criteria(result) == applicable  # false-when-stuck only where the search met a dead end
    assert result.result is True
    assert result.final == givens(solution)


def test_the_reference_search_passes_on_an_unsolvable_board() -> None:
    events = Backtracker.trace(UNSOLVABLE)
    assert sum(e.kind == "make" for e in events) == 7
    result = judge(UNSOLVABLE, None, events)
    assert failures(result) == {}
    assert criteria(result) == without(
        "stops-after-solution", "true-when-solved", "true-on-solution"
    )
    assert result.result is False
    assert result.final == givens(UNSOLVABLE)


def test_an_already_solved_board_is_judged_on_returning_true() -> None:
    """No solution for the method to find there, no move to make: stopping after a solution
    and keeping the givens are earned where it searched (issue 35)."""
    result = judge(UNIQUE_SOLUTION, UNIQUE_SOLUTION, [enter(), leave(True)])
    assert criteria(result) == ("true-when-solved",)
    assert failures(result) == {}


@pytest.mark.parametrize("returned", [False, None])
def test_an_already_solved_board_must_give_true(returned: object) -> None:
    result = judge(UNIQUE_SOLUTION, UNIQUE_SOLUTION, [enter(), leave(returned)])
    assert failures(result) == {"true-when-solved": f"Returns {returned} on already solved board b"}


def test_no_move_is_expected_on_an_already_solved_board() -> None:
    events = [enter(), undo(0, 0, 4), make(0, 0, 4), leave(True)]
    assert failures(judge(UNIQUE_SOLUTION, UNIQUE_SOLUTION, events)) == {
        "keeps-givens": "Clears the given 4 at (0, 0) on board b",
    }


def test_the_only_solution_met_is_the_already_solved_board() -> None:
    """A search that never tries the last value finds no solution itself: not credited with
    stopping after one, on the board it searched or on the solved one."""
    searched = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, NeverTriesLastValue.trace(AMBIGUOUS))
    assert "stops-after-solution" not in criteria(searched)
    assert failures(searched)["valid-values-once"] == (
        "Returns False: no solution was found, and the valid value 4 at (2, 3) was never tried, "
        "on board b"
    )
    solved = judge(AMBIGUOUS_SOLUTION, AMBIGUOUS_SOLUTION, [enter(), leave(True)])
    assert criteria(solved) == ("true-when-solved",)


# --- one fault at a time --------------------------------------------------------------------

VARIANTS = [
    (
        FirstEmptySpace,
        AMBIGUOUS,
        {
            "most-constrained-space": "Moves in (0, 0), which has 2 possible values, "
            "while (3, 3) has 1, on board b"
        },
    ),
    (
        NeverUndoes,  # it happens to reach another solution on the board it leaves behind
        AMBIGUOUS,
        {"undoes-failed-moves": "Returns False leaving 4 in (0, 1) on board b"},
    ),
    (
        NeverUndoes,
        UNSOLVABLE,
        {"undoes-failed-moves": "Returns False leaving 2 in (2, 1) on board b"},
    ),
    (
        UndoesAfterSolution,  # undoing every move also leaves the board unsolved
        AMBIGUOUS,
        {
            "stops-after-solution": "Undoes 1 in (2, 1), a correct move, after a solution is "
            "found on board b",
            "true-on-solution": "Returns True but leaves (0, 0) empty, the solution has 3, "
            "on board b",
        },
    ),
    (
        CallsTwicePerMove,
        AMBIGUOUS,
        {
            "one-recursive-call-per-move": "Calls solveBoard again for the move 4 in (0, 1) "
            "on board b"
        },
    ),
    (
        CallsTwicePerMove,
        UNSOLVABLE,
        {
            "one-recursive-call-per-move": "Calls solveBoard again for the move 2 in (2, 1) "
            "on board b"
        },
    ),
    (
        ForgetsBoxes,
        UNIQUE,
        {
            "valid-values-once": "Tries invalid value 1 in (0, 0) (1 is already in its box) "
            "on board b"
        },
    ),
    (
        ReturnsNone,
        AMBIGUOUS,
        {
            "false-when-stuck": "Returns None instead of False when (0, 2) has no possible value "
            "on board b"
        },
    ),
    (
        ReturnsNone,
        UNSOLVABLE,
        {
            "false-when-stuck": "Returns None instead of False when (2, 3) has no possible value "
            "on board b"
        },
    ),
    (
        TrueWhenStuck,  # the True goes up: the top-level call returns True on a half-filled board
        AMBIGUOUS,
        {
            "valid-values-once": "Returns True: no solution was found, and the valid value 3 at "
            "(0, 0) was never tried, on board b",
            "true-on-solution": "Returns True while 6 spaces are still empty on board b",
            "false-when-stuck": "Returns True although (0, 2) has no possible value on board b",
        },
    ),
    (
        TrueWhenStuck,  # ...and leaves its moves on a board that has no solution
        UNSOLVABLE,
        {
            "undoes-failed-moves": "Returns True leaving 1 in (0, 0) on board b",
            "false-when-stuck": "Returns True although (2, 3) has no possible value on board b",
        },
    ),
    (
        ReturnsOneWhenSolved,
        AMBIGUOUS,
        {"true-on-solution": "Returns 1 instead of True once every space is filled on board b"},
    ),
    (
        TriesFirstValueTwice,
        AMBIGUOUS,
        {"valid-values-once": "Tries 4 in (0, 1) twice on board b"},
    ),
    (
        TwoSpacesReturnsBoard,  # the search in question: it never tries 3 in the first open space
        AMBIGUOUS,
        {
            "most-constrained-space": "Moves in two spaces, (3, 3) and (0, 0), in one call of "
            "solveBoard on board b",
            "valid-values-once": "Returns <a2.Board object>: no solution was found, and the valid "
            "value 3 at (0, 0) was never tried, on board b",
            "one-recursive-call-per-move": "Makes 2 moves before calling solveBoard on board b",
            "true-on-solution": "Returns <a2.Board object> instead of True while 6 spaces are "
            "still empty on board b",
            "false-when-stuck": "Returns <a2.Board object> although (2, 0) has no possible value "
            "on board b",
        },
    ),
    (
        TwoSpacesReturnsBoard,  # every space it moved in had one value left, which it tried
        UNSOLVABLE,
        {
            "most-constrained-space": "Moves in two spaces, (0, 0) and (0, 1), in one call of "
            "solveBoard on board b",
            "one-recursive-call-per-move": "Makes 2 moves before calling solveBoard on board b",
            "undoes-failed-moves": "Returns <a2.Board object> leaving 1 in (0, 0) on board b",
            "false-when-stuck": "Returns <a2.Board object> although (2, 3) has no possible value "
            "on board b",
        },
    ),
    (
        FillsSingles,  # the values it puts in other spaces were their only ones: all tried
        AMBIGUOUS,
        {
            "most-constrained-space": "Moves in two spaces, (3, 3) and (2, 3), in one call of "
            "solveBoard on board b",
            "one-recursive-call-per-move": "Makes 4 moves before calling solveBoard on board b",
        },
    ),
    (
        FillsSingles,
        UNSOLVABLE,
        {
            "most-constrained-space": "Moves in two spaces, (0, 0) and (0, 1), in one call of "
            "solveBoard on board b",
            "one-recursive-call-per-move": "Makes 9 moves before calling solveBoard on board b",
        },
    ),
    (
        TriesOneValue,  # giving up early also misses the solution
        AMBIGUOUS,
        {
            "valid-values-once": "Returns False: no solution was found, and the valid value 3 "
            "at (0, 0) was never tried, on board b",
            "true-on-solution": "Returns False on board b, which has a solution",
        },
    ),
]


@pytest.mark.parametrize(
    ("variant", "puzzle", "expected"),
    VARIANTS,
    ids=[f"{v.__name__}-{'unsolvable' if p == UNSOLVABLE else 'solvable'}" for v, p, _ in VARIANTS],
)
def test_each_fault_fails_its_criterion(
    variant: type[Backtracker], puzzle: Grid, expected: dict[Criterion, str]
) -> None:
    solution = {AMBIGUOUS: AMBIGUOUS_SOLUTION, UNIQUE: UNIQUE_SOLUTION}.get(puzzle)
    assert failures(judge(puzzle, solution, variant.trace(puzzle))) == expected


def test_moves_on_a_copy_cannot_be_judged() -> None:
    result = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, MovesOnACopy.trace(AMBIGUOUS))
    message = (
        "Calls makeMove on a Board other than the one solveBoard was given (a copy?) on board b: "
        "the rubric follows the moves on the given board"
    )
    assert failures(result) == dict.fromkeys(criteria(result), message)
    assert result.result is None
    assert result.final == givens(AMBIGUOUS)


def test_a_truncated_search_fails_what_needs_its_end() -> None:
    events = Backtracker.trace(FIG5.puzzle)[:60]
    result = judge(FIG5.puzzle, FIG5.solution, events, truncated=True)
    message = (
        "The search was stopped after 60 calls to makeMove/undoMove/solveBoard on board b; "
        "the rubric judges this on a finished search"
    )
    needs_end = [c for c in NEEDS_END if c in criteria(result)]
    assert needs_end == ["undoes-failed-moves", "stops-after-solution", "true-on-solution"]
    assert failures(result) == dict.fromkeys(needs_end, message)
    assert result.result is None


def test_a_search_that_returned_is_not_truncated() -> None:
    result = judge(UNIQUE, UNIQUE_SOLUTION, Backtracker.trace(UNIQUE), truncated=True)
    assert failures(result) == {}


def test_a_truncated_search_keeps_the_faults_already_seen() -> None:
    events = NeverUndoes.trace(UNSOLVABLE)[:-1]
    result = judge(UNSOLVABLE, None, events, truncated=True)
    assert failures(result)["undoes-failed-moves"] == (
        "Returns False leaving 2 in (2, 1) on board b"
    )
    assert failures(result)["false-when-stuck"].startswith("The search was stopped after 22 ")


# --- hand-made traces on AMBIGUOUS, where (3, 3) is the only single: 2 -----------------------

STOPPED = (
    "The trace ends after {} calls to makeMove/undoMove/solveBoard on board b, before "
    "solveBoard returned; the rubric judges this on a finished search"
)


def hand(events: list[Event]) -> dict[Criterion, str]:
    """The failures other than those a trace that stops early gets for stopping."""
    found = failures(judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, events))
    return {c: m for c, m in found.items() if m != STOPPED.format(len(events))}


def test_two_moves_before_one_call() -> None:
    assert hand([enter(), make(3, 3, 2), make(0, 0, 3), enter()]) == {
        "most-constrained-space": "Moves in two spaces, (3, 3) and (0, 0), in one call of "
        "solveBoard on board b",
        "one-recursive-call-per-move": "Makes 2 moves before calling solveBoard on board b",
    }


def test_a_call_without_a_move() -> None:
    message = "Calls solveBoard without making a move first on board b"
    assert hand([enter(), enter()])["one-recursive-call-per-move"] == message
    tested = [enter(), make(3, 3, 2), enter(), leave(False)]
    assert hand([*tested, undo(3, 3, 2), enter()])["one-recursive-call-per-move"] == message


def test_a_move_undone_before_its_test() -> None:
    result = judge(
        AMBIGUOUS, AMBIGUOUS_SOLUTION, [enter(), make(3, 3, 2), undo(3, 3, 2), leave(False)]
    )
    assert failures(result) == {
        "one-recursive-call-per-move": "Undoes 2 in (3, 3) before testing it with solveBoard "
        "on board b",
        "true-on-solution": "Returns False on board b, which has a solution",
    }


def test_a_return_with_an_untested_move() -> None:
    result = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, [enter(), make(3, 3, 2), leave(True)])
    assert failures(result) == {
        "one-recursive-call-per-move": "Returns without testing the move 2 in (3, 3) on board b",
        "true-on-solution": "Returns True while 11 spaces are still empty on board b",
    }
    assert result.final == {**givens(AMBIGUOUS), (3, 3): 2}


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([enter(), undo(0, 0, 3)], "Undoes 3 from (0, 0), which is empty on board b"),
        (
            [enter(), make(3, 3, 2), enter(), undo(3, 3, 4)],
            "Undoes 4 from (3, 3), which holds 2 on board b",
        ),
        (
            [enter(), make(3, 3, 2), enter(), make(3, 2, 1), enter(), make(3, 2, 1)],
            "Tries 1 in (3, 2) without clearing 1 first on board b",
        ),
    ],
    ids=["empty", "other-value", "overwrite"],
)
def test_undos_that_do_not_match_the_board(events: list[Event], message: str) -> None:
    assert hand(events)["undoes-failed-moves"] == message


def test_givens_are_neither_overwritten_nor_cleared() -> None:
    assert hand([enter(), make(0, 3, 2)]) == {
        "most-constrained-space": "Moves in (0, 3), which is not empty, while (3, 3) has "
        "1 possible value, on board b",
        "keeps-givens": "Overwrites the given 1 at (0, 3) with 2 on board b",
    }
    cleared = hand([enter(), undo(0, 3, 1)])
    assert cleared["keeps-givens"] == "Clears the given 1 at (0, 3) on board b"
    assert "undoes-failed-moves" not in cleared


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (make(3, 3, 4), "Tries invalid value 4 in (3, 3) (4 is already in its row) on board b"),
        (make(3, 3, 3), "Tries invalid value 3 in (3, 3) (3 is already in its column) on board b"),
        (make(1, 2, 1), "Tries invalid value 1 in (1, 2) (1 is already in its box) on board b"),
        (make(3, 3, 5), "Tries invalid value 5 in (3, 3) (values are the ints 1 to 4) on board b"),
        (
            make(3, 3, "2"),
            "Tries invalid value '2' in (3, 3) (values are the ints 1 to 4) on board b",
        ),
        (make(4, 0, 2), "Tries 2 in (4, 0), which is not on the board on board b"),
        (
            Event("make", None, 2),
            "Tries 2 in a space that is not a (row, column) pair on board b",
        ),
    ],
    ids=["row", "column", "box", "too-big", "not-an-int", "off-the-board", "not-a-pair"],
)
def test_invalid_values(event: Event, message: str) -> None:
    assert hand([enter(), event])["valid-values-once"] == message


def test_a_move_at_a_dead_end() -> None:
    # the reference search enters its 7th call with 2 and 4 in row 0, 3 in column 2
    events = Backtracker.trace(AMBIGUOUS)[:13]
    assert events[-2:] == [make(0, 1, 4), enter()]
    assert hand([*events, make(0, 2, 3)]) == {
        "false-when-stuck": "Makes a move in (0, 2), which has no possible value, instead of "
        "returning False on board b",
        "valid-values-once": "Tries invalid value 3 in (0, 2) (3 is already in its column) "
        "on board b",
    }


def test_returning_at_once() -> None:
    no_move = "Makes no move on board b, where every space still has a value to try"
    untried = "no solution was found, and the valid value 2 at (3, 3) was never tried, on board b"
    returned_true = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, [enter(), leave(True)])
    assert failures(returned_true) == {
        "most-constrained-space": no_move,
        "valid-values-once": f"Returns True: {untried}",
        "one-recursive-call-per-move": no_move,
        "keeps-givens": no_move,
        "true-on-solution": "Returns True while 12 spaces are still empty on board b",
    }
    # nothing was found and nothing backed out of: neither is credited, nor judged here
    assert {"stops-after-solution", UNDOES}.isdisjoint(criteria(returned_true))
    assert failures(judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, [enter(), leave(False)])) == {
        "most-constrained-space": no_move,
        "valid-values-once": f"Returns False: {untried}",
        "one-recursive-call-per-move": no_move,
        "keeps-givens": no_move,
        "true-on-solution": "Returns False on board b, which has a solution",
    }


def test_false_after_the_recursive_call_found_the_solution() -> None:
    events = Backtracker.trace(AMBIGUOUS)
    events[-1] = leave(False)
    result = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, events)
    assert failures(result) == {
        "true-on-solution": "Returns False after its recursive call returned True on board b"
    }
    assert result.result is False


def test_a_move_after_the_solution_is_found() -> None:
    events = Backtracker.trace(UNIQUE)[:-1]
    result = judge(UNIQUE, UNIQUE_SOLUTION, [*events, make(0, 0, 4), leave(True)])
    assert failures(result)["stops-after-solution"] == (
        "Tries assigning 4 to (0, 0) after a solution is found on board b"
    )


def test_true_on_a_board_with_no_solution() -> None:
    result = judge(UNSOLVABLE, None, [enter(), leave(True)])
    assert failures(result)["false-when-stuck"] == "Returns True on board b, which has no solution"


def test_a_trace_without_events_fails_everything() -> None:
    result = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, [])
    assert failures(result) == dict.fromkeys(
        without("true-when-solved", "false-when-stuck"), "solveBoard was never called on board b"
    )


def test_an_exception_ends_the_replay() -> None:
    events = [enter(), make(3, 3, 2), enter(), Event("exit", raised=True)]
    result = judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, events)
    message = (
        "solveBoard raised an exception after 4 calls to makeMove/undoMove/solveBoard on board b; "
        "the rubric judges this on a finished search"
    )
    assert failures(result) == {
        "undoes-failed-moves": message,
        "stops-after-solution": message,
        "true-on-solution": message,
    }
    assert result.result is None


@pytest.mark.parametrize(
    "events",
    [[make(3, 3, 2)], [enter(), leave(False), enter()]],
    ids=["before-the-first-call", "after-the-last-return"],
)
def test_events_outside_solve_board_are_a_harness_error(events: list[Event]) -> None:
    with pytest.raises(ValueError):
        judge(AMBIGUOUS, AMBIGUOUS_SOLUTION, events)
