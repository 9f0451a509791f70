"""The course's own unit tests (shape unit-tests): the report read defensively, the teacher's
tests listed from their files, doctor's toolchain rows, and the JVM confined by the sandbox's
own layers, without the security manager of the worked example.

The worked examples (uwb-css342, hawaii-ics211) are graded by `check` in test_examples.py, and
the attacks on them in test_hostile.py (shapes gtest and junit).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from harness.cli.doctor import render_toolchains
from harness.cli.toolchains import toolchain
from harness.config import LanguageConfig, LanguageLimits
from harness.errors import InternalError
from harness.grading.run import grade_all
from harness.kinds.unit_tests.frameworks import FRAMEWORKS, Course, Toolchain
from harness.kinds.unit_tests.frameworks.java_source import JavaFile
from harness.records.verdicts import Verdict
from harness.sandbox.isolation import Grants, Mode, choose
from harness.sandbox.junit import REPORT_BYTES, CaseRecord, read_reports
from harness.sandbox.program import ProgramLimits, run_program
from harness.sandbox.sidecar import sidecar
from harness.submissions import discover
from tests.conftest import REPO, plan_for

GTEST_REPORT = b"""<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="3" failures="1" name="AllTests">
  <testsuite name="sudoku" tests="3">
    <testcase name="solves" classname="sudoku" time="0.002"/>
    <testcase name="keeps" classname="sudoku" time="0.001">
      <failure message="Value of: sudoku.solve()&#x0A;  Actual: false" type=""/>
    </testcase>
    <testcase name="throws" classname="sudoku">
      <failure message="unknown file&#x0A;C++ exception with description &quot;boom&quot; \
thrown in the test body."/>
    </testcase>
  </testsuite>
