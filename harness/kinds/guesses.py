"""What a reference solution's definitions suggest, read by AST and never run: each function's
likely role and arguments, and the assignment's likely conventions. `sudoku-harness new` writes
them into a config.yaml entry, each marked as a guess, for the teacher to check.

A role is guessed from the function's name and its parameters' names (`get_candidates(grid,
pos)` is candidates on a grid and a position), the conventions from the source's habits: an
index shifted by one (`row - 1`), the blank its comparisons name (`== 0`, `== 'x'`), keys made of
row letters (`'ABCDEFGHI'`), a size computed from the grid (`len(grid) ** 0.5`).

A class made from a grid or a file (`Board(grid)`), whose cells sit at the objects vocabulary's
default paths, is an object (`objects:`): its methods, and the module functions given one of
its objects (`ac3(board)`, judged by what they read of it: `board.cells`), are items on it, each
with a constraint-search role (forward checking, degree, MRV, LCV, AC-3, search) or the
reference's answer.

What cannot be an item is said, never written: a function with no parameters (no call a case
can make), one the handout's starter gives working (not the student's work) or does not define
at all (the reference's own helper), a method of a class the harness cannot make, an
object-only role given no object. Each is `Unwritten`, with why and, where one fits, the role
guessed, for the entry's comments.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from harness.vocabulary import OBJECT_ROLES

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
    # constraint search, on an object (`object:`); first, as "forward_check" would read as `place`
    (r"forward.*check", "forward-check", None),
    (r"(^|_)degree", "degree", None),
    (r"(^|_)mrv$|most.*constrained|minimum.*remaining|fewest.*(values|remaining)", "mrv", None),
    (r"(^|_)lcv$|least.*constraining", "lcv", None),
    (r"(^|_)ac_?3$|arc.*consisten", "ac3", None),
    (r"naked.*single", "naked-singles", None),
    (r"hidden.*single", "hidden-singles", None),
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
    owner: str | None = None  # the class it is a method of, or whose object it is given
    reads: tuple[str, ...] = ()  # role reference on an object: what is read back
    item: str = ""  # the item's name, when not the function's (a second item on one function)
    mode: str | None = None  # forward-check's `mode:` (count), when not remove
    given: tuple[Any, ...] = ()  # plain values passed after `args` (`{given: remove}`)

    @property
    def key(self) -> str:
        """The item's name in the entry."""
        return self.item or self.function


@dataclass(frozen=True)
class Maker:
    """A class of the module an object is made of, from a case's grid or a puzzle file."""

    name: str
    args: tuple[str, ...]  # ("grid",) or ("file",)
    because: str
    separator: str | None = None  # a file's, where the class reads CSV (None: the default)


@dataclass(frozen=True)
class Unwritten:
    """A definition `new` says in a comment instead of writing as an item, and why."""

    name: str  # `input_sudoku`, or `Board.mrv` for a method
    why: str
    guess: Guess | None = None  # the role and arguments guessed, where one fits


@dataclass(frozen=True)
class Guesses:
    functions: tuple[Guess, ...]
    conventions: dict[str, Any] = field(default_factory=dict)
    why: dict[str, str] = field(default_factory=dict)  # convention -> what suggested it
    unwritten: tuple[Unwritten, ...] = ()
    markers: tuple[str, ...] = ()  # the one-character strings cells are compared with, most first
    objects: tuple[Maker, ...] = ()  # the classes the items' objects are made of


