"""Canaries (harness/kinds/unit_tests/frameworks/canaries.py): tests of the harness's own, planted
in every run of a course's tests, whose outcomes it knows. Each framework plants them as tests of
the file named like its own; a report in which one is not as it must be is forged (judged here on
hand-made reports, and on the reports the hostile fixtures write); a run whose report is forged from
inside it (a teacher's file makes every assertion pass, as the attacks of issue 39 did) earns
nothing, its row says "forged report" and it is flagged for review, in the table, the JSON and
the pages. Honest runs with canaries present are graded by `check` (test_examples.py) and the
AC fixtures of test_hostile.py.
"""

from __future__ import annotations

import ast
import random
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from harness.config import Framework as FrameworkName
from harness.grading.run import grade_all
from harness.kinds.unit_tests.frameworks import FRAMEWORKS
from harness.kinds.unit_tests.frameworks.base import Listed
from harness.kinds.unit_tests.frameworks.canaries import (
    Canary,
    Namer,
    Planted,
    forged,
    identifiers,
    unnamed,
)
from harness.records.results import (
    CaseResult,
    ItemResult,
    Report,
    SubmissionResult,
    from_json,
    to_json,
)
from harness.records.verdicts import Verdict
from harness.sandbox.junit import read_reports
from harness.submissions import discover
from harness.writers.diff import reasons
from harness.writers.pages.class_page import class_page
from harness.writers.pages.to_markdown import render
from harness.writers.table import summary
from tests.conftest import FIXTURES, REPO, plan_for

UNIT_TESTS = REPO / "unit-tests"
EXAMPLES: dict[FrameworkName, Path] = {  # a worked example's test file per framework
    "googletest": UNIT_TESTS / "uwb-css342" / "unit_test_sudoku.cpp",
    "junit5": UNIT_TESTS / "hawaii-ics211" / "SolveSudokuTest.java",
    "pytest": UNIT_TESTS / "cmu-15112-pytest" / "test_legal.py",
}
HOSTILE = FIXTURES / "hostile"
JAVA_TEST = re.compile(r"@org\.junit\.jupiter\.api\.Test void (\w+)\(\)")


def _plant(framework: FrameworkName, path: Path, seed: int = 39) -> Planted:
    text = path.read_text()
    return FRAMEWORKS[framework].plant(path, text, Namer(random.Random(seed), identifiers([text])))


def _planted_tests(framework: FrameworkName, path: Path, text: str) -> list[str]:
    """The tests a runner would run in `text`: JUnit's canaries name the annotation in full."""
    if framework == "junit5":
        return [f"{path.stem}.{name}" for name in JAVA_TEST.findall(text)]
    return [test.name for test in FRAMEWORKS[framework].listed(path, text)]


def _first_word(name: str) -> str:
    found = re.match(r"[A-Z]?[a-z]+|[A-Z]+", name)
    return found.group() if found else name


# planted ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("framework", sorted(EXAMPLES))
def test_canaries_are_tests_of_the_file_named_like_its_own(framework: FrameworkName) -> None:
    path = EXAMPLES[framework]
    text = path.read_text()
    planted = _plant(framework, path)
    course = [test.name for test in FRAMEWORKS[framework].listed(path, text)]
    names = [canary.test.name for canary in planted.canaries]
    assert {c.must for c in planted.canaries} == {"fail", "pass"}, planted.canaries
    assert set(names) <= set(_planted_tests(framework, path, planted.text)), planted.text
    lines, kept = text.splitlines(), planted.text.splitlines()
    assert kept[: len(lines) - 1] == lines[:-1]  # no line of the teacher's moves
    suites = {name.split(".", 1)[0] for name in course}
    for name in names:
        suite, test = name.split(".", 1)
        assert suite in suites and test not in text, name  # a suite of theirs, a name of none
        assert _first_word(test) in {_first_word(c.split(".", 1)[1]) for c in course}, name


def test_canaries_are_named_anew_for_every_run() -> None:
    path = EXAMPLES["pytest"]
    named = {tuple(c.test.name for c in _plant("pytest", path, seed).canaries) for seed in range(4)}
    assert len(named) > 1, named


def test_googletest_asserts_with_each_macro_the_file_uses() -> None:
    """uwb-css342's test file asserts with EXPECT_TRUE, EXPECT_EQ and EXPECT_FALSE (its helpers'
    ASSERT_TRUE is in a given header): a canary that must fail for each, and one that must pass
    them all."""
    planted = _plant("googletest", EXAMPLES["googletest"])
    added = planted.text[len(EXAMPLES["googletest"].read_text()) :]
    bodies = re.findall(r"TEST\(\w+, (\w+)\) \{(.*?)\n\}", added, re.DOTALL)
    macros = [re.findall(r"\b[A-Z]+_[A-Z]+\b", body) for _, body in bodies]
    musts = [c.must for c in planted.canaries]
    expected = ["EXPECT_TRUE", "EXPECT_EQ", "EXPECT_FALSE"]
    assert macros == [*([m] for m in expected), expected], added
    assert musts == ["fail"] * 3 + ["pass"]