</testsuites>
"""


def _report(folder: Path, data: bytes, name: str = "gtest.xml") -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)
    return folder


def test_a_report_is_read_into_its_testcases(tmp_path: Path) -> None:
    reading = read_reports(_report(tmp_path / "r", GTEST_REPORT), "gtest.xml")
    assert reading.problem == ""
    assert [(c.name, c.status) for c in reading.cases] == [
        ("solves", "passed"),
        ("keeps", "failed"),
        ("throws", "failed"),
    ]
    assert reading.cases[1].message.startswith("Value of: sudoku.solve()")
    raised = FRAMEWORKS["googletest"].raised(reading.cases[2].message)
    assert raised == "an uncaught C++ exception"


@pytest.mark.parametrize(
    ("plant", "problem"),
    [
        ("link", "cannot be opened"),
        ("fifo", "is not a regular file"),
        ("doctype", "declares a DOCTYPE"),
        ("utf-16", "is not in UTF-8"),  # the DOCTYPE check reads bytes: not these
        ("cp500", "declares the encoding 'cp500'"),  # EBCDIC: '<!DOCTYPE' is other bytes
        ("huge", f"larger than {REPORT_BYTES >> 20} MiB"),
        ("broken", "is not well-formed XML"),
        ("nothing", "it wrote no report"),
    ],
)
def test_a_report_the_student_could_plant_is_refused(
    tmp_path: Path, plant: str, problem: str
) -> None:
    """Never a link followed out of the folder, a FIFO waited on, an entity expanded, or more
    than REPORT_BYTES read."""
    folder = tmp_path / "reports"
    folder.mkdir()
    secret = tmp_path / "answers.xml"
    secret.write_bytes(GTEST_REPORT)
    report = folder / "gtest.xml"
    if plant == "link":
        report.symlink_to(secret)
    elif plant == "fifo":
        os.mkfifo(report)
    elif plant == "doctype":
        report.write_bytes(b'<!DOCTYPE x [<!ENTITY a "aaaa">]><testsuites>&a;</testsuites>')
    elif plant == "utf-16":
        entity = '<!DOCTYPE x [<!ENTITY a "aaaa">]><testsuites>&a;</testsuites>'
        report.write_bytes(entity.encode("utf-16"))
    elif plant == "cp500":
        declared = "<?xml version='1.0' encoding='cp500'?>"
        entity = '<!DOCTYPE x [<!ENTITY a "aaaa">]><testsuites>&a;</testsuites>'
        report.write_bytes(declared.encode() + entity.encode("cp500"))
    elif plant == "huge":
        report.write_bytes(b"<testsuites>" + b" " * REPORT_BYTES + b"</testsuites>")
    elif plant == "broken":
        report.write_bytes(b"<testsuites><testcase name='x'>")
    reading = read_reports(folder, "gtest.xml")
    assert problem in reading.problem and not reading.cases


def test_googletest_lists_tests_outside_comments(tmp_path: Path) -> None:
    text = """
    TEST(sudoku, solves) { }
    TEST_F (Board, keeps_givens) { }
    // TEST(sudoku, commented_out) { }
    /* TEST(sudoku, in_a_block) { } */
    """
    listed = FRAMEWORKS["googletest"].listed(tmp_path / "t.cpp", text)
    assert [t.name for t in listed] == ["sudoku.solves", "Board.keeps_givens"]
    assert FRAMEWORKS["googletest"].selection(listed) == (
        "--gtest_filter=sudoku.solves:Board.keeps_givens",
    )


def test_googletest_leaves_out_what_never_runs(tmp_path: Path) -> None:
    """A disabled test or one under `#if 0` is not run by GoogleTest: listed, it would be
    missing from every report, RE for every student."""
    text = """
    TEST(sudoku, solves) { }
    TEST(sudoku, DISABLED_too_slow) { }
    TEST(DISABLED_later, solves) { }
    #if 0
    TEST(sudoku, not_yet) { }
    #  if 1
    TEST(sudoku, nested_not_yet) { }
    #  endif
    #else
    TEST(sudoku, instead) { }
    #endif
    """
    listed = FRAMEWORKS["googletest"].listed(tmp_path / "t.cpp", text)
    assert [t.name for t in listed] == ["sudoku.solves", "sudoku.instead"]


def test_junit_lists_what_runs_whatever_its_annotations_say(tmp_path: Path) -> None:
    """A parameterized test whose display name holds braces is a test; a disabled one is not."""
    text = """
    class SolveTest {
      @ParameterizedTest(name = "{0} solves")
      @ValueSource(ints = {1, 2})
      void solves(int n) { }
      @Disabled("too slow")
      @Test
      void tooSlow() { }
      @Test @Disabled void alsoSlow() { }
      @Test
      void restores() { String s = "@Disabled"; }
    }
    """
    listed = FRAMEWORKS["junit5"].listed(tmp_path / "SolveTest.java", text)
    assert [t.name for t in listed] == ["SolveTest.solves", "SolveTest.restores"]


def test_junit_lists_test_methods_with_their_package(tmp_path: Path) -> None:
    text = """
    package edu.ics211.h09;
    import org.junit.jupiter.api.Test;
    class SolveTest {
      @Test
      void solves() { }
      @Test @DisplayName("restores the grid")
      public void restores() { }
      void helper() { }
      // @Test void commentedOut() { }
    }
    """
    junit = FRAMEWORKS["junit5"]
    listed = junit.listed(tmp_path / "SolveTest.java", text)
    assert [t.name for t in listed] == ["SolveTest.solves", "SolveTest.restores"]
    assert listed[0].selector == "edu.ics211.h09.SolveTest#solves"
    assert junit.name("edu.ics211.h09.SolveTest", "solves(int)[2]") == "SolveTest.solves"


def test_doctor_says_what_is_missing_and_how_to_install_it() -> None:
    language = LanguageConfig(
        files=("*.java",),
        tools=("javac", "no-such-javac-here"),
        requires=(Path("/no/such/junit.jar"),),
        packages=("openjdk-17-jdk-headless", "junit5"),
    )
    found = toolchain("java", language)
    assert not found.installed
    assert found.detail == (
        "not installed: no-such-javac-here, /no/such/junit.jar, install it with "
        "apt-get install openjdk-17-jdk-headless junit5"
    )
    shown = render_toolchains([found], "config.yaml", width=200)
    assert "java" in shown and "not installed" in shown


def test_doctor_lists_the_shipped_languages() -> None:
    from harness.config import load_config

    config = load_config(REPO / "config.yaml")
    assert {"cpp-googletest", "java", "java-junit5"} <= set(config.languages)
    assert config.languages["java-junit5"].commands == ("javac", "java")
    assert config.languages["java"].commands == ("javac", "java")
    assert config.languages["cpp"].commands == ("g++",)


# the JVM under the sandbox's own layers, no security manager ----------------------------------

PROBE = """
import java.nio.file.*;
public class Probe {
  public static void main(String[] args) throws Exception {
    try { new ProcessBuilder("/bin/true").start().waitFor(); System.out.println("fork: ESCAPED"); }
    catch (java.io.IOException e) { System.out.println("fork: refused"); }
    try { Files.readString(Path.of(args[0])); System.out.println("read: STOLEN"); }
    catch (java.io.IOException e) { System.out.println("read: refused"); }
    byte[] block = new byte[1 << 20];
    try (var out = Files.newOutputStream(Path.of("fill.bin"))) {
      for (int i = 0; i < 64; i++) out.write(block);
      System.out.println("fill: ESCAPED");
    } catch (java.io.IOException e) { System.out.println("fill: refused"); }
    Thread t = new Thread(() -> System.out.println("thread: ran"));
    t.start(); t.join();
  }
}
"""
JVM = [
    "-Xmx128m",
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    "-XX:CompressedClassSpaceSize=64m",
    "-XX:ReservedCodeCacheSize=32m",
    "-XX:-UsePerfData",
]


@pytest.mark.skipif(shutil.which("javac") is None, reason="no JDK here (openjdk-17-jdk-headless)")
def test_the_jvm_runs_confined_by_the_sandbox_alone(tmp_path: Path) -> None:
    """Without the worked example's security manager, the layers under every student process
    hold for the JVM: no process started (seccomp), the teacher's file out of reach (Landlock, the
    private view), a file past RLIMIT_FSIZE refused; its threads run, within its own address
    space (the language's `address_space_mb`)."""
    isolation = choose(Mode.AUTO)
    if not isolation.landlock_abi or not isolation.seccomp:
        pytest.skip("Landlock and seccomp are not both in force here")
    secret = tmp_path / "teacher" / "answers.txt"
    secret.parent.mkdir()
    secret.write_text("42")
    work = tmp_path / "work"
    work.mkdir()
    (work / "Probe.java").write_text(PROBE)
    subprocess.run(["javac", "-J-Xmx128m", "-d", str(work), str(work / "Probe.java")], check=True)
    (work / "Probe.java").unlink()
    java = LanguageLimits(memory_mb=256, address_space_mb=2048)
    assert java.address_space_mb is not None
    limits = ProgramLimits(
        cpu=10, wall=60, memory_mb=256, output_bytes=1 << 16, file_size_mb=16,
        open_files=256, address_space_mb=java.address_space_mb,
    )  # fmt: skip
    grants = Grants((Path("/etc/java-17-openjdk"),))
    argv = ["java", *JVM, "-cp", ".", "Probe", str(secret)]
    run = run_program(argv, work, b"", limits, isolation, "program", grants=grants)
    said = run.stdout.decode()
    assert run.ending.code == 0, (run.ending, run.stderr.decode()[-2000:])
    assert said.split("\n")[:4] == [
        "fork: refused",
        "read: refused",
        "fill: refused",
        "thread: ran",
    ]


def test_a_case_record_is_plain_data() -> None:
    case = CaseRecord("sudoku", "solves", "passed")
    assert case.status == "passed" and case.message == ""


# what a student's C++ file may not hold, under GoogleTest -------------------------------------

NONE = Course({})  # no teacher's file: nothing the tests include


def refused(text: str, course: Course = NONE, name: str = "sudoku.cpp") -> str:
    """What GoogleTest's refusal says of one file ("" when it may be built)."""
    found = FRAMEWORKS["googletest"].refused({name: text}, course)
    return "" if found is None else str(found)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("__attribute__((constructor)) static void f() {}", "constructor"),
        ("[[gnu::destructor]] void f() {}", "destructor"),
        ("struct A {} a __attribute__((init_priority(101)));", "init_priority"),
        ('void (*p)() __attribute__((section(".pre" "init_array"))) = f;', "section"),
        ('asm(".section .preinit_array");', "asm"),
        ("#define C(x) con##x\n", "##"),
        ("__attribute__((__constr\\\nuctor__)) void f() {}", "constructor"),  # a spliced line
        ('const char *a = "/*"; [[gnu::constructor]] void f(); const char *b = "*/";', "constr"),
        ('auto s = R"(")"; [[gnu::constructor]] void f();', "constructor"),
    ],
)
def test_googletest_refuses_code_that_runs_before_main(text: str, word: str) -> None:
    """Whatever its spelling: a line spliced, a comment opener inside a string, a raw string."""
    assert word in refused(text)