def guess(source: str, starter: Sequence[str] = ()) -> Guesses:
    """The guesses for a reference's source and the handout's starter files' sources
    (SyntaxError if one is not Python)."""
    tree = ast.parse(source)
    given = _given(starter)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    cells = set().union(*(_members(c) for c in classes.values())) if classes else set()
    makers = {name: _maker(cls, cells) for name, cls in classes.items()}
    kept: list[tuple[Guess, ast.FunctionDef]] = []
    unwritten: list[Unwritten] = []
    for node in _public(tree.body):
        found, reason = _module_function(node, given, classes, makers)
        if reason:  # a reason it cannot be an item
            shown = found if found.args and not given.why_not(node.name) else None
            unwritten.append(Unwritten(node.name, reason, shown))
        else:
            kept.append((found, node))
    for cls in classes.values():
        methods, said = _methods(cls, given, makers[cls.name], {g.key for g, _ in kept})
        kept += methods
        unwritten += said
    names = {g.key for g, _ in kept}
    found_all = tuple(replace(g, uses=_helpers(node, names)) for g, node in kept)
    owners = {g.owner for g in found_all if g.owner}
    objects = tuple(m for name, m in makers.items() if name in owners and isinstance(m, Maker))
    conventions, why = _conventions(tree, source)
    return Guesses(found_all, conventions, why, tuple(unwritten), _markers(tree), objects)


def without(found: Guesses, function: str, why: str) -> Guesses:
    """The guesses with `function` no longer an item: said, with why and its guess, instead
    (and no longer among the others' `uses`)."""
    gone = {g.key for g in found.functions if function in (g.key, g.function)}
    dropped = next(g for g in found.functions if g.key in gone)
    kept = tuple(
        replace(g, uses=tuple(u for u in g.uses if u not in gone))
        for g in found.functions
        if g.key not in gone
    )
    said = (*found.unwritten, Unwritten(function, why, dropped))
    return replace(found, functions=kept, unwritten=said)


def _public(body: Sequence[ast.stmt]) -> list[ast.FunctionDef]:
    return [n for n in body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]


def _module_function(
    node: ast.FunctionDef,
    starter: Starter,
    classes: dict[str, ast.ClassDef],
    makers: dict[str, Maker | str],
) -> tuple[Guess, str]:
    """A module function's guess, and why it cannot be an item ("" when it can): one given
    the module's object is its class's item (`object:`)."""
    found = _function(node)
    if starter.why_not(node.name):
        return found, starter.why_not(node.name)
    taken = _object_parameter(node, classes)
    if taken is not None:
        parameter, owner = taken
        maker = makers[owner]
        if not isinstance(maker, Maker):
            return found, maker
        return _on_object(node, found, owner, parameter), ""
    if found.role in OBJECT_ROLES:
        return found, f"role {found.role} works on an object, and it is given none"
    if not found.args:
        return found, "takes no arguments: no call a case can make (it reads input, or prints)"
    return found, ""


def _on_object(node: ast.FunctionDef, found: Guess, owner: str, parameter: str) -> Guess:
    """A module function given the module's object (`ac3(board)`): its role among constraint
    search's, or the reference's answer; the object's parameter is `object`."""
    given = [a.arg for a in node.args.args]
    kinds = tuple("object" if p == parameter else _kind(p) for p in given)
    kinds = kinds[: len(kinds) - len(node.args.defaults)] if node.args.defaults else kinds
    role = {"solve": "search"}.get(found.role, found.role)
    if role in OBJECT_ROLES:
        return replace(found, role=role, args=kinds, owner=owner, returns=None, otherwise=None)
    return Guess(node.name, "reference", None, kinds, _suggests(found), owner=owner,
                 reads=_reads(node))  # fmt: skip


