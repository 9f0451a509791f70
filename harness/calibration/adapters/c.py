"""A C panel member: the core algorithm (solvers/panel/functions/c/NAME.c, static functions
over `int grid[N][N]` with 0 for a blank) after the side N and the box's side, then each timed
function with the prototype the teacher's reference gives it (`int solve_sudoku(int
sudoku[9][9])`), reading the course's blank and values into the core's grid and writing the
solution back in place, as `returns: flag` (or `inverted-flag`) asks.

The prototype is read from the reference's headers and sources: its return type, and one
parameter, a two-dimensional int array (`int g[9][9]`, `int g[][9]`, `int (*g)[9]`), whose side
may be a `#define`d name. Anything else is refused with the prototype found.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from harness.calibration.adapters.target import Interface, Target

SUFFIXES = (".h", ".c")
RETURNS = r"(?:unsigned\s+)?(?:int|bool|_Bool|char|short|long)"
GRID = (
    re.compile(r"int\s+(?P<name>\w+)\s*\[\s*\w*\s*\]\s*\[\s*(?P<side>\w+)\s*\]"),
    re.compile(r"int\s*\(\s*\*\s*(?P<name>\w+)\s*\)\s*\[\s*(?P<side>\w+)\s*\]"),
)
PARAMS = r"(?:[^()]|\([^()]*\))*"  # a parameter list: `int (*g)[9]` holds parentheses
DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)\s+(\d+)\s*$", re.MULTILINE)
IN_PLACE = {"flag": ("1", "0"), "inverted-flag": ("0", "1")}  # returned when solved, when not

FUNCTION = """
{returns} {function}({params}) {{
    int panel_grid[N][N];
    for (int r_ = 0; r_ < N; r_++)
        for (int c_ = 0; c_ < N; c_++)
            panel_grid[r_][c_] = {name}[r_][c_] == {blank} ? 0 : {name}[r_][c_] + {shift};
    if (!solve_grid(panel_grid)) return {unsolved};
    for (int r_ = 0; r_ < N; r_++)
        for (int c_ = 0; c_ < N; c_++) {name}[r_][c_] = panel_grid[r_][c_] - {shift};
    return {solved};
}}
"""


@dataclass(frozen=True)
class Prototype:
    returns: str
    params: str  # as the reference writes them
    name: str  # the grid parameter's
    side: int


class CAdapter:
    """`#define N`, the core, then a function per target with the reference's prototype."""

    suffix = ".c"

    def member(self, core: str, interface: Interface) -> tuple[tuple[str, str], ...]:
        files, text = interface.reference_text(SUFFIXES)
        found = [(t, prototype(t, text)) for t in interface.targets]
        sides = {p.side for _, p in found}
        if len(sides) > 1:
            raise found[0][0].refuse(f"its grids have different sides ({sorted(sides)})")
        side = sides.pop()
        head = f"#define N {side}\n#define BOX {math.isqrt(side)}\n\n"
        functions = "".join(_function(t, p) for t, p in found)
        return ((_file_name(interface, files), head + core + _BANNER + functions),)


_BANNER = (
    "\n/* --- the assignment's interface: written by sudoku-harness from the reference --- */\n"
)


def prototype(target: Target, text: str) -> Prototype:
    """The target's prototype in the reference's `text`; BadInput when it is none the panel
    can fill."""
    if target.arguments != ("grid",):
        raise target.refuse(
            f"args: the C members take the grid alone, not {list(target.arguments)}"
        )
    if target.returns not in IN_PLACE:
        raise target.refuse(f"returns: a C function answers in place (flag or inverted-flag), "
                            f"not {target.returns}")  # fmt: skip
    pattern = re.compile(
        rf"\b(?P<returns>{RETURNS})\s+{re.escape(target.function)}\s*\((?P<params>{PARAMS})\)"
    )
    match = pattern.search(text)
    if match is None:
        raise target.refuse(f"the reference declares no `int {target.function}(...)`")
    params = " ".join(match["params"].split())
    for grid in GRID:
        found = grid.fullmatch(params)
        if found is not None and "const" not in params:
            side = _side(found["side"], text)
            if side is not None and math.isqrt(side) ** 2 == side:
                return Prototype(" ".join(match["returns"].split()), params, found["name"], side)
    raise target.refuse(f"the reference's `{target.function}({params})` takes no grid it can "
                        "fill (an int grid[N][N] with N a square)")  # fmt: skip


def _side(written: str, text: str) -> int | None:
    if written.isdigit():
        return int(written)
    defined = dict(DEFINE.findall(text))
    return int(defined[written]) if written in defined else None


def _function(target: Target, found: Prototype) -> str:
    conventions = target.conventions
    if not isinstance(conventions.blank, int) or conventions.values == "letters":
        raise target.refuse("a C grid holds ints: the blank and the values must be numbers")
    solved, unsolved = IN_PLACE[target.returns]
    return FUNCTION.format(
        returns=found.returns,
        function=target.function,
        params=found.params,
        name=found.name,
        blank=conventions.blank,
        shift=1 if conventions.values == "zero-based" else 0,
        solved=solved,
        unsolved=unsolved,
    )


def _file_name(interface: Interface, files: list[Path]) -> str:
    """The reference's source file that defines the first target, else `panel.c`."""
    first = interface.targets[0].function
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".c" and re.search(rf"\b{re.escape(first)}\s*\([^;]*\)\s*\{{", text):
            return path.name
    return "panel.c"