def test_a_refusal_names_the_file_and_the_line_as_written() -> None:
    """Lines are counted in the file as the student wrote it: a spliced line is two."""
    text = "// the box\nint section = 0;\n#define LONG \\\n  1\n[[gnu::constructor]] void f();\n"
    assert refused(text, name="src/sudoku.cpp").startswith("src/sudoku.cpp (line 5) uses")


def test_googletest_reads_past_comments_and_strings() -> None:
    text = """
    // the constructor (copies the board); no section of it runs before main
    /* __attribute__((constructor)) */
    const char *said = "constructor";
    Sudoku::Sudoku(const int *cells) { for (int i = 0; i < 81; ++i) board[i] = cells[i]; }
    """
    assert refused(text) == ""
    java = {"Sudoku.java": "@BeforeAll static void constructor() {}"}
    assert FRAMEWORKS["junit5"].refused(java, NONE) is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("#include <gtest/gtest.h>\n", "uses `gtest`"),
        ('#  include "gtest/gtest.h"\n', "includes GoogleTest"),
        ("#undef ASSERT_TRUE\n#define ASSERT_TRUE(c) SUCCEED()\n", "redefines GoogleTest's"),
        ("%:define EXPECT_EQ(a, b) (void)0\n", "`EXPECT_EQ`"),  # a digraph
        ("/* x */ # /* y */ define TEST(a, b) void f()\n", "`TEST`"),
        ("namespace testing { int x; }", "uses `testing`"),
        ('extern "C" void _ZN7testing8internal3fooEv();', "uses `_ZN7testing"),
    ],
)
def test_googletest_refuses_a_file_that_reaches_into_it(text: str, said: str) -> None:
    assert said in refused(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("#define C constructor\n__attribute__((C)) void f() {}", "constructor"),
        ("#define ATTR(x) __attribute__((x))\nATTR(constructor) void f() {}", "__attribute__"),
        ("#define ATTR(x) [[gnu::x]]\nATTR(constructor) void f() {}", "[["),
        ("using namespace testing;", "testing"),
        ("auto &flag = testing :: FLAGS_gtest_output;", "testing"),
        ("#define T testing\nint x = T::x;", "testing"),
        ("namespace t = ::testing;\nauto &flag = t::FLAGS_gtest_output;", "testing"),  # an alias
    ],
)
def test_googletest_refuses_the_words_through_a_macro_or_a_namespace(text: str, word: str) -> None:
    assert word in refused(text)


