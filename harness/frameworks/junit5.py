"""JUnit 5 (the Platform's console launcher): `@Test` methods of the teacher's classes, selected
with --select-method, run in one JVM.

The report is the launcher's legacy XML (`--reports-dir`, one TEST-*.xml per engine). The
worked example runs the JVM under a security manager whose policy
(`harness/sandbox/child/junit.policy`) grants every permission to the launcher's jars and none
to the classes under test: code under test can neither exit the JVM, nor write a file, nor reach
into JUnit by reflection, so the report is JUnit's own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from harness.frameworks.base import Course, Handover, Listed, Refusal, uncommented

PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
CLASS = re.compile(r"\bclass\s+(\w+)")
DECLARED = re.compile(r"\b(?:class|interface|enum|record)\s+(\w+)")
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

    def refused(self, files: Mapping[str, str], course: Course) -> Refusal | None:
        """A class named as one of the teacher's: compiled before the tests, it would be newer
        than the teacher's source, and javac would build the tests against it."""
        given = {name.removesuffix(".java") for name in course.names if name.endswith(".java")}
        for path in sorted(files):
            for name in DECLARED.findall(uncommented(files[path])):
                if name in given:
                    why = f"declares `{name}`, as the teacher's {name}.java does: rename it"
                    return Refusal(path, why)
        return None

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
