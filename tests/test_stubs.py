"""Stubs are read from the source: a body that does nothing earns nothing, whatever it returns."""

from __future__ import annotations

import pytest

from harness.kinds.stubs import item_stubs, stubs

SOURCE = '''
def get_row(sudoku, i):
    """The i-th row."""
    pass

def get_column(sudoku, x):
    ...

def undo_move(sudoku, pos):
    return sudoku

def valid_list(lst):
    # your code goes here
    raise NotImplementedError("valid_list")

def find_first(sudoku):
    return

def solver(sudoku):
    """Solves it."""

def get_block(sudoku, x):
    return [row[x] for row in sudoku]

def make_move(sudoku, pos, num):
    sudoku[pos[0] - 1][pos[1] - 1] = num
    return sudoku

def constant(sudoku):
    return 0

class Board:
    def getMostConstrainedUnsolvedSpace(self):
        pass

    def makeMove(self, space, value):
        self.board[space] = value
'''


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("get_row", "its body is only `pass`"),
        ("get_column", "its body is only `...`"),
        ("undo_move", "it only returns its argument sudoku unchanged"),
        ("valid_list", "it only raises NotImplementedError"),
        ("find_first", "it only returns None"),
        ("solver", "its body is only a docstring"),
        ("Board.getMostConstrainedUnsolvedSpace", "its body is only `pass`"),
    ],
)
def test_a_body_that_does_nothing_is_a_stub(name: str, why: str) -> None:
    assert stubs(SOURCE)[name] == why


@pytest.mark.parametrize("name", ["get_block", "make_move", "constant", "Board.makeMove"])
def test_a_body_that_does_something_is_judged_by_its_cases(name: str) -> None:
    assert name not in stubs(SOURCE)


def test_items_are_matched_by_the_name_the_module_uses() -> None:
    names = {"undo_move": "undo_move", "get_block": "get_block", "valid_sudoku": "valid_Sudoku"}
    assert item_stubs(stubs(SOURCE), names) == {
        "undo_move": "it only returns its argument sudoku unchanged"
    }


def test_a_source_that_does_not_parse_has_no_stubs() -> None:
    assert stubs("def broken(:\n    pass\n") == {}
