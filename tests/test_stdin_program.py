"""The stdin-program assignment end to end: real C++ and Python programs, built and run.

Verdict fixtures live in fixtures/stdin/VERDICT/BEHAVIOUR/ (a main.cpp or main.py): every case
of a fixture gets its folder's verdict. The bundled examples (submissions/stdin-program) are
checked by `check` and pinned by golden files; the league runs real programs.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from harness.cli.app import app
from harness.config import load_config
from harness.errors import BadInput, ExitCode
from harness.grading.calibration import calibrated_plan
from harness.grading.plan import Plan
from harness.grading.run import grade_all
from harness.kinds.programs import find_programs
from harness.kinds.stdin_program.expect import PrintedGrid
from harness.kinds.stdin_program.values import stdin_text
from harness.league.run import Entry, league_probes, run_league, standings
from harness.records.evidence import Grid
from harness.records.outcomes import CallOutcome
from harness.records.results import CaseResult, SubmissionResult
from harness.records.verdicts import Verdict
from harness.sandbox import isolation
from harness.sandbox.process import Ending
from harness.sandbox.program import ProgramRun
from harness.sandbox.replies import program_outcome
from harness.submissions import Submission, SubmissionProblem, discover
from tests.conftest import (
    DATASETS,
    FIXTURES,
    JOBS,
    REPO,
    graded_examples,
    steady,
    steady_table,
)
from tests.test_examples import compare_golden

STDIN = FIXTURES / "stdin"
CONFIG = STDIN / "config.yaml"
FIXTURE_DIRS = sorted(p.parent for p in STDIN.glob("*/*/main.*"))
EXAMPLES = REPO / "submissions" / "stdin-program"
SUFFIXES = (".cpp", ".py")
runner = CliRunner()

needs_gpp = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
BOUNDED = any(layer.name == "memory cgroup" and layer.active for layer in isolation.probe())
# How an allocating program's MLE is measured: the memory cgroup's OOM killer where it is in
# force, else its max RSS when it fails (RLIMIT_AS refuses it first): never its stderr.
MEASURED = "the memory cgroup's OOM killer ended it" if BOUNDED else "it failed after using"


def plan() -> Plan:
    return calibrated_plan(load_config(CONFIG), "stdin")


@pytest.fixture(scope="module")
def graded() -> dict[str, SubmissionResult]:
    the_plan = plan()
    results: dict[str, SubmissionResult] = {}
    for folder in sorted({d.parent for d in FIXTURE_DIRS}):
        report = grade_all(the_plan, discover(folder, SUFFIXES), JOBS)
        results.update({f"{folder.name}/{s.name}": s for s in report.submissions})
    return results


def first_run(result: SubmissionResult) -> CaseResult:
    """The first case that ran: cases run cheapest first by the reference's time, which the
    machine measures, and a time-out skips the cases the reference finds no easier."""
    return next(case for item in result.items for case in item.cases if not case.not_run)


@needs_gpp
@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_gets_its_folders_verdict(
    graded: dict[str, SubmissionResult], folder: Path
) -> None:
    result = graded[f"{folder.parent.name}/{folder.name}"]
    verdicts = {case.verdict for item in result.items for case in item.cases}
    assert verdicts == {Verdict(folder.parent.name)}, result


@needs_gpp
@pytest.mark.parametrize(
    ("fixture", "detail"),
    [
        ("RE/segfault", "killed by SIGSEGV"),
        ("RE/exit-code", "exited with status 3"),
        ("RE/python-raises", "raised IndexError at line"),
        ("MLE/allocates", f"ran out of memory: {MEASURED}"),
        ("MLE/python-list", f"ran out of memory: {MEASURED}"),
        ("TLE/sleeps", "more than the 1 s time limit"),
        ("WA/extra-line", "unexpected 'done' after the grid (output line 10)"),
        ("CE/syntax", "main.cpp:7:5: error: expected"),
    ],
)
def test_the_detail_names_what_happened(
    graded: dict[str, SubmissionResult], fixture: str, detail: str
) -> None:
    case = first_run(graded[fixture])
    assert detail in case.detail, case.detail


@needs_gpp
def test_compile_errors_are_summarised_in_the_note_and_shown_in_full(
    graded: dict[str, SubmissionResult],
) -> None:
    result = graded["CE/syntax"]
    assert result.note.startswith("compile error: main.cpp:7:5: error:")
    assert "\n" not in result.note
    assert "|     ^~~" in result.items[0].cases[0].detail  # the compiler's caret line


@needs_gpp
def test_the_sleeping_program_is_stopped_by_the_wall_clock_with_little_cpu(
    graded: dict[str, SubmissionResult],
) -> None:
    case = first_run(graded["TLE/sleeps"])
    assert case.verdict is Verdict.TLE
    assert 2.5 < case.seconds < 10  # the backstop is twice the limit plus a second


def config_copy(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """The fixture config, edited, written where its relative paths no longer work: made
    absolute."""
    text = CONFIG.read_text()
    for old, new in edits:
        text = text.replace(old, new)
    text = text.replace("../../../", f"{REPO}/").replace(
        "- decimal-16x16", f"- {STDIN}/decimal-16x16"
    )
    text = text.replace(" AC/", f" {STDIN}/AC/").replace("[AC/", f"[{STDIN}/AC/")
    path = tmp_path / "config.yaml"
    path.write_text(text)
    return path


def test_the_language_standard_comes_from_config(tmp_path: Path) -> None:
    """A global `size` beside `using namespace std` compiles under C++11, not C++17."""
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    config = config_copy(tmp_path, ("std: c++11", "std: c++17"))
    submission = Submission("correct-cpp", EXAMPLES / "correct-cpp")
    at_17 = grade_all(calibrated_plan(load_config(config), "stdin"), [submission])
    at_11 = grade_all(plan(), [submission])
    assert re.search(r"reference to .size. is ambiguous", at_17.submissions[0].note)
    assert at_11.submissions[0].marks == at_11.submissions[0].max_marks


def test_a_blank_first_line_is_accepted_as_tokens_and_refused_in_lines_mode(
    tmp_path: Path,
) -> None:
    """config.yaml's program.compare reaches the probes: the default compares tokens (the layout
    said in the reading); `lines` keeps the line by line comparison."""
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    submission = Submission("blank-first-line", EXAMPLES / "blank-first-line")
    [tokens] = grade_all(plan(), [submission]).submissions
    config = config_copy(tmp_path, ("build_time: 30", "build_time: 30\n      compare: lines"))
    [lines] = grade_all(calibrated_plan(load_config(config), "stdin"), [submission]).submissions
    cases = [case for item in tokens.items for case in item.cases]
    assert tokens.marks == tokens.max_marks
    assert any("(a blank line before the grid)" in reading for c in cases for reading in c.accepted)
    refused = [case for item in lines.items for case in item.cases if case.verdict is Verdict.WA]
    assert refused and "line 1: expected 9 values, got an empty line" in refused[0].detail
    assert {c.id for c in refused} == {c.id for c in cases if "unsolvable" not in c.id}


def test_an_unknown_comparison_is_refused(tmp_path: Path) -> None:
    config = config_copy(tmp_path, ("build_time: 30", "build_time: 30\n      compare: words"))
    with pytest.raises(BadInput, match=r"program\.compare"):
        load_config(config)


# judging the printed grid -------------------------------------------------------------------

PUZZLE: Grid = ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))
SOLUTION: Grid = ((1, 3, 2, 4), (4, 2, 3, 1), (2, 4, 1, 3), (3, 1, 4, 2))
PRINTED = "1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 4 2\n"


def judged(text: str, solution: Grid | None = SOLUTION, **kwargs: Any) -> tuple[bool, str, str]:
    expect = PrintedGrid(PUZZLE, solution, **kwargs)
    judgement = expect.judge(CallOutcome("returned", value=text))
    return judgement.passed, judgement.detail, "; ".join(judgement.accepted)


@pytest.mark.parametrize(
    "text",
    [PRINTED, PRINTED.rstrip("\n"), PRINTED.replace("\n", " \r\n"), PRINTED + "\n\n"],
    ids=["plain", "no-final-newline", "crlf-and-trailing-spaces", "trailing-blank-lines"],
)
def test_layout_details_that_do_not_matter_are_accepted(text: str) -> None:
    assert judged(text) == (True, "", "")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("\n" + PRINTED, "line 1: expected 4 values, got an empty line"),
        (PRINTED + "Time taken: 0.01 s\n", "line 5: unexpected 'Time taken: 0.01 s' after"),
        (PRINTED.replace("4 2 3 1", "4 2 1 3"), "line 2, value 3: expected 3, got 1"),
        (PRINTED[:16], "line 3: missing (the output ends after 2 lines)"),
        (PRINTED.replace("3 1 4 2", "3 1 4 x"), "line 4, value 4: 'x' is not a value"),
        (PRINTED.replace("3 1 4 2", "3 1 4 ²"), "line 4, value 4: '²' is not a value"),
        (PRINTED.replace("3 1 4 2", "3 1 4 ٢"), "line 4, value 4: '٢' is not a value"),
        ("No Solution\n", "printed 'No Solution', but the puzzle has a solution"),
    ],
)
def test_in_lines_mode_anything_else_is_wrong_with_the_first_difference(
    text: str, detail: str
) -> None:
    passed, got, _ = judged(text, compare="lines")
    assert not passed
    assert detail in got


def test_in_lines_mode_the_grid_on_one_line_is_accepted_and_said() -> None:
    one_line = PRINTED.replace("\n", " ")
    assert judged(one_line, compare="lines") == (True, "", "the grid on one line")


@pytest.mark.parametrize(
    ("text", "layout"),
    [
        ("\n" + PRINTED, "a blank line before the grid"),
        ("\n\n\n" + PRINTED, "3 blank lines before the grid"),
        (PRINTED.replace("4 2 3 1\n", "4 2 3 1\n\n"), "a blank line inside the grid"),
        (PRINTED.replace(" ", "   "), "extra spaces"),
        (" " + PRINTED, "extra spaces"),
        (PRINTED.replace(" ", "\t"), "tabs between values"),
        (PRINTED.replace("\n", " "), "the grid on one line"),
        (PRINTED.replace("2 4\n", "2\n4\n", 1), "the grid on 5 lines, not 4"),
        (
            "\r\n\t" + PRINTED.replace(" ", "  \t").replace("\n", "\r\n"),
            "a blank line before the grid; tabs between values; extra spaces",
        ),
    ],
    ids=[
        "blank-first",
        "blank-lines",
        "blank-inside",
        "spaces",
        "leading-space",
        "tabs",
        "one-line",
        "split-row",
        "all-of-them",
    ],
)
def test_tokens_in_another_layout_are_accepted_and_the_layout_said(text: str, layout: str) -> None:
    reading = f"compared as tokens: the output's layout differs from one row per line ({layout})"
    assert judged(text) == (True, "", reading)


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        (
            PRINTED + "Time: 0.1s\n",
            "unexpected 'Time:' after the grid (output line 5: 'Time: 0.1s'; 2 extra tokens)",
        ),
        (PRINTED + "done\n", "unexpected 'done' after the grid (output line 5)"),
        (PRINTED.replace("4 2 3 1", "4 2 1 3"), "row 2, column 3: expected 3, got 1"),
        ("\n" + PRINTED.replace("4 2 3 1", "4 2 1 3"), "row 2, column 3 (output line 3): expected"),
        (PRINTED[:16], "row 3, column 1: missing: the output ends after 8 of the 16 values"),
        (PRINTED.replace("3 1 4 2", "3 1 4 x"), "row 4, column 4: 'x' is not a value"),
        (PRINTED.replace("3 1 4 2", "3 1 4 ٢"), "row 4, column 4: '٢' is not a value"),
        (PRINTED.replace("3 1 4 2", "3 1 4\u00a02"), "row 4, column 3: '4\\xa02' is not a value"),
        ("No Solution\n", "printed 'No Solution', but the puzzle has a solution"),
        ("1 3 2 1\n", "row 1, column 4: expected 4, got 1 (the output has 4 tokens, not 16)"),
    ],
    ids=[
        "timing-line",
        "extra-word",
        "wrong-value",
        "wrong-value-shifted",
        "missing",
        "not-a-value",
        "arabic-digit",
        "no-break-space",
        "no-solution",
        "short-and-wrong",
    ],
)
def test_as_tokens_anything_else_is_wrong_naming_the_first_different_token(
    text: str, detail: str
) -> None:
    passed, got, _ = judged(text)
    assert not passed
    assert got == detail or got.startswith(detail), got


def test_the_first_difference_is_marked_beside_the_expected_output() -> None:
    expect = PrintedGrid(PUZZLE, SOLUTION)
    wrong = "\n" + PRINTED.replace("4 2 3 1", "4 2 1 3")
    printed = expect.judge(CallOutcome("returned", value=wrong)).printed
    assert printed is not None
    assert printed.expected == tuple(PRINTED.splitlines())
    assert printed.received == tuple(wrong.splitlines())
    assert (printed.expected_at, printed.received_at) == ((1, 4, 5), (2, 4, 5))
    timing = expect.judge(CallOutcome("returned", value=PRINTED + "Time: 1s\n")).printed
    assert timing is not None and (timing.expected_at, timing.received_at) == (None, (4, 0, 5))
    lines = PrintedGrid(PUZZLE, SOLUTION, compare="lines")
    blank = lines.judge(CallOutcome("returned", value="\n" + PRINTED)).printed
    assert blank is not None and (blank.expected_at, blank.received_at) == ((0, 0, 7), (0, 0, 0))


def test_letters_and_numbers_are_the_same_value() -> None:
    puzzle = tuple(tuple(0 for _ in range(16)) for _ in range(16))
    row = list(range(1, 17))
    grid = tuple(tuple(row[(r * 4 + r // 4 + c) % 16] for c in range(16)) for r in range(16))
    expect = PrintedGrid(puzzle, grid, "letters")
    as_letters = stdin_text(grid, "letters")
    as_numbers = stdin_text(grid, "decimal")
    assert "G" in as_letters and "16" in as_numbers
    assert expect.judge(CallOutcome("returned", value=as_letters)).accepted == ()
    numbers = expect.judge(CallOutcome("returned", value=as_numbers))
    assert numbers.passed and "written as numbers" in "; ".join(numbers.accepted)


@pytest.mark.parametrize(
    ("text", "passed"),
    [
        ("No Solution\n", True),
        ("No Solution", True),
        ("  No   Solution \r\n", True),
        ("\nNo\nSolution\n", True),
        ("no solution\n", False),
        ("No Solution\nTime: 1s\n", False),
        ("", False),
    ],
)
@pytest.mark.parametrize("compare", ["tokens", "lines"])
def test_no_solution_must_be_spelt_as_the_handout_does(
    text: str, passed: bool, compare: str
) -> None:
    accepted = passed and (compare == "tokens" or "\nNo\n" not in text)
    assert judged(text, solution=None, compare=compare)[0] is accepted


@pytest.mark.parametrize(
    ("text", "detail", "reading"),
    [
        ("\nNo Solution\n", "", "(a blank line before 'No Solution')"),
        ("No\nSolution\n", "", "('No Solution' on 2 lines, not 1)"),
        ("no solution\n", "expected 'No Solution', got 'no solution'", ""),
        ("No Solution\nTime: 1s\n", "unexpected 'Time:' after 'No Solution' (output line 2", ""),
        ("No\n", "expected 'No Solution', got 'No'", ""),
        ("", "expected 'No Solution', got nothing", ""),
    ],
)
def test_no_solution_as_tokens_says_its_layout_or_its_first_difference(
    text: str, detail: str, reading: str
) -> None:
    passed, got, accepted = judged(text, solution=None)
    assert passed == (not detail) and detail in got and reading in accepted, (got, accepted)


def test_any_valid_completion_is_accepted_when_the_suite_allows_several() -> None:
    empty: Grid = ((0,) * 4,) * 4
    swapped = "3 1 4 2\n2 4 1 3\n4 2 3 1\n1 3 2 4\n"  # PRINTED upside down: also valid
    broken = "1 3 2 4\n4 2 3 1\n2 4 1 3\n3 1 2 4\n"  # the last row repeats columns' values
    for text in (PRINTED, swapped):
        assert (
            PrintedGrid(empty, SOLUTION, multiple_solutions=True)
            .judge(CallOutcome("returned", value=text))
            .passed
        )
    assert not judged(swapped)[0]  # one solution: only that one
    verdict = PrintedGrid(empty, SOLUTION, multiple_solutions=True).judge(
        CallOutcome("returned", value=broken)
    )
    assert not verdict.passed and "repeats a value" in verdict.detail
    kept = judged(swapped, multiple_solutions=True)
    assert not kept[0] and "changes a given" in kept[1]


# programs in a submission -------------------------------------------------------------------


def programs_of(tmp_path: Path, *names: str) -> list[tuple[str, str, tuple[int, ...] | None]]:
    for name in names:
        (tmp_path / name).write_text("int main() {}\n")
    config = load_config(CONFIG)
    found = find_programs(Submission("s", tmp_path), config.assignment("stdin"), config.languages)
    return [(p.language, p.label, p.sizes) for p in found]


def test_one_program_per_size_when_the_files_say_so(tmp_path: Path) -> None:
    assert programs_of(tmp_path, "9x9.cpp", "16x16.cpp") == [
        ("cpp", "9x9.cpp", (9,)),
        ("cpp", "16x16.cpp", (16,)),
    ]


def test_several_cpp_files_are_one_program(tmp_path: Path) -> None:
    assert programs_of(tmp_path, "main.cpp", "board.cpp") == [("cpp", "board.cpp, main.cpp", None)]


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        (("a.py", "b.py"), "several scripts (a.py, b.py): cannot tell which to run"),
        (("main.cpp", "gen.py"), "sources in several languages (gen.py, main.cpp)"),
        (("notes.txt",), "no source file"),
    ],
)
def test_unclear_submissions_are_said_to_be(
    tmp_path: Path, names: tuple[str, ...], problem: str
) -> None:
    with pytest.raises(SubmissionProblem, match=problem.replace("(", r"\(").replace(")", r"\)")):
        programs_of(tmp_path, *names)


@needs_gpp
def test_each_size_quotes_its_own_build_error_and_a_missing_one_is_not_handed_in(
    tmp_path: Path,
) -> None:
    """Was: every size quoting the 9x9 file's compile error; a missing program called CE."""
    both, one = tmp_path / "both" / "student", tmp_path / "one" / "student"
    for folder in (both, one):
        folder.mkdir(parents=True)
    (both / "9x9.cpp").write_text("int main() { return nine_undeclared; }\n")
    (both / "16x16.cpp").write_text("int main() { return sixteen_undeclared; }\n")
    (one / "9x9.cpp").write_text("int main() { return nine_undeclared; }\n")
    the_plan = plan()
    [built] = grade_all(the_plan, discover(both.parent, SUFFIXES), 1).submissions
    details = {item.name: item.cases[0].detail for item in built.items}
    assert "nine_undeclared" in details["9x9"] and "sixteen" not in details["9x9"]
    assert "sixteen_undeclared" in details["16x16"] and "nine" not in details["16x16"]
    [missing] = grade_all(the_plan, discover(one.parent, SUFFIXES), 1).submissions
    sixteen = next(item for item in missing.items if item.name == "16x16")
    assert (
        "not handed in: no program for 16x16 (no file matches *16x16*)" in sixteen.cases[0].detail
    )


