"""The Sudoku-aware vocabulary of assignments written in YAML: each item's role, its arguments
and how its answers are compared, and the conventions of the whole assignment.

A course's function or method is declared by what it does (its role): the harness then builds
its calls from the suites' cases in the course's representation, and judges the answers with its
trusted model (harness/kinds/function_library/declared/). What no role covers is judged against the
teacher's reference solution making the same call (`role: reference`). Validation is eager and
names the key; the closed vocabularies below are what a teacher may write.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from harness import paths

Role = Literal[
    "box-of",  # the box (block) holding a position, numbered across then down
    "position-in-box",  # where a position lies in its box, numbered across then down
    "unit-values",  # the values of a row, column or box (`unit:`)
    "in-unit",  # whether a row, column or box (`unit:`) holds a value (by number, or a cell in it)
    "first-empty",  # the first empty cell, row-major (`otherwise:` when there is none)
    "any-empty",  # any empty cell (`otherwise:` when there is none)
    "legal-values",  # a list of values repeats no value (blanks aside)
    "legal-unit",  # a row, column or box (`unit:`) of the grid repeats no value
    "legal-grid",  # the whole grid repeats no value in any unit (a legal partial grid)
    "filled",  # the grid has no empty cell
    "is-solution",  # the grid is full and legal (a solution)
    "valid-move",  # a value may go at a position without a repeat
    "candidates",  # the values a cell may take (`otherwise:` for a filled cell)
    "place",  # the grid after a move (in place or returned)
    "clear",  # the grid after clearing a cell
    "next-cell",  # the position after a position, row-major (`otherwise:` after the last)
    "copy",  # an independent copy of the grid
    "load",  # the grid read from a puzzle file in the course's format (`file:`)
    "display",  # the grid printed (`layout:`)
    "solve",  # the puzzle solved, in the form the course asks (`returns:`)
    # constraint search over an object's cells and domains (`object:`):
    "forward-check",  # the peers' domains after removing a value (`mode: count`: how many lose it)
    "degree",  # how many unassigned peers a cell has
    "mrv",  # an unassigned cell with the fewest values left (any of the tied)
    "lcv",  # a cell's domain, the value removing fewest peer values first (ties any order)
    "ac3",  # every domain made arc consistent, in place; False when one empties
    "naked-singles",  # domains after naked singles propagate (for all-different: AC-3's)
    "hidden-singles",  # domains after naked and hidden singles propagate
    "search",  # backtracking over domains: a solved copy or None, the input left as it was
    "reference",  # whatever the teacher's reference answers to the same call (`compare:`)
]
ArgKind = Literal[
    "grid",  # the puzzle (or a grid built from it) in the course's representation
    "position",  # a cell as one argument: (row, column) in the index base
    "row",  # a cell's row, as its own argument
    "column",  # a cell's column, as its own argument
    "index",  # a unit's number (row, column or box) in the index base
    "value",  # a value of the alphabet
    "values",  # a list of values (a unit's)
    "file",  # the path of a puzzle file written in the course's format
    "object",  # the student's object (`object:`), made from the case's grid
]
Read = Literal[
    "return",  # the value returned (a cell as its position, a board as its grid and domains)
    "domains",  # every cell's domain after the call
    "grid",  # the values the object holds after the call
    "changed",  # whether the call changed the object (any value or domain)
    "attribute",  # the object's `attribute:` after the call
]
ForwardMode = Literal["remove", "count"]
Unit = Literal["row", "column", "box"]
Representation = Literal["rows", "flat", "string", "dict"]
Alphabet = Literal["digits", "zero-based", "letters"]
SolveForm = Literal[
    "grid-or-none",  # a new (or the same) grid, None when there is no solution
    "flag-and-grid",  # (True, grid) or (False, anything)
    "flag",  # True or False, the grid solved in place
    "inverted-flag",  # 0 when solved (in place), 1 when not: a C-style status
    "grid",  # the grid (no unsolvable case is defined)
]
Comparison = Literal["equal", "members", "grids"]  # grids: a list of grids, in any order
Order = Literal["any", "ascending"]
Layout = Literal["boxed", "tokens"]
Newline = Literal["lf", "crlf", "alternate"]
Variant = Literal["final-newline", "trailing-spaces", "crlf-final-newline"]
Positions = Literal["every", "empty", "filled"]
LARGEST = 36  # the largest grid a course uses (B351's 36x36)

_ROLE_ARGS: dict[str, tuple[ArgKind, ...]] = {  # each role's arguments, as most handouts order them
    "box-of": ("grid", "position"),
    "position-in-box": ("grid", "position"),
    "unit-values": ("grid", "index"),
    "in-unit": ("value", "index", "grid"),  # as C courses write it: is_val_in_row(val, i, sudoku)
    "first-empty": ("grid",),
    "any-empty": ("grid",),
    "legal-values": ("values",),
    "legal-unit": ("grid", "index"),
    "legal-grid": ("grid",),
    "filled": ("grid",),
    "is-solution": ("grid",),
    "valid-move": ("grid", "position", "value"),
    "candidates": ("grid", "position"),
    "place": ("grid", "position", "value"),
    "clear": ("grid", "position"),
    "next-cell": ("row", "column"),
    "copy": ("grid",),
    "load": ("file",),
    "display": ("grid",),
    "solve": ("grid",),
    "forward-check": ("row", "column", "value"),
    "degree": ("row", "column"),
    "mrv": (),
    "lcv": ("row", "column"),
    "ac3": ("object",),
    "naked-singles": ("object",),
    "hidden-singles": ("object",),
    "search": ("object",),
    "reference": (),
}
OBJECT_ROLES = frozenset(
    {"forward-check", "degree", "mrv", "lcv", "ac3", "naked-singles", "hidden-singles", "search"}
)
_NEEDS_UNIT = {"unit-values", "in-unit", "legal-unit"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Conventions(_Strict):
    """How the course writes a grid, for the whole assignment."""

    index_base: Literal[0, 1] = Field(
        default=0, description="rows, columns, units, boxes and positions counted from 0 or 1"
    )
    blank: int | str | None = Field(
        default=0, description='an empty cell: `0`, `null` (None), `"."`, `"x"`, `-1`'
    )
    representation: Representation = Field(
        default="rows",
        description="a grid as a list of rows (`rows`), one flat list of n x n values (`flat`), "
        "one string of n x n characters (`string`), or a dict keyed `A1`..`I9` (`dict`)",
    )
    values: Alphabet = Field(
        default="digits",
        description="the values: `digits` 1..n; `zero-based` 0..n-1 (the blank then -1, say); "
        "`letters` 1..9 then A = 10, each a one-character string",
    )
    sizes: tuple[int, ...] = Field(
        default=(9,), description="the grids' sizes n, each a square (4, 9, 16, 25, ...)"
    )

    @field_validator("sizes")
    @classmethod
    def _squares(cls, sizes: tuple[int, ...]) -> tuple[int, ...]:
        return squares(sizes)

    @model_validator(mode="after")
    def _blank_is_no_value(self) -> Conventions:
        if self.values == "digits" and isinstance(self.blank, int) and self.blank > 0:
            raise ValueError(f"blank: {self.blank} is a value of the digits alphabet")
        if self.representation == "dict" and self.sizes != (9,):
            raise ValueError("representation: dict (keys A1..I9) is for 9x9 grids only")
        return self


def squares(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """`sizes` when each is a Sudoku's (n = k x k, up to LARGEST); else ValueError."""
    for size in sizes:
        if size < 1 or size > LARGEST or math.isqrt(size) ** 2 != size:
            raise ValueError(f"{size} is not a square from 1 to {LARGEST} (n = k x k)")
    return sizes


