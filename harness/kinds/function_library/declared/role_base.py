"""What every role shares: the Protocol a role implements, its defaults, and the helpers that
name a call's grid, cell and group in the course's terms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from harness.kinds.expectations import Equal
from harness.kinds.function_library.declared import samples
from harness.kinds.function_library.declared.calls import UNSET, At, Spec
from harness.kinds.function_library.declared.samples import Named
from harness.puzzles.sudoku import UnitKind
from harness.puzzles.suites import Case
from harness.records.probes import Expectation


class Role(Protocol):
    label: str  # how the feedback names a suite's grid by default: "grid" or "case"
    driver: str  # a child driver the calls run through ("": the function itself)

    def situations(self, spec: Spec, cases: Sequence[Case]) -> list[At]:
        """The calls to make, built from the suites' cases."""
        ...

    def expect(self, spec: Spec, at: At) -> Expectation:
        """What the answer to one call must be."""
        ...

    def ident(self, spec: Spec, at: At) -> str:
        """The call's id, stable and unique within the item."""
        ...

    def suffix(self, at: At) -> str:
        """What the shown call ends with (a load's variant, a copy's check)."""
        ...


class RoleBase:
    """A role's defaults: a grid named "<case> puzzle", the function itself called."""

    label = "grid"
    driver = ""

    def suffix(self, at: At) -> str:
        return ""

    def ident(self, spec: Spec, at: At) -> str:
        return name_of(at)

    def grid_of(self, spec: Spec, case: Case, kind: str = "puzzle") -> Named:
        """A case's puzzle (or solution), named as the item's `label:` (or the role's) says."""
        grid = case.puzzle if kind == "puzzle" else samples.solved(case)
        mode = spec.config.label or self.label
        name = case.label if mode == "case" else f"{case.label} {kind}"
        return Named(name, grid, case.hidden)


def name_of(at: At) -> str:
    if at.label:
        return at.label
    if at.grid is not None:
        return at.grid.label
    return at.case.label if at.case is not None else ""


def cell_id(spec: Spec, cell: tuple[int, int] | None) -> str:
    if cell is None:
        return ""
    r, c = spec.course.position(*cell)
    return f"({r},{c})"


def sized(spec: Spec, n: int, text: str) -> str:
    """`text`, led by the grid's size where the item is asked at several."""
    return f"{n}x{n} {text}" if len(spec.sizes) > 1 else text


def unit_group(spec: Spec, n: int, kind: UnitKind, index: int) -> str:
    """The group of the questions about one unit: "box 3" (counted as the course counts)."""
    return sized(spec, n, f"{kind} {spec.course.index(index)}")


def value_answer(spec: Spec, at: At, computed: Any) -> Expectation:
    return Equal(tupled(at.answer) if at.answer is not UNSET else computed)


def tupled(value: Any) -> Any:
    """A position written in YAML as a list is the tuple the course's functions return."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(v is None or type(v) is int for v in value)
    ):
        return tuple(value)
    return value


def unit_of(spec: Spec) -> UnitKind:
    unit = spec.config.unit
    assert unit is not None  # the vocabulary requires it for these roles
    return unit
