"""The board-solver assignment end to end: real a2.py submissions in real worker processes.

Verdict fixtures live in fixtures/boards/VERDICT/BEHAVIOUR/a2.py: each misbehaves in the methods
its name says, whose cases get the folder's verdict while every other case is accepted. The
bundled examples (submissions/board-solver) show the rubric's feedback: criterion, board, space
and value.
"""

from __future__ import annotations

import copy
import functools
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from harness.config import Config, load_config
from harness.errors import BadInput
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.grading.run import grade_one
from harness.kinds.board_classes.board_solver import probes as board_solver
from harness.kinds.board_classes.board_solver.expect import MostConstrained, Traced, decode_events
from harness.kinds.board_classes.board_solver.model import as_dict
from harness.kinds.board_classes.board_solver.trace import Event
from harness.puzzles.importers import import_cases
from harness.puzzles.suites import Case
from harness.records.evidence import Grid
from harness.records.outcomes import CallOutcome
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.sandbox.child import board_driver
from harness.submissions import Submission
from tests.conftest import (
    DATASETS,
    FIXTURES,
    REPO,
    grade_path,
    graded_examples,
    plan_for,
    shipped_config_text,
    steady,
    steady_table,
)
from tests.test_cli import check_schema
from tests.test_examples import compare_golden

BOARDS = FIXTURES / "boards"
CONFIG = BOARDS / "config.yaml"
FIXTURE_DIRS = sorted(p.parent for p in BOARDS.glob("*/*/a2.py"))
EXAMPLES = REPO / "submissions" / "board-solver"


@functools.cache
def _plan() -> Plan:
    return plan_for(CONFIG, "boards")


@functools.cache
def _graded_folder(verdict: str) -> dict[str, SubmissionResult]:
    return {s.name: s for s in grade_path(_plan(), BOARDS / verdict).submissions}


class Graded:
    """The fixtures' results by "VERDICT/NAME", each verdict's folder graded when first asked
    for: xdist's processes then share the folders out (TLE alone takes 30 s) instead of each
    grading all of them."""

    def __getitem__(self, key: str) -> SubmissionResult:
        verdict, name = key.split("/")
        return _graded_folder(verdict)[name]


@pytest.fixture(scope="module")
def graded() -> Graded:
    return Graded()


@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_gets_its_folders_verdict(graded: Graded, folder: Path) -> None:
    expected = Verdict(folder.parent.name)
    result = graded[f"{expected.value}/{folder.name}"]
    verdicts = {c.verdict for item in result.items for c in item.cases}
    assert expected in verdicts, verdicts
    assert verdicts <= {expected, Verdict.AC}, verdicts
    if expected is Verdict.AC:
        assert result.marks == result.max_marks


def test_a_failing_call_fails_every_criterion_it_informs(
    graded: Graded,
) -> None:
    result = graded["RE/makemove_raises"]
    make = next(item for item in result.items if item.name == "makeMove")
    assert make.marks == 0
    assert all(c.marks == 0 and "raised ValueError" in c.message for c in make.criteria)
    valid = next(item for item in result.items if item.name == "isValidMove")
    assert valid.marks == valid.max_marks


def test_trace_events_cross_the_boundary_intact() -> None:
    """What the worker packs into one int per call is what the judge replays."""
    board, other = object(), object()
    trace = board_driver._Trace(board, cap=100)
    trace.add(board_driver.ENTER, board)
    trace.add(board_driver.MAKE, board, (2, 7), 4)
    trace.add(board_driver.UNDO, other, (35, 0), 36)
    trace.add(board_driver.MAKE, board, "b7", "4")
    trace.result(None)
    trace.result(True)
    events = decode_events(trace.events, trace.odd)
    assert events[:3] == [
        Event("enter"),
        Event("make", (2, 7), 4),
        Event("undo", (35, 0), 36, other_board=True),
    ]
    assert events[3].kind == "make" and events[3].space is None
    assert repr(events[3].value) == "space 'b7' value '4'"
    assert events[4].kind == "exit" and repr(events[4].value) == "None"
    assert events[5] == Event("exit", value=True)


def test_the_trace_stops_a_search_at_its_cap() -> None:
    trace = board_driver._Trace(object(), cap=2)
    trace.add(board_driver.ENTER, trace.board)
    trace.add(board_driver.MAKE, trace.board, (0, 0), 1)
    with pytest.raises(board_driver.Stop):
        trace.add(board_driver.UNDO, trace.board, (0, 0), 1)