def test_a_students_plain_names_are_theirs() -> None:
    """The words GCC's attributes use are ordinary names outside an attribute or a macro: a
    solver that calls a box a section, or keeps a `testing` flag, is graded (a false alarm
    would be CE for every test, a whole submission's marks for a name)."""
    text = (
        "int section = r / 3 * 3 + c / 3;  // the box\n"
        "static bool testing = false;\n"
        "namespace solver { bool testing = true; }\n"
        "Sudoku::Sudoku() { int constructor = 0, destructor = 0; (void)constructor; }\n"
        "static int init_priority(int x) { return x; }\n"
        "int a = f(section), b = grid[section][0];\n"
        "__attribute__((unused)) static int spare;\n"
        "[[nodiscard]] bool solve();\n"
    )
    assert refused(text) == ""


def test_a_students_own_macros_and_strings_are_theirs() -> None:
    """In a file the course's tests do not include, a macro changes only the student's code."""
    text = '#define SUDOKU_H\n#define TEST_SIZE 9\nconst char *name = "gtest.xml";\n'
    assert refused(text) == ""
    assert refused(text, COURSE, name="solver.h") == ""  # the tests include sudoku.h alone


# a header the course's tests include -------------------------------------------------------

TESTS = """
#include <gtest/gtest.h>
#include "puzzles.h"
#include "sudoku.h"  // the student's: the tests' text from here on is theirs too
TEST(sudoku, solves) { Board board = NEWSPAPER; EXPECT_TRUE(solve(board)); }
"""
HANDOUT = (
    "#ifndef SUDOKU_H\n#define SUDOKU_H\n#define SUDOKU_BOARD_SIZE 9\nbool solve(int *);\n#endif\n"
)
COURSE = Course(
    {"unit_test_sudoku.cpp": TESTS, "puzzles.h": "#define PUZZLES_H\nusing Board = int[81];\n"},
    {"sudoku.h": HANDOUT},
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "#pragma once\n#define AssertionResult(expression) AssertionResult(true)\n",
            "sudoku.h (line 2) defines the macro `AssertionResult`",
        ),
        (
            "#pragma once\n// the answers\n#define NEWSPAPER SOLVED\n",
            "sudoku.h (line 3) defines the macro `NEWSPAPER`",
        ),
        ("#pragma once\n#undef SOLVED\n", "(line 2) undefines the macro `SOLVED`"),
        ('#pragma push_macro("TEST")\n', "(line 1) has `#pragma push_macro"),
        ('_Pragma("pop_macro(\\"TEST\\")")\n', "(line 1) uses `_Pragma`"),
        ("#define SUDOKU_HEADER\nbool solve(int *);\n", "defines the macro `SUDOKU_HEADER`"),
        ("#ifndef PUZZLES_H\n#define PUZZLES_H\n#endif\n", "defines the macro `PUZZLES_H`"),
        ("#ifndef Board\n#define Board\n#endif\n", "defines the macro `Board`"),
        ("#ifndef inline\n#define inline\n#endif\n", "defines the macro `inline`"),
        ("#include SOLUTION\n", "includes the file a macro names (`SOLUTION`)"),
        (HANDOUT.replace("SIZE 9", "SIZE 8"), "(line 3) defines the macro `SUDOKU_BOARD_SIZE`"),
        (HANDOUT.replace("SIZE 9", "SIZE(x) 9"), "defines the macro `SUDOKU_BOARD_SIZE`"),
    ],
)
def test_a_header_the_tests_include_may_define_no_macro(text: str, said: str) -> None:
    """Its text is the tests' own from where they include it: a macro there would change what
    they say (every assertion true, a puzzle its solution). Only its include guard, not named
    as a word of the course's files or a keyword, and the handout's own macros, the same way."""
    assert said in refused(text, COURSE, name="sudoku.h")


