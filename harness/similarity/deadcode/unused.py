"""Python assignments to names never read, found in a module's AST. In a function, an assignment
whose every target is a plain name that nothing in the function reads (its nested functions,
lambdas and comprehensions included) is dead; when its value only computes (literals, names,
operators, subscripts, attributes, displays, comprehensions, and calls of a few builtins the file
does not rebind), the whole statement goes, else the target goes and the value stays, as the
expression statement it really is. Removing one can leave another unread: found again (up to
ROUNDS times) until none is.

Never dead: a name declared global or nonlocal anywhere in the function; any name of a function
that reads its frame (locals(), vars(), eval, exec, dir, breakpoint, frames' f_locals); names at
module level or in a class body (an importer or an instance may read them). What an expression
might raise, or a dunder method might do, is not considered.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from harness.similarity.deadcode.spans import Found, before, whole

ROUNDS = 8  # removals that make more removable, at most (a chain of helpers' helpers)
INTROSPECTING = frozenset({"locals", "vars", "eval", "exec", "dir", "breakpoint"})
FRAME_ATTRIBUTES = frozenset({"f_locals", "_getframe", "currentframe"})
BUILTINS = """abs all any bool chr dict divmod enumerate float frozenset int isinstance len list
    max min ord range reversed round set sorted str sum tuple zip"""
PURE_BUILTINS = frozenset(BUILTINS.split())  # when the file binds none of their names
COMPUTING = (
    ast.Constant, ast.Name, ast.Load, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp,
    ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Tuple, ast.List, ast.Set, ast.Dict,
    ast.Starred, ast.Subscript, ast.Slice, ast.Attribute, ast.JoinedStr, ast.FormattedValue,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.comprehension, ast.Store,
    ast.Lambda, ast.arguments, ast.arg,
)  # fmt: skip
Function = ast.FunctionDef | ast.AsyncFunctionDef
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
SCOPES = (*FUNCTIONS, ast.ClassDef, ast.Lambda)
ASSIGNING = (ast.Assign, ast.AnnAssign, ast.AugAssign)
NOTED = (
    ast.Name, ast.alias, ast.arg, ast.Global, ast.Nonlocal, ast.Attribute, *ASSIGNING, *SCOPES,
    ast.ExceptHandler, ast.MatchAs, ast.MatchStar, ast.MatchMapping,
)  # fmt: skip  # the nodes that read, bind or assign a name


def unread(tree: ast.Module, dead: frozenset[int]) -> Found:
    """The dead assignments of every function, given the nodes already known never to run."""
    index = _Index.of(tree)
    found: list[Found] = []
    done: set[int] = set()  # assignments found: a kept value's is not found again
    for _ in range(ROUNDS):
        more = list(_round(index, dead | Found.of(found).dead, done))
        if not more:
            break
        found += more
    return Found.of(found)


def _round(index: _Index, gone: frozenset[int], done: set[int]) -> Iterator[Found]:
    """The assignments found dead once what is gone is gone."""
    read = index.read(gone)
    for statement, inside, function in index.assignments:
        if id(statement) in done or function in index.introspecting:
            continue
        if gone.isdisjoint(inside) and not _targets(statement) & read.get(function, set()):
            done.add(id(statement))
            yield _removed(statement, index.bound)


@dataclass(frozen=True)
class _Index:
    """What one walk of the tree finds: every name read (with the ids of the statements it is
    in, nearest first, and of the functions among them), every assignment of plain names in a
    function (with the same, and its function's id), the functions that read their frame, and
    every name the file binds."""

    reads: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
    assignments: tuple[tuple[ast.stmt, tuple[int, ...], int], ...]
    introspecting: frozenset[int]
    bound: frozenset[str]

    @classmethod
    def of(cls, tree: ast.Module) -> _Index:
        reads: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
        assignments: list[tuple[ast.stmt, tuple[int, ...], int]] = []
        introspecting: set[int] = set()
        bound: set[str] = set()
        for node, inside, functions, scope in _walk(tree):
            bound |= _binds(node)
            names, frames = _reads(node), _frames(node)
            reads += [(name, inside, functions) for name in names]
            introspecting |= set(functions) if frames else set()
            if isinstance(scope, FUNCTIONS) and isinstance(node, ASSIGNING) and _targets(node):
                assignments.append((node, inside, id(scope)))
        return cls(tuple(reads), tuple(assignments), frozenset(introspecting), frozenset(bound))

    def read(self, gone: frozenset[int]) -> dict[int, set[str]]:
        """Each function's names read, where what is gone is not."""
        found: dict[int, set[str]] = {}
        for name, inside, functions in self.reads:
            if gone.isdisjoint(inside):
                for function in functions:
                    found.setdefault(function, set()).add(name)
        return found


Where = tuple[ast.AST, tuple[int, ...], tuple[int, ...], "ast.AST | None"]


def _walk(tree: ast.AST) -> Iterator[Where]:
    """Every node that reads, binds or assigns a name, with the ids of the statements it is in
    (itself first, when it is one; what never runs is statements and constant tests, and a
    constant reads no name), of the functions it is in, and its scope (the nearest function,
    class or lambda it is in)."""
    waiting: list[Where] = [(tree, (), (), None)]
    while waiting:
        node, inside, functions, scope = waiting.pop()
        if isinstance(node, ast.stmt):
            inside = (id(node), *inside)
        if isinstance(node, NOTED):
            yield node, inside, functions, scope
        if isinstance(node, SCOPES):
            scope = node
            functions = (id(node), *functions) if isinstance(node, FUNCTIONS) else functions
        for field in node._fields:
            value = getattr(node, field, None)
            for child in value if isinstance(value, list) else (value,):
                if isinstance(child, ast.AST) and not isinstance(child, ast.expr_context):
                    waiting.append((child, inside, functions, scope))


def _reads(node: ast.AST) -> tuple[str, ...]:
    """The names a node reads: a name loaded or deleted, names declared global or nonlocal (an
    augmented assignment's target is not counted: what it reads only it writes)."""
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
        return (node.id,)
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return tuple(node.names)
    return ()


def _frames(node: ast.AST) -> bool:
    """Whether the node may read locals by name rather than by reading them."""
    if isinstance(node, ast.Name):
        return node.id in INTROSPECTING
    return isinstance(node, ast.Attribute) and node.attr in FRAME_ATTRIBUTES


def _removed(statement: ast.stmt, rebound: frozenset[str]) -> Found:
    """The whole statement when its value only computes; else its targets, the value kept."""
    value = getattr(statement, "value", None)
    if value is None or _computes(value, rebound):
        return Found((whole(statement),), (), frozenset({id(statement)}))
    return Found((before(statement, value),))


def _targets(statement: ast.stmt) -> frozenset[str]:
    """The names an assignment binds; none when any target is not a plain name."""
    if isinstance(statement, ast.Assign):
        names = [_names(t) for t in statement.targets]
        return frozenset().union(*names) if all(names) else frozenset()
    if isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        return _names(statement.target)
    return frozenset()


def _names(target: ast.expr) -> frozenset[str]:
    if isinstance(target, ast.Name):
        return frozenset({target.id})
    if isinstance(target, ast.Starred):
        return _names(target.value)
    if isinstance(target, (ast.Tuple, ast.List)) and target.elts:
        names = [_names(t) for t in target.elts]
        return frozenset().union(*names) if all(names) else frozenset()
    return frozenset()  # an attribute or a subscript: the object is read


def _computes(value: ast.expr, rebound: frozenset[str]) -> bool:
    """Whether the value only computes: nothing in it calls code the file could have written."""
    for node in ast.walk(value):
        if isinstance(node, ast.Call):
            func = node.func
            if not (isinstance(func, ast.Name) and func.id in PURE_BUILTINS - rebound):
                return False
        elif not isinstance(node, (*COMPUTING, ast.keyword)):
            return False
    return True


def _binds(node: ast.AST) -> set[str]:
    """The names a node binds (a builtin the file binds is no longer the builtin)."""
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return {node.id}
    if isinstance(node, ast.alias):
        return {(node.asname or node.name).split(".")[0]}
    if isinstance(node, ast.arg):
        return {node.arg}
    name = getattr(node, "rest" if isinstance(node, ast.MatchMapping) else "name", None)
    return {name} if isinstance(name, str) else set()  # defs, classes, handlers, captures