def _methods(
    cls: ast.ClassDef, starter: Starter, maker: Maker | str, taken: set[str]
) -> tuple[list[tuple[Guess, ast.FunctionDef]], list[Unwritten]]:
    """A class's public methods: each an item on its object (`object:`), its role among
    constraint search's or the reference's answer; said instead when the starter gives it,
    when the class cannot be made from a grid, or when a module function has its name."""
    kept: list[tuple[Guess, ast.FunctionDef]] = []
    said: list[Unwritten] = []
    for node in _public(cls.body):
        name, found = f"{cls.name}.{node.name}", _function(node)
        if starter.why_not(name):
            said.append(Unwritten(name, starter.why_not(name)))
        elif not isinstance(maker, Maker):
            said.append(Unwritten(name, maker, found))
        elif node.name in taken:
            said.append(Unwritten(name, "a module function has its name too", found))
        elif found.role in OBJECT_ROLES:
            on = replace(found, owner=cls.name, returns=None, otherwise=None)
            kept += [(one, node) for one in _modes(on, node)]
        else:
            guessed = Guess(node.name, "reference", None, found.args, _suggests(found),
                            owner=cls.name, reads=_reads(node))  # fmt: skip
            kept.append((guessed, node))
    return kept, said


def _modes(found: Guess, node: ast.FunctionDef) -> list[Guess]:
    """Forward checking with a mode parameter (`mode="remove"`) that the method compares with
    "count": the handout's two halves, an item each, the mode given as it is written (the
    second item named `NAME_count`). Else the guess as it is."""
    if found.role != "forward-check" or len(found.defaults) != 1:
        return [found]
    default, parameter = found.defaults[0], node.args.args[-1].arg
    compared = {
        side.value
        for n in ast.walk(node)
        if isinstance(n, ast.Compare)
        and any(isinstance(x, ast.Name) and x.id == parameter for x in (n.left, *n.comparators))
        for side in (n.left, *n.comparators)
        if isinstance(side, ast.Constant)
    }
    if not isinstance(default, str) or "count" not in compared or default == "count":
        return [found]
    because = f"{found.because}, {parameter}="
    remove = replace(found, defaults=(), given=(default,), because=f"{because}{default!r}")
    count = replace(remove, item=f"{found.function}_count", mode="count", given=("count",),
                    because=f"{because}'count' (it compares {parameter} with it)")  # fmt: skip
    return [remove, count]


def _suggests(found: Guess) -> str:
    """Why an item on an object is the reference's answer: its name's role is not one for
    objects (or there is none)."""
    if found.role == "reference":
        return f"{found.because}: the reference's answer"
    return f"{found.because} suggests {found.role}, not a role on objects: the reference's answer"


def _reads(node: ast.FunctionDef) -> tuple[str, ...]:
    """What an object's call is judged by: what it returns, or, when it returns nothing, the
    values its object holds after."""
    returned = any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(node))
    return ("return",) if returned else ("grid",)


CELL_PATHS = ("cells", "value", "domain", "row", "col")  # the objects vocabulary's defaults


def _maker(cls: ast.ClassDef, cells: set[str]) -> Maker | str:
    """How an object of the class is made: its constructor given a grid (`Board(grid)`) or a
    file (`Board(filename)`); else why none can be: its constructor takes something else, or
    the default paths to its cells (`cells[row][column]`, and a cell's `value`, `domain`,
    `row`, `col`) name attributes the module's classes never set."""
    missing = [name for name in CELL_PATHS if name not in (cells if name != "cells" else
                                                            _members(cls))]  # fmt: skip
    if missing:
        return (f"{cls.name} and its cells set no {', '.join(missing)} (the default paths to a "
                "cell, its value, domain, row and column): say them under `objects:`")  # fmt: skip
    init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"),
                None)  # fmt: skip
    params = [a.arg for a in init.args.args[1:]] if init else []
    needed = params[: len(params) - len(init.args.defaults)] if init else []
    kinds = [_kind(p) for p in needed]
    if len(kinds) == 1 and kinds[0] in ("grid", "file"):
        because = f"{cls.name}({needed[0]}) makes one from a {kinds[0]}"
        if kinds[0] == "file" and _reads_csv(cls):
            return Maker(cls.name, ("file",), f"{because} it reads as CSV", ",")
        return Maker(cls.name, (kinds[0],), because)
    shown = ", ".join(needed) or "nothing"
    return f"{cls.name}({shown}): the harness makes an object from a grid or a file"


