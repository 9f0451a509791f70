"""The course's own unit tests (shape unit-tests): the report read defensively, the teacher's
tests listed from their files, doctor's toolchain rows, and the JVM confined by the sandbox's
own layers, without the security manager of the worked example.

The worked examples (uwb-css342, hawaii-ics211) are graded by `check` in test_examples.py, and
the attacks on them in test_hostile.py (shapes gtest and junit).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from harness.cli.doctor import render_toolchains
from harness.cli.toolchains import toolchain
from harness.config import LanguageConfig, LanguageLimits
from harness.frameworks import FRAMEWORKS
from harness.sandbox.isolation import Grants, Mode, choose
from harness.sandbox.junit import REPORT_BYTES, CaseRecord, read_reports
from harness.sandbox.program import ProgramLimits, run_program
from tests.conftest import REPO

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