class FileFormat(_Strict):
    """A puzzle file as the course writes it: one row a line, values separated."""

    separator: str = Field(
        default=" ", description='between values on a line (`""` for none, `","` for CSV)'
    )
    newline: Newline = Field(
        default="lf", description="`lf`, `crlf`, or `alternate`: lf and crlf by turns"
    )
    final_newline: bool = Field(default=False, description="whether the last line ends too")
    blank: str | None = Field(
        default=None,
        description="how the file writes a blank cell, when not as the conventions' `blank` "
        '(`"."` for lines such as `53..7....` read into a grid of 0 blanks)',
    )
    variants: tuple[Variant, ...] = Field(
        default=(),
        description="instead, the first puzzle written each of these ways, a call each (a "
        "handout's loose points: a final newline, trailing spaces)",
    )


Plain = str | int | float | bool | None


class Given(_Strict):
    """A plain argument written as it is: a mode string, a flag (`{given: count}`)."""

    given: Plain = Field(description="the value passed, as the course writes it")


Argument = ArgKind | Given


class Maker(_Strict):
    """How an object is made from a case's grid: the class called (its constructor), a
    class method of it (`method:`), or a module function (`function:`), given `args:` (extra
    parameters with defaults are left to their defaults)."""

    function: str | None = Field(
        default=None, description="a module function that returns the object (a loader)"
    )
    method: str | None = Field(
        default=None, description="a class method (or static method) of the class that makes it"
    )
    args: tuple[Argument, ...] = Field(
        default=("grid",),
        description="what it is given: `grid` (the case's, in the course's representation), "
        "`file` (the grid written in `file:`'s format), `{given: ...}`",
    )
    file: FileFormat = Field(default=FileFormat(), description="the puzzle file it reads")

    @model_validator(mode="after")
    def _one_way(self) -> Maker:
        if self.function and self.method:
            raise ValueError("give `function:` or `method:`, not both")
        bad = [a for a in self.args if a not in ("grid", "file") and not isinstance(a, Given)]
        if bad:
            raise ValueError(f"args: {bad[0]} cannot make an object (grid, file or {{given: ...}})")
        return self


