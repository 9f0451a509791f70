"""A stub earns nothing: for every shipped function assignment (Python, C, Java), the stub
controls `check` makes from its reference (every graded function answering one constant: None,
0, 1, True, False, [], its first argument; in C 0 and 1; in Java the type's default, and 1 or
true) are graded through the real pipeline, and each earns at most 5% of the maximum; the
handout's starter at most what config.yaml states (0 by default), the starter of c-functions,
whose functions return 0 as MP7's did, among them.

The gradings are the ones test_examples.py's repository check reads (tests/conftest.py's
`controls_report`: once per run, shared by xdist's processes)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from harness.cli.check import STARTER, TOLERANCE
from harness.config import load_config
from harness.kinds.controls import STUB_SHARE, stub_controls
from harness.records.results import SubmissionResult
from tests.conftest import REPO, controls_report

FUNCTIONS = (  # the shipped assignments of functions and methods, in Python, C and Java
    "sudoku-functions",
    "sudoku-script",
    "cmu-15112",
    "columbia-csp",
    "csp-sudoku",
    "monash-fit1045",
    "c-functions",
    "java-functions",
    "board-solver",
)
TOOLCHAINS = {  # what an assignment needs here, a command or a file (.ci/run installs them)
    "c-functions": "gcc",
    "java-functions": "javac",
    "uwb-css342": "/usr/include/gtest/gtest.h",
    "hawaii-ics211": "/usr/share/java/junit-platform-console-standalone.jar",
}
CONFIG = load_config(REPO / "config.yaml")
STARTERS = tuple(name for name, a in CONFIG.assignments.items() if a.starter.files)


def _param(assignment: str, *rest: str) -> Any:
    needed = TOOLCHAINS.get(assignment)
    here = needed is None or (Path(needed).exists() if "/" in needed else shutil.which(needed))
    marks = [] if here else [pytest.mark.skip(f"{needed} is not installed")]
    return pytest.param(assignment, *rest, marks=marks, id="-".join((assignment, *rest)))


def _graded(assignment: str, name: str) -> SubmissionResult:
    [result] = [r for r in controls_report(assignment).submissions if r.name == name]
    return result


def _earned(result: SubmissionResult) -> str:
    return ", ".join(f"{i.name} {i.marks:g}/{i.max_marks:g}" for i in result.items if i.marks)


@pytest.mark.parametrize(
    ("assignment", "control"),
    [_param(a, c.name) for a in FUNCTIONS for c in stub_controls(CONFIG, a)],
)
def test_a_stub_earns_at_most_5_percent(assignment: str, control: str) -> None:
    result = _graded(assignment, control)
    assert result.status == "graded", result.note  # a control that does not run tests nothing
    allowed = STUB_SHARE * result.max_marks
    assert result.marks <= allowed + TOLERANCE, (
        f"{assignment} {control}: {result.marks:g} of {result.max_marks:g} (at most {allowed:g}): "
        f"{_earned(result)}"
    )


def test_every_function_assignment_has_its_stubs() -> None:
    """Seven in Python, two in C and Java: a reference the makers could not read has none."""
    counts = {name: len(stub_controls(CONFIG, name)) for name in FUNCTIONS}
    assert counts == {**dict.fromkeys(FUNCTIONS, 7), "c-functions": 2, "java-functions": 2}


@pytest.mark.parametrize("assignment", [_param(a) for a in STARTERS])
def test_the_starter_earns_at_most_what_config_says(assignment: str) -> None:
    result = _graded(assignment, STARTER)
    allowed = CONFIG.assignment(assignment).starter.marks
    assert result.marks <= allowed + TOLERANCE, (
        f"{assignment}'s starter: {result.marks:g} (at most {allowed:g}): {_earned(result)}"
    )


def test_every_worked_example_ships_a_starter_of_its_own() -> None:
    worked = {
        "cmu-15112", "columbia-csp", "columbia-driver", "monash-fit1045", "c-functions",
        "java-functions", "uwb-css342", "hawaii-ics211", "cmu-15112-pytest",
    }  # fmt: skip
    for name in worked:
        files = CONFIG.assignment(name).starter.files
        here = [f.relative_to(CONFIG.root).parts[:3] for f in files]  # read from config.yaml's
        assert here and all(parts == ("solvers", "starters", name) for parts in here)
