"""GoogleTest: `TEST(Suite, name)` and `TEST_F(Fixture, name)`, selected with --gtest_filter.

The program's main is the harness's (`harness/sandbox/child/gtest_main.cc`, built into every test
program): it reads the report's path and the premature-exit file's from its stdin, never from
argv or the environment where the code under test could find them, before any constructor runs
(from the program's .preinit_array), and hides both before any test runs. A submission's file
that could run code before main or reach into GoogleTest is refused before the build
(cpp_source.py), and so is a header the tests include (cpp_includes.py) that would change what
they say: a macro of its own but its include guard. GoogleTest creates the premature-exit file
when its tests start and removes it when they end: a program that exits in the middle (code under
test calling exit(0) once it has written a report of its own) leaves it behind, and its report is
not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

from harness.kinds.unit_tests.frameworks import cpp_includes, cpp_source
from harness.kinds.unit_tests.frameworks.base import Course, Handover, Listed, Refusal, uncommented
from harness.kinds.unit_tests.frameworks.canaries import (
    MOST_FAILING,
    Canary,
    Namer,
    Planted,
    checks,
)

RAISED = re.compile(r"(?:C\+\+ exception with description|Unknown C\+\+ exception) .*thrown in")
TEST = re.compile(r"\bTEST(?:_F)?\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)")
DIRECTIVE = re.compile(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)")
PREMATURE = ".premature-exit"  # beside the report, in a folder the code under test cannot list
PLAIN_SUITE = re.compile(r"\bTEST\s*\(\s*(\w+)\s*,")
FIXTURE = re.compile(r"\bTEST_F\s*\(\s*(\w+)\s*,")
ASSERTION = re.compile(r"\b((?:EXPECT|ASSERT)_(TRUE|FALSE|EQ|NE|LT|LE|GT|GE))\s*\(")
# A canary's check with each kind of assertion: the arguments that fail it, and those that pass
# it, over two values `a` < `b`.
CHECKS = {
    "TRUE": ("{a} == {b}", "{a} != {b}"),
    "FALSE": ("{a} != {b}", "{a} == {b}"),
    "EQ": ("{a}, {b}", "{a}, {a}"),
    "NE": ("{a}, {a}", "{a}, {b}"),
    "LT": ("{b}, {a}", "{a}, {b}"),
    "LE": ("{b}, {a}", "{a}, {b}"),
    "GT": ("{a}, {b}", "{b}, {a}"),
    "GE": ("{a}, {b}", "{b}, {a}"),
}
ASSERTED = (("EXPECT_TRUE", "TRUE"), ("EXPECT_EQ", "EQ"))  # a file that uses none of the above


class GoogleTest:
    includes = ("*.h", "*.hh", "*.hpp", "*.hxx", "*.h++", "*.inc", "*.inl", "*.ipp", "*.tpp")
    completed = frozenset({0, 1})  # RUN_ALL_TESTS: 0, every test passed; 1, some failed
    packages: tuple[str, ...] = ()

    def listed(self, path: Path, text: str) -> tuple[Listed, ...]:
        """The tests GoogleTest runs: not a disabled one (`DISABLED_`), nor one under `#if 0`."""
        found = TEST.findall(_compiled(uncommented(text)))
        return tuple(
            Listed(f"{suite}.{name}", f"{suite}.{name}", path)
            for suite, name in found
            if not (suite.startswith("DISABLED_") or name.startswith("DISABLED_"))
        )

    def selection(self, tests: Sequence[Listed]) -> tuple[str, ...]:
        return ("--gtest_filter=" + ":".join(test.selector for test in tests),)

    def name(self, classname: str, testcase: str) -> str:
        return f"{classname}.{testcase}"

    def handover(self, report: Path) -> Handover:
        return Handover(f"{report}\n{report.with_name(PREMATURE)}\n".encode())

    def unfinished(self, report: Path) -> str:
        if report.with_name(PREMATURE).exists():
            return "it ended before its tests did (GoogleTest's premature-exit file is left)"
        return ""

    def refused(self, files: Mapping[str, str], course: Course) -> Refusal | None:
        """Read as harness/kinds/unit_tests/frameworks/cpp_source.py says: strictly, a file the
        tests include."""
        in_tests = cpp_includes.included(files, course.theirs.values())
        words = cpp_source.words(course.theirs.values()) if in_tests else frozenset()
        for path in sorted(files):
            strict: cpp_source.Strict | None = None
            if path in in_tests:
                handout = course.handout.get(PurePosixPath(path).name, "")
                strict = cpp_source.Strict(cpp_source.definitions(handout), words)
            found = cpp_source.refused(files[path], strict)
            if found is not None:
                return Refusal(path, found.why, found.line)
        return None

    def raised(self, message: str) -> str:
        """GoogleTest reports an exception out of a test as a failure whose message says so."""
        return "an uncaught C++ exception" if RAISED.search(message) else ""

    def plant(self, path: Path, text: str, namer: Namer) -> Planted:
        """Canaries at the file's end, in the same program as its tests and after the same
        includes: plain `TEST`s in a suite of its own plain `TEST`s (a fixture's `SetUp` would
        run the student's code first), a failing one per assertion macro it uses, and one that
        passes every one of them."""
        tests = self.listed(path, text)
        if not tests:
            return Planted(text)
        code = _compiled(uncommented(text))
        suite = _suite(code, namer)
        a, b = namer.locals()
        low, high = namer.pair()
        said = checks(_assertions(code), a, b)
        names = namer.named([t.name.split(".", 1)[1] for t in tests], len(said))
        added = "".join(
            f"\nTEST({suite}, {name}) {{\n  const int {a} = {low}, {b} = {high};\n"
            + "".join(f"  {check};\n" for check in asserted)
            + "}\n"
            for name, (_, asserted) in zip(names, said, strict=True)
        )
        canaries = tuple(
            Canary(Listed(f"{suite}.{name}", f"{suite}.{name}", path), must)
            for name, (must, _) in zip(names, said, strict=True)
        )
        return Planted(f"{text}\n{added}", canaries)


def _assertions(code: str) -> list[tuple[str, str, str]]:
    """The assertion macros the file uses (at most MOST_FAILING), each with what fails it and
    what passes it."""
    used = list(dict.fromkeys(ASSERTION.findall(code)))[:MOST_FAILING] or list(ASSERTED)
    return [(macro, *CHECKS[kind]) for macro, kind in used]


def _suite(code: str, namer: Namer) -> str:
    """A suite of the file's plain `TEST`s, or a new name like its fixtures' (a `TEST` in a
    fixture's suite is an error of GoogleTest's)."""
    fixtures = set(FIXTURE.findall(code))
    plain = [s for s in dict.fromkeys(PLAIN_SUITE.findall(code)) if s not in fixtures]
    plain = [s for s in plain if not s.startswith("DISABLED_")]
    return namer.rng.choice(plain) if plain else namer.named(sorted(fixtures), 1)[0]


def _compiled(text: str) -> str:
    """The lines outside `#if 0` blocks (to their `#else`, `#elif` or `#endif`)."""
    kept: list[str] = []
    skipping, depth = False, 0
    for line in text.splitlines():
        directive = DIRECTIVE.match(line)
        word = directive.group(1) if directive else ""
        if not skipping:
            skipping = word == "if" and directive is not None and directive.group(2).strip() == "0"
            kept += [] if skipping else [line]
        elif word in ("if", "ifdef", "ifndef"):
            depth += 1
        elif word == "endif" and depth:
            depth -= 1
        elif word in ("endif", "else", "elif") and not depth:
            skipping = False
    return "\n".join(kept)
