"""The pytest framework of shape unit-tests: the teacher's tests listed from their source (never
imported), named `module.test` or `module.Class.test` everywhere, a report's testcases (a
parametrized test's ids among them) named back so, and what a run's exit status and failure
messages say.

The worked example (pytest-functions) is graded by `check` in test_examples.py, and the attacks
on the runner in test_hostile.py (shape pytest).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness.cli.toolchains import toolchain
from harness.config import LanguageConfig
from harness.errors import BadInput, InternalError
from harness.kinds.unit_tests.frameworks import FRAMEWORKS
from harness.kinds.unit_tests.frameworks.pytest_ import FINISHED
from harness.limits import Limits
from harness.sandbox import pylib
from harness.sandbox.beside import Beside, Fared
from harness.sandbox.child.pytest_runner import ENDED, NO_SETTINGS
from harness.sandbox.isolation import SANDBOX, Grants, Mode, choose
from harness.sandbox.junit import Reading, read_reports
from harness.sandbox.process import Launch
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.sandbox.sidecar import sidecar

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


# the runner, for real: a sandboxed process under every layer in force here --------------------

TEACHER = """
import os
import sys

import pytest
from sudoku import solve


def test_solves():
    assert solve(1) == 1


@pytest.mark.parametrize("value", [2, 3])
def test_values(value):
    assert solve(value) == value


class TestAlso:
    def test_raises(self):
        solve(None)


def test_nothing_names_the_report(request):
    said = " ".join(sys.argv) + " " + " ".join(f"{k}={v}" for k, v in os.environ.items())
    assert "pytest.xml" not in said and ".finished" not in said
    assert request.config.option.xmlpath is None


def test_not_selected():
    assert False
"""
CORRECT = "def solve(value):\n    return value + 0\n"
SELECTED = (
    "test_sudoku.py::test_solves",
    "test_sudoku.py::test_values",
    "test_sudoku.py::TestAlso::test_raises",
    "test_sudoku.py::test_nothing_names_the_report",
)


@dataclass(frozen=True)
class Ran:
    run: ProgramRun
    reading: Reading
    unfinished: str
    fared: Fared


def _run(tmp_path: Path, submission: str, stdin: bytes | None = None, mark: bool = False) -> Ran:
    """The teacher's file and `submission` run by the runner as the shape runs it: the
    submission in an interpreter of its own beside the runner."""
    teacher = tmp_path / "teacher" / "test_sudoku.py"
    teacher.parent.mkdir()
    teacher.write_text(TEACHER)
    work = tmp_path / "work"
    work.mkdir()
    (work / "sudoku.py").write_text(submission)
    isolation = choose(Mode.AUTO)
    with sidecar([teacher], tmp_path) as side, side.reports() as reports:
        packages = pylib.copied(PYTEST.packages, side.root / "packages")
        report = reports / "pytest.xml"
        if mark:
            report.with_name(FINISHED).write_text("0")
        runner = [sys.executable, "-I", "-B", str(SANDBOX / "pytest_runner.py")]
        argv = [*runner, str(packages), str(side.tests), *SELECTED]
        launch = Launch(Path(sys.executable), work, 1 << 20, 1 << 20, isolation)
        beside = Beside(launch, Limits(), LIMITS.cpu, (packages,))
        try:
            handover = PYTEST.handover(report)
            assert handover.apart
            given = handover.stdin + beside.line(("sudoku",), 1 << 20) if stdin is None else stdin
            grants = Grants((side.tests, SANDBOX, packages), (reports,))
            run = run_program(
                argv, work, given, LIMITS, isolation, "program", grants=grants, peer=beside.peer
            )
        finally:
            fared = beside.close()
        return Ran(run, read_reports(reports, "pytest.xml"), PYTEST.unfinished(report), fared)


LIMITS = ProgramLimits(
    cpu=10, wall=60, memory_mb=256, output_bytes=1 << 20, file_size_mb=16, open_files=256
)


def test_a_run_is_read_back_from_its_report_alone(tmp_path: Path) -> None:
    """Every selected test (a parametrized one's cases counted for its function), none other;
    an exception out of a test is an error, and nothing in argv, the environment or pytest's
    options names the report when the tests run."""
    ran = _run(tmp_path, CORRECT)
    assert ran.run.ending.code == 1 and not ran.unfinished, ran.run.stdout.decode()[-2000:]
    outcomes: dict[str, list[tuple[str, str]]] = {}
    for case in ran.reading.cases:
        name = PYTEST.name(case.classname, case.name)
        outcomes.setdefault(name, []).append((case.status, PYTEST.raised(case.message)))
    assert outcomes == {
        "test_sudoku.test_solves": [("passed", "")],
        "test_sudoku.test_values": [("passed", ""), ("passed", "")],
        "test_sudoku.TestAlso.test_raises": [("failed", "TypeError")],
        "test_sudoku.test_nothing_names_the_report": [("passed", "")],
    }


def test_a_file_that_does_not_import_is_an_error_of_each_of_its_tests(tmp_path: Path) -> None:
    ran = _run(tmp_path, "def solved(value):\n    return value\n")
    assert ran.run.ending.code == 1 and not ran.unfinished
    assert {(c.name, c.status) for c in ran.reading.cases} >= {
        ("test_solves", "error"),
        ("test_values", "error"),
        ("test_raises", "error"),
    }
    assert all("cannot import name 'solve' from 'sudoku'" in c.message
               for c in ran.reading.cases if c.name == "test_solves")  # fmt: skip


def test_an_exit_in_the_middle_leaves_no_end_mark(tmp_path: Path) -> None:
    """The submission's interpreter exits (status 0, as at the end), and a report may be
    there: the runner stops at once, saying why, and the run does not count."""
    ran = _run(tmp_path, "import os\n\ndef solve(value):\n    os._exit(0)\n")
    assert ran.run.ending.code == ENDED and ENDED not in PYTEST.completed
    assert b"ended without replying" in ran.run.stderr
    assert "did not mark its end" in ran.unfinished
    # How it ended is said when it is seen gone within SETTLE (0.5 s): on a very busy machine
    # it may not be yet, and the run still does not count.
    assert ran.fared.ending is None or ran.fared.ending.code == 0


@pytest.mark.parametrize(
    ("stdin", "mark"), [(b"", False), (b"only-the-report.xml\n", False), (None, True)]
)
def test_without_its_settings_or_with_a_mark_there_already_a_run_is_no_run(
    tmp_path: Path, stdin: bytes | None, mark: bool
) -> None:
    ran = _run(tmp_path, CORRECT, stdin, mark)
    assert ran.run.ending.code == NO_SETTINGS
    assert NO_SETTINGS not in PYTEST.completed


def test_pytests_packages_are_put_beside_the_teachers_files_read_only(tmp_path: Path) -> None:
    folder = pylib.copied(("pluggy", "py"), tmp_path / "packages")
    assert (folder / "pluggy" / "__init__.py").is_file() and (folder / "py.py").is_file()
    assert not os.stat(folder / "pluggy" / "__init__.py").st_mode & 0o222 & ~0o200
    with pytest.raises(InternalError, match="no_such_package_here is not installed"):
        pylib.copied(("no_such_package_here",), tmp_path / "none")


def test_doctor_looks_for_pytest_where_the_harness_runs() -> None:
    language = LanguageConfig(files=("*.py",), modules=("pytest", "no_such_module_here"))
    found = toolchain("python-pytest", language)
    assert found.found[0].startswith("pytest: pytest ")
    assert found.detail == (
        "not installed: no_such_module_here, install it with pip install no_such_module_here "
        "(where the harness is installed)"
    )