@pytest.mark.parametrize(
    "text",
    [
        HANDOUT,  # the handout's header as it was given: its guard and SUDOKU_BOARD_SIZE
        "\ufeff" + HANDOUT.replace("\n", "\r\n"),  # saved on Windows: a BOM, CRLF
        HANDOUT.replace("bool solve(int *);", "bool solve(int *);\nbool helper(int *, int);"),
        "#pragma once\n#include <vector>\nbool solve(int *);\n",
        "#include <vector>\n#if !defined(MY_SUDOKU_H)\n#define MY_SUDOKU_H 1\n#endif\n",
        "// sudoku\n#ifndef SUDOKU_H_\n#define SUDOKU_H_\n#ifdef DEBUG\n#endif\n#endif\n",
    ],
)
def test_its_include_guard_and_the_handouts_macros_are_its_own(text: str) -> None:
    assert refused(text, COURSE, name="sudoku.h") == ""


GTEST = pytest.mark.skipif(
    not Path("/usr/include/gtest/gtest.h").exists(), reason="GoogleTest's headers are not here"
)


@GTEST
@pytest.mark.parametrize(
    "define", ["#define BOARD_SIZE 9", "#define CELLS 81u", "#define EMPTY 0", "#define MASK 0x1FF"]
)
def test_a_constant_of_the_students_own_is_theirs(define: str) -> None:
    """A lone integer under a name nothing after it in the tests' text holds: it cannot change
    what they say, and refusing it would cost every test for a style choice."""
    text = f"#ifndef SUDOKU_H\n#define SUDOKU_H\n{define}\nbool solve(int *);\n#endif\n"
    assert refused(text, COURSE, name="sudoku.h") == ""


