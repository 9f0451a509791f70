"""`sudoku-harness check`: the reference must score full marks, every example its expected outcome,
and no control more than it may.

Each solve item's limit is held, without running anything, to the function panel's times that
`suites calibrate -a NAME --record` wrote (solvers/panel/times/NAME.yaml), when it wrote them.

An example submission folder `examples/NAME/` has its expected outcome beside it, in
`examples/NAME.expected.yaml`:

    status: graded               # or error, or forged
    marks: {total: 110, sudoku_solver: 20}   # the total and any items to check, exactly,
                                             # and any criteria: solveBoard.keeps-givens: 2
    flags: [print]               # the rules flagged (as a set); omitted: none
    note: "syntax error"         # optional: text the note must contain

The controls are made, not kept: stubs of the reference whose every graded function answers one
constant (harness/kinds/controls/), each of which may earn at most 5% of the maximum, and
the handout's starter (config.yaml's `starter:`), which may earn at most its `marks` (0 unless
said). They are graded together, in one run.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from harness.calibration.panel_record import limit_checks
from harness.config import Config, StarterConfig
from harness.errors import BadInput, one_line
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.kinds.controls import STUB_SHARE, Control, stub_controls
from harness.kinds.function_library.declared import skipped
from harness.kinds.registry import suffixes_for
from harness.puzzles.suites import load_suites
from harness.records.results import ItemResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.submissions import Submission, discover
from harness.yamlfile import dotted, first_error, read_yaml

TOLERANCE = 0.005
STARTER = "starter"  # the starter's row, and its folder among the controls'
RowKind = Literal["reference", "example", "limit", "control", "starter"]


class Expected(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    status: str = "graded"
    marks: dict[str, float] = Field(default_factory=dict)
    flags: frozenset[str] = frozenset()
    note: str = ""


@dataclass(frozen=True)
class CheckRow:
    assignment: str
    kind: RowKind
    name: str
    expected: str
    got: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check(config: Config, names: Sequence[str], jobs: int) -> list[CheckRow]:
    return [row for name in names for row in _check_assignment(config, name, jobs)]


def _check_assignment(config: Config, name: str, jobs: int) -> list[CheckRow]:
    examples, expected = expected_outcomes(config, name)  # first: a bad one is said before grading
    plan = calibrated_plan(config, name)
    results = _grade(plan, examples, jobs) if examples else ()
    rows = reference_rows(config, plan, jobs) + example_rows(name, results, expected)
    return rows + limit_rows(config, plan) + control_rows(config, plan, jobs)


def left_out_lines(config: Config, name: str) -> list[str]:
    """The suites' cases each declared item leaves out, and why (a size it is not asked at,
    several solutions, none), a line per item and reason."""
    assignment = config.assignment(name)
    cases = [c for s in load_suites([config.path(p) for p in assignment.suites]) for c in s.cases]
    return [f"{name}: {line}" for line in skipped.summary(skipped.left_out(assignment, cases))]


def expected_outcomes(config: Config, name: str) -> tuple[list[Submission], dict[str, Expected]]:
    """The assignment's examples and each one's expected outcome, every file read."""
    folder = config.assignment(name).examples
    if folder is None:
        return [], {}
    found = config.path(folder)
    examples = discover(found, suffixes_for(config, name))
    return examples, {e.name: load_expected(found / f"{e.name}.expected.yaml") for e in examples}


def reference_rows(config: Config, plan: Plan, jobs: int) -> list[CheckRow]:
    """The reference solutions graded: each must score full marks and break no rule."""
    if not plan.assignment.reference:
        return []
    folder = config.path(plan.assignment.reference)
    found = discover(folder, suffixes_for(config, plan.name))
    return [_reference_row(plan, r) for r in _grade(plan, found, jobs)]


def example_rows(
    name: str, results: Sequence[SubmissionResult], expected: Mapping[str, Expected]
) -> list[CheckRow]:
    """Each example's result held against its expected outcome (`expected_outcomes`)."""
    return [example_row(name, result, expected[result.name]) for result in results]


def limit_rows(config: Config, plan: Plan) -> list[CheckRow]:
    """Each solve item's limit held to the function panel's recorded times (its slowest correct
    member, times 3: harness/calibration/panel_record.py); none where nothing is recorded. Reading
    the record runs nothing: `suites calibrate -a NAME --record` runs the panel."""
    return [
        CheckRow(plan.name, "limit", c.item, c.needed, f"{c.limit:g} s", c.problems)
        for c in limit_checks(config, plan)
    ]


def control_rows(config: Config, plan: Plan, jobs: int) -> list[CheckRow]:
    """The stub controls and the starter, each held to what it may earn."""
    return held(plan, *graded_controls(config, plan, jobs))


def graded_controls(config: Config, plan: Plan, jobs: int) -> (
    tuple[tuple[Control, ...], tuple[SubmissionResult, ...]]
):  # fmt: skip
    """The stub controls made from the reference, and what they and the starter earn, graded
    together in one run (from a folder that is gone when it returns)."""
    controls = stub_controls(config, plan.name)
    with tempfile.TemporaryDirectory(prefix="sudoku-harness-controls-") as made:
        folder = Path(made)
        submissions = [control.write(folder) for control in controls]
        starter = plan.assignment.starter
        if starter.files:
            submissions.append(_starter(config, starter, folder))
        return controls, _grade(plan, submissions, jobs) if submissions else ()


