"""Shared helpers: grading through the real pipeline (real worker processes), golden files."""

from __future__ import annotations

import atexit
import fcntl
import functools
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.cli.check import graded_controls
from harness.config import load_config
from harness.errors import ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.feedback import AGAIN, AGAIN_CLOSE
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.records.results import Report, from_json, to_json
from harness.submissions import discover

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATASETS = REPO.parent / "shared" / "datasets"
# Each xdist process grades with its share of the cores, so that student processes never
# outnumber them: two processes each grading two jobs on two cores gave a far time-out half a
# core, its wall-clock limit fired before its CPU limit, and it was graded again alone (twice
# the work, and the note some goldens had to strip). Marks are the same either way.
JOBS = max(1, (os.cpu_count() or 1) // int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
SHIPPED_FOLDERS = ("testcases", "solvers", "unit-tests")  # what the shipped config.yaml names


def shipped_config_text(text: str | None = None) -> str:
    """The shipped config.yaml (or TEXT from it) with the files it names made absolute, for a
    copy that lives outside the repository."""
    text = (REPO / "config.yaml").read_text() if text is None else text
    for folder in SHIPPED_FOLDERS:
        text = re.sub(rf"(?<=[\[ ]){folder}/", f"{REPO}/{folder}/", text)
    return text


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden files")


def plan_for(config: Path, assignment: str) -> Plan:
    return calibrated_plan(load_config(config), assignment)


def grade_path(plan: Plan, path: Path, jobs: int = JOBS) -> Report:
    return grade_all(plan, discover(path, (".py",)), jobs)


def grade_cli(folder: Path, out: Path, *options: str) -> tuple[str, dict[str, Any]]:
    """`sudoku-harness grade FOLDER --json OUT [options]` through the CLI: the score table (stdout
    only: stderr has the isolation line, which differs by machine) at the width of no terminal
    (COLUMNS unset), and the JSON report. The run exits 0, or 5 when some rows are errors."""
    jobs = [] if {"-j", "--jobs"} & set(options) else ["--jobs", str(JOBS)]
    args = ["grade", str(folder), "--json", str(out), *jobs, *options]
    result = CliRunner().invoke(app, args, env={"COLUMNS": None})
    report: dict[str, Any] = json.loads(out.read_text())
    errors = any(s["status"] == "error" for s in report["submissions"])
    assert result.exit_code == (ExitCode.SOME_ERRORS if errors else ExitCode.OK), result.output
    return result.stdout, report


EXAMPLE_OUTPUTS = ("marks.json", "gradebook.csv", "junit.xml")


# Submissions, not tests: a hostile fixture's conftest.py (fixtures/hostile/pytest) is never this
# suite's, and its folders need not be walked.
collect_ignore = ["fixtures"]

SHARED = "SUDOKU_HARNESS_TESTS_SHARED"  # a folder every test process of one run shares


GRADING_FIXTURES = {  # module -> its module-scoped fixture that grades a folder of fixtures
    "tests.test_board_solver": "graded",
    "tests.test_close": "alone",
    "tests.test_skipping": "exponential",
    "tests.test_notebook": "graded",
    "tests.test_program_io": "graded",
    "tests.test_stdin_program": "graded",
    "tests.test_verdicts": "graded",
    "tests.test_reply_fuzz": "reports",
    "tests.test_resume": "whole",
    "tests.test_scaffold_references": "written",  # `new` on every shipped reference, once
}
# The tests that read a grading shared by the whole run (`graded_examples`, `examples_report`,
# `controls_report`): (module, fixture or test) -> the assignment it reads, or BY_PARAMETER (its
# `assignment` parameter). Each assignment's readers run in one test process, after the first
# of them grades: in two, the second waits on the first's lock, a process idle for the length
# of a grading (20 to 100 s).
BY_PARAMETER = ""
SHARED_READERS = {
    ("tests.test_board_solver", "report"): "board-solver",
    ("tests.test_stdin_program", "examples_report"): "stdin-program",
    ("tests.test_examples", "graded"): "sudoku-functions",
    ("tests.test_examples", "test_check_passes_on_the_repository"): BY_PARAMETER,
    ("tests.test_stub_controls", "test_a_stub_earns_at_most_5_percent"): BY_PARAMETER,
    ("tests.test_stub_controls", "test_the_starter_earns_at_most_what_config_says"): BY_PARAMETER,
    ("tests.test_gradebook", "test_the_graded_examples_match_the_golden_gradebook"): BY_PARAMETER,
    ("tests.test_junit", "test_the_graded_examples_match_the_golden_junit"): BY_PARAMETER,
    ("tests.test_cli_outputs", "test_one_run_writes_every_format"): "sudoku-functions",
    ("tests.test_pages", "functions_report"): "sudoku-functions",
    ("tests.test_pages", "test_a_crashing_program_page_shows_its_stderr"): "stdin-program",
    ("tests.test_sudoku_script", "graded"): "sudoku-script",
}


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups off the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A module-scoped fixture is made once per worker that asks for it: the tests that use one
    that grades a folder (GRADING_FIXTURES) go to one worker (`--dist loadgroup`), so each
    folder is graded once in a run; test_hostile grades a shape at a time: one worker per
    shape; the tests that read an assignment's shared gradings (SHARED_READERS) go to one
    worker (the others would wait on its lock). Other modules' fixtures are cheap, and their
    tests spread over every worker."""
    for item in items:
        module = getattr(item, "module", None)
        if module is None:
            continue
        names = getattr(item, "fixturenames", ())
        shared = _shared_grading(item, module.__name__, names)
        if module.__name__ == "tests.test_hostile" and "runs" in names:
            _group(item, f"hostile-{_hostile_shape(item, module)}")
        elif shared:
            _group(item, f"examples-{shared}")
        elif GRADING_FIXTURES.get(module.__name__) in names:
            _group(item, module.__name__)


def _shared_grading(item: pytest.Item, module: str, names: Sequence[str]) -> str:
    """The assignment whose shared gradings `item` reads (SHARED_READERS), or ""."""
    function = getattr(getattr(item, "function", None), "__name__", "")
    for (where, reader), assignment in SHARED_READERS.items():
        if module == where and (reader in names or reader == function):
            params = getattr(getattr(item, "callspec", None), "params", {})
            return assignment or str(params.get("assignment", ""))
    return ""


def _group(item: pytest.Item, name: str) -> None:
    """`item` into xdist's group `name`. xdist 3.8 appends the group to `item._nodeid`, which
    pytest 9 no longer reads (its id is `_id`): there, the id is made here."""
    if not getattr(item.config.option, "loadgroup", False):
        return  # not under xdist's loadgroup (-n 0, or another --dist)
    if hasattr(item, "_nodeid"):
        item.add_marker(pytest.mark.xdist_group(name))
        return
    from _pytest.nodeid import coerce_node_id  # pytest 9's

    setattr(item, "_id", coerce_node_id(f"{item.nodeid}@{name}"))  # noqa: B010


def _hostile_shape(item: pytest.Item, module: Any) -> str:
    params = getattr(getattr(item, "callspec", None), "params", {})
    shape = params.get("shape") or getattr(params.get("fixture"), "shape", None)
    if shape is None and "name" in params:
        shape = module.BY_NAME[params["name"]].shape
    return str(shape or "python")  # the tests that name no fixture take Python's


def pytest_configure(config: pytest.Config) -> None:
    """In the controlling process (or a run without xdist): the folder the examples' gradings
    are kept in, handed to the xdist workers through the environment they inherit."""
    if not hasattr(config, "workerinput"):
        os.environ[SHARED] = tempfile.mkdtemp(prefix="sudoku-harness-tests-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput") and SHARED in os.environ:
        shutil.rmtree(os.environ.pop(SHARED), ignore_errors=True)


@functools.cache
def _examples_folder() -> Path:
    shared = os.environ.get(SHARED)
    if shared:
        return Path(shared)
    folder = Path(tempfile.mkdtemp(prefix="sudoku-harness-tests-"))  # run outside pytest's hooks
    atexit.register(shutil.rmtree, folder, True)
    return folder


@functools.cache
def _graded_examples(assignment: str) -> tuple[str, Path]:
    """Graded once per run: the first test process to ask grades, under a lock, and the others
    read what it wrote (each example grading takes 20 to 75 s; xdist's processes share them)."""
    out = _examples_folder() / assignment
    with open(_examples_folder() / f"{assignment}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = out / "stdout.txt"
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)  # a grading that failed half-way
            out.mkdir()
            options = ["--config", str(REPO / "config.yaml"), "-a", assignment]
            options += ["--csv", str(out / "gradebook.csv"), "--junit", str(out / "junit.xml")]
            options += ["--report", str(out / "pages")]
            folder = REPO / "submissions" / assignment
            stdout, _ = grade_cli(folder, out / "marks.json", *options)
            done.write_text(stdout)
        return done.read_text(), out


def graded_examples(assignment: str) -> tuple[str, dict[str, Any]]:
    """The bundled examples of `assignment` graded through the CLI (`grade --json --csv --junit
    --report`): the score table and a fresh copy of the JSON report. Graded once per test
    process, as the golden, gradebook, pages and output tests all read the same grading."""
    stdout, out = _graded_examples(assignment)
    return stdout, json.loads((out / "marks.json").read_text())


def graded_examples_outputs(assignment: str) -> Path:
    """The folder holding every file that grading wrote (see EXAMPLE_OUTPUTS, and pages/)."""
    return _graded_examples(assignment)[1]


def examples_report(assignment: str) -> Report:
    """The bundled examples' report, read back from the JSON (it is lossless)."""
    return from_json(graded_examples(assignment)[1])


@functools.cache
def check_plan(assignment: str) -> Plan:
    """The shipped assignment's calibrated plan, made once per test process as `check` makes it
    once for its references, examples and controls (calibrating runs the reference on every
    timed case: stdin-program's takes 5 s)."""
    return calibrated_plan(load_config(REPO / "config.yaml"), assignment)


@functools.cache
def _graded_controls(assignment: str) -> Path:
    """The stub controls and the starter of `assignment` graded as `check` grades them, once per
    run and shared by xdist's processes as the examples are: a JSON report's path."""
    out = _examples_folder() / f"{assignment}.controls.json"
    with open(_examples_folder() / f"{assignment}.controls.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not out.exists():
            config = load_config(REPO / "config.yaml")
            plan = check_plan(assignment)
            _, results = graded_controls(config, plan, JOBS)
            report = Report(assignment, plan.max_marks, results)
            written = out.with_suffix(".part")
            written.write_text(json.dumps(to_json(report)))
            written.rename(out)  # whole, or not there: a grading that failed half-way
        return out


def controls_report(assignment: str) -> Report:
    """What the stub controls and the starter of `assignment` earn (`check`'s control rows)."""
    return from_json(json.loads(_graded_controls(assignment).read_text()))


def without_again(note: str) -> str:
    """A submission's note without saying it was graded again alone: it is when the machine was
    busy (a wall-clock time-out with CPU time to spare, or a time-out within twice its limit),
    and its marks are the same."""
    return "; ".join(part for part in note.split("; ") if part not in (AGAIN, AGAIN_CLOSE))


AGAIN_LINES = re.compile(  # the same notes in a score table, wrapped to its width
    r"\n +graded again alone: a case (ran out of\s+wall-clock\s+time\s+with\s+CPU\s+time"
    r"\s+to\s+spare|timed\s+out\s+within\s+twice\s+its\s+time\s+limit,\s+beside"
    r"\s+other\s+grading)"
)


def steady_table(table: str) -> str:
    """A score table without the note of a submission graded again alone (as `steady`)."""
    return AGAIN_LINES.sub("", table)


def steady(report: dict[str, Any]) -> dict[str, Any]:
    """A JSON report without what differs from run to run: case times, and the note of a
    submission graded again alone (test_gradebook.steady does the same to a Report)."""
    for sub in report["submissions"]:
        sub["note"] = without_again(sub["note"])
        sub.pop("graded_again", None)
    return without_timings(report)


def without_timings(report: dict[str, Any]) -> dict[str, Any]:
    """The report with every case's seconds set to 0, and no case stopped on the wall clock
    with CPU to spare (both differ from run to run: the second with the machine's load)."""
    for sub in report["submissions"]:
        for item in sub["items"]:
            for case in item["cases"]:
                case["seconds"] = 0
                case.pop("wall_only", None)
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How many attacks the hostile suite holds, and how many this machine could grade."""
    ran = [
        report
        for reports in terminalreporter.stats.values()
        for report in reports
        if "test_hostile.py" in str(getattr(report, "nodeid", ""))
    ]
    if not ran:
        return
    from tests import test_hostile  # only when its tests ran

    fixtures = test_hostile.ALL_FIXTURES
    by_shape = {shape: sum(f.shape == shape for f in fixtures) for shape in test_hostile.SHAPES}
    runnable = sum(f.runnable for f in fixtures)
    shapes = ", ".join(f"{count} {shape}" for shape, count in by_shape.items())
    terminalreporter.write_line(
        f"hostile suite: {len(fixtures)} attacks ({shapes}); {runnable} graded on this machine, "
        f"{len(fixtures) - runnable} skipped for a layer not in force"
    )


@pytest.fixture
def without_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """`python-sat` made unimportable: the reference solver's search alone decides puzzles."""
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
