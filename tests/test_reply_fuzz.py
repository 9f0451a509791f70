"""Replies fuzzed: whatever a student's worker sends back, judging gives that case a verdict.

A student's code runs in the same process as the drivers that report on it, so it can rebind
them and send anything. Real reports are made here by running each board-solver driver on the
reference solution (trusted code, in this process), and real values by the function library's
expectations; then random leaves are replaced with `[]`, `{}`, NaN, Infinity, 2**70, long strings
and wrong types. Judging must never raise and never blame the harness (IE): a reply it cannot
judge is the student's run-time error.
"""

from __future__ import annotations

import copy
import importlib.util
import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness.config import load_config
from harness.grading.judge import judge
from harness.grading.plan import make_plan
from harness.records.outcomes import CallOutcome
from harness.records.probes import Probe
from harness.records.verdicts import Verdict
from harness.sandbox.child import board_driver
from tests.conftest import REPO

SOME = settings(max_examples=60, deadline=None, database=None)
JUNK: list[Any] = [
    [],
    {},
    math.nan,
    math.inf,
    -math.inf,
    2**70,
    -(2**70),
    "x" * 5000,
    None,
    True,
    -1,
    (1, 2, 3),
    [[1, 2], [3]],
    {"state": []},
    {(0, 0): [1]},
    {frozenset({1}): 2},
    b"bytes",
]
PER_ITEM = 2  # probes per item whose real reports are fuzzed


@cache
def reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "reference_a2", REPO / "solvers/board-solver/a2.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def board_probes() -> list[Probe]:
    plan = make_plan(load_config(REPO / "config.yaml"), "board-solver")
    chosen: dict[str, list[Probe]] = {}
    for probe in plan.probes:
        if len(chosen.setdefault(probe.item, [])) < PER_ITEM:
            chosen[probe.item].append(probe)
    return [probe for probes in chosen.values() for probe in probes]


@cache
def board_reports(folder: str) -> list[tuple[Probe, dict[str, Any]]]:
    """Each chosen probe with the report its driver gives on the reference, made in-process."""
    made = []
    for probe in board_probes():
        for relative, text in probe.files:
            path = Path(folder) / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        args = (str(Path(folder) / probe.args[0]), *probe.args[1:])
        report = board_driver.DRIVERS[probe.driver](reference(), {}, *args)
        made.append((probe, report))
    return made


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a report a student could put something else: each value, at any depth."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from leaves(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:20]):
            yield from leaves(inner, (*path, index))


def replaced(value: Any, path: tuple[Any, ...], junk: Any) -> Any:
    if not path:
        return copy.deepcopy(junk)
    changed = copy.copy(value)
    changed[path[0]] = replaced(value[path[0]], path[1:], junk)
    return changed


def judged_without_blaming_the_harness(probe: Probe, value: Any) -> None:
    result = judge(probe, CallOutcome("returned", value=value, seconds=0.01), 2.0)
    assert result.verdict is not Verdict.IE, result
    assert result.verdict in set(Verdict)


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Probe, dict[str, Any]]]:
    return board_reports(str(tmp_path_factory.mktemp("boards")))


def test_the_real_reports_are_accepted(reports: list[tuple[Probe, dict[str, Any]]]) -> None:
    """The fuzzing starts from replies the reference earns full marks with."""
    for probe, report in reports:
        result = judge(probe, CallOutcome("returned", value=report), 10.0)
        assert result.verdict is Verdict.AC, (probe.call, result.detail)


@SOME
@given(data=st.data())
def test_any_leaf_of_a_board_report_replaced_is_judged(
    reports: list[tuple[Probe, dict[str, Any]]], data: st.DataObject
) -> None:
    probe, report = data.draw(st.sampled_from(reports))
    places = list(leaves(report))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(places))
        report = replaced(report, path, data.draw(st.sampled_from(JUNK)))
        places = list(leaves(report))
    judged_without_blaming_the_harness(probe, report)


@SOME
@given(data=st.data())
def test_any_value_a_function_returns_is_judged(data: st.DataObject) -> None:
    assignment = data.draw(st.sampled_from(["sudoku-functions", "sudoku-script"]))
    plan = function_plans()[assignment]
    probe = data.draw(st.sampled_from(plan))
    value: Any = data.draw(
        st.recursive(
            st.sampled_from(JUNK),
            lambda inner: st.lists(inner, max_size=10) | st.tuples(inner, inner),
            max_leaves=30,
        )
    )
    judged_without_blaming_the_harness(probe, value)


@cache
def function_plans() -> dict[str, list[Probe]]:
    config = load_config(REPO / "config.yaml")
    plans = {}
    for name in ("sudoku-functions", "sudoku-script"):
        probes = make_plan(config, name).probes
        plans[name] = [p for p in probes if p.item != "notebook"][::25]
    return plans


PLACES_PER_REPORT = 40  # leaves of each real report replaced, spread over the whole report


def test_every_kind_of_junk_at_places_all_over_each_report_is_judged(
    reports: list[tuple[Probe, dict[str, Any]]],
) -> None:
    """Deterministic and spread out: the first answers, the snapshots, the trace's events."""
    for probe, report in reports:
        places = list(leaves(report))
        step = max(1, len(places) // PLACES_PER_REPORT)
        for path in places[::step]:
            for junk in JUNK:
                judged_without_blaming_the_harness(probe, replaced(report, path, junk))


class Unjudgeable:
    """An expectation that trips over the reply it is given, as one with an unseen hole would."""

    inspects_arguments = False
    criteria = ("assigns",)

    def judge(self, outcome: CallOutcome) -> Any:
        return {frozenset(outcome.value): 1}  # a list where a set was expected: TypeError

    def grids(self, probe: Probe, outcome: CallOutcome) -> None:
        return None


def test_a_reply_the_expectation_trips_over_is_the_students_run_time_error() -> None:
    """Was: TypeError: unhashable type: 'list' out of judging ended the whole class's run."""
    probe = Probe("makeMove", "b", "makeMove((0, 0), 1) on board b", (), Unjudgeable())
    result = judge(probe, CallOutcome("returned", value=[[1], [2]]), 1.0)
    assert result.verdict is Verdict.RE
    assert "sent a reply the harness cannot judge (TypeError: unhashable type: 'list')" in (
        result.detail
    )
    assert [(c.criterion, c.passed) for c in result.checks] == [("assigns", False)]
