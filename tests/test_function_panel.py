"""`suites calibrate -a ASSIGNMENT` for function libraries and driven assignments: the panel of
typical correct solvers (first- and last-empty backtracking, with and without a candidate check)
runs on the solve items' cases, and each limit is the smallest whole second at least 3 x the
slowest correct member (harness/calibration/function_panel.py); `check` holds the limits to the
recorded times (harness/calibration/panel_record.py). Timings are never asserted: the rule is."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from harness.calibration import function_panel, panel_record
from harness.calibration.function_panel import CaseTimes, ItemTimes, Timing, derive
from harness.cli.app import app
from harness.config import load_config
from harness.errors import BadInput, ExitCode
from harness.grading.plan import make_plan
from harness.puzzles.suites import dump_suite, load_suite
from harness.records.verdicts import Verdict
from tests.conftest import REPO

runner = CliRunner()
CORES = REPO / "solvers" / "panel" / "functions"
MEMBERS = function_panel.MEMBERS

# the rule, on timings made up ------------------------------------------------------------------


def item(times: dict[str, list[float | Verdict]], limit: float, floor: float = 0.0) -> ItemTimes:
    """An item whose cases each member took these CPU seconds on (a verdict: failed)."""
    count = len(next(iter(times.values())))
    rows = tuple(
        CaseTimes(
            f"case-{i}",
            tuple(
                Timing(m, t, 0.0, "wrong") if isinstance(t, Verdict) else Timing(m, Verdict.AC, t)
                for m, t in ((m, ts[i]) for m, ts in times.items())
            ),
        )
        for i in range(count)
    )
    return ItemTimes("solve", tuple(times), rows, limit, floor)


@pytest.mark.parametrize(
    ("slowest", "floor", "limit"),
    [(0.0, 0.0, 1.0), (0.01, 0.0, 1.0), (1.0, 0.0, 3.0), (1.01, 0.0, 4.0), (0.2, 2.0, 2.0)],
)
def test_the_limit_is_the_smallest_whole_second_at_least_3x_the_slowest(
    slowest: float, floor: float, limit: float
) -> None:
    assert derive(slowest, floor) == limit == max(floor, 1, math.ceil(3 * slowest))


def test_the_slowest_case_of_any_correct_member_decides_and_a_failing_member_is_left_out() -> None:
    found = item({"first": [0.1, 0.2], "last": [1.2, 0.3], "broken": [9.0, Verdict.WA]}, 5.0)
    assert found.correct == ("first", "last")
    assert found.slowest is not None and (found.slowest.member, found.slowest.case) == (
        "last",
        "case-0",
    )
    assert found.derived == 4.0 and found.margin
    assert found.problems == (
        "solve: broken fails 1 case(s), left out of the rule (first case-1, WA: wrong)",
    )


def test_a_limit_under_3x_the_slowest_lacks_the_margin() -> None:
    found = item({"first": [0.1], "last": [1.2]}, 3.0)
    assert not found.margin
    assert found.problems == (
        "solve: the limit 3 s is under 3 x the slowest correct member (last: 1.20 s on case-0); "
        "it should be at least 4 s",
    )


def test_no_correct_member_is_a_problem() -> None:
    found = item({"first": [Verdict.TLE]}, 3.0)
    assert (
        found.slowest is None and "no member of the panel solves every case" in found.problems[-1]
    )


# the panel run for real, on a fixture assignment ------------------------------------------------

CONFIG = """\
assignments:
  small:
    shape: function-library
    conventions: {sizes: [4]}
    suites: [tiny.yaml]
    reference: REFERENCE
    items:
      solveSudoku: {marks: 10, role: solve, returns: grid-or-none, time: 5.0}
