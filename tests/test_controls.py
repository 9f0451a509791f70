"""The controls `check` grades, as they are made: the reference's graded functions stubbed to one
constant, in Python (by AST), C, C++ and Java (by their braces), and programs that do nothing
useful. Each made control is read back here (parsed, compiled, run): none is graded (the
repository's are, in test_examples.py and test_stub_controls.py)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.config import ProgramConfig
from harness.kinds.controls import compiled, programs, python_stubs
from harness.kinds.controls.braces import blanked, functions
from harness.kinds.stubs import stubs

PYTHON = '''
"""A reference."""
import math
SIZE = 9

def get_row(grid, row):
    return list(grid[row])

def _helper(grid):
    return len(grid)

class Board:
    LIMIT = 3

    def __init__(self, grid):
        self.grid = grid

    def __eq__(self, other):
        return self.grid == other.grid

    def makeMove(self, space, value):
        self.grid[space] = value
        return True

    @staticmethod
    def spaces(grid, n):
        return n * n

if __name__ == "__main__":
    print(get_row([[1]], 0))
'''
GRADED = frozenset({"get_row", "makeMove", "spaces"})


def _defs(source: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(source)
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("answer", ["None", "0", "[]", python_stubs.FIRST_ARGUMENT])
def test_python_graded_functions_answer_one_constant_and_the_rest_stays(answer: str) -> None:
    made = python_stubs.stubbed(PYTHON, answer, GRADED, "a test")
    found = _defs(made)
    first = {"get_row": "grid", "makeMove": "space", "spaces": "grid"}  # a method's after self
    for name in GRADED:
        body = [ast.unparse(s) for s in found[name].body]
        want = first[name] if answer == python_stubs.FIRST_ARGUMENT else answer
        assert body == [f"answer = {want}", "return answer"], (name, body)
    assert ast.unparse(found["__init__"].body[0]) == "self.grid = grid"  # objects can be made
    assert "self.grid == other.grid" in ast.unparse(found["__eq__"])
    assert ast.unparse(found["_helper"].body[0]) == "return len(grid)"  # not graded: kept
    assert "import math" in made and "SIZE = 9" in made and "LIMIT = 3" in made
    assert "__main__" not in made  # a demo run is left out
    assert stubs(made) == {}  # a form the static detector does not catch: the marks must


def test_python_unit_tests_stub_every_function_but_dunders() -> None:
    found = _defs(python_stubs.stubbed(PYTHON, "1", None, "a test"))
    assert [ast.unparse(s) for s in found["_helper"].body] == ["answer = 1", "return answer"]
    assert ast.unparse(found["__init__"].body[0]) == "self.grid = grid"


C = r"""
#include <stdio.h>
#define BODY { return 7; }
/* a comment { with a brace */
struct point { int x, y; };
static const char *NAMES = "{ not a body }";

static int helper(int x) { return x + '}'; }

int is_val_in_row(const int val, const int i, const int sudoku[9][9]) {
    for (int j = 0; j < 9; j++) { if (sudoku[i][j] == val) return 1; }
    return 0;
}

void print_grid(const int g[9][9]) { printf("{"); }

struct point where(int cell) { struct point p = {cell / 9, cell % 9}; return p; }