@GTEST
@pytest.mark.parametrize(
    ("define", "said"),
    [
        ("#define N 9", "`N`"),  # GoogleTest's own headers use N (a template's parameter)
        ("#define NEWSPAPER 1", "`NEWSPAPER`"),  # a word of the course's tests
        ("#define SUDOKU_BOARD_SIZE 8", "`SUDOKU_BOARD_SIZE`"),  # the handout's, not as given
        ("#define NDEBUG 1", "`NDEBUG`"),  # would turn the tests' assert() off
        ("#define _SIZE 9", "`_SIZE`"),  # reserved
        ("#define SIZE (9)", "`SIZE`"),  # not a lone integer
        ("#define SIZE 9.5", "`SIZE`"),
        ("#define SIZE BOARD", "`SIZE`"),
        ("#define true 0", "`true`"),
    ],
)
def test_a_constant_a_token_of_the_tests_could_become_is_refused(define: str, said: str) -> None:
    text = f"#pragma once\n{define}\n"
    assert f"(line 2) defines the macro {said}" in refused(text, COURSE, name="sudoku.h")


def test_a_header_the_tests_reach_through_another_is_read_as_strictly() -> None:
    """Included by a header the tests include (the student's, or a given one), by its name
    wherever it is; a header only the student's own code includes keeps its macros."""
    files = {
        "src/sudoku.h": '#pragma once\n#include "board/cells.h"\nbool solve(int *);\n',
        "src/board/cells.h": "#pragma once\n#define N 9\n",
        "src/sudoku.cpp": '#include "sudoku.h"\n#include "util.h"\n#define DEBUG 0\n',
        "src/util.h": "#define CELLS 81\n",
    }
    found = FRAMEWORKS["googletest"].refused(files, COURSE)
    assert str(found).startswith("src/board/cells.h (line 2) defines the macro `N`"), found
    del files["src/board/cells.h"]
    assert FRAMEWORKS["googletest"].refused(files, COURSE) is None
    given = Course({"t.cpp": '#include "locator.h"\n'}, {})
    found = FRAMEWORKS["googletest"].refused({"matrix.h": "#define M 3\n"}, given)
    assert found is None  # locator.h is the course's (a given header) and includes nothing
    given = Course({"t.cpp": '#include "locator.h"\n', "locator.h": "#include <matrix.h>\n"})
    found = FRAMEWORKS["googletest"].refused({"matrix.h": "#define M 3\n"}, given)
    assert str(found).startswith("matrix.h (line 1) defines the macro `M`"), found


# what a student's Java file may not declare, under JUnit 5 ------------------------------------

JUNIT_JAR = "/usr/share/java/junit-platform-console-standalone.jar"

JDK = pytest.mark.skipif(
    shutil.which("javac") is None or not Path(JUNIT_JAR).is_file(),
    reason="a JDK and JUnit 5's console launcher are not installed",
)
TESTS = """package edu.ics211.h09.tests;
import static org.junit.jupiter.api.Assertions.*;
import edu.ics211.h09.Sudoku;
import java.util.function.IntPredicate;
class SolveTest { @Test void solves() { } }
"""
GIVEN = "package edu.ics211.h09.tests;\nfinal class Puzzles {}\nclass Grids {}\n"


