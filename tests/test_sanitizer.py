"""Undefined behaviour named (harness/kinds/sanitizer/): reports read into findings, the
sanitizer build run in the sandbox with every layer it can keep, and the step in grading, which
never changes a mark.

The reports in fixtures/sanitizer/reports/ are gcc 12's, recorded from kinds.c (one kind of
undefined behaviour a case), sudoku.cpp (a C++ program reading past a global grid) and the
c-functions example reads-past-the-grid, with the harness's options and the working copies'
paths stripped, as a shape hands them over.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from harness.config import load_config
from harness.grading import undefined
from harness.grading.plan import Plan, make_plan
from harness.grading.run import grade_all
from harness.kinds import sanitizer_step as step
from harness.kinds.sanitizer import report, settings
from harness.kinds.sanitizer_step import Failed
from harness.records.probes import Probe
from harness.records.results import SubmissionResult
from harness.sandbox import isolation
from harness.sandbox.isolation import Isolation, Mode
from harness.sandbox.program import ProgramLimits, ProgramRun, run_program
from harness.submissions import Submission
from tests.conftest import FIXTURES, REPO

REPORTS = FIXTURES / "sanitizer" / "reports"
EXAMPLE = REPO / "submissions" / "c-functions" / "reads-past-the-grid"
LAYERS = {layer.name: layer for layer in isolation.probe()}
gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")


def finding(name: str, sources: dict[str, str] | None = None) -> report.Finding | None:
    text = (REPORTS / f"{name}.txt").read_bytes()
    if sources is None:
        sources = {"kinds.c": (REPORTS / "kinds.c").read_text()}
    return report.first_finding(text, sources)


# --- reports -------------------------------------------------------------------------------------


def test_the_examples_read_is_named_with_its_index_and_what_lies_there() -> None:
    found = finding("reads-past-the-grid", {"sudoku.c": (EXAMPLE / "sudoku.c").read_text()})
    assert found is not None
    assert found.text == (
        "UndefinedBehaviorSanitizer: reads `sudoku[i][j]` out of bounds (j = 9) at sudoku.c line 56"
    )  # UndefinedBehaviorSanitizer's index, then AddressSanitizer's read at the same line
    assert found.detail == (
        "index 9 of an int [9]; 36 bytes past the end of the caller's `grid`, on the stack"
    )


def test_a_c_plus_plus_index_is_found_by_its_closing_bracket() -> None:
    source = FIXTURES / "sanitizer" / "reads-past-a-global-grid" / "sudoku.cpp"
    found = finding("cpp-global-row", {"sudoku.cpp": source.read_text()})
    assert found is not None
    assert found.words == "reads `grid[row][col]` out of bounds (row = 9)"
    assert found.place == report.Place("sudoku.cpp", 32, 17)
    # AddressSanitizer names the global after `grid` ("24 bytes before __ioinit"): not said
    assert found.detail == "index 9 of an int [9][9]"


@pytest.mark.parametrize(
    ("name", "text", "detail"),
    [
        ("heap-write", "UndefinedBehaviorSanitizer: writes `h[9]` out of bounds at kinds.c line 13",
         "just past the end of a 36-byte block"),
        ("use-after-free", "AddressSanitizer: reads `h[0]` after it was freed at kinds.c line 14",
         "at the start of a 36-byte block"),
        ("null-store", "UndefinedBehaviorSanitizer: writes through a null pointer at kinds.c "
         "line 15", ""),
        ("stack-overflow", "AddressSanitizer: overflows the stack (recursion too deep, or local "
         "arrays too large) at kinds.c line 6", ""),
        ("signed-overflow", "UndefinedBehaviorSanitizer: overflows an int: 5 + 2147483647 at "
         "kinds.c line 17", ""),
        ("divide-by-zero", "UndefinedBehaviorSanitizer: divides by zero at kinds.c line 18", ""),
        ("global-index", "UndefinedBehaviorSanitizer: reads `g[k + 2]` out of bounds (k + 2 = 9) "
         "at kinds.c line 19", "index 9 of an int [9]; just past the end of the global `g`"),
        ("double-free", "AddressSanitizer: frees the same memory twice at kinds.c line 20",
         "at the start of a 36-byte block"),
        ("wild-read", "AddressSanitizer: reads an invalid address at kinds.c line 21", ""),
    ],
)  # fmt: skip
def test_each_kind_is_said_in_words_at_the_students_line(name: str, text: str, detail: str) -> None:
    found = finding(name)
    assert found is not None
    assert (found.text, found.detail) == (text, detail)


def test_an_error_in_no_file_of_the_students_is_not_theirs() -> None:
    assert finding("reads-past-the-grid", {"other.c": "int x;\n"}) is None


def test_the_first_error_in_the_students_files_is_the_finding() -> None:
    driver = b"sudoku-harness-driver/driver.c:3:5: runtime error: division by zero\n"
    theirs = (REPORTS / "reads-past-the-grid.txt").read_bytes()
    found = report.first_finding(driver + theirs, {"sudoku.c": (EXAMPLE / "sudoku.c").read_text()})
    assert found is not None and found.kind == "out-of-bounds"


@pytest.mark.parametrize(
    "stderr",
    [b"", b"Segmentation fault\n", b"==12==WARNING: AddressSanitizer failed to allocate 0x10\n"],
)
def test_no_report_is_no_finding(stderr: bytes) -> None:
    assert report.first_finding(stderr, {"kinds.c": ""}) is None


def test_a_files_name_is_cleaned_too() -> None:
    name = "\x1b[2Jsudoku.c"
    stderr = f"{name}:1:9: runtime error: division by zero\n".encode()
    found = report.first_finding(stderr, {name: "int x = 1 / 0;\n"})
    assert found is not None and "\x1b" not in found.text
    assert found.text.endswith("\ufffd[2Jsudoku.c line 1")


def test_a_forged_report_chooses_among_our_sentences_and_its_text_is_cleaned() -> None:
    forged = (
        b"kinds.c:3:1: runtime error: \x1b]0;owned\x07 \xe2\x80\xae please give full marks\n"
        b"==1==ERROR: AddressSanitizer: \x1b[2J wipe\n"
    )
    found = report.first_finding(forged, {"kinds.c": "a\nb\nc\x1b[31m[i]\n"})
    assert found is not None
    assert found.kind == "other"
    assert "\x1b" not in found.text and "\u202e" not in found.text
    assert found.text.startswith("UndefinedBehaviorSanitizer: has undefined behaviour (")
    assert found.text.endswith("at kinds.c line 3")


# --- settings and the step ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "yes"),
    [
        (["gcc", "-O2"], True),
        (["g++"], True),
        (["/usr/bin/g++-12"], True),
        (["x86_64-linux-gnu-gcc-12"], True),
        (["cc"], True),
        (["clang"], False),
        (["javac", "-d", "."], False),
        ([], False),
    ],
)
def test_only_gccs_builds_are_made_again(command: list[str], yes: bool) -> None:
    assert settings.sanitizable(command) is yes


def test_the_optimisation_said_is_the_courses_last() -> None:
    assert settings.optimisation(["gcc", "-O0", "-std=c11", "-O2", "-o", "x"]) == "-O2"
    assert settings.optimisation(["gcc", "-o", "x"]) == ""


def test_a_rerun_is_bounded_by_the_cases_own_time_and_its_limit() -> None:
    limits = ProgramLimits(cpu=2.0, wall=5.0, memory_mb=256, output_bytes=1000)
    quick = settings.rerun_limits(limits, 0.01)
    assert (quick.cpu, quick.wall) == (settings.RERUN_CPU, 2 * settings.RERUN_CPU + 1)
    assert settings.rerun_limits(limits, 1.0).cpu == 3.0
    assert settings.rerun_limits(limits, 10.0).cpu == 6.0  # at most 3 times its limit
    assert quick.shadow and quick.memory_mb == 256 + settings.SHADOW_MB
    assert quick.output_bytes == 1000 + settings.REPORT_BYTES


def test_the_cases_run_again_are_capped_each_item_first() -> None:
    def failed(item: str, index: int) -> Failed:
        return Failed(Probe(item, f"{item}{index}", "", (), None), 0.0)  # type: ignore[arg-type]

    cases = [failed("a", i) for i in range(5)] + [failed("b", i) for i in range(3)]
    cases.append(failed("c", 0))
    chosen = [case.probe.id for case in step._chosen(cases)]
    assert chosen == ["a0", "b0", "c0", "a1"]  # 4 at most; each item's first, then its second


# --- the sanitizer build in the sandbox ---------------------------------------------------------

HOG = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    for (int i = 0; i < 4096; i++) {            /* up to 4 GiB, a MiB at a time, each touched */
        char *p = malloc(1 << 20);
        if (p == NULL) { puts("refused"); return 3; }
        memset(p, i, 1 << 20);
    }
    puts("done");
    return 0;
}
"""
READS = r"""
#include <stdio.h>
int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);            /* said before the sanitizer stops it */
    for (int i = 1; i < argc; i++) printf("%s %s\n", argv[i], fopen(argv[i], "r") ? "yes" : "no");
    int grid[9] = {0};
    return grid[argc + 8];                       /* reads past the array */
}
"""
SHADOW_LIMITS = ProgramLimits(cpu=10, wall=30, memory_mb=128, output_bytes=1 << 20, shadow=True)


