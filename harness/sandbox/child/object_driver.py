"""The object driver (worker side): one call on one of the student's objects.

Given a request the supervisor built (harness/kinds/function_library/declared/objects.py), it finds
the class, makes an object from the call's grid (the constructor, a class method or a loader),
writes each cell's domain through the declared paths (a state of a search), calls the method (or the
module function, given the object), and reports plain data: the value returned (a cell as its
position, a board of the class as its grid and domains), every cell's domain, the values the
object holds, and whether the call changed it. Nothing here knows an expected answer.

A path is data: a list of steps ["attr", name], ["item", key] (row, column, index, position or
a number) and ["call", ""], walked with getattr, [] and (); never eval.

The reference reading: where the supervisor sent the trusted reference's class (the module global
`_harness_reference_<Class>`, set for this call only), the object is made from the reference's
class with the student's method grafted onto it (a module function is given the reference's
object), and the module's name for the class means that class during the call: the item is
judged on its own code, whatever the student's constructor and other methods do.

Standard library only; sent to the worker and run before any student code.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

REFERENCE_PREFIX = "_harness_reference_"
REPR_CHARS = 200
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")  # a default repr's, which differs run to run
DEPTH = 6


def call(module: ModuleType, name: str, request: dict[str, Any]) -> dict[str, Any]:
    found, method = _target(module, name, request["classes"])
    own = module.__dict__.get(found) if found else None
    reference = module.__dict__.get(REFERENCE_PREFIX + request["classes"][0])
    kind = _kind(own, reference, method)
    saved = {found: own} if found and reference is not None else {}
    try:
        for class_name in saved:
            module.__dict__[class_name] = kind
        report: dict[str, Any] = _run(module, kind, method, name, request)
        return report
    finally:
        for class_name, value in saved.items():
            module.__dict__[class_name] = value


def _target(module: ModuleType, name: str, classes: list[str]) -> tuple[str, str]:
    """The module's name for the class, and the method called ("": a module function)."""
    if "." in name:
        owner, method = name.split(".", 1)
        return owner, method
    for candidate in classes:
        if isinstance(module.__dict__.get(candidate), type):
            return candidate, ""
    return "", ""


def _kind(own: Any, reference: Any, method: str) -> Any:
    """The class objects are made from: the student's; or, in the reference reading, the
    reference's, with the student's method in place of its own."""
    if reference is None:
        if not isinstance(own, type):
            raise NameError("the class is not defined")
        return own
    if not method or not isinstance(own, type):
        return reference
    for klass in own.__mro__:
        if method in vars(klass):
            return type(reference.__name__, (reference,), {method: vars(klass)[method]})
    return reference


def _run(module: ModuleType, kind: Any, method: str, name: str, request: dict[str, Any]) -> Any:
    paths = request["paths"]
    board = _make(module, kind, request["make"])
    n = len(request["domains"])
    cells = [[walk(board, paths["cell"], r, c, n) for c in range(n)] for r in range(n)]
    for r in range(n):
        for c in range(n):
            _write_domain(cells[r][c], paths["domain"], request["domains"][r][c])
    before = _state(cells, paths)
    args = list(request["args"])
    if method:
        value = getattr(board, method)(*args)
    else:
        at = request["object_at"]
        args.insert(at if at >= 0 else len(args), board)
        value = module.__dict__[name](*args)
    reads = request["reads"]
    report: dict[str, Any] = {}
    if "return" in reads:
        report["return"] = _read_back(value, kind, cells, paths, n)
    after = _state(cells, paths)
    if "domains" in reads:
        report["domains"] = after["domains"]
    if "grid" in reads:
        report["grid"] = after["grid"]
    if "changed" in reads:
        report["changed"] = after != before
    if "attribute" in reads:
        report["attribute"] = _plain(walk(board, request["attribute"], 0, 0, n), 0)
    return report


def _make(module: ModuleType, kind: Any, make: dict[str, Any]) -> Any:
    args = list(make["args"])
    if make["function"]:
        return module.__dict__[make["function"]](*args)
    if make["method"]:
        return getattr(kind, make["method"])(*args)
    return kind(*args)


