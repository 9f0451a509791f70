"""Python statements that never run, or run and do nothing, found in a module's AST:

- a branch whose test is a constant (`if False:`, `if 0:`, `while None:`, `if not True:`,
  `if 1 > 2:`): the branch that never runs goes with the test, the one that always runs stays
  (an `else:` block loses its indentation, an `elif` that comes first reads as `if`);
- the statements after a `return`, `raise`, `break` or `continue` in the same block (or after an
  `if` whose every branch ends so);
- `pass`, and an expression statement that is a constant.

A test is constant only when it is written of literals: a name's value is never assumed.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from harness.similarity.deadcode.spans import Found, Mark, Rename, Span, before, end, whole

ENDING = (ast.Return, ast.Raise, ast.Continue, ast.Break)
COMPARED: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
LITERALS = (bool, int, float, str)
COMPOUND = (
    ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Match,
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, getattr(ast, "TryStar", ast.Try),
)  # fmt: skip  # the statements that hold statements
NOTHING = Found()


def unreachable(tree: ast.Module) -> Found:
    return Found.of(_block(tree.body))


def _block(statements: Sequence[ast.stmt]) -> Iterator[Found]:
    for index, statement in enumerate(statements):
        yield _statement(statement)
        rest = statements[index + 1 :]
        if rest and _ends(statement):
            yield Found((whole(rest[0], rest[-1]),), (), frozenset(map(id, rest)))
            return


def _statement(statement: ast.stmt) -> Found:
    if isinstance(statement, (ast.If, ast.While)):
        truth = _truth(statement.test)
        if truth is False:
            return _never(statement)
        if truth is True and isinstance(statement, ast.If):
            return _always(statement)
    if _inert(statement):
        return Found((whole(statement),), (), frozenset({id(statement)}))
    if not isinstance(statement, COMPOUND):
        return NOTHING
    return Found.of(part for block in blocks(statement) for part in _block(block))


def _never(statement: ast.If | ast.While) -> Found:
    """`if False: A` goes; `if False: A else: B` leaves B, one level out; `if False: A elif`
    leaves the `elif` as an `if`."""
    dead = frozenset({id(statement.test), *map(id, statement.body)})
    kept = statement.orelse
    if not kept:
        return Found((whole(statement),), (), frozenset({id(statement)}))
    renames = (Rename(_start(kept[0]), "if"),) if _elif(statement) else ()
    head = Found((before(statement, kept[0]),), renames, dead)
    return Found.of([head, *_block(kept)])


def _always(statement: ast.If) -> Found:
    """`if True: A else: B` leaves A, one level out."""
    body = statement.body
    spans = [before(statement, body[0])]
    if statement.orelse:
        spans.append(Span(Mark(end(body[-1]), after_statement=True), Mark(end(statement), True)))
    dead = frozenset({id(statement.test), *map(id, statement.orelse)})
    return Found.of([Found(tuple(spans), (), dead), *_block(body)])


def _elif(statement: ast.If | ast.While) -> bool:
    """Whether the else branch is written `elif` (an `if` inside an `else:` block is indented
    further, and a compound statement cannot follow `else:` on its line)."""
    kept = statement.orelse
    return (
        isinstance(statement, ast.If)
        and len(kept) == 1
        and isinstance(kept[0], ast.If)
        and kept[0].col_offset == statement.col_offset
    )


def _start(statement: ast.stmt) -> tuple[int, int]:
    return (statement.lineno, statement.col_offset)


def _ends(statement: ast.stmt) -> bool:
    """Whether control never goes on to the next statement of the block."""
    if isinstance(statement, ENDING):
        return True
    if not isinstance(statement, ast.If):
        return False
    truth = _truth(statement.test)
    body, orelse = _ends_block(statement.body), _ends_block(statement.orelse)
    if truth is None:
        return body and orelse
    return body if truth else orelse


def _ends_block(statements: Sequence[ast.stmt]) -> bool:
    return any(_ends(s) for s in statements)


def _inert(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Pass):
        return True
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def _truth(test: ast.expr) -> bool | None:
    """The test's truth when it is written of literals alone; None when it is not."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _truth(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        values = [_truth(v) for v in test.values]
        if None in values:
            return None
        return all(values) if isinstance(test.op, ast.And) else any(values)
    if isinstance(test, ast.Compare):
        return _compared(test)
    return None


def _compared(test: ast.Compare) -> bool | None:
    operands = [test.left, *test.comparators]
    if not all(isinstance(o, ast.Constant) and type(o.value) in LITERALS for o in operands):
        return None
    values = [o.value for o in operands if isinstance(o, ast.Constant)]
    try:
        return all(
            bool(COMPARED[type(op)](left, right))
            for op, left, right in zip(test.ops, values, values[1:], strict=False)
        )
    except (KeyError, TypeError):  # `in`, `is`; a number compared with a string
        return None


def blocks(node: ast.AST) -> Iterator[list[ast.stmt]]:
    """The statement lists a statement holds: its body, else, finally, handlers' and cases'."""
    for _, value in ast.iter_fields(node):
        if not isinstance(value, list) or not value:
            continue
        if isinstance(value[0], ast.stmt):
            yield value
            continue
        for item in value:
            body = getattr(item, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body
