"""The unit-test runners a course's own tests run under (shape unit-tests): a Protocol plus a
registry. Each knows how its tests are named in the teacher's files and in a JUnit XML report,
how a run selects some of them, what it must be told on its stdin, and how a run that went to
its end ends. config.yaml names one per assignment (`tests.framework`)."""

from __future__ import annotations

from collections.abc import Mapping

from harness.config import Framework as FrameworkName
from harness.kinds.unit_tests.frameworks.base import Course, Framework, Listed, Toolchain
from harness.kinds.unit_tests.frameworks.googletest import GoogleTest
from harness.kinds.unit_tests.frameworks.junit5 import JUnit5
from harness.kinds.unit_tests.frameworks.pytest_ import Pytest

FRAMEWORKS: Mapping[FrameworkName, Framework] = {
    "googletest": GoogleTest(),
    "junit5": JUnit5(),
    "pytest": Pytest(),
}

__all__ = ["FRAMEWORKS", "Course", "Framework", "Listed", "Toolchain"]