def built(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "p.c").write_text(source)
    command = ["gcc", "-O0", "-o", "p", "p.c", *settings.FLAGS]
    subprocess.run(command, cwd=folder, check=True, capture_output=True, timeout=60)
    folder.chmod(0o755)
    return folder


def shadow_run(folder: Path, isolated: Isolation, *args: str, shadow: bool = True) -> ProgramRun:
    limits = replace(SHADOW_LIMITS, shadow=shadow)
    return run_program(["./p", *args], folder, b"", limits, isolated, "program",
                       environment=settings.ENVIRONMENT)  # fmt: skip


@gcc
def test_a_sanitizer_build_cannot_start_under_rlimit_as(tmp_path: Path) -> None:
    """The control: why a sanitizer run has no RLIMIT_AS (ProgramLimits.shadow)."""
    run = shadow_run(built(tmp_path, READS), Isolation(), shadow=False)
    assert b"ReserveShadowMemoryRange failed" in run.stderr


@gcc
def test_without_a_memory_cgroup_the_supervisor_stops_a_hog_by_its_resident_memory(
    tmp_path: Path,
) -> None:
    run = shadow_run(built(tmp_path, HOG), Isolation())
    assert run.over_memory and not run.ok
    assert run.stdout == b""  # stopped before it held 4 GiB, and before malloc refused it


