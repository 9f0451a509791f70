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
from collections.abc import Sequence
from pathlib import Path

from harness.frameworks.base import Handover, Listed, Theirs, uncommented
from harness.frameworks.java_refusals import refusal

PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
CLASS = re.compile(r"\bclass\s+(\w+)")
TEST = re.compile(  # an annotation's arguments may hold an array ({1, 2})
    r"@(?:Test|RepeatedTest|ParameterizedTest)\b(?:[^;{}]|\{[^{}]*\})*?\bvoid\s+(\w+)\s*\("
)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')  # a string literal (its braces and words are not code)
DISABLED = re.compile(r"@Disabled\b")


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

    def refused(self, text: str, theirs: Theirs) -> str:
        """A class that would stand in for one of the teacher's or for the platform's (a
        `StringBuilder`), or a file in their packages: java_refusals.py."""
        return refusal(text, theirs.files, theirs.toolchain)

    def raised(self, message: str) -> str:
        return ""  # the report says it: an <error>, not a <failure>


def _running(code: str) -> list[str]:
    """The test methods JUnit runs: not one annotated @Disabled (before or after its @Test)."""
    found = []
    for test in TEST.finditer(code):
        start = max(code.rfind(mark, 0, test.start()) for mark in ";{}") + 1
        if not DISABLED.search(code, start, test.end()):
            found.append(test.group(1))
    return found