def _reads_csv(cls: ast.ClassDef) -> bool:
    """Whether the class reads comma-separated values: `csv.reader(...)`, `.split(",")`."""
    for node in ast.walk(cls):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "reader" and isinstance(node.func.value, ast.Name):
                return node.func.value.id == "csv"
            if node.func.attr == "split" and any(
                isinstance(a, ast.Constant) and a.value == "," for a in node.args
            ):
                return True
    return False


def _object_parameter(
    node: ast.FunctionDef, classes: dict[str, ast.ClassDef]
) -> tuple[str, str] | None:
    """The parameter that is an object of the module's classes, and its class, judged by what
    the function reads of it: an attribute or method one of the module's classes defines (a
    list or a dict is never given `.cells` or `.mrv()`)."""
    members = {c: _members(cls) for c, cls in classes.items()}
    params = {a.arg for a in node.args.args}
    for found in ast.walk(node):
        if (
            isinstance(found, ast.Attribute)
            and isinstance(found.value, ast.Name)
            and found.value.id in params
        ):
            owners = [c for c, names in members.items() if found.attr in names]
            if owners:
                return found.value.id, owners[0]
    return None


def _members(cls: ast.ClassDef) -> set[str]:
    """The methods a class defines and the attributes its methods set on `self`."""
    names = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    for found in ast.walk(cls):
        if (
            isinstance(found, ast.Attribute)
            and isinstance(found.ctx, ast.Store)
            and isinstance(found.value, ast.Name)
            and found.value.id == "self"
        ):
            names.add(found.attr)
    return names - {"__init__"}


@dataclass(frozen=True)
class Starter:
    """What the handout's starter defines (functions, and methods as `Class.method`), and which
    of them it gives working."""

    defined: frozenset[str]
    given: frozenset[str]

    def why_not(self, name: str) -> str:
        """Why `name` is not the student's to write ("" when it is): the starter gives it
        working, or a starter was given and it does not define it (the reference's helper)."""
        if name in self.given:
            return "the starter gives it working: not the student's work"
        if self.defined and name not in self.defined:
            return "the starter does not define it: the reference's own helper"
        return ""


def _given(sources: Sequence[str]) -> Starter:
    """What the starter files define, and give working: a body that does work, not a stub's
    `pass`, `return None` or `return board`."""
    defined: set[str] = set()
    given: set[str] = set()
    for source in sources:
        tree = ast.parse(source)
        found = [(n.name, n) for n in _public(tree.body)]
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            found += [(f"{cls.name}.{n.name}", n) for n in _public(cls.body)]
        defined |= {name for name, _ in found}
        given |= {name for name, node in found if _works(node)}
    return Starter(frozenset(defined), frozenset(given))


def _works(node: ast.FunctionDef) -> bool:
    """Whether a body does work: a loop, a comprehension, a call or a subscript outside a
    `raise` (a stub raises NotImplementedError, returns a constant or a parameter)."""
    body = node.body[1:] if ast.get_docstring(node) is not None else node.body
    working = (ast.For, ast.While, ast.comprehension, ast.Call, ast.Subscript)
    return any(
        isinstance(found, working)
        for statement in body
        if not isinstance(statement, ast.Raise)
        for found in ast.walk(statement)
    )


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
    """The other items this one calls (itself aside), in order of use: a function by its name,
    a method through its object (`self.forward_check(...)`, `board.mrv()`)."""
    called = [
        n.func.id if isinstance(n.func, ast.Name) else n.func.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))
    ]
    return tuple(dict.fromkeys(c for c in called if c in names and c != node.name))


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


def _markers(tree: ast.Module) -> tuple[str, ...]:
    """The blank markers a loader may read (`ch == "."`), most compared first: the file
    formats `new` tries write these first."""
    seen: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in (".", "0", "_", "x", "-"):
                    seen[side.value] += 1
    return tuple(marker for marker, _ in seen.most_common())


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
