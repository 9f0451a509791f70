"""A course's pytest tests reach the student's code through proxy modules: the student's code runs
in an interpreter of its own beside pytest's (harness/sandbox/beside.py), and what crosses is
plain data (harness/sandbox/child/plain.py) or a reference to the student's own objects.

The teacher's checks of what a proxy carries (fixtures/pytest-proxy/tests/proxy_checks.py) are
graded once, for real, as the shape grades them; the value format is checked on its own. The
attacks on the channel are in test_hostile.py (shape pytest).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from harness.grading.run import grade_all
from harness.kinds.unit_tests.frameworks import FRAMEWORKS
from harness.records.results import SubmissionResult
from harness.records.verdicts import Verdict
from harness.sandbox.child import plain
from harness.submissions import discover
from tests.conftest import FIXTURES, plan_for

PROXY = FIXTURES / "pytest-proxy"
CHECKS = PROXY / "tests" / "proxy_checks.py"
NAMES = [test.name for test in FRAMEWORKS["pytest"].listed(CHECKS, CHECKS.read_text())]


@pytest.fixture(scope="module")
def graded() -> SubmissionResult:
    plan = plan_for(PROXY / "config.yaml", "proxy")
    [result] = grade_all(plan, discover(PROXY / "submissions", (".py",)), 1).submissions
    return result


@pytest.mark.parametrize("name", NAMES)
def test_the_proxy_carries_what_one_process_would(graded: SubmissionResult, name: str) -> None:
    cases = {case.id: case for item in graded.items for case in item.cases}
    assert name in cases, sorted(cases)
    assert cases[name].verdict is Verdict.AC, cases[name].detail


def test_every_check_is_graded(graded: SubmissionResult) -> None:
    assert len(NAMES) == 12
    assert graded.marks == graded.max_marks


# the value format, on its own: both sides use it, and the tests' side trusts nothing it reads


class Everything(list[int]):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None


class Liar:
    """An object that says it is a list."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return list


def _refused(*thing: Any) -> Any:
    raise TypeError(f"not plain: {thing!r}")


def _references() -> tuple[list[Any], Callable[[Any], list[Any]]]:
    seen: list[Any] = []

    def reference(thing: Any) -> list[Any]:
        seen.append(thing)
        return [len(seen) - 1, "object", type(thing).__name__, ""]

    return seen, reference


def test_subclasses_are_encoded_as_their_plain_bases() -> None:
    encoded = plain.encode([Everything([1]), {"k": Everything([])}, (True,)], _refused)
    decoded = plain.decode(encoded, _refused)
    assert decoded == [[1], {"k": []}, (True,)] and type(decoded[0]) is list
    assert decoded[0] != [2]


def test_an_object_is_carried_by_reference_whatever_its_class_says() -> None:
    seen, reference = _references()
    liar = Liar()
    assert plain.encode([liar], reference) == [{"r": [0, "object", "Liar", ""]}]
    assert seen == [liar]


@pytest.mark.parametrize(
    "data",
    [
        {"o": "Everything", "r": "[1]"},  # an opaque value: no such tag here
        {"t": "not a list"},
        {"d": [[1]]},
        {"d": [[[1], 2]]},  # an unhashable key
        {"s": [[1]]},
        {"r": [0, "object", "X"]},
        {"r": [-1, "object", "X", ""]},
        {"r": [0, "kind of its own", "X", ""]},
        {"i": "12a"},
        {"i": "1" * 5000},
        {"t": [1], "s": [2]},
        b"bytes",
    ],
)
def test_malformed_data_is_refused(data: Any) -> None:
    with pytest.raises(plain.Refused):
        plain.decode(data, lambda *fields: pytest.fail("no reference is made"))


def test_nesting_and_size_are_bounded() -> None:
    deep: Any = 0
    for _ in range(plain.MAX_DEPTH + 2):
        deep = [deep]
    with pytest.raises(plain.Refused, match="levels deep"):
        plain.decode(deep, _refused)
    with pytest.raises(plain.Refused, match="values"):
        plain.decode([[0] * 1000] * (plain.MAX_ITEMS // 1000 + 1), _refused)
    with pytest.raises(plain.Refused, match="levels deep"):
        plain.encode(deep, _refused)


def test_a_references_type_name_is_an_identifier() -> None:
    made: list[tuple[Any, ...]] = []
    plain.decode({"r": [3, "class", "Bo\nard<script>", ""]}, lambda *f: made.append(f))
    assert made == [(3, "class", "Boardscript", "")]


def test_big_ints_cross_as_digits() -> None:
    assert plain.decode(plain.encode([2**100, -(2**64)], _refused), _refused) == [2**100, -(2**64)]
