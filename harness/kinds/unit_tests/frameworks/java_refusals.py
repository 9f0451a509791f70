"""What a student's Java file may not declare when it is built with the course's JUnit tests
(harness/kinds/unit_tests/frameworks/junit5.py): nothing that would stand in for the teacher's code
or for the platform the tests are built against.

javac finds a name the tests use without its package in their own package before what they
import on demand, `java.lang` among it: a student's `StringBuilder` beside default-package
tests is the one they build with, and its `toString()` says what they expect. So a student's
top-level type may not be named as

- one of the teacher's classes (tests and given files: the types they declare, and their files'
  names), which it would replace in the tests' package;
- a public type of `java.lang`, `java.util`, JUnit's `org.junit` and `org.junit.jupiter.api`, or
  any package the teacher's files import from, read from the JDK and the jars javac reads
  (java_platform.py), not from a list kept by hand;
- the first word of a package (`java`, `org`), which it would obscure in a qualified name.

Nor may a student's file be in a package of the platform's (`org.junit.jupiter.api`), or in the
teacher's tests' own package when those take the submission's code from another (they import
it): there its classes would read the teacher's package-private fields (the expected answers)
by reflection. Nested types are the student's to name: they are in scope only inside their class.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from harness.errors import InternalError
from harness.kinds.unit_tests.frameworks.base import Toolchain
from harness.kinds.unit_tests.frameworks.java_platform import Platform, jdk_runtime, platform
from harness.kinds.unit_tests.frameworks.java_source import JavaFile

ALWAYS = frozenset({"java.lang", "java.util", "org.junit", "org.junit.jupiter.api"})


@dataclass(frozen=True)
class Teacher:
    """The teacher's side, as the refusals read it."""

    classes: Mapping[str, str]  # each type of the teacher's, by the file declaring it
    packages: frozenset[str]  # the teacher's files' packages ("" the default package)
    code: frozenset[str]  # where the tests take the submission's code from (what they import)
    platform: Platform  # the JDK and the jars, with the public types of the packages asked for
    roots: frozenset[str]  # the first word of every package, the platform's and those named


def refusal(text: str, theirs: Mapping[str, str], toolchain: Toolchain) -> str:
    """Why a student's Java file may not be built with the tests ("" when it may): `theirs`,
    the teacher's files (each one's text by its name), built with `toolchain`."""
    java = JavaFile.from_text(text)
    if not java.types and not java.package:
        return ""
    teacher = _teacher(tuple(sorted(theirs.items())), toolchain)
    for name in java.types:
        if why := _named(name, teacher):
            return why
    return _placed(java.package, teacher)


def _named(name: str, teacher: Teacher) -> str:
    if name in teacher.classes:
        return f"declares `{name}`, as the teacher's {teacher.classes[name]} does: rename it"
    types = teacher.platform.types
    if name in types:
        return f"declares `{name}`, which the tests would take for {types[name]}: rename it"
    if name in teacher.roots:
        return f"declares `{name}`, which the tests would take for the packages {name}.*: rename it"
    return ""


def _placed(package: str, teacher: Teacher) -> str:
    held = teacher.platform.packages.get(package) if package else None
    if held:
        return f"is in the package {package}, which {held} holds: use a package of your own"
    code = teacher.code
    if package in teacher.packages and code and package not in code:
        where = f"the package {package}" if package else "the default package"
        return (
            f"is in {where}, the course's tests' own (they take the submission's code from "
            f"{', '.join(sorted(code))}): move it there"
        )
    return ""


@functools.lru_cache(maxsize=8)
def _teacher(theirs: tuple[tuple[str, str], ...], toolchain: Toolchain) -> Teacher:
    files = {name: JavaFile.from_text(text) for name, text in theirs if name.endswith(".java")}
    classes = {name.removesuffix(".java"): name for name in files}
    for name, java in files.items():
        classes.update((declared, name) for declared in java.types)
    runtime = jdk_runtime(toolchain.tools)
    if runtime is None:
        tools = ", ".join(map(str, toolchain.tools)) or "none"
        raise InternalError(f"no JDK found for the language's commands ({tools})")
    packages = frozenset(java.package for java in files.values())
    imported = frozenset(package for java in files.values() for package in java.imports)
    found = platform((runtime, *toolchain.archives), ALWAYS | imported)
    code = imported - packages - found.packages.keys()  # neither theirs nor the platform's
    named = {package.split(".", 1)[0] for package in packages | imported} - {""}
    return Teacher(classes, packages, code, found, found.roots | named)
