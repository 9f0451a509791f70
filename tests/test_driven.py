"""Shape driven: a teacher's driver built with a student's C functions, end to end (real gcc,
real runs in the sandbox), and the protocol its lines follow.

The bundled examples (submissions/c-functions and java-functions) are held to their expected
outcomes by `check` (tests/test_examples.py); here, what they cost: one build per submission
whatever its stages, an item's probes in a run or two, and a missing function's item CE without
running the rest of it. Fixtures live in fixtures/driven/BEHAVIOUR/.
"""

from __future__ import annotations

import contextlib
import shutil
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from harness.config import load_config
from harness.grading.plan import Plan, make_plan
from harness.grading.run import grade_all
from harness.kinds.driven import build, protocol, runs
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.sandbox import program
from harness.submissions import Submission
from tests.conftest import FIXTURES, REPO

EXAMPLES = REPO / "submissions" / "c-functions"
pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")


@pytest.fixture(scope="module")
def plan() -> Plan:
    return make_plan(load_config(REPO / "config.yaml"), "c-functions")


class Counted:
    """Every program the shape's build or runs start, with the first word of its input."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: list[tuple[str, str]] = []  # (kind, the function its first line calls)
        real = program.run_program

        def counted(
            argv: Sequence[str], workdir: Path, stdin: bytes, *rest: Any, **named: Any
        ) -> Any:
            kind = rest[2] if len(rest) > 2 else "program"
            self.started.append((kind, stdin.split(b" ", 1)[0].decode()))
            return real(argv, workdir, stdin, *rest, **named)

        monkeypatch.setattr(build, "run_program", counted)
        monkeypatch.setattr(runs, "run_program", counted)

    @property
    def builds(self) -> int:
        return sum(kind == "toolchain" for kind, _ in self.started)

    def runs_of(self, function: str) -> int:
        return sum(called == function for kind, called in self.started if kind != "toolchain")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    yield Counted(monkeypatch)


def graded(plan: Plan, folder: Path) -> SubmissionResult:
    """One submission graded here, in this process (one job), so that its runs are counted."""
    [result] = grade_all(plan, [Submission(folder.name, folder)], jobs=1).submissions
    return result


def verdicts(result: SubmissionResult, item: str) -> Counter[Verdict]:
    return Counter(case.verdict for i in result.items if i.name == item for case in i.cases)


def test_a_submission_is_built_once_whatever_its_stages(plan: Plan, counted: Counted) -> None:
    stages = {probe.stage for probe in plan.probes}
    assert len(stages) == 3  # open (the checks), timed (solve_sudoku), hidden and timed
    result = graded(plan, EXAMPLES / "correct")
    assert result.marks == 100
    assert counted.builds == 1
    for check in ("is_val_in_row", "is_val_in_col", "is_val_in_3x3_zone", "is_val_valid"):
        assert counted.runs_of(check) == 1  # an untimed item's probes share a run
    solves = sum(probe.item == "solve_sudoku" for probe in plan.probes)
    assert counted.runs_of("solve_sudoku") == solves  # timed: each puzzle alone, timed exactly


def test_a_missing_function_is_ce_for_its_item_alone(plan: Plan, counted: Counted) -> None:
    result = graded(plan, EXAMPLES / "no-zone-function")
    zone = sum(probe.item == "is_val_in_3x3_zone" for probe in plan.probes)
    assert verdicts(result, "is_val_in_3x3_zone") == {Verdict.CE: zone}
    assert counted.runs_of("is_val_in_3x3_zone") == 1  # the stand-in ends it: no run for the rest
    for item in ("is_val_in_row", "is_val_valid", "solve_sudoku"):
        assert set(verdicts(result, item)) == {Verdict.AC}, item
    assert "not defined: is_val_in_3x3_zone" in result.note


def test_a_file_that_does_not_compile_is_left_out_and_named(plan: Plan, counted: Counted) -> None:
    result = graded(plan, EXAMPLES / "solve-does-not-compile")
    assert set(verdicts(result, "solve_sudoku")) == {Verdict.CE}
    assert set(verdicts(result, "is_val_valid")) == {Verdict.AC}
    assert counted.builds == 4  # both, each alone, then sudoku.c without solve.c
    [solve] = [item for item in result.items if item.name == "solve_sudoku"]
    assert solve.feedback[0].startswith("solve.c did not compile and was left out: solve.c:")


def test_a_run_that_crashes_keeps_its_replies_and_blames_one_call(
    plan: Plan, counted: Counted
) -> None:
    result = graded(plan, FIXTURES / "driven" / "crashes-on-one-call")
    [row] = [item for item in result.items if item.name == "is_val_in_row"]
    failed = [(case.id, case.verdict) for case in row.cases if case.verdict is not Verdict.AC]
    assert failed == [("classic-9x9/easy-9x9-001#4=9", Verdict.RE)]
    assert "SIGSEGV" in next(case.detail for case in row.cases if case.verdict is Verdict.RE)
    # the run, the call alone, the rest together; then the call on its sanitizer build
    assert counted.runs_of("is_val_in_row") == 4
    assert counted.builds == 2  # its build, and the sanitizer build (it lost marks)
    assert "writes through a null pointer at sudoku.c line 5" in row.feedback[-1]
    assert result.marks == pytest.approx(100 - 10 / 9, abs=0.005)  # one row's group of nine


def test_request_lines_write_each_argument_as_tokens() -> None:
    grid = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
    assert protocol.request("is_val_in_row", [3, 1, grid]) == (
        "is_val_in_row 3 1 4 1 0 0 0 0 0 3 0 0 4 0 0 0 0 0 2"
    )
    assert protocol.request("cell", [(2, 3), [".", "5"]]) == "cell 2 3 2 . 5"
    with pytest.raises(ValueError, match="one token"):
        protocol.request("f", ["two words"])


@pytest.mark.parametrize(
    ("line", "pair", "value", "grid"),
    [
        ("true", False, True, None),
        ("[3, 9]", False, [3, 9], None),  # candidates: a list
        ("[3, 9]", True, (3, 9), None),  # a position: a pair, as a Python course returns it
        ('{"returned": false, "grid": [[1]]}', False, False, [[1]]),
        ("null", False, None, None),
    ],
)
def test_a_reply_is_one_line_of_json(line: str, pair: bool, value: Any, grid: Any) -> None:
    reply = protocol.read_reply(line, pair)
    assert isinstance(reply, protocol.Reply)
    assert (reply.value, reply.grid) == (value, grid)
    assert type(reply.value) is type(value)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("checking row 3", "the driver's reply is not JSON: 'checking row 3'"),
        ('{"value": 1}', "an object with keys ['value'], not returned and grid"),
        ("[" * 100_000, "not JSON"),  # nested past the parser's depth: still one sentence
    ],
)
def test_a_reply_that_is_not_one_is_said_so(line: str, said: str) -> None:
    reply = protocol.read_reply(line)
    assert isinstance(reply, str)
    assert said in reply


def test_the_grid_replied_replaces_the_grid_given() -> None:
    reply = protocol.read_reply('{"returned": true, "grid": [[5]]}')
    assert isinstance(reply, protocol.Reply)
    assert reply.after([7, [[0]]]) == (7, [[5]])
    assert protocol.Reply(True).after([[[0]]]) == ()  # no grid replied: nothing to judge it on


@pytest.mark.parametrize(
    "fixture",
    [
        "a-file-named-like-the-driver-folder",  # the driver's folder name, taken by a file
        "defines-its-own-main",  # the student's own test main() beside the functions
    ],
)
def test_what_a_student_leaves_beside_working_functions_costs_nothing(
    plan: Plan, fixture: str
) -> None:
    result = graded(plan, FIXTURES / "driven" / fixture)
    assert result.status == "graded", result.note
    assert result.marks == result.max_marks, [item.feedback for item in result.items]
    said = [line for item in result.items for line in item.feedback if "main()" in line]
    assert said == ([build.OWN_MAIN_NOTE] if fixture == "defines-its-own-main" else [])


def test_a_run_of_an_items_probes_is_capped_so_one_hang_costs_a_few_limits() -> None:
    """81 probes of 1 s each share a run: a hang on the first must not cost 81 s of CPU. The
    run is capped; a probe it did not reach runs alone, under its own limit."""
    one = program.ProgramLimits(cpu=1.0, wall=3.0, memory_mb=256, output_bytes=1 << 16)
    shared = runs._summed([one] * 81)
    assert shared.cpu == runs.SHARED_LIMITS * 1.0 and shared.wall == runs.SHARED_LIMITS * 3.0
    assert runs._summed([one] * 2).cpu == 2.0  # under the cap: the sum
    assert shared.output_bytes == 81 << 16 and shared.memory_mb == 256


# the course's given files (driver.given), laid beside the student's ------------------------------

HEADER = b"#define SIZE 9\nint course_helper(void);\n"
HELPER = b'#include "sudoku.h"\nint course_helper(void) { return SIZE; }\n'
STUDENTS = """#include "sudoku.h"
_Static_assert(SIZE == 9, "built with the course's sudoku.h");
int is_val_in_row(int val, int i, const int sudoku[9][9]) { return course_helper() == val + i; }
"""


@pytest.mark.parametrize("ships_its_own", [True, False])
def test_the_courses_given_files_take_the_place_of_the_students(
    plan: Plan, tmp_path: Path, ships_its_own: bool
) -> None:
    """The course's sudoku.h wherever the student's code looks for it (beside each of its files,
    and in place of its own copies, which said SIZE 8), and the course's helpers.c built with
    the driver's files (the student's copy, which does not compile, taken out)."""
    given = replace(plan, driver_given=(("sudoku.h", HEADER), ("helpers.c", HELPER)))
    student = tmp_path / "student"
    (student / "src").mkdir(parents=True)
    (student / "src" / "sudoku.c").write_text(STUDENTS)
    if ships_its_own:
        (student / "include").mkdir()
        for copy in ("src/sudoku.h", "include/sudoku.h"):
            (student / copy).write_text("#define SIZE 8\n")
        (student / "helpers.c").write_text("#error not the course's\n")
    with contextlib.ExitStack() as keep:
        built = build.build(Submission("student", student), given.context(), keep)
        assert built.failure is None, built.failure.message
        assert built.files == (Path("src/sudoku.c"),)
        assert "sudoku-harness-driver/helpers.c" in built.command
        laid = ["src/sudoku.h", "sudoku.h", *(["include/sudoku.h"] if ships_its_own else [])]
        assert all((built.folder / path).read_bytes() == HEADER for path in laid)