def held(plan: Plan, controls: Sequence[Control], results: Sequence[SubmissionResult]) -> (
    list[CheckRow]
):  # fmt: skip
    """Each graded control (`controls`, and the starter) held to what it may earn."""
    order = {control.name: index for index, control in enumerate(controls)}
    return [
        _stub_row(plan, result) if result.name in order else _starter_row(plan, result)
        for result in sorted(results, key=lambda r: order.get(r.name, len(order)))
    ]


def _starter(config: Config, starter: StarterConfig, folder: Path) -> Submission:
    """The starter's files, copied into a folder of their own, as one submission."""
    made = folder / STARTER
    made.mkdir()
    for file in starter.files:
        shutil.copyfile(config.path(file), made / file.name)
    return Submission(STARTER, made)


def _stub_row(plan: Plan, result: SubmissionResult) -> CheckRow:
    """A stub may earn STUB_SHARE of what it was graded out of (an item it could not take part
    in, a notebook it lacks, is not among them)."""
    at_most = STUB_SHARE * result.max_marks
    problems = []
    if result.status != "graded":
        problems.append(f"the control was not graded ({result.note or result.status}): it tests "
                        "nothing")  # fmt: skip
    elif result.marks > at_most + TOLERANCE:
        problems.append(f"a stub earns more than {STUB_SHARE:.0%} of the marks: {_earned(result)}")
    expected = f"<= {at_most:g}"
    return CheckRow(
        plan.name, "control", result.name, expected, f"{result.marks:g}", tuple(problems)
    )


def _starter_row(plan: Plan, result: SubmissionResult) -> CheckRow:
    at_most = plan.assignment.starter.marks
    problems = []
    if result.marks > at_most + TOLERANCE:
        problems.append(f"the starter earns more than the {at_most:g} starter.marks allows: "
                        f"{_earned(result)}")  # fmt: skip
    expected = f"<= {at_most:g}"
    return CheckRow(
        plan.name, "starter", result.name, expected, f"{result.marks:g}", tuple(problems)
    )


def _earned(result: SubmissionResult) -> str:
    """The items that earned anything, with what."""
    return ", ".join(f"{i.name} {i.marks:g}/{i.max_marks:g}" for i in result.items if i.marks > 0)


def _grade(plan: Plan, submissions: list[Submission], jobs: int) -> tuple[SubmissionResult, ...]:
    return grade_all(plan, submissions, jobs).submissions


def load_expected(path: Path) -> Expected:
    if not path.is_file():
        raise BadInput.at(str(path), "missing: every example needs its expected outcome beside it")
    try:
        return Expected.model_validate(read_yaml(path))
    except ValidationError as err:
        location, message = first_error(err)
        raise BadInput.at(str(path), f"{dotted(location)}: {message}") from None


def _reference_row(plan: Plan, result: SubmissionResult) -> CheckRow:
    problems = []
    if result.status != "graded" or abs(result.marks - result.max_marks) > TOLERANCE:
        problems.append(f"the reference must score full marks ({_lost(result)})")
    problems += [f"the reference breaks a rule: {f.message} (line {f.line})" for f in result.flags]
    full = f"{result.max_marks:g}"
    return CheckRow(plan.name, "reference", result.name, full, f"{result.marks:g}", tuple(problems))


def _marks(result: SubmissionResult) -> dict[str, float]:
    """What `marks:` may name: the total, each item, and each criterion as ITEM.CRITERION."""
    criteria = {f"{i.name}.{c.name}": c.marks for i in result.items for c in i.criteria}
    return {"total": result.marks, **{item.name: item.marks for item in result.items}, **criteria}


def example_row(assignment: str, result: SubmissionResult, expected: Expected) -> CheckRow:
    """An example's result held against its expected outcome."""
    got = _marks(result)
    problems = (
        [f"status {result.status}, expected {expected.status}"]
        if result.status != expected.status
        else []
    )
    ungraded = {i.name: f"not graded: {i.ungraded_reason}" for i in result.items if not i.graded}
    for key, value in expected.marks.items():
        if key not in got:
            problems.append(f"marks.{key}: no such item or criterion")
        elif key.partition(".")[0] in ungraded:
            problems.append(f"{key}: {ungraded[key.partition('.')[0]]}")
        elif abs(got[key] - value) > TOLERANCE:
            problems.append(f"{key}: {got[key]:g}, expected {value:g}")
    flagged = frozenset(f.rule for f in result.flags)
    if flagged != expected.flags:
        problems.append(f"flags {sorted(flagged)}, expected {sorted(expected.flags)}")
    if expected.note not in result.note:
        problems.append(f"note {result.note!r} lacks {expected.note!r}")
    want = f"{expected.marks['total']:g}" if "total" in expected.marks else "?"
    return CheckRow(assignment, "example", result.name, want, f"{result.marks:g}", tuple(problems))


def _lost(result: SubmissionResult) -> str:
    """Each item the reference lost marks on, with why: its first failing case's detail."""
    lost = [
        f"{i.name} {i.marks:g}/{i.max_marks:g}{_first_failure(i)}"
        for i in result.items
        if i.graded and i.marks < i.max_marks
    ]
    return ", ".join(lost) or result.note or result.status


def _first_failure(item: ItemResult) -> str:
    failed = next((c for c in item.cases if c.verdict is not Verdict.AC), None)
    return f": {one_line(failed.detail)}" if failed is not None and failed.detail else ""