class ObjectConfig(_Strict):
    """A class of the student's: its name (the key) and other spellings, how an object is made
    from a case's grid, and the paths (harness/paths.py) from an object to a cell and from a
    cell to its value, domain, row and column. Paths are data, never evaluated."""

    aliases: tuple[str, ...] = Field(default=(), description="other names accepted for the class")
    make: Maker = Field(default=Maker(), description="how an object is made from a grid")
    cell: str = Field(
        default="cells[row][column]",
        description="from the object to one cell: attributes, subscripts ([row], [column], "
        "[index], [position], [0]) and calls without arguments",
    )
    value: str = Field(default="value", description="from a cell to its value (0: unassigned)")
    domain: str = Field(
        default="domain",
        description="from a cell to its domain (a set or list of values); the harness sets "
        "domains through it, so it ends in an attribute or a subscript",
    )
    row: str | None = Field(
        default="row", description="from a cell to its row (a returned cell is read by it)"
    )
    column: str | None = Field(default="col", description="from a cell to its column")

    @field_validator("cell")
    @classmethod
    def _cell(cls, text: str) -> str:
        paths.cell_path(text)
        return text

    @field_validator("value", "row", "column")
    @classmethod
    def _plain(cls, text: str | None) -> str | None:
        if text is not None:
            paths.plain_path(text)
        return text

    @field_validator("domain")
    @classmethod
    def _domain(cls, text: str) -> str:
        paths.writable(text, paths.plain_path(text))
        return text

    def names(self, key: str) -> tuple[str, ...]:
        """The class's names to look for, its own first."""
        return (key, *self.aliases)

    def steps(self) -> dict[str, tuple[paths.Step, ...] | None]:
        """Every path, parsed (each was checked on loading)."""
        found: dict[str, tuple[paths.Step, ...] | None] = {
            "cell": paths.parse(self.cell),
            "value": paths.parse(self.value),
            "domain": paths.parse(self.domain),
        }
        found["row"] = paths.parse(self.row) if self.row else None
        found["column"] = paths.parse(self.column) if self.column else None
        return found


class Example(_Strict):
    """A call the handout shows: its arguments (the grid as rows of the course's values), and
    its answer where the role cannot compute it."""

    args: tuple[Any, ...] = Field(
        description="the call's arguments, in `args:`'s order and the course's conventions"
    )
    label: str = Field(
        default="", description='what the feedback calls it (default: "handout example N")'
    )
    answer: Any = Field(
        default=None,
        description="the handout's answer (default: the role's, or the reference's, computed)",
    )

    @property
    def answered(self) -> bool:
        """Whether `answer:` was given (its value may be null)."""
        return "answer" in self.model_fields_set


