"""A pytest plugin: every case of one submission becomes a test item with its verdict.

For solver authors' own CI (installed as the `pytest11` entry point `sudoku_harness`)::

    pytest --sudoku-assignment sudoku-functions --sudoku-submission path/to/my-solution

Without `--sudoku-assignment` the plugin does nothing at all (it only adds its options), so it
never disturbs another project's test run. With it:

- at configure time the config, the assignment and the submission are checked and the plan is
  built; bad input is a `pytest.UsageError` (exit 4) with the harness's one-line message;
- collection adds one item per case of the plan, `sudoku::<item>::<case id>`, after whatever
  else pytest collects (so `-k`, `-m`, `--deselect` and `--lf` select among them). The ids come
  from the plan, not from grading: `--collect-only` grades nothing, and a submission that could
  not be run still has every item, each failing with the reason;
- the submission is graded once, when the first of its items is set up, exactly as
  `sudoku-harness grade` grades it: in the harness's isolated worker processes (this process
  never imports student code). That item's duration includes the grading; each item's own
  time is its `seconds` property;
- an item passes on AC and fails with `<verdict>: <detail>` otherwise (hidden cases: the
  masked detail). An IE (the harness's own failure, never the submission's) is an *error* at
  setup instead, saying so: CI stays red, since the case was not tested, but it is not blamed
  on the solver. An item left ungraded (a part this machine cannot run, or an optional part
  the submission lacks) is skipped with the reason;
- every item carries `verdict` and `seconds` as user properties, so `--junitxml` has them; the
  terminal summary ends with the marks, the status and the notes.

Give a path outside the project as `--sudoku-submission=PATH`: pytest takes a separate path
argument into account when it picks its rootdir (and so its ini file). `-p no:sudoku_harness`
turns the plugin off; with plugin autoloading off, `-p sudoku_harness` turns it on.

There is no `--sudoku-jobs`: one submission is graded by one supervisor, its cases in order
(consecutive time-outs skip the rest of an item), as the CLI grades it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Generator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness import __version__
from harness.config import find_config, load_config
from harness.errors import BadInput, HarnessError
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.kinds.registry import suffixes_for
from harness.records.results import CaseResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.sandbox.isolation import summary
from harness.submissions import Submission, discover

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr, TracebackStyle

log = logging.getLogger(__name__)

ROOT = "sudoku"  # the first part of every node id
UNGRADED = "not-graded"  # the one item of an assignment item this machine cannot grade
PLUGIN_NAME = "sudoku-harness-run"
NEED_ASSIGNMENT = ("sudoku_submission", "sudoku_config")  # options meaningless without it
INTERNAL = "internal error of the harness, not your fault (run again)"
JOBS = os.cpu_count() or 1  # as the CLI: a case timed out on a busy machine is graded again


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("sudoku-harness", "grading a Sudoku solver (sudoku-harness)")
    group.addoption(
        "--sudoku-assignment",
        metavar="NAME",
        help="Grade --sudoku-submission as this assignment of config.yaml: one test per case. "
        "Without it the sudoku-harness plugin does nothing.",
    )
    group.addoption(
        "--sudoku-submission",
        metavar="PATH",
        help="The submission to grade: a source file, or a folder holding one submission.",
    )
    group.addoption(
        "--sudoku-config",
        metavar="PATH",
        help="config.yaml to use (default: ./config.yaml or a parent's, or "
        "$SUDOKU_HARNESS_CONFIG).",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("sudoku_assignment") is None:
        _refuse_stray_options(config)
        return
    try:
        run = SudokuRun.prepare(config)
    except HarnessError as err:
        raise pytest.UsageError(f"sudoku-harness: {err}") from None
    config.stash[RUN] = run
    config.pluginmanager.register(run, PLUGIN_NAME)


def _refuse_stray_options(config: pytest.Config) -> None:
    """Our other options alone would otherwise be ignored, and a CI run silently green."""
    given = [name for name in NEED_ASSIGNMENT if config.getoption(name) is not None]
    if given:
        flags = ", ".join("--" + name.replace("_", "-") for name in given)
        raise pytest.UsageError(f"sudoku-harness: {flags} needs --sudoku-assignment NAME")


def _path(config: pytest.Config, option: str) -> Path | None:
    """An option's path, relative to where pytest was invoked."""
    value = config.getoption(option)
    return None if value is None else config.invocation_params.dir / value