def test_each_board_is_written_as_objects_board_make_declares(tmp_path: Path) -> None:
    """The shipped config declares the course's CSV (what the probes always wrote); a format
    declared otherwise is what each probe's board file holds, and isValidMove's driver still
    reads the board's side from it."""
    assignment = load_config(REPO / "config.yaml").assignment("board-solver")
    board = assignment.objects["Board"]
    update = {"separator": ";", "newline": "crlf", "final_newline": True}
    maker = board.make.model_copy(update={"file": board.make.file.model_copy(update=update)})
    objects = {**assignment.objects, "Board": board.model_copy(update={"make": maker})}
    declared = assignment.model_copy(update={"objects": objects})
    puzzle = ((0, 0, 4, 0), (0, 0, 0, 1), (0, 0, 0, 0), (1, 0, 0, 3))
    solution = ((3, 1, 4, 2), (4, 2, 3, 1), (2, 3, 1, 4), (1, 4, 2, 3))
    case = Case("board-methods", "easy-4x4", puzzle, solution, tags=("methods",))
    shipped = board_solver.configured(assignment)["isValidMove"]([case])
    [probe] = board_solver.configured(declared)["isValidMove"]([case])
    assert shipped == board_solver.isValidMove([case])
    [(_, text)] = probe.files
    assert text == ";;4;\r\n;;;1\r\n;;;\r\n1;;;3\r\n"
    written = tmp_path / "board.csv"
    written.write_bytes(text.encode())
    assert board_driver._side(str(written)) == 4


def _derived(config: Config) -> Config:
    """`config` with competency's limit derived from the reference (the fixtures' config sets
    it: the looping fixture's 12 time-outs then cost 0.4 s each, not the derived 1 s)."""
    boards = config.assignment("boards")
    items = dict(boards.items)
    items["competency"] = items["competency"].model_copy(update={"time_from_reference": 2.0})
    boards = boards.model_copy(update={"items": items})
    return config.model_copy(update={"assignments": {"boards": boards}})


def test_time_limit_is_derived_from_the_reference() -> None:
    plan = calibrated_plan(_derived(load_config(CONFIG)), "boards")
    limit = plan.assignment.items["competency"].time
    assert limit is not None and limit >= 1.0 and limit == int(limit)
    assert any("at least 2 times the slowest reference run" in n for n in plan.notes["competency"])


def test_a_failing_reference_stops_grading_before_it_starts(tmp_path: Path) -> None:
    root = tmp_path / "boards"
    shutil.copytree(BOARDS, root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "AC" / "correct" / "a2.py").write_text(
        (BOARDS / "WA" / "solve_returns_unsolved" / "a2.py").read_text()
    )
    config = (root / "config.yaml").read_text().replace("../../../", f"{REPO}/")
    (root / "config.yaml").write_text(config)
    with pytest.raises(BadInput, match=r"reference: the reference correct fails .*board"):
        calibrated_plan(_derived(load_config(root / "config.yaml")), "boards")


@pytest.fixture(scope="module")
def report() -> tuple[str, dict[str, Any]]:
    return graded_examples("board-solver")


