"""Program I/O as config (harness/program_io.py): how a program is given its puzzle (stdin, an
argument, a file), in which format, where its answer is read (stdout, a file in its working
copy) and how it is compared (tokens, lines, exact text, a valid completion and a label).

End to end, fixtures live in fixtures/program-io/ASSIGNMENT/VERDICT/BEHAVIOUR/main.py, one
assignment of fixtures/program-io/config.yaml per way of giving and reading: every case of a
fixture gets its folder's verdict. The formats, the comparisons and the reading of an output
file are also tested on their own, without running anything.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from harness.config import load_config
from harness.grading.calibration import calibrated_plan
from harness.grading.run import grade_all
from harness.kinds.stdin_program.answer import FormattedAnswer
from harness.kinds.stdin_program.completion import compare_completion
from harness.kinds.stdin_program.exact import compare_exact
from harness.kinds.stdin_program.exchange import answered, given, read_output
from harness.kinds.stdin_program.expect import FormattedGrid
from harness.kinds.stdin_program.formats import read_grid, unwritable, written
from harness.kinds.stdin_program.lines import compare_lines
from harness.kinds.stdin_program.output import Difference
from harness.kinds.stdin_program.tokens import compare_tokens
from harness.kinds.stdin_program.values import Answer
from harness.program_io import LabelConfig, ProgramIo, PuzzleFormat, ValueWriting
from harness.records.evidence import Grid
from harness.records.outcomes import CallOutcome
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.submissions import discover
from tests.conftest import FIXTURES, JOBS, REPO

PROGRAM_IO = FIXTURES / "program-io"
CONFIG = PROGRAM_IO / "config.yaml"
FIXTURE_DIRS = sorted(p.parent for p in PROGRAM_IO.glob("*/*/*/main.py"))


def _id(folder: Path) -> str:
    return "/".join(folder.parts[-3:])


@pytest.fixture(scope="module")
def graded() -> dict[str, SubmissionResult]:
    config = load_config(CONFIG)
    results: dict[str, SubmissionResult] = {}
    for assignment in sorted({folder.parent.parent for folder in FIXTURE_DIRS}):
        plan = calibrated_plan(config, assignment.name)
        for verdict in sorted({f.parent for f in FIXTURE_DIRS if f.parent.parent == assignment}):
            report = grade_all(plan, discover(verdict, (".py",)), JOBS)
            prefix = f"{assignment.name}/{verdict.name}"
            results.update({f"{prefix}/{s.name}": s for s in report.submissions})
    return results


@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=_id)
def test_fixture_gets_its_folders_verdict(
    graded: dict[str, SubmissionResult], folder: Path
) -> None:
    result = graded[_id(folder)]
    verdicts = {case.verdict for item in result.items for case in item.cases}
    assert verdicts == {Verdict(folder.parent.name)}, result


@pytest.mark.parametrize(
    ("fixture", "detail"),
    [
        ("argument-line/RE/reads-stdin", "raised EOFError"),
        ("file-commas/WA/prints-instead", "wrote no output.txt in its working folder"),
        ("file-commas/WA/links-its-output-out", "output.txt is a link: not followed, not read"),
        ("file-commas/OLE/floods-output-txt", "wrote more than 64 KiB to output.txt"),
        ("boxed-exact/WA/own-style", "line 1, column 2: expected '-------+----', got '====="),
        ("hex-completion/WA/prints-decimal", "row 1, column 1: '12' is not a value"),
    ],
)
def test_the_detail_names_what_happened(
    graded: dict[str, SubmissionResult], fixture: str, detail: str
) -> None:
    case = graded[fixture].items[0].cases[0]
    assert detail in case.detail, case.detail


def test_every_input_and_output_is_graded_in_full_by_its_reference(
    graded: dict[str, SubmissionResult],
) -> None:
    """Argument, file and stdin; letters, commas, hex; stdout and output.txt; tokens, lines,
    exact text and completion: each reference fixture scores every case, the handouts' own
    messages for a puzzle without a solution among them."""
    for name in ("argument-line/AC/reads-its-argument", "file-commas/AC/writes-output-txt",
                 "boxed-exact/AC/boxed", "hex-completion/AC/hex-rows"):  # fmt: skip
        result = graded[name]
        assert result.marks == result.max_marks, result
    cases = {
        c.id for item in graded["argument-line/AC/reads-its-argument"].items for c in item.cases
    }
    assert {"easy-16x16/easy-16x16-001", "unsolvable-9x9/wrong-value"} <= cases


def test_an_exit_status_is_read_through_only_where_the_handout_leaves_it_open(
    graded: dict[str, SubmissionResult],
) -> None:
    [item] = graded["file-commas/AC/exits-1-after-writing"].items
    assert item.marks == item.max_marks
    assert any("exited with status 1 after writing output.txt" in f for f in item.feedback)


def test_a_handout_without_a_no_solution_message_is_not_asked_one() -> None:
    plan = calibrated_plan(load_config(CONFIG), "hex-completion")
    assert [p.id for p in plan.probes] == ["easy-16x16/easy-16x16-001"]


# formats -------------------------------------------------------------------------------------

PUZZLE: Grid = ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0), (0, 0, 0, 2))
SOLUTION: Grid = ((1, 3, 2, 4), (4, 2, 3, 1), (2, 4, 1, 3), (3, 1, 4, 2))
BIG: Grid = tuple(tuple((r * 4 + r // 4 + c) % 16 + 1 for c in range(16)) for r in range(16))


@pytest.mark.parametrize(
    ("form", "values", "text"),
    [
        (PuzzleFormat(), "decimal", "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n"),
        (PuzzleFormat(layout="line", blank="."), "decimal", "1.....3..4.....2\n"),
        (PuzzleFormat(layout="commas"), "decimal", "1,0,0,0\n0,0,3,0\n0,4,0,0\n0,0,0,2\n"),
        (
            PuzzleFormat(layout="boxed", blank="."),
            "decimal",
            "+-----+-----+\n| 1 . | . . |\n| . . | 3 . |\n+-----+-----+\n"
            "| . 4 | . . |\n| . . | . 2 |\n+-----+-----+\n",
        ),
        (PuzzleFormat(values="hex", blank="."), "hex", "0 . . .\n. . 2 .\n. 3 . .\n. . . 1\n"),
    ],
    ids=["rows", "line", "commas", "boxed", "hex"],
)
def test_each_layout_writes_the_puzzle_and_reads_it_back(
    form: PuzzleFormat, values: ValueWriting, text: str
) -> None:
    assert written(PUZZLE, form, values) == text
    reading = read_grid(text.split("\n"), 4, form, values)
    assert (reading.problem, reading.grid) == ("", PUZZLE)


@pytest.mark.parametrize(
    ("values", "first_row"),
    [
        ("letters", "123456789ABCDEFG"),
        ("hex", "0123456789ABCDEF"),
    ],
)
def test_values_above_9_are_one_character_in_letters_and_hex(
    values: ValueWriting, first_row: str
) -> None:
    line = written(BIG, PuzzleFormat(layout="line", blank="."), values)
    assert line.startswith(first_row) and len(line) == 257
    assert read_grid([line], 16, PuzzleFormat(layout="line", blank="."), values).grid == BIG


def test_decimal_values_above_9_take_two_digits_in_rows_and_cannot_go_on_one_line() -> None:
    rows = written(BIG, PuzzleFormat(), "decimal")
    assert rows.startswith("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n")
    assert read_grid(rows.split("\n"), 16, PuzzleFormat(), "decimal").grid == BIG
    assert "16x16 needs values: letters or hex" in unwritable(
        16, PuzzleFormat(layout="line"), "decimal"
    )
    assert unwritable(25, PuzzleFormat(values="hex", blank="."), "hex").startswith("hex writes")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("1324423124133142\n"[:15] + " x", "line 1, column 16: expected a value, got ' x'"),
        ("1324423124133z42", "row 4, column 2: 'z' is not a value"),
        ("1324423124130142", "row 4, column 1: '0' is not a value"),  # the blank is '.'
    ],
)
def test_a_grid_not_in_the_format_is_refused_where_it_first_differs(
    text: str, problem: str
) -> None:
    reading = read_grid([text], 4, PuzzleFormat(layout="line", blank="."), "decimal")
    assert reading.problem == problem


# comparisons ---------------------------------------------------------------------------------

LABEL = LabelConfig(pattern=" (AC3|BTS)", claims={"AC3": "arc-consistency", "BTS": "search"})
LINE = PuzzleFormat(layout="line")
ANSWER = "1324423124133142"  # PUZZLE is filled by arc consistency alone
LEFT_OUT = (
    "CRLF line ends read as LF",
    "trailing spaces left out",
    "blank lines after the answer left out",
)


def completion(text: str, **kwargs: object) -> Difference | tuple[str, ...]:
    settings: dict[str, object] = {"label": LABEL, **kwargs}
    solution = settings.pop("solution", SOLUTION)
    answer = FormattedAnswer(PUZZLE, solution, LINE, "decimal", **settings)  # type: ignore[arg-type]
    return compare_completion(answer, text)


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        (f"{ANSWER} AC3", ()),
        (f"{ANSWER} AC3\n", ()),
        (f"{ANSWER} AC3  \r\n\n", LEFT_OUT),
    ],
    ids=["no-final-newline", "final-newline", "crlf-trailing-spaces-blank-lines"],
)
def test_a_completion_with_its_label_is_accepted_saying_what_was_left_out(
    text: str, accepted: tuple[str, ...]
) -> None:
    assert completion(text) == accepted


def test_a_label_the_model_contradicts_is_reported_not_marked_unless_the_handout_says() -> None:
    reported = completion(f"{ANSWER} BTS")
    assert isinstance(reported, tuple)
    assert reported[0].startswith("labelled 'BTS', though arc consistency alone fills this grid")
    failed = completion(f"{ANSWER} BTS", label=LABEL.model_copy(update={"mismatch": "fail"}))
    assert isinstance(failed, Difference)
    assert failed.detail.startswith("labelled 'BTS', though")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        (ANSWER, "after the grid: expected text matching ' (AC3|BTS)', got nothing"),
        (f"{ANSWER}  AC3", "after the grid: expected text matching ' (AC3|BTS)', got '  AC3'"),
        (f"{ANSWER}\tBTS", "expected text matching ' (AC3|BTS)', got '\\tBTS'"),
        (f"{ANSWER} ac3", "got ' ac3'"),
        (f"{ANSWER[:-1]}3 AC3", "row 4, column 4: expected 2, got 3"),
        (f"{ANSWER[:5]} AC3", "line 1, column 6: expected a value, got ' AC3'"),
        ("No Solution", "printed 'No Solution', but the puzzle has a solution"),
    ],
)
def test_a_completion_fails_on_its_label_or_its_grid(text: str, detail: str) -> None:
    found = completion(text)
    assert isinstance(found, Difference)
    assert detail in found.detail


def test_any_valid_completion_is_accepted_where_there_are_several() -> None:
    empty: Grid = ((0,) * 4,) * 4
    upside_down = "3142241342311324"
    several = FormattedAnswer(empty, SOLUTION, LINE, "decimal", multiple_solutions=True)
    assert compare_completion(several, upside_down) == ()
    one = FormattedAnswer(PUZZLE, SOLUTION, LINE, "decimal")
    assert isinstance(compare_completion(one, upside_down), Difference)
    repeats = FormattedAnswer(empty, SOLUTION, LINE, "decimal", multiple_solutions=True)
    found = compare_completion(repeats, "1324423124133124")
    assert isinstance(found, Difference) and "repeats a value" in found.detail


def test_a_puzzle_without_a_solution_wants_the_handouts_message() -> None:
    assert completion("no solution\n", solution=None, no_solution="no solution") == ()
    found = completion(f"{ANSWER} AC3", solution=None, no_solution="no solution")
    assert isinstance(found, Difference)
    assert found.detail == f"the puzzle has no solution: expected 'no solution', got '{ANSWER} AC3'"


BOXED = PuzzleFormat(layout="boxed")
BOXED_TEXT = written(SOLUTION, BOXED, "decimal")


@pytest.mark.parametrize(
    ("text", "compared"),
    [
        (BOXED_TEXT, ()),
        (BOXED_TEXT.rstrip("\n"), ("no newline at the end",)),
        (BOXED_TEXT.replace("| 4 2", "| 4 3", 1), "row 2, column 2: expected 2, got 3"),
        (BOXED_TEXT.replace("+-----+", "+=====+", 1), "line 1, column 2: expected '-----+-----+'"),
        (BOXED_TEXT.replace("\n", " \n", 1), ("trailing spaces left out",)),
        (BOXED_TEXT + "time: 3 ms\n", "line 8: unexpected 'time: 3 ms' after the answer"),
        (BOXED_TEXT.replace("\n", "\r\n"), ("CRLF line ends read as LF",)),
        (BOXED_TEXT + "\n\n", ("blank lines after the answer left out",)),
        (
            BOXED_TEXT.replace("+-----+", " +-----+", 1),
            "line 1, column 1: expected '+-----+-----', got ' +-----+----'",
        ),
    ],
    ids=[
        "exact",
        "no-final-newline",
        "a-value",
        "a-border",
        "a-trailing-space",
        "a-line-after",
        "crlf",
        "blank-lines-after",
        "a-leading-space",
    ],
)
def test_exact_text_is_compared_character_for_character_but_what_no_handout_shows(
    text: str, compared: tuple[str, ...] | str
) -> None:
    found = compare_exact(FormattedAnswer(PUZZLE, SOLUTION, BOXED, "decimal"), text)
    if isinstance(compared, tuple):
        assert found == compared
    else:
        assert isinstance(found, Difference) and compared in found.detail, found


def test_a_wrong_formatted_answer_keeps_the_output_and_the_grids_for_its_page() -> None:
    expect = FormattedGrid(FormattedAnswer(PUZZLE, SOLUTION, BOXED, "decimal"), "exact")
    wrong = BOXED_TEXT.replace("| 4 2", "| 4 3", 1)
    judgement = expect.judge(CallOutcome("returned", value=wrong))
    assert judgement.printed is not None
    assert judgement.printed.received_at == (2, 4, 5) == judgement.printed.expected_at
    grids = expect.grids(None, CallOutcome("returned", value=wrong))  # type: ignore[arg-type]
    assert grids is not None


# giving the puzzle and reading the answer ----------------------------------------------------


def test_the_puzzle_is_given_on_stdin_as_an_argument_or_as_a_file(tmp_path: Path) -> None:
    run = ("python3", "driver_3.py")
    assert given(run, "1.3\n", ProgramIo(), tmp_path).stdin == b"1.3\n"
    by_argument = given(run, "1.3\n", ProgramIo(input="argument"), tmp_path)
    assert (by_argument.argv, by_argument.stdin) == ((*run, "1.3"), b"")
    (tmp_path / "puzzle.txt").symlink_to("/etc/passwd")  # the submission's own: replaced
    by_file = given(run, "1.3\n", ProgramIo(input="file"), tmp_path)
    assert (by_file.argv, by_file.stdin) == ((*run, "puzzle.txt"), b"")
    written_file = tmp_path / "puzzle.txt"
    assert not written_file.is_symlink() and written_file.read_text() == "1.3\n"
    assert written_file.stat().st_mode & 0o777 == 0o444


def test_an_output_file_is_read_only_when_it_is_a_plain_file_of_its_own(tmp_path: Path) -> None:
    secret = tmp_path / "teacher" / "answers.txt"
    secret.parent.mkdir()
    secret.write_text("1324423124133142 AC3\n")  # a right answer: never to be read from here
    here = tmp_path / "run"
    here.mkdir()
    assert (
        read_output(here, "output.txt", 100).problem == "wrote no output.txt in its working folder"
    )
    (here / "output.txt").symlink_to(secret)
    refused = read_output(here, "output.txt", 100)
    assert (refused.text, refused.problem) == (None, "output.txt is a link: not followed, not read")
    (here / "output.txt").unlink()
    os.link(secret, here / "output.txt")
    assert read_output(here, "output.txt", 100).problem.endswith("(a hard link): not read")
    (here / "output.txt").unlink()
    os.mkfifo(here / "output.txt")
    assert (
        read_output(here, "output.txt", 100).problem == "output.txt is not a regular file: not read"
    )
    (here / "output.txt").unlink()
    (here / "output.txt").write_text("x" * 101)
    assert read_output(here, "output.txt", 100).over
    (here / "output.txt").write_text("x" * 100)
    assert read_output(here, "output.txt", 100).text == "x" * 100


def test_stdout_is_not_judged_when_the_answer_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "output.txt").write_text("the file\n")
    ran = CallOutcome("returned", value="the stdout\n")
    assert answered(ran, ProgramIo(), tmp_path, 100).value == "the stdout\n"
    assert answered(ran, ProgramIo(output="file"), tmp_path, 100).value == "the file\n"
    crashed = CallOutcome("crashed", exit_code=2, error_type="ValueError")
    strict = ProgramIo(output="file")
    assert answered(crashed, strict, tmp_path, 100) == crashed
    lenient = answered(crashed, ProgramIo(output="file", exit_status="any"), tmp_path, 100)
    assert (lenient.kind, lenient.value) == ("returned", "the file\n")
    assert lenient.message.startswith("exited with status 2 after writing output.txt")
    killed = CallOutcome("crashed", signal="SIGSEGV")
    assert answered(killed, ProgramIo(output="file", exit_status="any"), tmp_path, 100) == killed


def test_every_default_is_what_stdin_program_has_always_done() -> None:
    io = ProgramIo()
    assert (io.input, io.output, io.compare, io.no_solution) == (
        "stdin",
        "stdout",
        "tokens",
        "No Solution",
    )
    assert io.printed == PuzzleFormat(layout="rows", blank="0", values=None)


# the worked example: Columbia's edX driver -----------------------------------------------------

DRIVER_EXAMPLES = REPO / "submissions" / "columbia-driver"


def test_columbia_drivers_readings_are_said_in_the_feedback(tmp_path: Path) -> None:
    """The notes' ambiguities, each read in the student's favour and said: a label AC-3's
    strength contradicts, stdout and side files, the handout's other file name, an exit status."""
    for name in ("ac3-commented-out", "prints-and-keeps-notes", "named-driver-py",
                 "clock-after-writing"):  # fmt: skip
        shutil.copytree(DRIVER_EXAMPLES / name, tmp_path / name)
    plan = calibrated_plan(load_config(REPO / "config.yaml"), "columbia-driver")
    report = grade_all(plan, discover(tmp_path, (".py",)), JOBS)
    feedback = {
        s.name: " | ".join(f for i in s.items for f in i.feedback) for s in report.submissions
    }
    assert all(s.marks == 100 for s in report.submissions), feedback
    assert (
        "labelled 'BTS', though arc consistency alone fills this grid: reported, not marked"
        in (feedback["ac3-commented-out"])
    )
    assert "printed to stdout too: only output.txt is judged" in feedback["prints-and-keeps-notes"]
    assert "wrote other files too (README.txt)" in feedback["prints-and-keeps-notes"]
    assert "ran driver.py, the only program handed in" in feedback["named-driver-py"]
    assert "exited with status 1 after writing output.txt" in feedback["clock-after-writing"]


@pytest.mark.parametrize(
    "compare",
    [
        lambda text: compare_tokens(Answer(PUZZLE, SOLUTION, no_solution=""), text),
        lambda text: compare_lines(Answer(PUZZLE, SOLUTION, no_solution=""), text),
        lambda text: compare_exact(
            FormattedAnswer(PUZZLE, SOLUTION, LINE, "decimal", no_solution=""), text
        ),
        lambda text: compare_completion(
            FormattedAnswer(PUZZLE, SOLUTION, LINE, "decimal", no_solution=""), text
        ),
    ],
    ids=["tokens", "lines", "exact", "completion"],
)
def test_nothing_printed_is_a_wrong_answer_where_the_handout_defines_no_message(
    compare: Any,
) -> None:
    """`no_solution: null` (the handout defines no message): printing nothing is no message."""
    found = compare("")
    assert isinstance(found, Difference), found
    assert "but the puzzle has a solution" not in found.detail