"""
BROKEN = "def solve_grid(grid):\n    return True  # a member of the panel that does not solve\n"


def small_setup(tmp_path: Path) -> Path:
    """A function library of one solve item on the shipped 4x4 cases (one without a solution),
    and a panel beside config.yaml whose last member is broken."""
    shipped = load_suite(REPO / "testcases" / "small-4x4.yaml")
    (tmp_path / "tiny.yaml").write_text(dump_suite("tiny", "the shipped 4x4 cases", shipped.cases))
    cores = tmp_path / "solvers" / "panel" / "functions" / "python"
    shutil.copytree(CORES / "python", cores)
    (cores / f"{MEMBERS[-1]}.py").write_text(BROKEN)
    config = tmp_path / "config.yaml"
    config.write_text(CONFIG.replace("REFERENCE", str(REPO / "solvers" / "cmu-15112")))
    return config


def test_the_panel_runs_and_its_slowest_correct_member_gives_the_limit(tmp_path: Path) -> None:
    config = small_setup(tmp_path)
    result = runner.invoke(app, ["suites", "calibrate", "--config", str(config), "-a", "small",
                                 "--record"])  # fmt: skip
    output = result.output
    assert result.exit_code == ExitCode.FAILED, output  # the broken member is a problem
    lines = output.splitlines()
    assert lines[0].startswith("panel (python, small): CPU seconds per case")
    assert lines[2].split() == ["item", "case", *MEMBERS]
    rows = [line.split() for line in lines if line.startswith("solveSudoku  tiny/")]
    assert len(rows) == 4 and all(row[-1] == "WA" for row in rows)
    assert all(float(cell) >= 0 for row in rows for cell in row[2:-1])
    slowest = next(line.split() for line in lines if line.startswith("solveSudoku  slowest"))
    assert slowest[-1] == "-"
    assert f"NO: solveSudoku: {MEMBERS[-1]} fails 4 case(s), left out of the rule" in output

    recorded = yaml.safe_load((tmp_path / "solvers/panel/times/small.yaml").read_text())
    entry = recorded["items"]["solveSudoku"]
    assert entry["member"] in MEMBERS[:-1] and entry["case"].startswith("tiny/")
    limit = max(1.0, math.ceil(3 * entry["slowest"]))
    assert f"the limit is {limit:g} s, the smallest whole second at least 3 x that" in output
    assert "The limit in force, 5 s, has the margin." in output

    settings = load_config(config)
    (fresh,) = panel_record.limit_checks(settings, make_plan(settings, "small"))
    assert fresh.problems == () and fresh.limit == 5.0


def write_record(tmp_path: Path, config: Path, slowest: float) -> None:
    """The record `--record` writes for the fixture, made by hand (no run)."""
    settings = load_config(config)
    plan = make_plan(settings, "small")
    cores = panel_record.cores_digest(settings, plan, tmp_path / "solvers" / "panel")
    entry = {"slowest": slowest, "member": "last_empty", "case": "tiny/easy-4x4-001",
             "cases": panel_record.cases_digest(plan, "solveSudoku"), "cores": cores}  # fmt: skip
    body = {"assignment": "small", "language": "python", "items": {"solveSudoku": entry}}
    path = panel_record.record_path(settings, "small")
    path.parent.mkdir(parents=True)
    path.write_text(yaml.safe_dump(body))


def limit_problems(config: Path) -> tuple[str, ...]:
    settings = load_config(config)
    (found,) = panel_record.limit_checks(settings, make_plan(settings, "small"))
    return found.problems


def test_check_holds_the_limit_to_3x_the_recorded_slowest(tmp_path: Path) -> None:
    config = small_setup(tmp_path)
    write_record(tmp_path, config, 1.5)
    assert limit_problems(config) == ()
    config.write_text(config.read_text().replace("time: 5.0", "time: 4.0"))
    assert limit_problems(config) == (
        "the limit 4 s is under 3 x the panel's slowest correct member (last_empty: 1.50 s on "
        "tiny/easy-4x4-001)",
    )


def test_a_record_of_other_cases_or_cores_is_stale(tmp_path: Path) -> None:
    config = small_setup(tmp_path)
    write_record(tmp_path, config, 0.1)
    suite = load_suite(tmp_path / "tiny.yaml")
    (tmp_path / "tiny.yaml").write_text(dump_suite("tiny", "three", suite.cases[:3]))
    core = tmp_path / "solvers/panel/functions/python/first_empty.py"
    core.write_text(core.read_text() + "\n# edited\n")
    again = "run `sudoku-harness suites calibrate -a small --record`"
    assert limit_problems(config) == (
        f"the panel's times were recorded on other cases: {again}",
        f"the panel's times were recorded with other cores: {again}",
    )


def test_a_malformed_record_is_a_one_line_error(tmp_path: Path) -> None:
    config = small_setup(tmp_path)
    write_record(tmp_path, config, 0.1)
    path = tmp_path / "solvers/panel/times/small.yaml"
    path.write_text(path.read_text().replace("slowest:", "slowset:"))
    with pytest.raises(BadInput, match=r"small\.yaml: items\.solveSudoku\.slowset: unknown key"):
        limit_problems(config)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "small", "--language", "python"], "--language: not for small"),
        (["-a", "small", "--record", "tiny.yaml"], "--record: the times on other suites"),
        (["-a", "small", "--panel", "/no/such"], "/no/such/functions/python/first_empty.py: no"),
    ],
)
def test_bad_input_is_a_one_line_error(tmp_path: Path, args: list[str], message: str) -> None:
    config = small_setup(tmp_path)
    result = runner.invoke(app, ["suites", "calibrate", "--config", str(config), *args])
    assert result.exit_code == ExitCode.BAD_INPUT, result.output
    assert message in result.output and len(result.output.splitlines()) == 1


# the shipped assignments ------------------------------------------------------------------------


NOT_YET: dict[str, str] = {}  # assignments whose solve limit is not held to a record yet


def test_every_shipped_solve_limit_has_3x_the_recorded_panel() -> None:
    """Each shipped function library and driven assignment with a solve item has the panel's
    times recorded on its own cases and cores, and every limit in force is 3 x its slowest:
    what `check` says, read without running anything."""
    settings = load_config(REPO / "config.yaml")
    timed = [
        name
        for name, assignment in settings.assignments.items()
        if assignment.shape in function_panel.SHAPES
        and any(item.role == "solve" for item in assignment.items.values())
    ]
    assert {"c-functions", "java-functions", "sudoku-functions", "monash-fit1045"} <= set(timed)
    for name in timed:
        if name in NOT_YET:
            assert not panel_record.record_path(settings, name).is_file(), NOT_YET[name]
            continue
        plan = make_plan(settings, name)
        assert panel_record.record_path(settings, name).is_file(), name
        for found in panel_record.limit_checks(settings, plan):
            assert found.problems == (), (name, found.item)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_c_members_take_the_references_prototype_and_run_through_the_driver(
    tmp_path: Path,
) -> None:
    """c-functions' members, on one of its puzzles (given as a suite of its own): each built
    with the teacher's driver and the stand-ins, as a submission is, and each correct."""
    one = load_suite(REPO / "testcases" / "classic-9x9.yaml").cases[:1]
    suite = tmp_path / "one.yaml"
    suite.write_text(dump_suite("one", "one shipped 9x9", one))
    args = ["suites", "calibrate", "--config", str(REPO / "config.yaml"), "-a", "c-functions"]
    result = runner.invoke(app, [*args, str(suite)])
    assert result.exit_code == ExitCode.OK, result.output
    assert result.output.startswith("panel (c, c-functions): CPU seconds per case")
    lines = result.output.splitlines()
    (row,) = [line.split() for line in lines if line.startswith("solve_sudoku  one/")]
    assert row[:2] == ["solve_sudoku", "one/easy-9x9-001"] and len(row) == 2 + len(MEMBERS)
    assert all(float(cell) >= 0 for cell in row[2:])