@pytest.fixture(scope="module")
def examples(report: tuple[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in report[1]["submissions"]}


def test_score_table_matches_golden(
    report: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    compare_golden("board-solver.table.txt", steady_table(report[0]), request)


def test_json_report_matches_golden(
    report: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    data = steady(copy.deepcopy(report[1]))  # a busy machine's grading again alone left out
    check_schema(data)
    compare_golden("board-solver.json", json.dumps(data, indent=2) + "\n", request)


def criterion(example: dict[str, Any], item: str, name: str) -> dict[str, Any]:
    found = next(i for i in example["items"] if i["name"] == item)
    return next(c for c in found["criteria"] if c["name"] == name)


def test_feedback_names_criterion_board_space_and_value(
    examples: dict[str, dict[str, Any]],
) -> None:
    deletes = criterion(examples["undo_leaves_none"], "undoMove", "deletes")
    assert deletes["marks"] == 0
    assert (
        "leaves board[" in deletes["message"]
        and "= None: the key must be deleted" in deletes["message"]
    )
    assert "on board easy-4x4" in deletes["message"]
    space = criterion(examples["wrong_space"], "solveBoard", "most-constrained-space")
    assert space["marks"] < space["max_marks"]
    assert "possible value" in space["message"] and "on board" in space["message"]


def test_an_older_interface_is_named_as_a_mismatch(examples: dict[str, dict[str, Any]]) -> None:
    old = examples["old_interface"]
    make = next(i for i in old["items"] if i["name"] == "makeMove")
    detail = make["cases"][0]["detail"]
    assert make["cases"][0]["verdict"] == "CE"
    assert "interface mismatch: Board has no makeMove" in detail and "placeValue" in detail


def test_an_import_failure_still_grades_the_classes(examples: dict[str, dict[str, Any]]) -> None:
    broken = examples["nameerror_on_import"]
    assert broken["status"] == "graded" and broken["marks"] > 0
    assert "importing the module failed: the statement at line" in broken["note"]
    assert "NameError" in broken["note"] and "graded what it defines" in broken["note"]


def test_config_aliases_accept_an_older_interface(tmp_path: Path) -> None:
    """Method and attribute names by the assignment's `aliases:`; the class's, SudokuBoard
    for Board, by its own under `objects:`."""
    aliases = (
        "aliases: {makeMove: [placeValue], undoMove: [removeValue], solveBoard: [solve], "
        "valsInRows: [valuesInRows], valsInCols: [valuesInCols], valsInBoxes: [valuesInBoxes], "
        "unsolvedSpaces: [unsolved]}"
    )
    text = (REPO / "config.yaml").read_text()
    assert "    aliases: {}" in text and "        aliases: []" in text
    text = re.sub(r"aliases: \{\}.*", aliases, text)
    config = tmp_path / "config.yaml"
    config.write_text(shipped_config_text(text.replace("aliases: []", "aliases: [SudokuBoard]", 1)))
    for folder in ("testcases", "submissions"):
        (tmp_path / folder).symlink_to(REPO / folder)
    older = tmp_path / "older" / "a2.py"
    older.parent.mkdir()
    source = (EXAMPLES / "old_interface" / "a2.py").read_text()
    older.write_text(re.sub(r"\bBoard\b", "SudokuBoard", source))
    plan = plan_for(config, "board-solver")
    [result] = grade_path(plan, older.parent).submissions
    assert result.marks == result.max_marks, result
    make = next(item for item in result.items if item.name == "makeMove")
    assert (
        "accepted the name placeValue for makeMove: an alias config.yaml accepts" in make.feedback
    )


B351 = DATASETS / "b351-boards"


@pytest.mark.skipif(not B351.is_dir(), reason="course data not present (../shared/datasets)")
def test_the_reference_solves_course_boards_through_the_harness() -> None:
    """Real course CSVs, read by the importer, solved by the reference in its worker."""
    cases = [
        replace(case, tags=("competency",))
        for folder in ("test-1-easy", "test-2-medium")
        for case in import_cases(
            B351 / "tests" / folder,
            "boards",
            B351 / "solutions" / folder,
            suite=folder,
            limit=5,
        )
    ]
    plan = plan_for(REPO / "config.yaml", "board-solver")
    plan = replace(plan, probes=tuple(board_solver.competency(cases)))
    result = grade_one(plan, Submission("reference", REPO / "solvers" / "board-solver"))
    competency = next(item for item in result.items if item.name == "competency")
    assert len(competency.cases) == 10
    assert all(case.verdict is Verdict.AC for case in competency.cases), competency.cases


def reported(puzzle: Grid, **report: Any) -> CallOutcome:
    loaded = {"state": {"board": as_dict(puzzle)}, "attrs": ["board"]}
    return CallOutcome("returned", value={"before": loaded, "after": loaded, **report})


PUZZLE = ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))


def test_answers_off_the_board_are_judged_not_crashed_on() -> None:
    """Whatever a student's method returns, the trusted side judges it without failing itself."""
    outcome = reported(PUZZLE, first=(99, 0), second=(-1, -1), has_evaluate=False)
    judgement = MostConstrained(PUZZLE, "tiny").judge(outcome)
    assert not judgement.passed
    assert "returned (99, 0), which is not on the board" in judgement.detail


def test_calls_recorded_outside_the_search_fail_the_board() -> None:
    make = (((0 + 1) << 8 | 1 + 1) << 8 | 1 + 1) << 3 | board_driver.MAKE << 1
    judgement = Traced(PUZZLE, None, "tiny").judge(reported(PUZZLE, events=[make], odd={}))
    assert not judgement.passed and judgement.checks
    assert all("cannot be replayed on board tiny" in c.message for c in judgement.checks)


def test_the_same_answer_twice_is_the_same_value_whatever_it_is() -> None:
    """A list of spaces returned twice is the same value given the same board (issue 35): it
    was not judged, so it earned nothing. None twice is no answer repeated, and not judged."""

    def same_twice(first: object, second: object) -> list[tuple[bool, str]]:
        outcome = reported(PUZZLE, first=first, second=second, has_evaluate=False)
        checks = MostConstrained(PUZZLE, "tiny").judge(outcome).checks
        return [(c.passed, c.message) for c in checks if c.criterion == "same-twice"]

    spaces = [(0, 1), (0, 2)]
    assert same_twice(spaces, list(spaces)) == [(True, "")]
    assert same_twice((0, 1), [0, 1]) == [(True, "")]
    assert same_twice(spaces, spaces[:1]) == [
        (
            False,
            "getMostConstrainedUnsolvedSpace() on board tiny returned [(0, 1), (0, 2)], "
            "then [(0, 1)]",
        )
    ]
    assert same_twice(spaces, tuple(spaces))[0][0] is False
    assert same_twice(None, None) == []
