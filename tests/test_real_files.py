"""Real classes read as they are (issue 40 part 3), through the real shapes with real workers:
a file found by what it defines whatever its name (hyphens included), code written for Python 2
run under the Python 2 reading the feedback states, and a constructor refactored with extra
defaulted arguments. Fixtures in fixtures/real/: every one is right, so any mark it loses is
the harness's reading of it."""

from __future__ import annotations

import functools
from pathlib import Path

from harness.config import load_config
from harness.kinds.entries import by_definitions, function_needs
from harness.records.results import SubmissionResult
from tests.conftest import FIXTURES, grade_path, plan_for

REAL = FIXTURES / "real"
CONFIG = REAL / "config.yaml"


@functools.cache
def _graded(assignment: str, folder: str) -> dict[str, SubmissionResult]:
    plan = plan_for(CONFIG, assignment)
    return {s.name: s for s in grade_path(plan, REAL / folder, jobs=2).submissions}


def _feedback(result: SubmissionResult) -> str:
    return " | ".join(line for item in result.items for line in item.feedback)


def test_a_hyphenated_file_alone_is_loaded_by_path() -> None:
    result = _graded("functions", "functions")["hyphenated"]
    assert (result.marks, result.status) == (19.0, "graded"), result.note


def test_the_file_that_defines_the_items_is_graded_whatever_its_name() -> None:
    """q.py is not there; helpers.py defines none of the items, my_q-final.py both (one by
    its alias): it is graded, and the note says why."""
    result = _graded("functions", "functions")["renamed"]
    assert result.marks == 19.0, result.note
    assert "graded my_q-final.py: it defines 2 of the 2 names the items need" in result.note
    assert "(q.py is not in the folder)" in result.note


def test_a_folder_defining_none_of_the_items_is_an_error_row_saying_so() -> None:
    result = _graded("functions", "functions")["nothing"]
    assert result.status == "error"
    assert "none of its .py files (notes.py, test_it.py) defines what the items need" in (
        result.note
    )
    assert "get_block_num, get_row" in result.note


def test_by_definitions_the_work_beats_the_untouched_starter() -> None:
    """`entry_by: definitions`: q.py (the starter's stubs) and my_q.py define the same names;
    the one with fewer stubs is graded, and the note says why."""
    result = _graded("by-definitions", "functions/beside-starter")["beside-starter"]
    assert result.marks == 19.0, result.note
    assert "graded my_q.py" in result.note
    assert "q.py as many: fewer stubs (0 against 2)" in result.note


def test_by_name_the_configured_entry_is_graded_as_before() -> None:
    result = _graded("functions", "functions")["beside-starter"]
    assert result.marks == 0.0
    assert "graded" not in result.note


def test_python_2_code_runs_under_the_python_2_reading_at_its_cost() -> None:
    """Tabs at Python 2's stops, print statements, range() as a list, xrange and integer
    division: every case right, each item less the adaptation's default 0.1, said."""
    result = _graded("functions", "functions")["python2"]
    assert result.status == "graded", result.note
    items = {item.name: item for item in result.items}
    assert items["get_block_num"].marks == 9.0
    assert items["get_row"].marks == 8.1
    assert all(case.verdict.name == "AC" for item in result.items for case in item.cases)
    said = _feedback(result)
    assert "adapted: read as Python 2, since it does not compile as Python 3 (line 7" in said
    assert "(-1 marks: the handout states this interface)" in said
    assert result.note.startswith("read as Python 2, since it does not compile as Python 3")


def test_the_python_2_reading_is_off_unless_configured() -> None:
    assert load_config(CONFIG).assignments["by-definitions"].readings == ()
    result = _graded("by-definitions", "functions/python2")["python2"]
    assert (result.marks, result.status) == (0.0, "error")
    assert (
        result.note == "syntax error at line 7: inconsistent use of tabs and spaces in indentation"
    )


def test_a_refactored_constructor_with_defaults_and_a_renamed_file_grade_in_full() -> None:
    """Board(filename, n=None, verbose=False) in board-lab.py, scratch.py beside it."""
    result = _graded("boards", "boards")["refactored"]
    assert (result.marks, result.max_marks) == (20.0, 20.0), result.note
    assert "graded board-lab.py: it defines" in result.note


def test_python_2_classes_run_under_the_reading_in_the_board_classes_shape() -> None:
    """A Board and Solver with tabs beside spaces, xrange and a top-level print statement:
    every criterion met, each item less the adaptation, said in the note and the feedback."""
    result = _graded("boards", "boards")["python2"]
    assert (result.marks, result.max_marks) == (18.0, 20.0), result.note
    assert result.note.startswith("read as Python 2, since it does not compile as Python 3")
    assert "adapted: read as Python 2" in _feedback(result)


def test_the_files_a_python_2_entry_imports_are_read_as_python_2_too() -> None:
    """a2.py (Solver) imports Board from board.py, both Python 2: each item less the reading
    and the sibling module, each said once."""
    result = _graded("boards", "boards")["python2-siblings"]
    assert (result.marks, result.max_marks) == (16.0, 20.0), result.note
    said = _feedback(result)
    assert "read as Python 2" in said and "class Board is in board.py" in said


def test_the_chooser_finds_an_item_that_is_a_method_among_a_class_s_members(
    tmp_path: Path,
) -> None:
    (tmp_path / "notes.py").write_text("def get_row():\n    pass\n")
    (tmp_path / "csp-lab.py").write_text(
        "class Board:\n    def get_block_num(self, pos):\n        return 1\n"
        "    def get_row(self, x):\n        return [x]\n"
    )
    needs = function_needs(plan_for(CONFIG, "functions").assignment)
    entry = by_definitions(needs)(sorted(tmp_path.glob("*.py")), None)
    assert entry.path.name == "csp-lab.py"
    assert entry.note == ("graded csp-lab.py: it defines 2 of the 2 names the items need"), (
        entry.note
    )


def test_the_chooser_reads_python_2_files_for_their_definitions() -> None:
    plan = plan_for(CONFIG, "functions")
    folder = REAL / "functions" / "python2"
    choose = by_definitions(function_needs(plan.assignment))
    entry = choose([folder / "q.py", REAL / "functions" / "nothing" / "notes.py"], None)
    assert entry.path.name == "q.py"
