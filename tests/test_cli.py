"""The CLI through typer's CliRunner, with real worker processes behind it."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, get_args

import pytest
from typer.testing import CliRunner

from harness.cli import entry
from harness.cli.app import app
from harness.errors import ExitCode
from harness.records.outcomes import AdaptationKind
from harness.sandbox import isolation, landlock, namespaces, view
from tests.conftest import FIXTURES, REPO, without_timings

CONFIG = str(REPO / "config.yaml")
REFERENCE = REPO / "solvers" / "sudoku-functions"
VERDICTS = FIXTURES / "functions"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def check_schema(report: dict[str, Any]) -> None:
    """The JSON schema (docs/reference/report.md, harness/records/results.py), key for key."""
    top = {"assignment", "max_marks", "submissions"}
    assert top <= set(report) <= top | {"layout", "absent"}
    student_keys = {"name", "lms_id", "email", "login", "sis_id", "section"}
    assert all(set(student) <= student_keys for student in report.get("absent", []))
    for sub in report["submissions"]:
        keys = {"name", "marks", "max_marks", "status", "note", "items", "flags"}
        later = {"student", "handed", "adjustments"}  # joined and applied after grading
        assert keys <= set(sub) <= keys | {"graded_again", "budget_spent", "source_line"} | later
        if "source_line" in sub:  # the student's line a load failure points at
            assert sub["status"] == "error"
            assert (
                {"number", "text"}
                <= set(sub["source_line"])
                <= {"number", "text", "column", "file"}
            )
        assert set(sub.get("student", {})) <= student_keys
        assert set(sub.get("handed", {})) <= {"at", "late_marked", "source"}
        for adjustment in sub.get("adjustments", []):
            assert set(adjustment) == {"kind", "item", "before", "after", "comment"}
            assert adjustment["kind"] in ("late", "override")
        assert all(sub.get(key, True) is True for key in ("graded_again", "budget_spent"))
        assert sub["status"] in ("graded", "error")
        assert isinstance(sub["marks"], (int, float)) and isinstance(sub["note"], str)
        graded = [item for item in sub["items"] if item["graded"]]
        assert abs(sum(item["max_marks"] for item in graded) - sub["max_marks"]) < 0.02
        for item in sub["items"]:
            keys = {"name", "marks", "max_marks", "graded", "feedback", "criteria", "cases"}
            assert keys <= set(item) <= keys | {"ungraded_reason", "helpers"}
            if "helpers" in item:  # both readings of an item a failing helper read again
                assert set(item["helpers"]) == {"own", "reference", "marked", "problem"}
                assert item["helpers"]["marked"] in ("own", "reference")
            assert item["graded"] or (item["marks"] == 0 and not item["cases"] and item["feedback"])
            assert item["graded"] == ("ungraded_reason" not in item)
            for row in item["criteria"]:
                assert {"name", "marks", "max_marks", "message"} <= set(row)
                assert set(row) <= {"name", "text", "marks", "max_marks", "message"}
                assert row.get("text", "-")  # the handout's wording, when config.yaml has it
                assert 0 <= row["marks"] <= row["max_marks"]
                assert (row["marks"] < row["max_marks"]) == bool(row["message"])
            # An item's marks differ from its criteria's only by a penalty or an adaptation, which
            # its feedback says, or by the teacher's override, which the adjustments say.
            overridden = any(a["item"] == item["name"] for a in sub.get("adjustments", []))
            if item["criteria"] and not overridden:
                earned = sum(r["marks"] for r in item["criteria"])
                assert item["marks"] <= earned + 0.02
                said = any(line.startswith(("adapted:", "-")) for line in item["feedback"])
                assert abs(earned - item["marks"]) < 0.02 or said
            for case in item["cases"]:
                assert {"id", "verdict", "detail", "seconds"} <= set(case)
                optional = {"accepted", "hidden", "wall_only", "not_run", "checks", "grids"}
                optional |= {"output"}
                optional |= {"printed", "adapted", "group", "constants", "close"}
                assert set(case) <= {"id", "verdict", "detail", "seconds"} | optional
                flags = ("hidden", "wall_only", "not_run", "close")
                assert all(case.get(key, True) is True for key in flags)
                assert not case.get("not_run") or case["verdict"] == "TLE"
                assert all(isinstance(reading, str) for reading in case.get("accepted", ["-"]))
                for adapted in case.get("adapted", []):
                    assert set(adapted) == {"kind", "text"}
                    assert adapted["kind"] in get_args(AdaptationKind)
                assert isinstance(case.get("group", "-"), str) and case.get("group", "-")
                assert all(isinstance(c, str) and c for c in case.get("constants", ["-"]))
                for check in case.get("checks", []):
                    assert {"criterion", "passed", "message"} <= set(check)
                    assert set(check) <= {"criterion", "passed", "message", "constants"}
                if "grids" in case:
                    assert case["verdict"] != "AC"
                    assert set(case["grids"]) == {"puzzle", "expected", "received"}
                    assert all(isinstance(row, str) for g in case["grids"].values() for row in g)
                if "output" in case:
                    assert isinstance(case["output"], str) and case["output"]
                assert case["verdict"] in ("AC", "WA", "TLE", "MLE", "OLE", "RE", "CE", "IE")
                assert isinstance(case["seconds"], (int, float))
        for flag in sub["flags"]:
            assert set(flag) == {"rule", "item", "line", "message"}


def test_grade_a_single_file_submission_with_json(tmp_path: Path) -> None:
    submission = tmp_path / "2021CS10549-q.py"
    submission.write_text((REFERENCE / "sudoku_functions.py").read_text())
    out = tmp_path / "marks.json"
    result = invoke("grade", str(submission), "--json", str(out), "--config", CONFIG)
    assert result.exit_code == ExitCode.OK, result.output
    assert "2021CS10549-q" in result.output and "120" in result.output
    report = json.loads(out.read_text())
    check_schema(report)
    assert report["assignment"] == "sudoku-functions"
    assert report["max_marks"] == 120
    [sub] = report["submissions"]
    assert (sub["name"], sub["marks"], sub["status"]) == ("2021CS10549-q", 120, "graded")
    assert [i["max_marks"] for i in sub["items"]] == [10, 10, 5, 5, 5, 10, 10, 10, 15, 5, 5, 30]


def test_the_assignment_is_inferred_from_the_path() -> None:
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--jobs", "1")
    assert result.exit_code == ExitCode.OK, result.output
    assert "total" in result.output and "/120" in result.output


def test_a_broken_interpreter_is_an_internal_error_not_the_students(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    text = (
        (VERDICTS / "config.yaml")
        .read_text()
        .replace("../../../testcases", str(REPO / "testcases"))
    )
    config.write_text("runtime:\n  python: /bin/false\n" + text)
    out = tmp_path / "r.json"
    result = invoke(
        "grade", str(VERDICTS / "AC" / "correct"), "--config", str(config), "--json", str(out)
    )
    assert result.exit_code == ExitCode.INTERNAL, result.output
    [sub] = json.loads(out.read_text())["submissions"]
    assert sub["status"] == "error"
    assert "internal error" in sub["note"]
    assert {c["verdict"] for i in sub["items"] for c in i["cases"]} == {"IE"}


def test_python_dash_m_harness_runs_the_same_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "harness", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("sudoku-harness ")


def test_grading_twice_gives_the_same_marks(tmp_path: Path) -> None:
    def marks(jobs: str) -> list[Any]:
        out = tmp_path / f"r{jobs}.json"
        args = ["grade", str(VERDICTS / "WA"), "--config", str(VERDICTS / "config.yaml")]
        result = invoke(*args, "--jobs", jobs, "--json", str(out))
        assert result.exit_code == ExitCode.OK, result.output
        return without_timings(json.loads(out.read_text()))["submissions"]  # type: ignore[no-any-return]

    assert marks("1") == marks("4")


def test_help_shows_an_example_per_command() -> None:
    for command in ("grade", "check"):
        result = invoke(command, "--help")
        assert result.exit_code == 0
        assert "Example:" in result.output


def test_doctor_lists_the_layers_and_grade_says_which_are_in_force(tmp_path: Path) -> None:
    doctor = invoke("doctor")
    assert doctor.exit_code == ExitCode.OK, doctor.output
    layers = ("supervisor", "rlimits", "working copy", "disk cap", "memory cgroup", "landlock")
    for layer in (*layers, "seccomp", "bubblewrap"):
        assert layer in doctor.output
    assert "bubblewrap" in doctor.output
    graded = invoke("grade", str(REFERENCE), "--config", CONFIG, "-j", "1", "--isolation", "off")
    assert graded.exit_code == ExitCode.OK, graded.output
    assert "WARNING: isolation: supervisor, rlimits and working copy only" in graded.stderr
    assert "WARNING" not in graded.stdout


def test_strict_isolation_refuses_to_run_without_confinement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layers = tuple(replace(layer, active=False) for layer in isolation.probe())
    monkeypatch.setattr(isolation, "probe", lambda: layers)
    result = invoke("grade", str(REFERENCE), "--config", CONFIG, "--isolation", "strict")
    assert result.exit_code == ExitCode.BAD_INPUT
    assert result.output == (
        "error: --isolation strict: neither Landlock nor namespaces (a private view, network and "
        "PID) are in force on this machine\n"
    )


def test_off_linux_doctor_says_what_holds_and_strict_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """macOS: no Landlock, seccomp, namespaces or cgroups. Nothing of them is tried there (their
    system calls mean other things), doctor says so plainly, and nothing silently weakens:
    strict refuses, auto warns."""
    monkeypatch.setattr(sys, "platform", "darwin")
    isolation.probe.cache_clear()
    try:
        layers = isolation.probe()
        doctor = invoke("doctor")
    finally:
        isolation.probe.cache_clear()
    assert {layer.name for layer in layers if layer.active} == {
        "supervisor",
        "rlimits",
        "working copy",
    }
    assert doctor.exit_code == ExitCode.OK, doctor.output
    said = " ".join(doctor.output.split())  # the table's wrapped cells, joined again
    assert said.count("Linux only: not on this system (macOS)") == len(layers) - 3
    assert "WARNING: isolation: supervisor, rlimits and working copy only" in said
    with pytest.raises(isolation.IsolationRefused):
        isolation.choose(isolation.Mode.STRICT, layers)


def test_namespaces_refused_are_one_line_each_and_never_a_silent_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where user namespaces are off (Ubuntu's AppArmor restriction, a sysctl), each namespace's
    row says why in one line, grade's isolation line leaves them out, and strict still asks for
    Landlock or all of them."""
    refused = "Operation not permitted"
    monkeypatch.setattr(namespaces, "refused", lambda wanted: refused)
    monkeypatch.setattr(view, "probe", lambda: f"cannot make a mount namespace: {refused}")
    isolation.probe.cache_clear()
    try:
        layers = isolation.probe()
        doctor = invoke("doctor")
    finally:
        isolation.probe.cache_clear()
    rows = {layer.name: layer for layer in layers}
    for name in ("private view", "network namespace", "pid namespace", "ipc namespace"):
        assert not rows[name].active and refused in rows[name].detail, rows[name]
    said = " ".join(doctor.output.split())
    assert said.count(refused) == 4, doctor.output
    chosen = isolation.choose(isolation.Mode.AUTO, layers)
    assert not (chosen.private_view or chosen.network_namespace or chosen.pid_namespace)
    assert "namespace" not in isolation.summary(chosen).split("only;")[0]
    if not chosen.landlock_abi:
        with pytest.raises(isolation.IsolationRefused):
            isolation.choose(isolation.Mode.STRICT, layers)


def test_on_windows_the_command_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    with pytest.raises(SystemExit) as exited:
        entry.main()
    assert exited.value.code == ExitCode.BAD_INPUT
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "WSL 2" in said, said


@pytest.mark.skipif(not landlock.abi(), reason="Landlock is not in this kernel")
def test_grade_says_which_layers_are_in_force() -> None:
    graded = invoke("grade", str(REFERENCE), "--config", CONFIG, "-j", "1")
    line = graded.stderr.strip()
    assert line.startswith("isolation: supervisor, rlimits, working copy, "), line
    assert f"Landlock ABI {landlock.abi()}" in line
    optional = ("pids cgroup", "memory cgroup", "no capabilities", "dedicated uid", "seccomp")
    active = {layer.name for layer in isolation.probe() if layer.active}
    assert [name for name in optional if name in line] == [n for n in optional if n in active]
