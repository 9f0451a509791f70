"""Objects and constraint search in the YAML vocabulary, through real worker processes: the
csp-sudoku worked example's typical bugs each losing marks in its own task and nowhere else (read
from the examples' shared grading); the reference, the starter and a method whose helper fails
graded at 4x4 (its config.yaml entry asked at one size: about a second each), the helper's bug
costing once (`helpers: better`, the student's method grafted onto the reference's class); a
reference item on an object; and the object driver's paths walked as data.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from harness import paths
from harness.cli.app import app
from harness.config import Config, load_config
from harness.grading.plan import Plan, make_plan
from harness.grading.run import grade_one
from harness.records.results import SubmissionResult
from harness.sandbox.child import object_driver
from harness.submissions import Submission
from tests.conftest import FIXTURES, REPO, examples_report

EXAMPLES = REPO / "submissions" / "csp-sudoku"
FULL = {
    "forward_check": 10,
    "forward_check_count": 10,
    "degree": 10,
    "mrv": 15,
    "lcv": 15,
    "ac3": 15,
    "backtrack": 25,
}


def at_4x4(config: Config) -> Config:
    """csp-sudoku asked at 4x4 only (its small-4x4 suite: three puzzles and one without a
    solution)."""
    assignment = config.assignment("csp-sudoku")
    conventions = assignment.conventions.model_copy(update={"sizes": (4,)})
    small = assignment.model_copy(update={"conventions": conventions})
    return config.model_copy(update={"assignments": {**config.assignments, "csp-sudoku": small}})


@pytest.fixture(scope="module")
def plan() -> Plan:
    return make_plan(at_4x4(load_config(REPO / "config.yaml")), "csp-sudoku")


def marks(result: SubmissionResult) -> dict[str, float]:
    assert result.status == "graded", result.note
    return {item.name: item.marks for item in result.items}


def graded(plan: Plan, name: str) -> SubmissionResult:
    folder = REPO / "solvers" / "csp-sudoku" if name == "reference" else EXAMPLES / name
    return grade_one(plan, Submission(name, folder))


def test_the_reference_scores_full_marks_at_4x4(plan: Plan) -> None:
    result = graded(plan, "reference")
    assert marks(result) == FULL
    assert all(case.verdict.name == "AC" for item in result.items for case in item.cases)


@pytest.mark.parametrize(
    ("example", "loses"),
    [
        ("count-looks-at-wrong-box", "forward_check_count"),
        ("degree-counts-itself-twice", "degree"),
        ("mrv-returns-maximum", "mrv"),
        ("lcv-descending", "lcv"),
        ("lcv-outside-the-class", "lcv"),
        ("backtrack-mutates-input", "backtrack"),
        ("stub-ac3", "ac3"),
        ("stub-forward-check", "forward_check"),
    ],
)
def test_each_typical_bug_loses_marks_in_its_own_task_only(example: str, loses: str) -> None:
    """At both sizes, from the examples' grading the golden and check tests share (no grading
    of its own)."""
    [result] = [r for r in examples_report("csp-sudoku").submissions if r.name == example]
    got = marks(result)
    assert got[loses] < FULL[loses], got
    others = {item: mark for item, mark in got.items() if item != loses}
    kept = {item: FULL[item] for item in others}
    if example == "stub-forward-check":  # one function, both of the handout's rows
        others.pop("forward_check_count")
        kept.pop("forward_check_count")
    assert others == kept


def test_a_method_whose_helper_fails_is_judged_on_the_reference_class(plan: Plan) -> None:
    """A count mode that negates its count makes the student's own lcv order backwards: with the
    reference's Board standing in (the student's lcv grafted onto it) lcv keeps its marks;
    count mode alone loses."""
    result = grade_one(plan, Submission("count-negated", FIXTURES / "csp-sudoku" / "count-negated"))
    items = {item.name: item for item in result.items}
    assert items["forward_check_count"].marks < 10
    lcv = items["lcv"]
    assert lcv.marks == 15
    assert lcv.helpers is not None and lcv.helpers.marked == "reference", lcv.helpers
    assert lcv.helpers.own < 15


def test_the_starter_earns_nothing(plan: Plan) -> None:
    assert sum(marks(graded(plan, "starter")).values()) == 0


class Cell:
    def __init__(self, row: int, col: int) -> None:
        self.row, self.col, self.domain = row, col, {1, 2}


class Board:
    def __init__(self) -> None:
        self.grid = {"cells": [[Cell(r, c) for c in range(2)] for r in range(2)]}

    def get_cells(self) -> list[Cell]:
        return [cell for row in self.grid["cells"] for cell in row]


def walked(text: str, row: int, column: int) -> Cell:
    steps = [list(step) for step in paths.parse(text)]
    found = object_driver.walk(Board(), steps, row, column, 2)
    assert isinstance(found, Cell)
    return found


def test_paths_are_walked_as_data() -> None:
    assert walked("get_cells()[index]", 1, 0).row == 1
    assert walked("get_cells()[3]", 0, 0).col == 1
    cell = Board().grid["cells"][0][1]
    steps = [list(step) for step in paths.parse("domain")]
    object_driver._write_domain(cell, steps, [2])
    assert cell.domain == {2}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("cells[row]", "does not say which cell"),
        ("cells[r][c]", "[r] is not a subscript"),
        ("eval('1')", "is not a subscript"),
        ("cells..x", "expected a name"),
    ],
)
def test_a_bad_path_says_what_it_could_not_read(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem.replace("[", r"\[").replace("(", r"\(")):
        paths.cell_path(text)


def test_examples_folder_has_one_per_typical_bug() -> None:
    names = {p.name for p in Path(EXAMPLES).iterdir() if p.is_dir()}
    assert {"count-looks-at-wrong-box", "lcv-outside-the-class", "starter"} <= names


def test_a_reference_item_on_an_object_compares_what_reads_names(tmp_path: Path) -> None:
    """`role: reference` with `object:`: the reference's Board makes the same call; what is
    compared is `reads:` (the return value and whether the board changed; an attribute and the
    domains after a given's move)."""
    config = yaml.safe_load((REPO / "config.yaml").read_text())
    csp = config["assignments"]["csp-sudoku"]
    csp["items"] = {
        "grid": {"marks": 5, "role": "reference", "object": "Board", "args": []},
        "degree": {"marks": 5, "role": "reference", "object": "Board",
                   "args": ["row", "column"], "reads": ["return", "changed"]},
        "assigned": {"marks": 5, "role": "reference", "object": "Board", "function": "assign",
                     "args": ["row", "column", {"given": 1}], "reads": ["attribute", "domains"],
                     "attribute": "size"},
    }  # fmt: skip
    csp.update(conventions={"sizes": [4]}, starter=[], examples=None)
    for key in ("suites", "reference"):
        csp[key] = [str(REPO / s) for s in csp[key]] if key == "suites" else str(REPO / csp[key])
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump({"assignments": {"csp-sudoku": csp}}))
    folder = tmp_path / "class"
    shutil.copytree(EXAMPLES / "degree-counts-itself-twice", folder / "twice")
    result = CliRunner().invoke(
        app,
        [
            "grade",
            str(folder),
            "--config",
            str(path),
            "-a",
            "csp-sudoku",
            "--json",
            str(tmp_path / "r.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    [graded] = json.loads((tmp_path / "r.json").read_text())["submissions"]
    assert {i["name"]: i["marks"] for i in graded["items"]} == {
        "grid": 5,
        "degree": 0,
        "assigned": 5,
    }


def test_an_object_made_by_a_loader_from_a_puzzle_file() -> None:
    """`make: {function: load_board, args: [file]}`: the grid written in the course's format
    into the working copy, the loader called with its path (the constructor's extra defaulted
    argument left alone)."""
    config = at_4x4(load_config(REPO / "config.yaml"))
    csp = config.assignment("csp-sudoku")
    board = csp.objects["Board"]
    maker = board.make.model_copy(update={"function": "load_board", "args": ("file",)})
    objects = {"Board": board.model_copy(update={"make": maker})}
    items = {name: csp.items[name] for name in ("degree", "mrv", "ac3")}
    csp = csp.model_copy(update={"objects": objects, "items": items})
    config = config.model_copy(update={"assignments": {"csp-sudoku": csp}})
    loaded = make_plan(config, "csp-sudoku")
    assert any(probe.files for probe in loaded.probes)
    result = grade_one(loaded, Submission("loader", FIXTURES / "csp-sudoku" / "loader"))
    assert marks(result) == {"degree": 10, "mrv": 15, "ac3": 15}


@pytest.mark.parametrize(("role", "earned"), [("naked-singles", 15), ("hidden-singles", 7.5)])
def test_singles_roles_judge_the_domains_after_propagation(role: str, earned: float) -> None:
    """The reference's ac3 is naked singles' closure (AC-3 over all-different), not hidden
    singles': on puzzles that need a guess, the hidden-singles role tells them apart."""
    config = load_config(REPO / "config.yaml")
    csp = config.assignment("csp-sudoku")
    conventions = csp.conventions.model_copy(update={"sizes": (9,)})
    items = {"ac3": csp.items["ac3"].model_copy(update={"role": role})}
    suites = (REPO / "testcases" / "guessing-9x9.yaml",)
    update = {"items": items, "conventions": conventions, "suites": suites}
    csp = csp.model_copy(update=update)
    plan = make_plan(config.model_copy(update={"assignments": {"csp-sudoku": csp}}), "csp-sudoku")
    assert marks(graded(plan, "reference")) == {"ac3": earned}


def test_an_object_the_driver_cannot_read_is_shown_without_its_address() -> None:
    """A default repr names a memory address, which differs from run to run: the feedback on the
    same submission must not (board_driver drops it the same way)."""

    class Odd:
        pass

    shown = object_driver._shown(Odd())
    assert shown.startswith("<") and "Odd object>" in shown and " at 0x" not in shown