class SudokuRun:
    """The one submission of this pytest session, its plan, and its grading (done once).

    Registered as a plugin only when `--sudoku-assignment` is given: its hooks act then only."""

    def __init__(self, plan: Plan, submission: Submission) -> None:
        self.plan = plan
        self.submission = submission
        self._graded: SubmissionResult | None = None
        self._failure = ""  # grading itself raised: why

    @classmethod
    def prepare(cls, config: pytest.Config) -> SudokuRun:
        """Check the input and build the plan; raises HarnessError for bad input."""
        name = config.getoption("sudoku_assignment")
        path = _path(config, "sudoku_submission")
        if path is None:
            raise BadInput("--sudoku-assignment needs --sudoku-submission PATH")
        settings = load_config(_find_config(_path(config, "sudoku_config")))
        settings.assignment(name)
        submission = _one_submission(discover(path, suffixes_for(settings, name)), path)
        return cls(calibrated_plan(settings, name), submission)

    def result(self) -> SubmissionResult | str:
        """The graded submission, or why grading failed (the harness's fault); graded once."""
        if self._graded is None and not self._failure:
            try:
                self._graded = grade_all(self.plan, [self.submission], JOBS).submissions[0]
            except Exception as err:  # an IE for every case, never a crash of the session
                log.exception("internal error grading %s", self.submission.name)
                self._failure = f"{type(err).__name__}: {err}"
        return self._graded if self._graded is not None else self._failure

    def pytest_report_header(self) -> list[str]:
        plan, submission = self.plan, self.submission
        return [
            f"sudoku-harness {__version__}: assignment {plan.name}, submission {submission.path}",
            summary(plan.isolation),
        ]

    @pytest.hookimpl(tryfirst=True)  # before -k, -m and --deselect select among the items
    def pytest_collection_modifyitems(
        self, session: pytest.Session, items: list[pytest.Item]
    ) -> None:
        root = SubmissionNode.from_parent(
            session, name=ROOT, nodeid=ROOT, path=self.submission.path
        )
        items.extend(session.genitems(root))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """An IE (a case's setup failing) reads as its one line, not as `Failed: ...`."""
        report = yield
        excinfo = call.excinfo
        if isinstance(item, CaseNode) and excinfo and excinfo.errisinstance(pytest.fail.Exception):
            report.longrepr = str(excinfo.value)
        return report

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self._graded is None and not self._failure:
            return  # nothing was graded (--collect-only, or every case deselected)
        terminalreporter.write_sep("-", "sudoku-harness")
        for line in summary_lines(self.result()):
            terminalreporter.write_line(line)


RUN = pytest.StashKey[SudokuRun]()


def _find_config(explicit: Path | None) -> Path:
    try:
        return find_config(explicit)
    except BadInput as err:  # it names the CLI's option
        raise BadInput(str(err).replace("--config FILE", "--sudoku-config PATH")) from None


def _one_submission(found: list[Submission], path: Path) -> Submission:
    if len(found) == 1:
        return found[0]
    names = ", ".join(s.name for s in found[:5]) + (", ..." if len(found) > 5 else "")
    raise BadInput(f"{path}: a folder of {len(found)} submissions ({names}): pass one of them")


def summary_lines(result: SubmissionResult | str) -> list[str]:
    """The end of the terminal report: the marks, the status and the notes; items short of
    their marks, with their feedback."""
    if isinstance(result, str):
        return [f"grading failed: {INTERNAL}: {result}"]
    lines = [f"{result.name}: {result.marks:g}/{result.max_marks:g} marks, {result.status}"]
    lines += [f"note: {result.note}"] if result.note else []
    for item in result.items:
        if item.graded and item.marks < item.max_marks:
            lines.append(f"  {item.name}: {item.marks:g}/{item.max_marks:g}")
            lines += [f"    {line}" for line in item.feedback]
    return lines


class SubmissionNode(pytest.Collector):
    """The submission: one child per item of the assignment, in config.yaml's order."""

    def collect(self) -> Iterable[pytest.Item | pytest.Collector]:
        items = self.config.stash[RUN].plan.assignment.items
        return [ItemNode.from_parent(self, name=name) for name in items]


class ItemNode(pytest.Collector):
    """An item of the assignment: one child per case of the plan (for an item this machine
    cannot grade, one child that is skipped, saying why)."""

    def collect(self) -> Iterable[pytest.Item | pytest.Collector]:
        probes = self.config.stash[RUN].plan.probes
        ids = [probe.id for probe in probes if probe.item == self.name] or [UNGRADED]
        return [CaseNode.from_parent(self, name=case, item=self.name) for case in ids]


class CaseFailed(Exception):
    """A case the submission did not pass: shown as `<verdict>: <detail>`, no traceback."""

    def __init__(self, case: CaseResult) -> None:
        super().__init__(f"{case.verdict.value}: {case.detail}")


class CaseNode(pytest.Item):
    """One case: passes on AC, fails with the verdict otherwise, errors (at setup) on IE."""

    def __init__(self, *, item: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.item = item

    def setup(self) -> None:
        case = self._case()
        self.user_properties += [("verdict", case.verdict.value), ("seconds", case.seconds)]
        if case.verdict is Verdict.IE:  # an error, not a failure: the case was not tested
            pytest.fail(f"IE: {INTERNAL}: {case.detail}", pytrace=False)  # no traceback built

    def runtest(self) -> None:
        case = self._case()
        if not case.verdict.passed:
            raise CaseFailed(case)

    def _case(self) -> CaseResult:
        result = self.config.stash[RUN].result()
        if isinstance(result, str):
            return CaseResult(self.name, Verdict.IE, f"grading failed: {result}", 0.0)
        return case_result(result, self.item, self.name)

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: TracebackStyle | None = None
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{ROOT}::{self.item}::{self.name}"


def case_result(result: SubmissionResult, item_name: str, case_id: str) -> CaseResult:
    """The case's result in the report; for a submission that did not run, its item's one case
    saying why. Skips (pytest.skip) a case of an item that was not graded."""
    item = next((item for item in result.items if item.name == item_name), None)
    if item is None:
        return CaseResult(case_id, Verdict.IE, f"the report has no item {item_name!r}", 0.0)
    if not item.graded:
        pytest.skip(f"not graded: {item.ungraded_reason}")
    for case in item.cases:
        if case.id == case_id:
            return case
    if result.status == "error" and len(item.cases) == 1:
        return item.cases[0]  # nothing ran: why, for every case
    return CaseResult(case_id, Verdict.IE, f"the report has no case {case_id!r}", 0.0)