def test_a_canarys_name_is_left_out_of_what_is_shown() -> None:
    canary = Canary(Listed("sudoku.solves_box", "sudoku.solves_box", Path("t.cpp")), "fail")
    said = "[ RUN      ] sudoku.solves\n[ RUN      ] sudoku.solves_box\nSegmentation fault"
    assert unnamed(said, [canary]) == "[ RUN      ] sudoku.solves\nSegmentation fault"


# judged ----------------------------------------------------------------------------------------

FILE = Path("unit_test_sudoku.cpp")
COURSE = [Listed("sudoku.solves", "sudoku.solves", FILE)]
SOWN = [
    Canary(Listed("sudoku.solves_row", "sudoku.solves_row", FILE), "fail"),
    Canary(Listed("sudoku.solves_box", "sudoku.solves_box", FILE), "pass"),
]
FAILED = '<failure message="Value of: given == found&#x0A;  Actual: false"/>'
ERROR = '<failure message="C++ exception with description &quot;x&quot; thrown in the test"/>'


def _gtest_report(folder: Path, statuses: dict[str, str]) -> Path:
    """A GoogleTest report saying each test went as `statuses` says (passed, failed, error)."""
    body = {"passed": "", "failed": FAILED, "error": ERROR}
    cases = "".join(
        f'<testcase name="{name}" status="run" result="completed" classname="sudoku">'
        f"{body[status]}</testcase>"
        for name, status in statuses.items()
    )
    folder.mkdir()
    (folder / "gtest.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="sudoku">{cases}'
        "</testsuite></testsuites>\n"
    )
    return folder


@pytest.mark.parametrize(
    ("statuses", "said"),
    [
        ({"solves": "passed", "solves_row": "failed", "solves_box": "passed"}, ""),
        ({"solves": "failed", "solves_row": "failed", "solves_box": "passed"}, ""),
        # the file did not build or import, or its set-up failed: it credits nothing
        ({"solves": "error", "solves_row": "error", "solves_box": "error"}, ""),
        ({"solves": "failed"}, ""),
        # a flipped canary, with or without a test credited
        ({"solves": "passed", "solves_row": "passed", "solves_box": "passed"}, "must fail, is rep"),
        ({"solves": "failed", "solves_row": "passed", "solves_box": "passed"}, "must fail, is rep"),
        ({"solves": "passed", "solves_row": "failed", "solves_box": "failed"}, "must pass, is rep"),
        ({"solves": "passed", "solves_row": "failed", "solves_box": "error"}, "must pass, is rep"),
        # a report that leaves the canaries out, crediting a test
        ({"solves": "passed"}, "must fail, is not in the report"),
        ({"solves": "passed", "solves_row": "failed"}, "must pass, is not in the report"),
    ],
)
def test_a_report_is_forged_when_a_canary_is_not_as_it_must_be(
    tmp_path: Path, statuses: dict[str, str], said: str
) -> None:
    reading = read_reports(_gtest_report(tmp_path / "reports", statuses), "gtest.xml")
    why = forged(SOWN, COURSE, reading.cases, FRAMEWORKS["googletest"].name)
    assert (said in why) if said else why == "", why


def test_a_canary_counts_against_its_own_files_tests_only(tmp_path: Path) -> None:
    """A file that did not import (its canaries errors) beside another whose tests passed."""
    other = Listed("sudoku.keeps", "sudoku.keeps", Path("other_test.cpp"))
    statuses = {"solves": "error", "solves_row": "error", "solves_box": "error", "keeps": "passed"}
    reading = read_reports(_gtest_report(tmp_path / "reports", statuses), "gtest.xml")
    assert forged(SOWN, [*COURSE, other], reading.cases, FRAMEWORKS["googletest"].name) == ""


def _literals(source: str, start: str) -> str:
    """The C or Java string literals joined from `start` to the statement's end, unescaped."""
    statement = source[source.index(start) :].split(";", 1)[0]
    joined = "".join(re.findall(r'"((?:\\.|[^"\\])*)"', statement))
    return joined.replace('\\"', '"').replace("\\n", "\n")


def _python_constant(source: str, name: str) -> str:
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            return str(ast.literal_eval(node.value))
    raise AssertionError(f"no {name}")


