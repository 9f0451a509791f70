"""Stubs: functions whose body does nothing, read from the source (never imported).

A function or method is a stub when its body, past a docstring, is only `pass`, `...`, a bare
`return`, `return None`, `return <one of its parameters>` (its input unchanged), or
`raise NotImplementedError` (the starters' placeholder). Such an item earns nothing, whatever
its cases say: an answer that happens to be right (None on a solved board, the same None twice)
is not behaviour that happened. Anything more in the body (a loop, an assignment, a call) is
judged by its cases.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def stubs(source: str) -> dict[str, str]:
    """Qualified name ("solve", "Board.makeMove") -> why its body is a stub, for every stub of
    the module's top level and of its top-level classes. A source that does not parse has none
    (its syntax error is reported where it is loaded)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    found: dict[str, str] = {}
    for name, node in _functions(tree.body):
        why = stub_reason(node)
        if why:
            found[name] = why
    return found


def _functions(body: Iterable[ast.stmt]) -> Iterable[tuple[str, FunctionNode]]:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{inner.name}", inner


def stub_reason(node: FunctionNode) -> str:
    """Why the function does nothing, in the words of the feedback; "" when it does something."""
    body = _without_docstring(node.body)
    if not body:
        return "its body is only a docstring"
    if len(body) != 1:
        return ""
    statement = body[0]
    parameters = {a.arg for a in (*node.args.posonlyargs, *node.args.args)} - {"self", "cls"}
    if isinstance(statement, ast.Pass):
        return "its body is only `pass`"
    if isinstance(statement, ast.Expr) and _is_ellipsis(statement.value):
        return "its body is only `...`"
    if isinstance(statement, ast.Return):
        return _returns(statement.value, parameters)
    if isinstance(statement, ast.Raise) and _not_implemented(statement.exc):
        return "it only raises NotImplementedError"
    return ""


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    first = body[0] if body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return body[1:]
    return body


def _is_ellipsis(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is Ellipsis


def _returns(value: ast.expr | None, parameters: set[str]) -> str:
    if value is None or (isinstance(value, ast.Constant) and value.value is None):
        return "it only returns None"
    if isinstance(value, ast.Name) and value.id in parameters:
        return f"it only returns its argument {value.id} unchanged"
    return ""


def _not_implemented(exc: ast.expr | None) -> bool:
    target = exc.func if isinstance(exc, ast.Call) else exc
    return isinstance(target, ast.Name) and target.id == "NotImplementedError"


def item_stubs(found: Mapping[str, str], names: Mapping[str, str]) -> dict[str, str]:
    """item -> why it is not implemented, for the items whose function (`names`: item -> its
    qualified name in the module) is a stub."""
    return {item: found[name] for item, name in names.items() if name in found}