class Declared(_Strict):
    """What a declared item's role takes: the keys of an item beside its marks."""

    role: Role | None = Field(
        default=None,
        description="what the function or method does, from the vocabulary: its calls are built "
        "from the suites' cases and its answers judged by the harness's model (`reference`: by "
        "the teacher's reference making the same call)",
    )
    args: tuple[Argument, ...] | None = Field(
        default=None,
        description="what each call is given, in the signature's order (default: the role's, "
        "such as `[grid, position]`); `{given: ...}` a plain value as it is (a mode, a flag)",
    )
    object: str | None = Field(
        default=None,
        description="the student's class (a name under the assignment's `objects:`): the item is "
        "its method, called on an object made from the case's grid; with `object` in `args:`, "
        "a module function given that object",
    )
    mode: ForwardMode = Field(
        default="remove",
        description="forward-check: `remove` (the peers' domains after, False on a wipe-out) or "
        "`count` (how many unassigned peers hold the value; nothing changes)",
    )
    reads: tuple[Read, ...] | None = Field(
        default=None,
        description="reference with `object:`: what is read back and compared: `return`, "
        "`domains`, `grid`, `changed`, `attribute` (default: `[return]`)",
    )
    attribute: str | None = Field(
        default=None, description="the path read back when `reads:` names `attribute`"
    )
    unit: Unit | None = Field(
        default=None, description="`row`, `column` or `box`: for unit-values and legal-unit"
    )
    cases: int | None = Field(
        default=None, ge=1, description="how many of the suites' cases to use (default: the role's)"
    )
    sizes: tuple[int, ...] | None = Field(
        default=None, description="the sizes asked at, when not the assignment's `sizes`"
    )
    positions: Positions | None = Field(
        default=None,
        description="which cells are asked about: `every`, `empty` or `filled` (default: the "
        "role's)",
    )
    label: Literal["grid", "case"] | None = Field(
        default=None,
        description="how the feedback names a suite's grid in a call: `grid` <suite/case "
        "puzzle> (or solution), `case` <suite/case> (default: the role's)",
    )
    otherwise: Any = Field(
        default=None,
        description="the answer when the role has none: on a full grid (first-empty), for a "
        "filled cell (candidates), after the last cell (next-cell)",
    )
    order: Order = Field(default="any", description="candidates: in `any` order, or `ascending`")
    returns: SolveForm = Field(
        default="grid",
        description="solve: `grid`, `grid-or-none`, `flag-and-grid` ((True, grid)), `flag` (in "
        "place, True/False), `inverted-flag` (in place, 0 when solved)",
    )
    restores: bool = Field(
        default=False, description="solve in place: the grid is restored when there is no solution"
    )
    keeps_input: bool = Field(
        default=False, description="solve: the grid it is given must be left unchanged"
    )
    completion: Literal["any", "unique"] = Field(
        default="any",
        description="solve: `any` valid completion that keeps the givens is right where a case "
        "has several solutions (`unique`: such cases are left out)",
    )
    unsolvable: bool = Field(
        default=True,
        description="solve: the suites' puzzles without a solution are asked (the handout "
        "defines the answer), or left out",
    )
    compare: Comparison = Field(
        default="equal",
        description="reference: the student's answer and the reference's are `equal`, the same "
        "`members` in any order, or the same `grids` in any order",
    )
    layout: Layout = Field(
        default="tokens",
        description="display: `tokens`, the values printed in reading order (any borders, any "
        "blank mark); `boxed`, COSC 130's boxes (any run of dashes)",
    )
    file: FileFormat = Field(
        default=FileFormat(), description="load: the course's puzzle file format"
    )
    examples: tuple[Example, ...] = Field(
        default=(), description="the handout's own calls, asked first"
    )
    defaults: tuple[Any, ...] = Field(
        default=(),
        description="the handout's default values for the last parameters, added (and said) "
        "when the student's function has none",
    )
    uses: tuple[str, ...] = Field(
        default=(),
        description="the helpers its calls use, which the reference may stand in for when one "
        "of the student's own fails (`helpers:`)",
    )

    @field_validator("sizes")
    @classmethod
    def _item_squares(cls, sizes: tuple[int, ...] | None) -> tuple[int, ...] | None:
        return None if sizes is None else squares(sizes)

    @property
    def otherwise_given(self) -> bool:
        return "otherwise" in self.model_fields_set

    @model_validator(mode="after")
    def _role_fits(self) -> Declared:
        if self.role is None:
            return self
        if self.role in _NEEDS_UNIT and self.unit is None:
            raise ValueError(f"role {self.role} needs `unit:` (row, column or box)")
        if self.role == "reference" and self.args is None:
            raise ValueError("role reference needs `args:` (what its calls are given)")
        if self.role in OBJECT_ROLES and self.object is None:
            raise ValueError(f"role {self.role} needs `object:` (the class it works on)")
        if "object" in self.arguments and self.object is None:
            raise ValueError("args: `object` needs `object:` (which class)")
        if self.attribute is not None:
            paths.plain_path(self.attribute)
        if "attribute" in (self.reads or ()) and self.attribute is None:
            raise ValueError("reads: attribute needs `attribute:` (a path from the object)")
        return self

    @property
    def arguments(self) -> tuple[Argument, ...]:
        return self.args if self.args is not None else _ROLE_ARGS[self.role or "reference"]

    @property
    def kinds(self) -> tuple[str, ...]:
        """The arguments' kinds, a plain value (`{given: ...}`) as `given`."""
        return tuple("given" if isinstance(a, Given) else a for a in self.arguments)

    @property
    def method(self) -> bool:
        """Whether the item is a method of its `object:` (not a function given the object)."""
        return self.object is not None and "object" not in self.arguments


def role_args(role: str) -> tuple[ArgKind, ...]:
    """A role's arguments when `args:` is not given."""
    return _ROLE_ARGS[role]