int *first(int *values) { return values; }
"""
CPP = """
#include "sudoku.h"
namespace grid {
class Sudoku {
 public:
  explicit Sudoku(const int *data) : board(new int[81]) {
    for (int i = 0; i < 81; ++i) board[i] = data[i];
  }
  ~Sudoku() { delete[] board; }
  bool operator==(const Sudoku &o) const { return board[0] == o.board[0]; }
  int &at(int i) { return board[i]; }
  bool solve() const { return board[0] != 0; }
 private:
  int *board;
};
}
std::vector<int> candidates(const grid::Sudoku &s) { return {1, 2}; }
bool grid::Sudoku::check(std::size_t row, std::size_t col) const noexcept { return row < col; }
"""
JAVA = """
package edu.example;
import java.util.ArrayList;
import java.util.Comparator;
/** A class { in a comment. */
public final class Sudoku {
    private static final Comparator<int[]> BY_ROW = new Comparator<int[]>() {
        @Override public int compare(int[] a, int[] b) { return a[0] - b[0]; }
    };
    private static final int[] SIZES = {4, 9};
    static { System.getProperty("x"); }
    private Sudoku() {}
    @Deprecated
    public static boolean isValid(int[][] grid, int row, int col, int value) {
        return grid[row][col] == 0;
    }
    public static int[][] copy(int[][] grid) throws IllegalStateException { return grid.clone(); }
    public static ArrayList<Integer> legalValues(int[][] sudoku, int row, int column) {
        return new ArrayList<>();
    }
    public static char mark(int v) { return 'x'; }
    static void print(int[][] grid) { System.out.println("}"); }
}
"""


def test_blanking_keeps_every_index_and_hides_braces_in_comments_literals_and_directives() -> None:
    code = blanked(C)
    assert len(code) == len(C) and code.count("\n") == C.count("\n")
    assert "not a body" not in code and "with a brace" not in code and "BODY" not in code
    assert code.count("{") == code.count("}")


def test_c_functions_are_found_with_their_return_types() -> None:
    found = {f.name: f for f in functions(C)}
    assert set(found) == {"helper", "is_val_in_row", "print_grid", "where", "first"}
    assert found["is_val_in_row"].returns == "int"
    assert found["is_val_in_row"].parameters[2] == ("const int[9][9]", "sudoku")
    assert (found["print_grid"].returns, found["where"].returns) == ("void", "struct point")
    assert found["first"].returns == "int *"


def test_cpp_keeps_constructors_destructors_and_operators() -> None:
    found = {f.name: f for f in functions(CPP)}
    assert {n for n, f in found.items() if f.special} == {"Sudoku", "~Sudoku", "operator=="}
    assert {n for n, f in found.items() if not f.special} == {
        "at", "solve", "candidates", "grid::Sudoku::check"
    }  # fmt: skip
    assert found["at"].returns == "int &"


def test_java_methods_are_found_and_initializers_left_alone() -> None:
    found = {f.name: f for f in functions(JAVA)}
    assert set(found) == {"Sudoku", "isValid", "copy", "legalValues", "mark", "print"}
    assert found["Sudoku"].special
    assert found["copy"].returns == "int[][]"
    assert found["legalValues"].returns == "ArrayList<Integer>"


def _builds(command: list[str], folder: Path, name: str, text: str) -> None:
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed")
    (folder / name).write_text(text)
    (folder / "sudoku.h").write_text("#include <vector>\n#include <cstddef>\n")
    done = subprocess.run([*command, name], cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr + text


@pytest.mark.parametrize("constant", ["zero", "one"])
def test_stubbed_c_and_cpp_still_compile(constant: compiled.Constant, tmp_path: Path) -> None:
    made = compiled.stubbed(C, "c", constant, None, "a test")
    value = "1" if constant == "one" else "0"
    assert (
        f"is_val_in_row(const int val, const int i, const int sudoku[9][9]) {{ return {value}; }}"
        in made
    )
    assert "void print_grid(const int g[9][9]) { }" in made
    assert "int *first(int *values) { return 0; }" in made
    _builds(["gcc", "-std=c11", "-fsyntax-only"], tmp_path, "c.c", made)
    made = compiled.stubbed(CPP, "c++", constant, None, "a test")
    assert "~Sudoku() { delete[] board; }" in made  # kept
    assert "std::vector<int> candidates(const grid::Sudoku &s) { return {}; }" in made
    declared = made.split("bool grid::Sudoku::check")[0]  # check() is not declared: left out
    _builds(["g++", "-std=c++17", "-fsyntax-only"], tmp_path, "cpp.cpp", declared)


def test_stubbed_java_answers_the_type_default_or_one(tmp_path: Path) -> None:
    zero = compiled.stubbed(JAVA, "java", "zero", None, "a test")
    one = compiled.stubbed(JAVA, "java", "one", frozenset({"isValid", "copy", "mark"}), "a test")
    assert "value) { return false; }" in zero and "value) { return true; }" in one
    assert "throws IllegalStateException { return null; }" in zero
    assert "throws IllegalStateException { return grid; }" in one  # its argument of that type
    assert "return new ArrayList<>();\n    }" in one  # not graded: kept
    assert "mark(int v) { return 1; }" in one
    if shutil.which("javac") is None:
        pytest.skip("javac is not installed")
    for made in (zero, one):
        (tmp_path / "Sudoku.java").write_text(made)
        done = subprocess.run(
            ["javac", "-d", str(tmp_path / "out"), "Sudoku.java"], cwd=tmp_path, capture_output=True
        )
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("io", "given"),
    [
        ({}, {"stdin": "1 2\n3 4\n"}),
        ({"input": "argument", "output": "file", "exit_status": "any"}, {"argv": "1234"}),
        ({"input": "file", "input_file": "p.txt"}, {"file": "5 6\n"}),
    ],
)
def test_program_controls_print_nothing_echo_or_say_no_solution(
    io: dict[str, str], given: dict[str, str], tmp_path: Path
) -> None:
    """The Python programs, run here as the sandbox would (they are the harness's own code)."""
    program = ProgramConfig.model_validate({"languages": ["python"], **io})
    puzzle = next(iter(given.values()))
    for answer, want in (("", ""), ("echo", puzzle), ("No Solution", "No Solution\n")):
        (tmp_path / "p.py").write_text(programs.python_program(program, answer, "a test"))
        args = [sys.executable, "p.py"]
        if "argv" in given:
            args.append(given["argv"])
        if "file" in given:
            (tmp_path / "p.txt").write_text(given["file"])
            args.append("p.txt")
        done = subprocess.run(args, cwd=tmp_path, input=given.get("stdin", ""), text=True,
                              capture_output=True, check=True)  # fmt: skip
        written = tmp_path / "output.txt"
        got = written.read_text() if program.output == "file" and written.exists() else done.stdout
        assert got == want
        written.unlink(missing_ok=True)


def test_c_program_controls_compile(tmp_path: Path) -> None:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed")
    for io in ({}, {"input": "file", "output": "file"}, {"input": "argument"}):
        program = ProgramConfig.model_validate({"languages": ["c"], **io})
        for answer in ("", "echo", 'No "Solution"'):
            (tmp_path / "p.c").write_text(programs.c_program(program, answer, "a test"))
            done = subprocess.run(["gcc", "-std=c11", "-Wall", "-fsyntax-only", "p.c"],
                                  cwd=tmp_path, capture_output=True, text=True)  # fmt: skip
            assert done.returncode == 0 and not done.stderr, done.stderr
