"""JUnit 5 (the Platform's console launcher): `@Test` methods of the teacher's classes, selected
with --select-method, run in one JVM.

The report is the launcher's legacy XML (`--reports-dir`, one TEST-*.xml per engine). The
worked example runs the JVM under a security manager whose policy
(`harness/sandbox/child/junit.policy`) grants every permission to the launcher's jars and none
to the classes under test: code under test can neither exit the JVM, nor write a file, nor reach
into JUnit by reflection, so the report is JUnit's own. Nor may a class of the submission's
stand in for one of the teacher's or for the platform's (a `StringBuilder` the tests would build
with): java_refusals.py refuses it before the build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from harness.kinds.unit_tests.frameworks.base import Course, Handover, Listed, Refusal, uncommented
from harness.kinds.unit_tests.frameworks.canaries import (
    MOST_FAILING,
    Canary,
    Namer,
    Planted,
    checks,
)
from harness.kinds.unit_tests.frameworks.java_refusals import refusal

PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
CLASS = re.compile(r"\bclass\s+(\w+)")
TEST = re.compile(  # an annotation's arguments may hold an array ({1, 2})
    r"@(?:Test|RepeatedTest|ParameterizedTest)\b(?:[^;{}]|\{[^{}]*\})*?\bvoid\s+(\w+)\s*\("
)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')  # a string literal (its braces and words are not code)
DISABLED = re.compile(r"@Disabled\b")
# Java's tokens a class's braces are counted among: comments, text blocks, strings and characters
# (skipped), words and braces.
JAVA_TOKEN = re.compile(
    r'//[^\n]*|/\*.*?\*/|"""(?:\\.|[^\\])*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r"|[A-Za-z_$][\w$]*|[{}]",
    re.DOTALL,
)
ASSERTION = re.compile(r"\b(assert(?:True|False|Equals|NotEquals|ArrayEquals|Null|NotNull))\s*\(")
ASSERTIONS = "org.junit.jupiter.api.Assertions"  # named in full: whatever the file imports
# A canary's check with each assertion method: the arguments that fail it, and those that pass
# it, over two values `a` < `b`.
CHECKS = {
    "assertTrue": ("{a} == {b}", "{a} != {b}"),
    "assertFalse": ("{a} != {b}", "{a} == {b}"),
    "assertEquals": ("{a}, {b}", "{a}, {a}"),
    "assertNotEquals": ("{a}, {a}", "{a}, {b}"),
    "assertArrayEquals": (
        "new int[] {{{a}}}, new int[] {{{b}}}",
        "new int[] {{{a}}}, new int[] {{{a}}}",
    ),
    "assertNull": ("new int[] {{{a}}}", "null"),
    "assertNotNull": ("null", "new int[] {{{a}}}"),
}
ASSERTED = ("assertTrue", "assertEquals")  # a file that uses none of the above


class JUnit5:
    includes: tuple[str, ...] = ()  # its sources alone: no classes, no configuration
    completed = frozenset({0, 1})  # the console launcher: 0, every test passed; 1, some failed
    packages: tuple[str, ...] = ()

    def listed(self, path: Path, text: str) -> tuple[Listed, ...]:
        code = uncommented(text)
        klass = CLASS.search(code)
        if klass is None:
            return ()
        package = PACKAGE.search(code)
        qualified = f"{package.group(1)}.{klass.group(1)}" if package else klass.group(1)
        return tuple(
            Listed(f"{klass.group(1)}.{method}", f"{qualified}#{method}", path)
            for method in _running(STRING.sub('""', code))
        )

    def selection(self, tests: Sequence[Listed]) -> tuple[str, ...]:
        return tuple(f"--select-method={test.selector}" for test in tests)

    def name(self, classname: str, testcase: str) -> str:
        """`edu.ics211.h09.SolveTest` and `restores()` (or `solves(int)[2]`, a parameterized
        invocation, counted with its method) as `SolveTest.restores`."""
        simple = classname.rsplit(".", 1)[-1]
        return f"{simple}.{testcase.split('(', 1)[0]}"

    def handover(self, report: Path) -> Handover:
        return Handover()

    def unfinished(self, report: Path) -> str:
        return ""

    def refused(self, files: Mapping[str, str], course: Course) -> Refusal | None:
        """A class that would stand in for one of the teacher's or for the platform's (a
        `StringBuilder`), or a file in their packages: java_refusals.py."""
        for path in sorted(files):
            if why := refusal(files[path], course.theirs, course.toolchain):
                return Refusal(path, why)
        return None

    def raised(self, message: str) -> str:
        return ""  # the report says it: an <error>, not a <failure>

    def plant(self, path: Path, text: str, namer: Namer) -> Planted:
        """Canaries in the test class, before its closing brace and on that brace's line (no
        line of the teacher's moves): `@Test` methods, a failing one per assertion method the
        file uses, and one that passes every one of them."""
        tests = self.listed(path, text)
        end = _body_end(text, tests[0].name.split(".", 1)[0]) if tests else None
        if end is None:
            return Planted(text)
        a, b = namer.locals()
        low, high = namer.pair()
        said = checks(_assertions(uncommented(text)), a, b)
        names = namer.named([t.name.split(".", 1)[1] for t in tests], len(said))
        added = "".join(
            f" @org.junit.jupiter.api.Test void {name}() {{ int {a} = {low}, {b} = {high};"
            + "".join(f" {check};" for check in asserted)
            + " }"
            for name, (_, asserted) in zip(names, said, strict=True)
        )
        klass, qualified = tests[0].name.split(".", 1)[0], tests[0].selector.split("#", 1)[0]
        canaries = tuple(
            Canary(Listed(f"{klass}.{name}", f"{qualified}#{name}", path), must)
            for name, (must, _) in zip(names, said, strict=True)
        )
        return Planted(f"{text[:end]}{added} {text[end:]}", canaries)


def _assertions(code: str) -> list[tuple[str, str, str]]:
    """The assertion methods the file uses (at most MOST_FAILING), named in full, each with what
    fails it and what passes it."""
    used = list(dict.fromkeys(ASSERTION.findall(code)))[:MOST_FAILING] or list(ASSERTED)
    return [(f"{ASSERTIONS}.{method}", *CHECKS[method]) for method in used]


def _body_end(text: str, klass: str) -> int | None:
    """Where the closing brace of class `klass`'s body is in `text` (None: not found)."""
    depth, previous, named = 0, "", False
    for token in JAVA_TOKEN.finditer(text):
        word = token.group()
        if word[0] in "/\"'":
            continue
        named = named or (previous == "class" and word == klass)
        previous = word
        if named and word == "{":
            depth += 1
        elif named and word == "}":
            depth -= 1
            if depth == 0:
                return token.start()
    return None


def _running(code: str) -> list[str]:
    """The test methods JUnit runs: not one annotated @Disabled (before or after its @Test)."""
    found = []
    for test in TEST.finditer(code):
        start = max(code.rfind(mark, 0, test.start()) for mark in ";{}") + 1
        if not DISABLED.search(code, start, test.end()):
            found.append(test.group(1))
    return found
