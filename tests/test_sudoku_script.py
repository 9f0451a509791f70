"""The sudoku-script assignment: how display_puzzle, copy_puzzle and solve answers are judged,
the course's own puzzle files (when the datasets are present), and the bundled examples' score
table and JSON report against golden files (notebooks run: they need the notebook extra)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from harness.kinds.function_library.declared.expect import (
    Copied,
    Displayed,
    SolvedGrid,
    handout_text,
)
from harness.kinds.notebook.cosc130_notebook.probes import course_text
from harness.kinds.notebook.run import unavailable
from harness.puzzles.sudoku import thaw
from harness.records.evidence import Grid
from harness.records.outcomes import CallOutcome
from tests.conftest import REPO, graded_examples, without_timings
from tests.handouts import HANDOUT_PUZZLE
from tests.test_cli import check_schema
from tests.test_examples import compare_golden

EXACT = "\n".join(handout_text(HANDOUT_PUZZLE)) + "\n"


def displayed(text: str) -> tuple[bool, str, str]:
    judgement = Displayed(HANDOUT_PUZZLE).judge(CallOutcome("returned", output=text))
    return judgement.passed, judgement.detail, "; ".join(judgement.accepted)


def test_the_handouts_exact_text_is_accepted_without_a_note() -> None:
    assert EXACT.splitlines()[:2] == ["+-----+-----+-----+", "| 8 . . | . . . | . . . |"]
    assert displayed(EXACT) == (True, "", "")


@pytest.mark.parametrize("dashes", [5, 6, 7])
def test_any_run_of_dashes_is_accepted_and_said(dashes: int) -> None:
    border = "+" + "+".join(["-" * dashes] * 3) + "+"
    text = EXACT.replace("+-----+-----+-----+", border).replace("|\n", "|   \n")
    passed, _, accepted = displayed(text)
    assert passed
    assert accepted == ("" if dashes == 5 else "a layout other than the handout's exact text")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        (EXACT.replace("| 8 . . |", "| 8 0 0 |"), "line 2: expected the values"),
        (
            EXACT.replace("| 8 . . | . . . | . . . |", "| 8 . . . . . . . . |"),
            "line 2: expected '|'",
        ),
        (EXACT.replace("+-----+-----+-----+\n", "", 1), "printed 12 lines, expected 13"),
        (EXACT.replace("+-----+-----+-----+", "=====", 1), "line 1: expected a border"),
    ],
)
def test_a_wrong_structure_names_the_line(text: str, detail: str) -> None:
    passed, got, _ = displayed(text)
    assert not passed and detail in got


def report(copy: object, same_outer: bool = False, shared: list[int] | None = None) -> CallOutcome:
    value = {
        "copy": copy,
        "same_outer": same_outer,
        "shared_rows": shared or [],
        "original_changed": bool(shared),
    }
    return CallOutcome("returned", value=value)


def test_a_copy_must_share_nothing_with_the_original() -> None:
    expect = Copied(HANDOUT_PUZZLE)
    assert expect.judge(report(thaw(HANDOUT_PUZZLE))).passed
    outer = expect.judge(report(thaw(HANDOUT_PUZZLE), same_outer=True))
    assert "not a copy" in outer.detail
    rows = expect.judge(report(thaw(HANDOUT_PUZZLE), shared=list(range(9))))
    assert "shares rows 0, 1" in rows.detail and "copy each row too" in rows.detail


SOLVED: Grid = tuple(tuple((r * 3 + r // 3 + c) % 9 + 1 for c in range(9)) for r in range(9))


def test_solve_must_leave_its_input_as_it_was() -> None:
    puzzle = tuple(
        tuple(0 if (r + c) % 2 else v for c, v in enumerate(row)) for r, row in enumerate(SOLVED)
    )
    expect = SolvedGrid(puzzle, SOLVED, keeps_input=True)
    kept = CallOutcome("returned", value=thaw(SOLVED), args_after=(thaw(puzzle),))
    changed = CallOutcome("returned", value=thaw(SOLVED), args_after=(thaw(SOLVED),))
    assert expect.judge(kept).passed
    assert "changed the puzzle it was given" in expect.judge(changed).detail
    none = SolvedGrid(puzzle, None, keeps_input=True).judge(
        CallOutcome("returned", value=None, args_after=(thaw(puzzle),))
    )
    assert none.passed


def test_puzzle_files_are_written_as_the_course_writes_them() -> None:
    text = course_text(HANDOUT_PUZZLE)
    assert text.startswith("8 0 0 0 0 0 0 0 0\r\n0 0 3 6") and not text.endswith("\n")
    assert course_text(HANDOUT_PUZZLE, "\n", final="\n").endswith("4 0 0\n")


COURSE = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "cosc130-puzzles"


@pytest.mark.skipif(not COURSE.is_dir(), reason="../shared/datasets/cosc130-puzzles is absent")
def test_our_puzzle_files_are_byte_for_byte_in_the_courses_format() -> None:
    original = (COURSE / "puzzle01.txt").read_bytes()
    grid = tuple(tuple(int(v) for v in line.split()) for line in original.decode().splitlines())
    assert course_text(grid).encode() == original


EXAMPLES = REPO / "submissions" / "sudoku-script"
NO_NOTEBOOKS = unavailable(Path(sys.executable))


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Any]]:
    if NO_NOTEBOOKS:
        pytest.skip(NO_NOTEBOOKS)
    return graded_examples("sudoku-script")


def test_score_table_matches_golden(
    graded: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    compare_golden("sudoku-script.table.txt", graded[0], request)


def test_json_report_matches_golden(
    graded: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    report = without_timings(graded[1])
    check_schema(report)
    compare_golden("sudoku-script.json", json.dumps(report, indent=2) + "\n", request)


def test_submissions_without_a_notebook_are_marked_out_of_the_rest(
    graded: tuple[str, dict[str, Any]],
) -> None:
    subs = {s["name"]: s for s in graded[1]["submissions"]}
    assert (subs["correct"]["marks"], subs["correct"]["max_marks"]) == (120, 120)
    assert (subs["prints-in-load"]["marks"], subs["prints-in-load"]["max_marks"]) == (100, 100)
    assert re.search(r"^prints-in-load .* 30 +- +100/100 +graded$", graded[0], re.MULTILINE)
    notebook = subs["notebook-cell-error"]["items"][-1]
    assert notebook["cases"][0]["verdict"] == "RE"
    assert notebook["feedback"] == ["ran Project_02_Jones.ipynb"]
