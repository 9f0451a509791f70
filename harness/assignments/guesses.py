"""What a reference solution's definitions suggest, read by AST and never run: each function's
likely role and arguments, and the assignment's likely conventions. `sudoku-harness new` writes
them into a config.yaml entry, each marked as a guess, for the teacher to check.

A role is guessed from the function's name and its parameters' names (`get_candidates(grid,
pos)` is candidates on a grid and a position), the conventions from the source's habits: an
index shifted by one (`row - 1`), the blank its comparisons name (`== 0`, `== 'x'`), keys made of
row letters (`'ABCDEFGHI'`), a size computed from the grid (`len(grid) ** 0.5`).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

# (role, unit) by the words of a function's name, the first that matches; None: no role, the
# teacher's reference answers (role: reference)
NAMES: tuple[tuple[str, str, str | None], ...] = (
    (
        r"position.*(inside|in).*(block|box)|index.*(in|inside).*(block|box)",
        "position-in-box",
        None,
    ),
    (r"(block|box).*(num|number|of|index)", "box-of", None),
    (r"legal.*values|valid.*(list|values)|no.*repeat", "legal-values", None),
    (r"(legal|valid).*row", "legal-unit", "row"),
    (r"(legal|valid).*col", "legal-unit", "column"),
    (r"(legal|valid).*(block|box|square|subgrid)", "legal-unit", "box"),
    (r"(valid|legal).*(entry|move|place|placement)|can.*place|is.*safe", "valid-move", None),
    (r"(legal|valid).*(sudoku|board|grid|puzzle)|is.*(valid|legal)$", "legal-grid", None),
    (r"candidate|options|possible|legal.*val|available", "candidates", None),
    (
        r"(first|next).*(empty|unassigned|blank|zero)|find.*(empty|unassigned|blank)",
        "first-empty",
        None,
    ),
    (r"get.*next|next.*(cell|pos)", "next-cell", None),
    (r"get.*row|row.*values", "unit-values", "row"),
    (r"get.*col|col.*values", "unit-values", "column"),
    (r"get.*(block|box|square)|(block|box).*values", "unit-values", "box"),
    (r"(is|check).*(solution|solved)", "is-solution", None),
    (r"(is|check).*(full|complete|filled)", "filled", None),
    (r"undo|clear|remove|erase", "clear", None),
    (r"make.*move|place|set.*(cell|value)|assign", "place", None),
    (r"copy|clone|duplicate", "copy", None),
    (r"load|read|from.*file|parse", "load", None),
    (r"display|print|show|draw", "display", None),
    (r"solve|solver|backtrack", "solve", None),
)
# an argument's kind by its parameter's name
PARAMETERS: tuple[tuple[str, str], ...] = (
    (r"^(grid|board|puzzle|sudoku|s|b|g|state|bo)$", "grid"),
    (r"^(pos|position|cell|loc|location|coord|coords|space|rc)$", "position"),
    (r"^(r|row|i|y|row_index|rownum)$", "row"),
    (r"^(c|col|column|j|x|col_index|colnum)$", "column"),
    (r"^(num|value|val|v|n|digit|number|k)$", "value"),
    (r"^(values|lst|list|arr|array|unit|vals|items|line)$", "values"),
    (r"^(file|filename|file_name|path|fname|name)$", "file"),
    (r"^(block|box|index|idx|b_num|square|unit_index)$", "index"),
)


@dataclass(frozen=True)
class Guess:
    """One function's role and arguments, each said with why (`because`)."""

    function: str
    role: str  # "reference" when no role fits
    unit: str | None
    args: tuple[str, ...]
    because: str
    returns: str | None = None  # solve's form
    defaults: tuple[Any, ...] = ()  # the reference's default values for its last parameters
    otherwise: tuple[Any] | None = None  # (what it answers when the role has no answer,)
    uses: tuple[str, ...] = ()  # the module's other functions it calls (its helpers)


@dataclass(frozen=True)
class Guesses:
    functions: tuple[Guess, ...]
    conventions: dict[str, Any] = field(default_factory=dict)
    why: dict[str, str] = field(default_factory=dict)  # convention -> what suggested it


def guess(source: str) -> Guesses:
    """The guesses for a reference's source (SyntaxError if it is not Python)."""
    tree = ast.parse(source)
    functions = [
        n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")
    ]
    names = {f.name for f in functions}
    found = tuple(replace(_function(f), uses=_helpers(f, names)) for f in functions)
    conventions, why = _conventions(tree, source)
    return Guesses(found, conventions, why)


def _function(node: ast.FunctionDef) -> Guess:
    """A function's role by its name, its arguments by its parameters' names (those with a
    default are the handout's defaults, not arguments a call gives)."""
    params = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
    defaults = _constants(node.args.defaults)
    given = params[: len(params) - len(node.args.defaults)] if defaults is not None else params
    args = tuple(_kind(p) for p in given)
    name = _words(node.name)
    for pattern, role, unit in NAMES:
        if re.search(pattern, name):
            found = _fitted(node, role, unit, args, f"its name ({node.name})")
            return replace(found, defaults=defaults or ())
    return Guess(node.name, "reference", None, args, "no role's words in its name")