def walk(thing: Any, steps: list[list[Any]], row: int, column: int, n: int) -> Any:
    """Follow a path's steps from `thing`, the subscripts standing for the cell (row, column)."""
    keys = {"row": row, "column": column, "index": row * n + column, "position": (row, column)}
    for kind, arg in steps:
        if kind == "attr":
            thing = getattr(thing, arg)
        elif kind == "item":
            thing = thing[keys[arg] if isinstance(arg, str) else arg]
        else:
            thing = thing()
    return thing


def _write_domain(cell: Any, steps: list[list[Any]], values: list[Any]) -> None:
    """Set a cell's domain through its path, in the kind of collection the cell holds."""
    *way, (kind, arg) = steps
    holder = walk(cell, way, 0, 0, 1)
    current = getattr(holder, arg) if kind == "attr" else holder[arg]
    made: Any = _like(current, values)
    if kind == "attr":
        setattr(holder, arg, made)
    else:
        holder[arg] = made


def _like(current: Any, values: list[Any]) -> Any:
    for collection in (list, tuple, frozenset):
        if isinstance(current, collection):
            return collection(values)
    return set(values)


def _state(cells: list[list[Any]], paths: dict[str, Any]) -> dict[str, Any]:
    return {
        "grid": [[_plain(walk(cell, paths["value"], 0, 0, 1), 0) for cell in row] for row in cells],
        "domains": [
            [_domain(walk(cell, paths["domain"], 0, 0, 1)) for cell in row] for row in cells
        ],
    }


def _domain(value: Any) -> Any:
    if isinstance(value, (set, frozenset, list, tuple)) and all(type(v) is int for v in value):
        return sorted(value)
    return _shown(value)


def _read_back(value: Any, kind: Any, cells: list[list[Any]], paths: dict[str, Any], n: int) -> Any:
    """The value returned, as plain data: a cell of the board by its position, a board (of the
    class) by its values and domains, plain data as it is, anything else by its repr."""
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if value is cell and not _is_plain(value):
                return {"kind": "cell", "at": [r, c], "by": "identity"}
    if isinstance(value, kind) or _is_board(value, paths, n):
        return _board(value, paths, n)
    if _is_plain(value):
        return {"kind": "plain", "value": _plain(value, 0)}
    if paths.get("row") and paths.get("column"):
        try:
            at = [walk(value, paths["row"], 0, 0, 1), walk(value, paths["column"], 0, 0, 1)]
        except Exception:
            at = None
        if at is not None and all(type(v) is int for v in at):
            return {"kind": "cell", "at": at, "by": "attributes"}
    return {"kind": "other", "repr": _shown(value)}


def _is_board(value: Any, paths: dict[str, Any], n: int) -> bool:
    if _is_plain(value):
        return False
    try:
        walk(value, paths["cell"], 0, 0, n)
    except Exception:
        return False
    return True


def _board(value: Any, paths: dict[str, Any], n: int) -> dict[str, Any]:
    cells = [[walk(value, paths["cell"], r, c, n) for c in range(n)] for r in range(n)]
    return {"kind": "board", **_state(cells, paths)}


def _is_plain(value: Any) -> bool:
    if value is None or type(value) in (bool, int, float, str):
        return True
    if type(value) in (list, tuple, set, frozenset):
        return all(_is_plain(v) for v in value)
    if type(value) is dict:
        return all(_is_plain(k) and _is_plain(v) for k, v in value.items())
    return False


def _plain(value: Any, depth: int) -> Any:
    if value is None or type(value) in (bool, int, float, str):
        return value
    if depth < DEPTH and type(value) in (list, tuple):
        return type(value)(_plain(v, depth + 1) for v in value)
    if depth < DEPTH and type(value) in (set, frozenset):
        return type(value)(_plain(v, depth + 1) for v in value)
    if depth < DEPTH and type(value) is dict:
        return {_plain(k, depth + 1): _plain(v, depth + 1) for k, v in value.items()}
    return _shown(value)


def _shown(value: Any) -> str:
    """A value's repr, without the memory address of a default repr (`<submission.Cell object>`),
    so grading twice says the same (as board_driver's)."""
    try:
        return ADDRESS.sub("", repr(value))[:REPR_CHARS]
    except Exception:
        return "(an object)"


DRIVERS = {"object.call": call}