@gcc
@pytest.mark.skipif(
    not LAYERS["memory cgroup"].active, reason=f"no memory cgroup: {LAYERS['memory cgroup'].detail}"
)
def test_under_a_memory_cgroup_the_hog_meets_its_limit_there(tmp_path: Path) -> None:
    run = shadow_run(built(tmp_path, HOG), Isolation(memory_cgroup=True))
    assert run.memory is not None and run.memory.oom_killed
    assert not run.over_memory  # the cgroup bounds it: the supervisor does not watch


@gcc
@pytest.mark.skipif(not LAYERS["landlock"].active, reason="Landlock is not in force here")
def test_every_layer_stays_and_it_reads_its_own_proc_folder_alone(tmp_path: Path) -> None:
    teacher, folder = REPO / "config.yaml", built(tmp_path, READS)
    run = shadow_run(
        folder, isolation.choose(Mode.AUTO), "/proc/self/maps", "/proc/1/cmdline", str(teacher)
    )
    said = dict(line.split() for line in run.stdout.decode().splitlines())
    assert said == {"/proc/self/maps": "yes", "/proc/1/cmdline": "no", str(teacher): "no"}
    stderr = run.stderr.replace(f"{folder}/".encode(), b"")  # as a shape hands it over
    found = report.first_finding(stderr, {"p.c": READS})
    assert found is not None
    assert found.text.startswith("UndefinedBehaviorSanitizer: reads `grid[argc + 8]` out of")
    assert "past the end of `grid`, on the stack" in found.detail  # its own /proc/self/maps


# --- grading: the note, and marks that never change ----------------------------------------------


@pytest.fixture(scope="module")
def solve_plan() -> Plan:
    """c-functions with its hidden solve_sudoku cases alone: the example's failing case among
    them (the example loses 5 of 50 on the 10 puzzles of the whole plan)."""
    plan = make_plan(load_config(REPO / "config.yaml"), "c-functions")
    hidden = [p for p in plan.probes if p.item == "solve_sudoku" and p.id.startswith("hidden")]
    return replace(plan, probes=tuple(hidden))


def graded(plan: Plan, folder: Path) -> SubmissionResult:
    [result] = grade_all(plan, [Submission(folder.name, folder)], jobs=1).submissions
    return result


@gcc
def test_the_example_is_named_and_its_marks_are_the_normal_builds(
    solve_plan: Plan, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    named = graded(solve_plan, EXAMPLE)
    [solve] = [item for item in named.items if item.name == "solve_sudoku"]
    failed = [(case.id, case.verdict.value) for case in solve.cases if not case.verdict.passed]
    assert failed == [("hidden-9x9/easy-9x9-002", "WA")]
    assert named.note == (
        "UndefinedBehaviorSanitizer: reads `sudoku[i][j]` out of bounds (j = 9) at sudoku.c "
        "line 56; marks come from the -O2 build and may differ elsewhere"
    )
    assert solve.feedback[-1].startswith("undefined behaviour, found by a sanitizer build")

    def fails(*args: object) -> step.Examined:
        raise OSError("no space left on device")

    monkeypatch.setattr(step, "examine", fails)
    with caplog.at_level(logging.WARNING, logger=undefined.__name__):
        unnamed = graded(solve_plan, EXAMPLE)
    assert "the sanitizer step of reads-past-the-grid failed" in caplog.text
    assert unnamed.status == "graded" and unnamed.note == ""  # logged, never an IE

    def marks(result: SubmissionResult) -> list[tuple[str, float, list[tuple[str, str]]]]:
        return [(i.name, i.marks, [(c.id, c.verdict.value) for c in i.cases]) for i in result.items]

    assert marks(unnamed) == marks(named)
    monkeypatch.undo()
    off = replace(
        solve_plan, assignment=solve_plan.assignment.model_copy(update={"sanitize": False})
    )
    unasked = graded(off, EXAMPLE)  # config.yaml's `sanitize: false`: no build made
    assert unasked.note == "" and marks(unasked) == marks(named)


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_a_cpp_program_on_stdin_is_named_too() -> None:
    plan = make_plan(load_config(REPO / "config.yaml"), "stdin-program")
    plan = replace(plan, probes=tuple(p for p in plan.probes if p.item == "16x16"))
    result = graded(plan, FIXTURES / "sanitizer" / "reads-past-a-global-grid")
    assert result.note.startswith(
        "UndefinedBehaviorSanitizer: reads `grid[row][col]` out of bounds (row = 9) at "
        "sudoku.cpp line 32; marks come from the -O2 build"
    )
