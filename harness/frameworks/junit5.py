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
from collections.abc import Sequence
from pathlib import Path

from harness.frameworks.base import Handover, Listed, uncommented

PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
CLASS = re.compile(r"\bclass\s+(\w+)")
TEST = re.compile(r"@(?:Test|RepeatedTest|ParameterizedTest)\b[^;{}]*?\bvoid\s+(\w+)\s*\(")


class JUnit5:
    completed = frozenset({0, 1})  # the console launcher: 0, every test passed; 1, some failed

    def listed(self, path: Path, text: str) -> tuple[Listed, ...]:
        code = uncommented(text)
        klass = CLASS.search(code)
        if klass is None:
            return ()
        package = PACKAGE.search(code)
        qualified = f"{package.group(1)}.{klass.group(1)}" if package else klass.group(1)
        return tuple(
            Listed(f"{klass.group(1)}.{method}", f"{qualified}#{method}", path)
            for method in TEST.findall(code)
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

    def raised(self, message: str) -> str:
        return ""  # the report says it: an <error>, not a <failure>