def _helpers(node: ast.FunctionDef, names: set[str]) -> tuple[str, ...]:
    """The module's other graded functions this one calls (itself aside), in order of use."""
    called = [
        n.func.id
        for n in ast.walk(node)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in names
    ]
    return tuple(dict.fromkeys(c for c in called if c != node.name))


def _constants(nodes: list[ast.expr]) -> tuple[Any, ...] | None:
    """The default values when each is a plain constant (None otherwise)."""
    if not all(isinstance(n, ast.Constant) for n in nodes):
        return None
    return tuple(n.value for n in nodes if isinstance(n, ast.Constant))


def _fitted(
    node: ast.FunctionDef, role: str, unit: str | None, args: tuple[str, ...], why: str
) -> Guess:
    if role == "unit-values" and "position" in args:  # the box of a cell, not of a number
        return Guess(node.name, "reference", None, args, f"{why}, but asked by cell")
    if role == "candidates" and args == ("values",):
        role = "legal-values"
    if role == "legal-grid" and ("position" in args or "row" in args) and "value" in args:
        role = "valid-move"
    if role in ("unit-values", "legal-unit"):  # isLegalRow(board, row): a unit's number
        args = tuple("index" if a in ("row", "column") else a for a in args)
    returns = _solve_form(node) if role == "solve" else None
    otherwise = _otherwise(node) if role in OTHERWISE else None
    return Guess(node.name, role, unit, args, why, returns, otherwise=otherwise)


OTHERWISE = ("first-empty", "any-empty", "next-cell", "candidates")


def _otherwise(node: ast.FunctionDef) -> tuple[Any] | None:
    """What it returns when the role has no answer: a constant, or a pair of constants, that a
    return statement gives (`return None, None`, `return (-1, -1)`, `return None`)."""
    for found in ast.walk(node):
        if not isinstance(found, ast.Return) or found.value is None:
            continue
        try:
            value = ast.literal_eval(found.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(value, tuple) and len(value) == 2:
            return (list(value),)
        if value is None or value == [] or (type(value) is int and value == -1):
            return (value,)
    return None


def _kind(parameter: str) -> str:
    for pattern, kind in PARAMETERS:
        if re.match(pattern, parameter.lower()):
            return kind
    return "grid"  # most functions of these assignments take the grid first


def _words(name: str) -> str:
    """`getCandidates` and `get_candidates` alike: lower-case words joined by underscores."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _solve_form(node: ast.FunctionDef) -> str:
    """How a solver answers, by what its returns look like."""
    returned = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value]
    tuples = [v for v in returned if isinstance(v, ast.Tuple) and len(v.elts) == 2]
    if tuples:
        return "flag-and-grid"
    constants = {v.value for v in returned if isinstance(v, ast.Constant)}
    if constants and constants <= {True, False}:
        return "flag"
    if None in constants or any(isinstance(v, ast.Constant) and v.value is None for v in returned):
        return "grid-or-none"
    return "grid"


def _conventions(tree: ast.Module, source: str) -> tuple[dict[str, Any], dict[str, str]]:
    conventions: dict[str, Any] = {}
    why: dict[str, str] = {}
    shifted = len(re.findall(r"\[\s*\w+(\[\d\])?\s*-\s*1\s*\]|\w+\s*-\s*1\s*[,\]]", source))
    conventions["index_base"] = 1 if shifted >= 2 else 0
    why["index_base"] = f"{shifted} indices shifted by one" if shifted >= 2 else "no index shifted"
    blank, count = _blank(tree)
    conventions["blank"] = blank
    why["blank"] = f"compared with {blank!r} {count} times" if count else "the default"
    if re.search(r"['\"]ABCDEFGHI['\"]", source):
        conventions["representation"] = "dict"
        why["representation"] = "row letters A..I (keys A1..I9)"
    sized = re.search(r"\*\*\s*0?\.5|isqrt|sqrt\(", source)
    conventions["sizes"] = [4, 9] if sized else [9]
    why["sizes"] = "a size computed from the grid" if sized else "no size computed: 9x9"
    return conventions, why


def _blank(tree: ast.Module) -> tuple[Any, int]:
    """The constant the source compares cells with most (0 when it compares none); `is None`
    is left out: it tests what a call returned far more often than a cell."""
    seen: Counter[Any] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            for side in (node.left, *node.comparators):
                value = side.value if isinstance(side, ast.Constant) else object()
                if type(value) is not bool and value in (0, None, ".", "x", -1, "0"):
                    seen[value] += 1
    if not seen:
        return 0, 0
    value, count = seen.most_common(1)[0]
    return value, count