TOOLCHAIN = Toolchain((Path(shutil.which("javac") or "javac"),), (Path(JUNIT_JAR),))


def _theirs(tests: str = TESTS) -> Course:
    return Course({"Puzzles.java": GIVEN, "SolveTest.java": tests}, toolchain=TOOLCHAIN)


def _refused(text: str, course: Course | None = None) -> str:
    found = FRAMEWORKS["junit5"].refused({"Sudoku.java": text}, course or _theirs())
    return "" if found is None else found.why


@JDK
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("final class Puzzles {}", "declares `Puzzles`, as the teacher's Puzzles.java does"),
        ("class Grids {}", "declares `Grids`, as the teacher's Puzzles.java does"),
        ("class SolveTest {}", "as the teacher's SolveTest.java does"),
        ("public final class StringBuilder {}", "take for java.lang.StringBuilder: rename it"),
        ("class \\u0053tringBuilder {}", "`StringBuilder`, which the tests would take for java.l"),
        ("class Strin\u200bgBuilder {}", "`StringBuilder`, which"),  # javac ignores U+200B
        ("cl\u00adass List {}", "would take for java.util.List"),  # and U+00AD, in `class` too
        ("record Objects(int x) {}", "would take for java.util.Objects"),
        ("interface List {}", "would take for java.util.List"),
        ("enum HexFormat { A }", "java.util.HexFormat"),  # JDK 17's, read from the JDK itself
        ("@interface Test {}", "would take for org.junit"),
        ("class Assertions {}", "would take for org.junit.jupiter.api.Assertions"),
        ("class IntSupplier {}", "java.util.function.IntSupplier"),  # a package they import
        ("class java {}", "would take for the packages java.*"),
        ("class edu {}", "would take for the packages edu.*"),  # the tests' own and the code's
        ("package org.junit.jupiter.api;\nclass Spy {}", "is in the package org.junit.jupiter.api"),
        ("package edu.ics211.h09.tests;\nclass Spy {}", "is in the package edu.ics211.h09.tests"),
    ],
)
def test_junit_refuses_a_class_that_stands_in_for_the_teachers_or_the_platforms(
    text: str, said: str
) -> None:
    """javac finds a name the tests use without its package in their own package first, then in
    java.lang and what they import on demand: a student's `StringBuilder` there is theirs."""
    assert said in _refused(text)


@JDK
def test_junit_refuses_the_tests_package_where_they_import_the_code_from_another() -> None:
    """Tests in the default package that import the student's code from edu.ics211.h09: a file
    of the student's there could read their package-private fields. Tests that import nothing
    of the student's expect the code in their own package, and it is graded."""
    default = TESTS.replace("package edu.ics211.h09.tests;", "")
    theirs = Course({"SolveTest.java": default}, toolchain=TOOLCHAIN)
    assert "is in the default package, the course's tests' own" in _refused("class Spy {}", theirs)
    assert "from edu.ics211.h09): move it there" in _refused("class Spy {}", theirs)
    alone = Course({"SolveTest.java": "class SolveTest {}"}, toolchain=TOOLCHAIN)
    assert _refused("public class Sudoku {}", alone) == ""


@JDK
def test_junit_leaves_a_students_own_names_alone() -> None:
    """A nested type is in scope only inside its class; a name in a comment or a string is no
    declaration; JUnit's internals (`Node`), java.lang's non-public classes, a name that only
    looks like one (a combining accent is part of it) and the student's own package are theirs."""
    text = """package edu.ics211.h09;
    // class StringBuilder
    /** class List */
    public class Sudoku {
      private static final class List {}
      private record Entry(int row, int column) {}
      static final String S = "class Objects {";
      static final char C = '{';
      static final String T = \"\"\"
          class Optional }
          \"\"\";
      Class<?> k = Sudoku.class;
    }
    class Node {}
    class Logger {}
    class StringCoding {}
    class Strin\u0301gBuilder {}
    """
    assert _refused(text) == ""
    assert _refused("@BeforeAll static void constructor() {}", NONE) == ""