# the bundled examples -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def examples_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Any]]:
    return graded_examples("stdin-program")


# Two examples time out on whole sizes (infinite-loop, first-empty-dfs): on a busy machine a case
# may run out of wall-clock time with CPU to spare, and the submission is graded again alone, with
# the same marks and a note saying so. The goldens leave that note out (steady, steady_table).


@needs_gpp
def test_score_table_matches_golden(
    examples_report: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    compare_golden("stdin-program.table.txt", steady_table(examples_report[0]), request)


@needs_gpp
def test_json_report_matches_golden(
    examples_report: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    text = json.dumps(steady(copy.deepcopy(examples_report[1])), indent=2) + "\n"
    text = re.sub(r"Time taken: [0-9.]+ s", "Time taken: (its time) s", text)  # timing-line's
    compare_golden("stdin-program.json", text, request)


@needs_gpp
def test_each_size_says_which_program_answered_it(
    examples_report: tuple[str, dict[str, Any]],
) -> None:
    per_size = next(
        s for s in examples_report[1]["submissions"] if s["name"] == "one-program-per-size"
    )
    feedback = {item["name"]: item["feedback"] for item in per_size["items"]}
    assert "ran 25x25.cpp (cpp)" in feedback["25x25"]


# the league ---------------------------------------------------------------------------------


def test_standings_rank_by_mean_and_flag_overlapping_spreads() -> None:
    entries = [
        Entry("slow", False, ((0.30, 0.31, 0.29),), 1),
        Entry("fast", False, ((0.10, 0.11, 0.12),), 1),
        Entry("close", False, ((0.115, 0.13, 0.14),), 1),
        Entry("ref", True, ((0.20, 0.20, 0.20),), 1),
        Entry("wrong", False, (), 0, "WA: line 1"),
    ]
    rows = standings(entries, 1)
    assert [(r.rank, r.name) for r in rows] == [
        (1, "fast"),
        (2, "close"),
        (None, "ref"),
        (3, "slow"),
        (None, "wrong"),
    ]
    notes = {r.name: r.note for r in rows}
    assert notes["fast"] == "within noise of close" and notes["close"] == "within noise of fast"
    assert notes["slow"] == "" and notes["wrong"] == "WA: line 1"
    assert rows[0].relative == pytest.approx(0.11 / 0.20)


@needs_gpp
def test_league_ranks_programs_that_pass_beside_the_baseline(tmp_path: Path) -> None:
    out = tmp_path / "league.json"
    paths = [str(STDIN / "AC"), str(STDIN / "WA" / "prints-zeros")]
    result = runner.invoke(
        app,
        [
            "league",
            *paths,
            "--size",
            "9",
            "--config",
            str(CONFIG),
            "-a",
            "stdin",
            "--repeats",
            "2",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == ExitCode.OK, result.output
    rows = {s["name"]: s for s in json.loads(out.read_text())["standings"]}
    assert rows["reference cpp-solver"]["baseline"] and rows["reference cpp-solver"]["rank"] is None
    assert {rows["cpp-solver"]["rank"], rows["python-solver"]["rank"]} == {1, 2}
    assert rows["cpp-solver"]["rank"] == 1  # a compiled solver beats an interpreter start-up
    assert rows["prints-zeros"]["rank"] is None
    assert "did not pass correctness at 9x9" in rows["prints-zeros"]["note"]
    assert rows["python-solver"]["solved"] == 12 and rows["python-solver"]["relative"] > 1
    assert "league at 9x9: 12 puzzles, median of 2 runs" in result.output


CACHING = FIXTURES / "hostile" / "stdin" / "AC" / "caches-answers-between-runs-py" / "main.py"


def test_a_program_that_caches_its_answers_is_timed_on_its_own_work(tmp_path: Path) -> None:
    """Every timed run starts from a fresh copy of the built program: a program that keeps its
    answers in a file of its working copy, keyed by its input, finds none, and its league time is
    its own work, level with the same program without the cache (not a few ms: the median of 3
    repeats would be the cache's)."""
    source = CACHING.read_text()
    assert "CACHE = True" in source
    honest = source.replace("CACHE = True", "CACHE = False")
    for name, text in (("caches", source), ("honest", honest)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "main.py").write_text(text)
    config = load_config(CONFIG)
    the_plan = plan()
    the_plan = replace(the_plan, probes=the_plan.probes[:2])  # correctness: two 9x9 cases
    probes = league_probes(config, the_plan, 9)[:3]
    entrants = discover(tmp_path, SUFFIXES)
    league = run_league(the_plan, probes, entrants, [], repeats=3, jobs=1)
    times = {row.name: row.mean for row in league.standings}
    assert times["caches"] and times["honest"] and times["honest"] > 0.25  # BURN
    assert 0.7 < times["caches"] / times["honest"] < 1.4, times


# the course's own sample I/O ----------------------------------------------------------------

WITS = DATASETS / "wits-sample-io"


@needs_gpp
@pytest.mark.skipif(not WITS.is_dir(), reason="../shared/datasets/wits-sample-io is absent")
def test_the_reference_programs_pass_the_courses_sample_io(tmp_path: Path) -> None:
    """The official sample I/O (9x9 with an unsolvable one, 16x16, 25x25), fed with letters."""
    suites = []
    for folder in sorted(WITS.iterdir()):
        suite = tmp_path / f"{folder.name}.yaml"
        result = runner.invoke(
            app,
            [
                "suites",
                "import",
                str(folder),
                "--format",
                "tokens",
                "--values",
                "letters",
                "-o",
                str(suite),
            ],
        )
        assert result.exit_code == ExitCode.OK, result.output
        suites.append(str(suite))
    config = config_copy(
        tmp_path,
        ("../../../testcases/stdin-9x9.yaml", suites[0]),
        ("decimal-16x16.yaml", f"{suites[1]}\n      - {suites[2]}"),
        (
            "16x16: {marks: 10, time: 1.0}",
            "16x16: {marks: 10}\n      25x25: {marks: 10, time: 2.0}",
        ),
    )
    the_plan = calibrated_plan(load_config(config), "stdin")
    assert sorted({p.args[1] for p in the_plan.probes}) == [9, 16, 25]
    unsolvable = [p for p in the_plan.probes if getattr(p.expect, "solution", 0) is None]
    assert len(unsolvable) == 1  # out4: No Solution
    references = discover(REPO / "solvers" / "stdin-program", SUFFIXES)
    report = grade_all(the_plan, [*references, *discover(EXAMPLES / "correct-cpp", SUFFIXES)])
    for submission in report.submissions:
        assert submission.marks == submission.max_marks, submission


def _grade_shell_script(tmp_path: Path, language_extra: str = "") -> list[CaseResult]:
    """The cases of a shell script that starts `cat` and always answers No Solution, in a
    `shell` language config.yaml adds (with `language_extra` lines)."""
    shell = 'languages:\n  shell:\n    files: ["*.sh"]\n    run: [/bin/sh, "{main}"]\n'
    config = config_copy(
        tmp_path,
        ("languages:\n", shell + language_extra),
        ("languages: [cpp, python]", "languages: [cpp, python, shell]"),
    )
    program = tmp_path / "giving-up" / "solve.sh"
    program.parent.mkdir()
    program.write_text("cat > /dev/null\necho 'No Solution'\n")
    report = grade_all(
        calibrated_plan(load_config(config), "stdin"), [Submission("s", program.parent)]
    )
    return [case for item in report.submissions[0].items for case in item.cases]


def test_any_language_in_the_table_is_run(tmp_path: Path) -> None:
    """A language config.yaml adds is run like the others (the language says its programs start
    processes): AC on the unsolvable cases, WA on the rest."""
    cases = _grade_shell_script(tmp_path, "    processes: true\n")
    assert {c.id for c in cases if c.verdict is Verdict.AC} == {
        "stdin-9x9/unsolvable-9x9",
        "decimal-16x16/unsolvable-16x16",
    }
    assert all(c.verdict is Verdict.WA for c in cases if "unsolvable" not in c.id)


@pytest.mark.skipif(not isolation.choose(isolation.Mode.AUTO).seccomp, reason="no seccomp here")
def test_a_program_may_not_start_processes_unless_its_language_says_so(tmp_path: Path) -> None:
    """Seccomp refuses the shell's fork for `cat`: every case is a run-time error."""
    cases = _grade_shell_script(tmp_path)
    assert cases and {c.verdict for c in cases} == {Verdict.RE}, cases


def test_a_python_crash_names_the_students_line_not_the_librarys() -> None:
    stderr = (
        "Traceback (most recent call last):\n"
        '  File "main.py", line 12, in <module>\n'
        "    x = json.loads(s)\n"
        '  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads\n'
        "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n"
    )
    run = ProgramRun(b"", stderr.encode(), 0.01, 0.01, 0, Ending(code=1))
    outcome = program_outcome(run)
    assert (outcome.kind, outcome.error_type, outcome.line) == (
        "crashed",
        "json.decoder.JSONDecodeError",
        12,
    )
    assert outcome.message == (
        "raised json.decoder.JSONDecodeError at line 12: Expecting value: line 1 column 1 "
        "(char 0) (the program exited with status 1)"
    )
