"""A Python reference with its graded functions stubbed: each returns one constant.

Read by AST and written back (never run here). The module keeps its imports, assignments and
classes; every function or method that `names` lists (None: every one) gets a body that returns
the constant, and the rest of the reference stays as it is: dunders (`__init__`, so objects can
be made), and the helpers the handout gives (board-solver's `loadSudoku`). The stub is then the
strongest one a student could hand in. Its body is two statements, `answer = CONSTANT` and
`return answer`, a form the static stub detector (harness/kinds/stubs.py) does not catch: the
control tests how the cases are chosen and marked, not the detector.
"""

from __future__ import annotations

import ast
from collections.abc import Set

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
FIRST_ARGUMENT = "first-argument"  # the constant that is the function's first argument
KEPT = (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)  # top-level statements kept
HEADER = '"""A control made by `sudoku-harness check`: {says}."""\n\n'


def stubbed(source: str, answer: str, names: Set[str] | None, says: str) -> str:
    """The module `source` with its functions answering `answer` (Python source of a constant,
    or FIRST_ARGUMENT). SyntaxError when the source is not Python."""
    tree = ast.parse(source)
    tree.body = [kept for node in tree.body if (kept := _top(node, answer, names)) is not None]
    return HEADER.format(says=says) + ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _top(node: ast.stmt, answer: str, names: Set[str] | None) -> ast.stmt | None:
    """A top-level statement as the control has it; None: left out (a demo run, `if
    __name__ == "__main__":`, a print)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return _function(node, answer, names, method=False)
    if isinstance(node, ast.ClassDef):
        return _class(node, answer, names)
    return node if isinstance(node, KEPT) else None


def _class(node: ast.ClassDef, answer: str, names: Set[str] | None) -> ast.ClassDef:
    node.body = [_member(inner, answer, names) for inner in node.body]
    return node


def _member(node: ast.stmt, answer: str, names: Set[str] | None) -> ast.stmt:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return _function(node, answer, names, method=True)
    if isinstance(node, ast.ClassDef):
        return _class(node, answer, names)
    return node  # a class attribute, a docstring


def _function(node: FunctionNode, answer: str, names: Set[str] | None, method: bool) -> ast.stmt:
    if _dunder(node.name) or (names is not None and node.name not in names):
        return node
    value = _first_argument(node, method) if answer == FIRST_ARGUMENT else answer
    node.body = ast.parse(f"answer = {value}\nreturn answer").body
    return node


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _first_argument(node: FunctionNode, method: bool) -> str:
    """The name of the first argument a caller gives (a method's after self or cls); None
    when there is none."""
    parameters = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
    if method and not static:
        parameters = parameters[1:]
    return parameters[0] if parameters else "None"
