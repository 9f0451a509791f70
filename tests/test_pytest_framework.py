"""The pytest framework of shape unit-tests: the teacher's tests listed from their source (never
imported), named `module.test` or `module.Class.test` everywhere, a report's testcases (a
parametrized test's ids among them) named back so, and what a run's exit status and failure
messages say.

The worked example (pytest-functions) is graded by `check` in test_examples.py, and the attacks
on the runner in test_hostile.py (shape pytest).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.errors import BadInput
from harness.frameworks import FRAMEWORKS

PYTEST = FRAMEWORKS["pytest"]

TESTS = """
import pytest
from sudoku import solve

def test_solves():
    assert solve([])

@pytest.mark.parametrize("row", range(9))
def test_rows(row):
    pass

# def test_commented_out(): pass

@pytest.mark.skip(reason="not this year")
def test_skipped():
    pass

def helper_test():
    pass

class TestCandidates:
    def test_empty_cell(self):
        pass

    def helper(self):
        pass

    class TestNested:
        def test_deep(self):
            pass

class TestWithInit:  # pytest collects no class with an __init__
    def __init__(self):
        pass

    def test_never(self):
        pass

class Helpers:
    def test_not_a_test_class(self):
        pass

async def test_async():
    pass
"""


def test_tests_are_listed_from_the_source_without_importing_it(tmp_path: Path) -> None:
    listed = PYTEST.listed(tmp_path / "test_sudoku.py", TESTS)
    assert [t.name for t in listed] == [
        "test_sudoku.test_solves",
        "test_sudoku.test_rows",
        "test_sudoku.TestCandidates.test_empty_cell",
        "test_sudoku.TestCandidates.TestNested.test_deep",
    ]
    assert [t.selector for t in listed] == [
        "test_sudoku.py::test_solves",
        "test_sudoku.py::test_rows",
        "test_sudoku.py::TestCandidates::test_empty_cell",
        "test_sudoku.py::TestCandidates::TestNested::test_deep",
    ]
    assert PYTEST.selection(listed[:2]) == (
        "test_sudoku.py::test_solves",
        "test_sudoku.py::test_rows",
    )


def test_a_test_file_that_does_not_parse_is_the_teachers_mistake(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"test_broken\.py.*line 2"):
        PYTEST.listed(tmp_path / "test_broken.py", "def test_x():\n  return (\n")


@pytest.mark.parametrize(
    ("classname", "testcase", "name"),
    [
        ("test_sudoku", "test_solves", "test_sudoku.test_solves"),
        ("test_sudoku", "test_rows[3]", "test_sudoku.test_rows"),
        ("test_sudoku", "test_rows[a.b::c[d]]", "test_sudoku.test_rows"),
        ("test_sudoku.TestRows", "test_empty_cell", "test_sudoku.TestRows.test_empty_cell"),
        ("", "test_sudoku", "test_sudoku"),  # a file that did not collect: no test's name
    ],
)
def test_a_reports_testcase_is_named_as_listed(classname: str, testcase: str, name: str) -> None:
    assert PYTEST.name(classname, testcase) == name


@pytest.mark.parametrize(
    ("message", "raised"),
    [
        ("assert (1 + 1) == 3", ""),
        ("AssertionError: two is not three\nassert (1 + 1) == 3", ""),
        ("Failed: nope", ""),
        ("[XPASS(strict)] ", ""),
        ("ZeroDivisionError: division by zero", "ZeroDivisionError"),
        ("test_sudoku.Custom: x", "test_sudoku.Custom"),
        ("SystemExit: 0", "SystemExit"),
    ],
)
def test_a_failure_that_is_an_exception_is_a_run_time_error(message: str, raised: str) -> None:
    """pytest reports an exception out of a test as a <failure> whose message starts with its
    type; an assertion (plain, or with its message) and pytest.fail are failures."""
    assert PYTEST.raised(message) == raised


def test_a_run_went_to_its_end_when_pytest_says_its_tests_ran() -> None:
    """0: every test passed; 1: some failed. 2 (interrupted), 3 (internal error), 4 (usage
    error) and 5 (no test collected) are not a run of the tests."""
    assert PYTEST.completed == frozenset({0, 1})
