"""The function panel's members take each assignment's interface: a core algorithm and the glue
config.yaml (Python) or the reference's signature (C, Java) describes
(harness/calibration/adapters/).

The Python glue is our own generated code, run here on a grid in each course's representation;
the C prototype and the Java method are read from reference text. The members run for real,
through the grading pipeline, in tests/test_function_panel.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from harness.calibration.adapters import Interface, Target
from harness.calibration.adapters.c import CAdapter, prototype
from harness.calibration.adapters.java import JavaAdapter, method
from harness.calibration.adapters.python import PythonAdapter
from harness.config import ItemConfig
from harness.errors import BadInput
from harness.kinds.course import Course
from harness.vocabulary import Conventions
from tests.conftest import REPO

CORES = REPO / "solvers" / "panel" / "functions"
PUZZLE = ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))  # 4x4, one solution
SOLUTION = ((1, 3, 2, 4), (4, 2, 3, 1), (2, 4, 1, 3), (3, 1, 4, 2))
CLASH = ((1, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))  # givens that repeat: none


def target(conventions: Conventions, **item: Any) -> Target:
    config = ItemConfig.model_validate({"marks": 1, "role": "solve", **item})
    return Target.from_item("assignments.x", "solve", config, conventions)


def generated(conventions: Conventions, core: str = "first_empty", **item: Any) -> dict[str, Any]:
    """The Python member's module, run: its names."""
    face = Interface("x", (target(conventions, **item),), None, None)
    ((name, text),) = PythonAdapter().member((CORES / "python" / f"{core}.py").read_text(), face)
    assert name == "solution.py"
    names: dict[str, Any] = {}
    exec(compile(text, name, "exec"), names)
    return names


def small(**conventions: Any) -> Conventions:
    """The course's conventions, at 4x4."""
    return Conventions.model_validate({"sizes": [4], **conventions})


REPRESENTATIONS = [
    small(),
    small(representation="flat"),
    small(representation="string", blank="."),
    small(representation="rows", blank=None),
    small(representation="rows", blank="x"),
    small(representation="rows", values="zero-based", blank=-1),
    small(representation="rows", values="letters", blank="."),
]


@pytest.mark.parametrize("conventions", REPRESENTATIONS, ids=lambda c: f"{c.representation}")
@pytest.mark.parametrize("core", ["first_empty", "last_empty_unchecked"])
def test_a_grid_in_the_courses_form_comes_back_solved_in_it(
    conventions: Conventions, core: str
) -> None:
    course = Course(conventions)
    solve = generated(conventions, core, returns="grid-or-none", keeps_input=True)["solve"]
    given = course.grid(PUZZLE)
    assert solve(given) == course.grid(SOLUTION)
    assert given == course.grid(PUZZLE)  # kept
    assert solve(course.grid(CLASH)) is None


def test_a_dict_keyed_a1_to_i9_is_read_and_answered() -> None:
    conventions = Conventions(representation="dict")
    course = Course(conventions)
    puzzle = tuple(tuple(0 for _ in range(9)) for _ in range(9))
    solved = generated(conventions, returns="grid")["solve"](course.grid(puzzle))
    assert sorted(solved) == sorted(course.grid(puzzle))
    assert course.read_grid(solved, 9) != puzzle and 0 not in solved.values()


@pytest.mark.parametrize(
    ("returns", "solved", "unsolved"),
    [("flag", True, False), ("inverted-flag", 0, 1)],
)
def test_a_flag_form_fills_the_grid_in_place(
    returns: str, solved: object, unsolved: object
) -> None:
    conventions = small(blank="x")
    course = Course(conventions)
    solve = generated(conventions, returns=returns)["solve"]
    given = course.grid(PUZZLE)
    assert solve(given) == solved and given == course.grid(SOLUTION)
    clash = course.grid(CLASH)
    assert solve(clash) == unsolved and clash == course.grid(CLASH)


def test_flag_and_grid_and_the_puzzle_as_any_argument() -> None:
    conventions = small(index_base=1)
    solve = generated(conventions, returns="flag-and-grid", args=["row", "grid"])["solve"]
    assert solve(1, [list(r) for r in PUZZLE]) == (True, [list(r) for r in SOLUTION])
    assert solve(1, [list(r) for r in CLASH])[0] is False