@pytest.mark.parametrize("opener", ["/* ", "\\", "\\u", '"', "'", '"""x'])
def test_a_java_file_of_openers_that_never_close_is_read_once(opener: str) -> None:
    """The file is read in the grader's process, before any limit of the sandbox's: 100,000
    comment openers, backslashes or quotes with nothing to close them (javac refuses the file)
    must not be read again from each one (that took 16 s for 20,000, hours for a megabyte)."""
    text = "package edu.ics211.h09;\nclass Sudoku {}\n" + opener * 100_000
    assert JavaFile.from_text(text).types == ("Sudoku",)


def test_junit_without_a_jdk_it_can_read_is_the_harness_s_failure(tmp_path: Path) -> None:
    """No JDK for the language's commands, or a runtime image it cannot read: IE, naming it."""
    theirs = Course(
        {"SolveTest.java": TESTS}, toolchain=Toolchain((Path("/nonexistent/bin/javac"),))
    )
    with pytest.raises(InternalError, match="no JDK found"):
        _refused("class Spy {}", theirs)
    (tmp_path / "bin").mkdir()
    (tmp_path / "lib").mkdir()
    (tmp_path / "bin" / "javac").write_text("")
    (tmp_path / "lib" / "modules").write_bytes(b"\x00" * 64)
    theirs = Course(theirs.theirs, toolchain=Toolchain((tmp_path / "bin" / "javac",)))
    with pytest.raises(InternalError, match=r"cannot list the classes of .*modules: .*not a runt"):
        _refused("class Spy {}", theirs)


@pytest.mark.skipif(
    shutil.which("g++") is None or not Path("/usr/include/gtest/gtest.h").exists(),
    reason="g++ or GoogleTest is not installed",
)
def test_a_run_the_budget_cuts_short_is_over_budget_not_a_time_out(tmp_path: Path) -> None:
    """As in every other shape: a run stopped by the submission's wall-clock budget, not its own
    CPU limit, says so (and the submission may be graded again alone), never a plain TLE."""
    hostile = REPO / "tests" / "fixtures" / "hostile"
    text = (hostile / "gtest" / "config.yaml").read_text().replace("@HOSTILE@", str(hostile))
    text = text.replace("@REPO@", str(REPO))
    budget = "timeouts_before_skip: 1\n      load_time: 2.0\n      wall_budget: 0.01"
    config = tmp_path / "config.yaml"
    config.write_text(text.replace("timeouts_before_skip: 1", budget))
    plan = plan_for(config, "hostile")
    found = discover(REPO / "tests" / "fixtures" / "unit-tests" / "sleeps-gtest", (".cpp",))
    [result] = grade_all(plan, found, 1).submissions
    cases = [case for item in result.items for case in item.cases]
    assert len(cases) == 2 and all(case.verdict is Verdict.TLE for case in cases), cases
    assert all("wall-clock budget of 2 s ran out during it" in case.detail for case in cases)
    assert result.budget_spent


def test_a_teachers_file_that_is_a_link_is_copied_and_left_as_it_is(tmp_path: Path) -> None:
    """The sidecar copies what a link names, as a file of its own: the teacher's original keeps
    its mode (a chmod through a copied link made it read-only)."""
    original = tmp_path / "shared" / "puzzles.h"
    original.parent.mkdir()
    original.write_text("// puzzles\n")
    original.chmod(0o644)
    link = tmp_path / "unit-tests" / "puzzles.h"
    link.parent.mkdir()
    link.symlink_to(original)
    with sidecar([link], tmp_path) as side:
        copied = side.tests / "puzzles.h"
        assert not copied.is_symlink() and copied.read_text() == "// puzzles\n"
        assert stat.S_IMODE(copied.stat().st_mode) == 0o444
    assert stat.S_IMODE(original.stat().st_mode) == 0o644
