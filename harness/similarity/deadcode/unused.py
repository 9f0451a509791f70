"""Python assignments to names never read. In a function, an assignment whose every target is a
plain name that nothing else in the function's text names (its nested functions, lambdas and
comprehensions included; dead code excluded) is dead. When its value only computes (literals,
names, operators, subscripts, attributes, displays, comprehensions, and calls of a few builtins
the file does not rebind), the whole statement goes; else the target goes and the value stays,
as the expression statement it really is. Removing one can leave another unread: found again
(up to ROUNDS times) until none is.

A name is read wherever its token stands but in the targets of the function's own
assignments of plain names: an attribute or keyword of the same name, a `global` or
`nonlocal` declaration, an f-string's text, a store in a nested function all count as reads.
A function whose text names locals, vars, eval, exec, dir, breakpoint or a frame's f_locals
(itself or a function in it) keeps every assignment. Names at module level or in a class body
are never dead (an importer or an instance may read them). What an expression might raise, or
a dunder method might do, is not considered.

The statements are found in the AST (statements only: cheap); the names in the tokens, through
`Names` (python.py), which knows where each statement's tokens are.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from harness.similarity.deadcode.reach import blocks
from harness.similarity.deadcode.spans import Found, Mark, Span, before, end, whole

ROUNDS = 8  # removals that make more removable, at most (a chain of helpers' helpers)
INTROSPECTING = frozenset(
    {"locals", "vars", "eval", "exec", "dir", "breakpoint", "f_locals", "_getframe"}
)
BUILTINS = """abs all any bool chr dict divmod enumerate float frozenset int isinstance len list
    max min ord range reversed round set sorted str sum tuple zip"""
PURE_BUILTINS = frozenset(BUILTINS.split())  # when the file binds none of their names
COMPUTING = (
    ast.Constant, ast.Name, ast.Load, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp,
    ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Tuple, ast.List, ast.Set, ast.Dict,
    ast.Starred, ast.Subscript, ast.Slice, ast.Attribute, ast.JoinedStr, ast.FormattedValue,
    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.comprehension, ast.Store,
    ast.Lambda, ast.arguments, ast.arg, ast.keyword,
)  # fmt: skip
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
ASSIGNING = (ast.Assign, ast.AnnAssign, ast.AugAssign)


class Names(Protocol):
    """The names written in a file's tokens, dead code's left out (python.py)."""

    def of(self, span: Span) -> Counter[str]: ...

    def rebound(self) -> frozenset[str]: ...  # the builtins the file binds


@dataclass(frozen=True)
class _Assignment:
    statement: ast.Assign | ast.AnnAssign | ast.AugAssign
    targets: frozenset[str]
    inside: tuple[int, ...]  # ids of the functions it is in, its own first


def unread(tree: ast.Module, dead: frozenset[int], names: Names) -> Found:
    """The dead assignments of every function, given the statements known never to run."""
    functions = list(_functions(tree.body, dead, ()))
    counts = {id(f): names.of(whole(f)) for f, _ in functions}
    spoken = {key for key, found in counts.items() if INTROSPECTING & found.keys()}
    candidates = [c for f, inside in functions for c in _candidates(f, inside, dead, spoken)]
    for item in candidates:
        counts[item.inside[0]] -= names.of(_target(item.statement))
    found: list[Found] = []
    for _ in range(ROUNDS):
        handled = _unread(candidates, counts)
        if not handled:
            break
        found += [_removed(item, counts, names) for item in handled]
        candidates = [item for item in candidates if item not in handled]
    return Found.of(found)


def _functions(
    statements: list[ast.stmt], dead: frozenset[int], inside: tuple[int, ...]
) -> Iterator[tuple[ast.stmt, tuple[int, ...]]]:
    """Every function that can run, nested ones too, each with the ids of the functions it is
    in (its own first)."""
    for statement in statements:
        if id(statement) in dead:
            continue
        within = inside
        if isinstance(statement, FUNCTIONS):
            within = (id(statement), *inside)
            yield statement, within
        for block in blocks(statement):
            yield from _functions(block, dead, within)


def _candidates(
    function: ast.stmt, inside: tuple[int, ...], dead: frozenset[int], spoken: set[int]
) -> Iterator[_Assignment]:
    """The function's own assignments of plain names (not those of a function or class in it),
    unless a function it is in may read locals by name."""
    if spoken.intersection(inside):
        return
    for statement in _own(function, dead):
        if isinstance(statement, ASSIGNING) and (targets := _targets(statement)):
            yield _Assignment(statement, targets, inside)


def _own(function: ast.stmt, dead: frozenset[int]) -> Iterator[ast.stmt]:
    waiting = [s for block in blocks(function) for s in block]
    while waiting:
        statement = waiting.pop()
        if id(statement) in dead:
            continue
        yield statement
        if not isinstance(statement, (*FUNCTIONS, ast.ClassDef)):
            waiting += [s for block in blocks(statement) for s in block]


def _unread(candidates: list[_Assignment], counts: dict[int, Counter[str]]) -> list[_Assignment]:
    return [item for item in candidates if not any(counts[item.inside[0]][n] for n in item.targets)]


def _removed(item: _Assignment, counts: dict[int, Counter[str]], names: Names) -> Found:
    """The whole statement when its value only computes, its names no longer read; else its
    targets, the value kept."""
    statement, value = item.statement, item.statement.value
    if value is not None and not _computes(value, names):
        return Found((before(statement, value),))
    owner, *around = item.inside
    if value is not None:
        counts[owner] -= names.of(Span(Mark(_at(value)), Mark(end(statement), True)))
    for function in around:
        counts[function] -= names.of(whole(statement))
    return Found((whole(statement),), (), frozenset({id(statement)}))


def _target(statement: ast.Assign | ast.AnnAssign | ast.AugAssign) -> Span:
    """Where the statement's targets are written: up to its value (an annotation alone: all)."""
    value = statement.value
    return whole(statement) if value is None else before(statement, value)


def _at(node: ast.expr) -> tuple[int, int]:
    return (node.lineno, node.col_offset)


def _targets(statement: ast.Assign | ast.AnnAssign | ast.AugAssign) -> frozenset[str]:
    """The names an assignment binds; none when any target is not a plain name."""
    if isinstance(statement, ast.Assign):
        names = [_names(t) for t in statement.targets]
        return frozenset().union(*names) if all(names) else frozenset()
    return _names(statement.target)


def _names(target: ast.expr) -> frozenset[str]:
    if isinstance(target, ast.Name):
        return frozenset({target.id})
    if isinstance(target, ast.Starred):
        return _names(target.value)
    if isinstance(target, (ast.Tuple, ast.List)) and target.elts:
        names = [_names(t) for t in target.elts]
        return frozenset().union(*names) if all(names) else frozenset()
    return frozenset()  # an attribute or a subscript: the object is read


def _computes(value: ast.expr, names: Names) -> bool:
    """Whether the value only computes: nothing in it calls code the file could have written."""
    for node in ast.walk(value):
        if isinstance(node, ast.Call):
            func = node.func
            if not (isinstance(func, ast.Name) and func.id in PURE_BUILTINS):
                return False
            if func.id in names.rebound():
                return False
        elif not isinstance(node, COMPUTING):
            return False
    return True