def test_a_file_in_the_courses_format_is_read(tmp_path: Path) -> None:
    conventions = small(blank="x")
    path = tmp_path / "puzzle.txt"
    rows = [",".join("x" if v == 0 else str(v) for v in row) for row in PUZZLE]
    path.write_text("\r\n".join(rows))
    solve = generated(conventions, returns="grid", args=["file"], file={"separator": ","})["solve"]
    assert solve(str(path)) == [list(r) for r in SOLUTION]


def test_a_file_that_writes_its_blank_its_own_way_is_read(tmp_path: Path) -> None:
    """`file: {blank: "."}`: lines such as `1...` in the file, 0 for a blank in the grid."""
    path = tmp_path / "puzzle.txt"
    path.write_text("\n".join("".join("." if v == 0 else str(v) for v in row) for row in PUZZLE))
    file = {"separator": "", "blank": "."}
    solve = generated(small(), returns="grid", args=["file"], file=file)["solve"]
    assert solve(str(path)) == [list(r) for r in SOLUTION]


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"returns": "flag", "args": ["file"]}, "a string or a file cannot be filled"),
        ({"function": "search"}, "'search' is a name the panel's own code uses"),
        ({"args": ["row", "column"]}, "has neither"),
    ],
)
def test_an_interface_the_panel_cannot_take_is_a_one_line_error(
    item: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadInput, match=message):
        generated(small(), **item)


# C prototypes and Java methods, read from the reference ------------------------------------------


@pytest.mark.parametrize(
    ("text", "side", "name"),
    [
        ("int solve_sudoku(int sudoku[9][9]);", 9, "sudoku"),
        ("int solve_sudoku(int g[][16]) {", 16, "g"),
        ("int solve_sudoku(int (*board)[4]);", 4, "board"),
        ("#define SIZE 9\nbool solve_sudoku( int grid[SIZE][SIZE] );", 9, "grid"),
    ],
)
def test_a_c_prototype_gives_the_grids_side_and_name(text: str, side: int, name: str) -> None:
    found = prototype(target(Conventions(), function="solve_sudoku", returns="flag"), text)
    assert (found.side, found.name) == (side, name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("int solve_sudoku(int **grid, int n);", "takes no grid it can fill"),
        ("int solve_sudoku(const int grid[9][9]);", "takes no grid it can fill"),
        ("int solve_sudoku(int grid[9][10]);", "takes no grid it can fill"),
        ("void solve(int grid[9][9]);", "declares no `int solve_sudoku"),
    ],
)
def test_a_c_prototype_the_panel_cannot_fill_is_refused(text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        prototype(target(Conventions(), function="solve_sudoku", returns="flag"), text)


def test_a_c_member_is_the_core_then_the_references_prototype(tmp_path: Path) -> None:
    (tmp_path / "sudoku.h").write_text("int solve_sudoku(int sudoku[9][9]);\n")
    (tmp_path / "sudoku.c").write_text("int solve_sudoku(int sudoku[9][9]) {\n  return 0;\n}\n")
    face = Interface(
        "c", (target(Conventions(), function="solve_sudoku", returns="flag"),), tmp_path, None
    )
    ((name, text),) = CAdapter().member((CORES / "c" / "last_empty.c").read_text(), face)
    assert name == "sudoku.c"
    assert text.startswith("#define N 9\n#define BOX 3\n")
    assert "\nint solve_sudoku(int sudoku[9][9]) {\n" in text


def test_a_java_method_gives_the_class_and_the_return_type() -> None:
    text = "public final class Sudoku {\n  public static boolean solve(int[][] grid) {"
    found = method(target(Conventions(), returns="flag"), text)
    assert (found.owner, found.returns, found.name) == ("Sudoku", "boolean", "grid")
    assert found.header == "public static boolean solve(int[][] grid)"


def test_a_java_member_is_the_teachers_class_then_the_core(tmp_path: Path) -> None:
    (tmp_path / "Grid.java").write_text("class Grid { static int solve(int [][] g) { return 1; } }")
    face = Interface("j", (target(Conventions(), returns="inverted-flag"),), tmp_path, None)
    ((name, text),) = JavaAdapter().member((CORES / "java" / "first_empty.java").read_text(), face)
    assert name == "Grid.java"
    assert "public static int solve(int[][] g) {" in text and "return 0;\n    }" in text
    assert "\nfinal class Core {" in text
