"""One call of a declared item, before it is a probe: the situation it asks about, in the
trusted model's terms (a grid with its name, a cell, a unit's number, a value), and how that
becomes the course's arguments and the call the feedback shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.config import ItemConfig
from harness.kinds.course import Course
from harness.kinds.function_library.declared.samples import Named
from harness.puzzles.domains import State
from harness.puzzles.suites import Case
from harness.vocabulary import Argument, Given, ObjectConfig

UNSET: Any = object()  # no answer given in the YAML: the role computes it


@dataclass(frozen=True)
class Spec:
    """A declared item as its role sees it."""

    item: str
    config: ItemConfig
    course: Course

    @property
    def function(self) -> str:
        return self.config.function or self.item

    objects: Mapping[str, ObjectConfig] = field(default_factory=dict)

    @property
    def arguments(self) -> tuple[Argument, ...]:
        return self.config.arguments

    @property
    def kinds(self) -> tuple[str, ...]:
        """The arguments' kinds, a plain value as `given`."""
        return self.config.kinds

    @property
    def object(self) -> ObjectConfig:
        """The item's `object:` (the vocabulary requires it where this is asked)."""
        assert self.config.object is not None
        return self.objects[self.config.object]

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.config.sizes or self.course.conventions.sizes

    def count(self, default: int) -> int:
        """How many of the suites' cases to use (`cases:`, else the role's default)."""
        return self.config.cases or default


@dataclass(frozen=True)
class At:
    """What one call asks about (0-indexed, model values; the course's form comes later)."""

    grid: Named | None = None
    case: Case | None = None  # the suite case it comes from
    cell: tuple[int, int] | None = None
    index: int | None = None
    value: int | None = None
    values: tuple[int, ...] | None = None
    file: tuple[str, str] | None = None  # (path in the working copy, its text)
    label: str = ""  # what names it in its id (a handout example's label, a variant)
    answer: Any = UNSET  # the handout's answer, given in the YAML
    n: int = 0  # the grid's size when no grid is given (a position's successor)
    group: str = ""  # the group it is marked with (Probe.group; "": its own)
    state: State | None = None  # an object's cells' values and domains (constraint search)

    @property
    def hidden(self) -> bool:
        return self.grid.hidden if self.grid is not None else bool(self.case and self.case.hidden)

    @property
    def size(self) -> int:
        if self.n:
            return self.n
        if self.grid is not None:
            return len(self.grid.grid)
        return self.case.size if self.case is not None else len(self.values or ())


def arguments(spec: Spec, at: At) -> tuple[tuple[Any, ...], list[str]]:
    """The call's arguments, in the course's form and the order `args:` gives, and each as the
    feedback shows it."""
    values: list[Any] = []
    shown: list[str] = []
    for kind in spec.arguments:
        value, text = _argument(spec.course, kind, at)
        values.append(value)
        shown.append(text)
    return tuple(values), shown


def _argument(course: Course, kind: Argument, at: At) -> tuple[Any, str]:
    if isinstance(kind, Given):
        return kind.given, repr(kind.given)
    if kind == "grid" and at.grid is not None:
        return course.grid(at.grid.grid), f"<{at.grid.label}>"
    if kind in ("position", "row", "column") and at.cell is not None:
        r, c = course.position(*at.cell)
        chosen = {"position": ((r, c), f"({r}, {c})"), "row": (r, str(r)), "column": (c, str(c))}
        return chosen[kind]
    if kind == "index" and at.index is not None:
        return course.index(at.index), str(course.index(at.index))
    if kind == "value" and at.value is not None:
        value = course.value(at.value)
        return value, str(value) if type(value) is int else repr(value)
    if kind == "values" and at.values is not None:
        listed = course.values(at.values)
        return listed, str(listed)
    if kind == "file" and at.file is not None:
        return at.file[0], repr(at.file[0])
    raise ValueError(f"args: a {kind} is not something this role can give")


def call_text(spec: Spec, shown: Sequence[str], suffix: str = "") -> str:
    return f"{spec.function}({', '.join(shown)}){suffix}"
