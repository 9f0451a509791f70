"""pytest: the `test_*` functions of the teacher's files and the `test_*` methods of their `Test*`
classes, named `module.test` and `module.Class.test` (as pytest's JUnit XML names them, a
parametrized test's ids left out), selected by node id.

The run is the harness's runner (`harness/sandbox/child/pytest_runner.py`), not pytest's command:
it reads the report's path, where to mark the end of the run and its channel to the student's
interpreter from its stdin, never from argv or the environment; runs pytest on the teacher's
files alone, with no configuration, conftest.py or plugin of the submission's; and marks the end
only once pytest has returned. The code under test runs apart (`Handover.apart`): the student's
modules are imported in an interpreter of their own beside the runner, and the tests reach them
through proxy modules (harness/sandbox/child/proxy.py) that carry plain data alone, so nothing of
the student's shares pytest's process, its objects or its report. A run whose student's
interpreter ends in the middle (os._exit(0) once it has tried to forge a report) leaves no mark,
and its report is not read. pytest's own packages are put beside the teacher's files for every
stage (harness/sandbox/pylib.py), since the sandbox lets a student process read none of its
interpreter's; the student's interpreter may read them too (a module that imports pytest).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from harness.errors import BadInput
from harness.kinds.unit_tests.frameworks.base import Course, Handover, Listed, Refusal
from harness.kinds.unit_tests.frameworks.canaries import Canary, Must, Namer, Planted

FINISHED = ".finished"  # beside the report, in a folder the code under test cannot list
RAISED = re.compile(r"([A-Za-z_][\w.]*): ")  # a failure's message: "ZeroDivisionError: ..."
ASSERTED = frozenset({"AssertionError", "Failed"})  # an assertion, pytest.fail, pytest.raises
SKIPS = frozenset({"skip"})  # @pytest.mark.skip, @unittest.skip: never run, never listed


class Pytest:
    includes: tuple[str, ...] = ()  # its Python files alone: no pytest.ini, no setup.cfg
    completed = frozenset({0, 1})  # 0: every test passed; 1: some failed (2-5: no run)
    packages = ("_pytest", "pytest", "py", "pluggy", "iniconfig", "packaging", "pygments")

    def listed(self, path: Path, text: str) -> tuple[Listed, ...]:
        try:
            tree = ast.parse(text, filename=path.name)
        except SyntaxError as err:
            raise BadInput(f"{path}: not Python, line {err.lineno}: {err.msg}") from None
        module = path.stem
        return tuple(
            Listed(".".join((module, *names)), "::".join((path.name, *names)), path)
            for names in _tests(tree.body)
        )

    def selection(self, tests: Sequence[Listed]) -> tuple[str, ...]:
        return tuple(test.selector for test in tests)

    def name(self, classname: str, testcase: str) -> str:
        """`test_sudoku.TestRows` and `test_solves[3]` (a parametrized test's third case) as
        `test_sudoku.TestRows.test_solves`."""
        base = testcase.split("[", 1)[0]
        return f"{classname}.{base}" if classname else base

    def handover(self, report: Path) -> Handover:
        return Handover(f"{report}\n{report.with_name(FINISHED)}\n".encode(), apart=True)

    def unfinished(self, report: Path) -> str:
        if not report.with_name(FINISHED).exists():
            return "it ended before its tests did (the harness's runner did not mark its end)"
        return ""

    def refused(self, files: Mapping[str, str], course: Course) -> Refusal | None:
        """Nothing: a file named as one of the teacher's is removed before the run, and the
        submission's code never runs in pytest's process (docs/explanation/isolation.md)."""
        return None

    def plant(self, path: Path, text: str, namer: Namer) -> Planted:
        """Canaries at the module's end: test functions comparing two lists with `assert`, one
        that fails and one that passes (pytest rewrites both, as it rewrites the teacher's)."""
        tests = self.listed(path, text)
        if not tests:
            return Planted(text)
        found, expected = namer.locals()
        low, high = namer.pair()
        names = namer.named([t.name.rsplit(".", 1)[-1] for t in tests], 2)
        said: list[tuple[Must, list[int]]] = [("fail", [low, high]), ("pass", [high, low])]
        added = "".join(
            f"\n\ndef {name}():\n    {found} = [{high}, {low}]\n"
            f"    {expected} = {values}\n    assert {found} == {expected}\n"
            for name, (_, values) in zip(names, said, strict=True)
        )
        canaries = tuple(
            Canary(Listed(f"{path.stem}.{name}", f"{path.name}::{name}", path), must)
            for name, (must, _) in zip(names, said, strict=True)
        )
        return Planted(f"{text}\n{added}", canaries)

    def raised(self, message: str) -> str:
        """pytest reports an exception out of a test as a failure whose message starts with its
        type (`ZeroDivisionError: division by zero`); an assertion starts `assert` or
        `AssertionError:`, pytest.fail `Failed:`."""
        found = RAISED.match(message)
        if found is None or found.group(1).rsplit(".", 1)[-1] in ASSERTED:
            return ""
        return found.group(1)


def _tests(body: Sequence[ast.stmt], prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The names of the tests pytest collects from a module's or a class's body, in order."""
    for node in body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            if not _skipped(node):
                yield (*prefix, node.name)
        elif isinstance(node, ast.ClassDef) and _collected(node):
            yield from _tests(node.body, (*prefix, node.name))


def _collected(node: ast.ClassDef) -> bool:
    """A `Test*` class without an `__init__` (pytest collects no other) and not skipped."""
    init = any(isinstance(n, ast.FunctionDef) and n.name == "__init__" for n in node.body)
    return node.name.startswith("Test") and not init and not _skipped(node)


def _skipped(node: ast.FunctionDef | ast.ClassDef) -> bool:
    """Decorated `@pytest.mark.skip` or `@unittest.skip` (a skipif may run: it is listed)."""
    for decorator in node.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(called, ast.Attribute) and called.attr in SKIPS:
            return True
    return False
