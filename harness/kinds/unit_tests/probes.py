"""Probes for `unit-tests`: one per test of the teacher's files, made for the item whose
`tests:` globs match its name (config.yaml). The tests are listed from the files' text by the
framework (harness/kinds/unit_tests/frameworks/), before anything runs; a glob that matches no test,
or a test two items claim, is the teacher's mistake, said with its key.

A hidden test (of `tests.hidden`) is named on no page: its probe's id and call are `hidden-N`;
its name, which only the runner's selection needs, stays in its arguments.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from pathlib import Path

from harness.config import AssignmentConfig, UnitTestsConfig
from harness.errors import BadInput
from harness.kinds.probe_set import Builder
from harness.kinds.unit_tests.expect import Passes
from harness.kinds.unit_tests.frameworks import FRAMEWORKS, Listed
from harness.puzzles.suites import Case
from harness.records.probes import Probe


def configured(assignment: AssignmentConfig) -> dict[str, Builder]:
    """A builder per item: its tests, from the teacher's files."""
    tests = assignment.tests
    if tests is None:
        raise BadInput("tests: required for the unit-tests probe set (the course's test files)")
    listed = _listed(tests)
    claimed = _claims(assignment, [test for test, _ in listed])
    return {item: _builder(item, listed, claimed, tests.time) for item in assignment.items}


def _listed(tests: UnitTestsConfig) -> list[tuple[Listed, bool]]:
    """Every test of the teacher's files, visible ones first, with whether it is hidden."""
    framework = FRAMEWORKS[tests.framework]
    found = []
    for files, hidden in ((tests.files, False), (tests.hidden, True)):
        for path in files:
            found += [(test, hidden) for test in framework.listed(path, _text(path))]
    return found


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _claims(assignment: AssignmentConfig, tests: Sequence[Listed]) -> dict[str, str]:
    """test name -> the item whose globs match it; BadInput for a glob matching nothing, or a
    test two items claim."""
    claimed: dict[str, str] = {}
    for item, config in assignment.items.items():
        if not config.tests:
            raise BadInput(f"items.{item}.tests: missing: the tests it is marked on (globs)")
        for index, glob in enumerate(config.tests):
            matched = [t.name for t in tests if fnmatch.fnmatchcase(t.name, glob)]
            if not matched:
                raise BadInput(f"items.{item}.tests[{index}]: {glob!r} matches no test of the "
                               f"teacher's files ({_some(tests)})")  # fmt: skip
            for name in matched:
                other = claimed.setdefault(name, item)
                if other != item:
                    raise BadInput(f"items.{item}.tests[{index}]: {glob!r} matches {name}, "
                                   f"which items.{other}.tests claims too")  # fmt: skip
    return claimed


def _some(tests: Sequence[Listed], shown: int = 8) -> str:
    names = ", ".join(t.name for t in tests[:shown]) or "none"
    return names + (", ..." if len(tests) > shown else "")


def _builder(
    item: str, listed: list[tuple[Listed, bool]], claimed: dict[str, str], time: float
) -> Builder:
    def build(cases: Sequence[Case]) -> list[Probe]:
        mine = [(test, hidden) for test, hidden in listed if claimed.get(test.name) == item]
        return [
            _probe(item, test, hidden, index, time) for index, (test, hidden) in enumerate(mine, 1)
        ]

    return build


def _probe(item: str, test: Listed, hidden: bool, index: int, time: float) -> Probe:
    """A test's probe, under the CPU limit of the run it is made in (`tests.time`)."""
    label = f"hidden-{index}" if hidden else test.name
    call = f"hidden test {index}" if hidden else f"test {test.name} ({test.file.name})"
    args = (test.name, test.selector, test.file.name)
    return Probe(item, label, call, args, Passes(), hidden, time=time)