# The hostile fixtures that write a report of their own: each one's framework, and the teacher's
# tests it was written against.
FORGERS: dict[str, tuple[FrameworkName, str]] = {
    "gtest/RE/forges-the-report-and-exits-gtest": ("googletest", "gtest/tests/hostile_test.cpp"),
    "junit/RE/forges-the-report-and-exits-java": ("junit5", "junit/tests/HostileTest.java"),
    "pytest/RE/forges-the-report-and-exits-pytest": ("pytest", "pytest/tests/hostile_checks.py"),
    "pytest/WA/prints-and-plants-passes-pytest": ("pytest", "pytest/tests/hostile_checks.py"),
}
REPORTS: dict[FrameworkName, str] = {
    "googletest": "gtest.xml",
    "junit5": "TEST-junit-jupiter.xml",
    "pytest": "pytest.xml",
}


@pytest.mark.parametrize("fixture", sorted(FORGERS))
def test_the_hostile_fixtures_reports_are_forged_were_they_read(
    tmp_path: Path, fixture: str
) -> None:
    """The report each forging fixture writes (its run is stopped earlier, by the premature-exit
    file, the end mark, the security manager or the report's folder, so it is never read): had
    it been read, the canaries would have caught it."""
    framework, tests = FORGERS[fixture]
    [source] = [p for p in (HOSTILE / fixture).iterdir() if p.suffix in (".cpp", ".java", ".py")]
    text = source.read_text()
    if source.suffix == ".py":
        report = _python_constant(text, "FORGED")
    else:
        report = _literals(text, "FORGED =" if source.suffix == ".cpp" else "String forged =")
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / REPORTS[framework]).write_text(report)
    reading = read_reports(tmp_path / "reports", REPORTS[framework])
    planted = _plant(framework, HOSTILE / tests)
    course = FRAMEWORKS[framework].listed(HOSTILE / tests, (HOSTILE / tests).read_text())
    assert reading.cases and not reading.problem, reading
    why = forged(planted.canaries, course, reading.cases, FRAMEWORKS[framework].name)
    assert "is not in the report" in why, (why, reading.cases)


# graded ----------------------------------------------------------------------------------------

TOOLCHAINS = {
    "gtest": ("g++", Path("/usr/include/gtest/gtest.h"), (".cpp",)),
    "junit": ("javac", Path("/usr/share/java/junit-platform-console-standalone.jar"), (".java",)),
    "pytest": ("python3", Path("/"), (".py",)),
}


@pytest.mark.parametrize("shape", sorted(TOOLCHAINS))
def test_a_report_forged_inside_the_run_earns_nothing_and_is_flagged(shape: str) -> None:
    """The teacher's file makes every assertion pass (fixtures/canaries/SHAPE/tests): a
    submission that solves nothing would earn full marks, but for the canaries beside the
    course's tests. Its row is "forged", its note says so, and no canary is a case of it."""
    tool, needed, suffixes = TOOLCHAINS[shape]
    if shutil.which(tool) is None or not needed.exists():
        pytest.skip(f"{tool} or {needed} is not installed")
    folder = FIXTURES / "canaries" / shape
    found = discover(folder / "solves-nothing", suffixes)
    report = grade_all(plan_for(folder / "config.yaml", "forging"), found, 1)
    [result] = report.submissions
    cases = [case for item in result.items for case in item.cases]
    assert (result.status, result.marks) == ("forged", 0), (result.note, cases)
    assert result.note.startswith("forged report"), result.note
    assert len(cases) == 2 and all(c.verdict is Verdict.WA for c in cases), cases
    assert all("forged report" in c.detail for c in cases), cases


# flagged ---------------------------------------------------------------------------------------


def _row(name: str, status: str, marks: float) -> SubmissionResult:
    case = CaseResult("sudoku.solves", Verdict.WA, "forged report: ...", 0.0)
    item = ItemResult("solve", marks, 10.0, (case,))
    note = "forged report: ..." if status == "forged" else ""
    return SubmissionResult(name, marks, 10.0, status, note, (item,))  # type: ignore[arg-type]


def _report(rows: Sequence[SubmissionResult]) -> Report:
    return Report("forging", 10.0, tuple(rows))


def test_a_forged_row_is_counted_and_listed_for_review() -> None:
    report = _report([_row("honest", "graded", 10.0), _row("forger", "forged", 0.0)])
    assert "2 submission(s), 1 graded, 0 with errors, 1 with a forged report (for review)" in (
        summary(report)
    )
    page = render(class_page(report, ["honest", "forger"]))
    assert "For review: forged reports (1)" in page and "forger" in page.split("For review")[1]
    assert from_json(to_json(report)) == report
    assert reasons(_row("forger", "graded", 10.0), _row("forger", "forged", 0.0))[0].startswith(
        "a forged report now: forged report"
    )


def test_a_report_without_a_forged_row_says_nothing_of_review() -> None:
    report = _report([_row("honest", "graded", 10.0)])
    assert "forged" not in summary(report)
    assert "For review" not in render(class_page(report, ["honest"]))
