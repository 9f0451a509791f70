"""The student's side of a course's pytest run: the student's modules imported in the student's
own interpreter (worker.py in proxy mode, under every layer), and used from the tests' process
through proxies (proxy.py there). One request a line, one reply a line, in order:

    {"op": "import", "module": NAME}                         the module (imported once)
    {"op": "getattr" | "setattr" | "delattr", "ref": N, "name": NAME[, "value": V]}
    {"op": "call", "ref": N, "args": [V, ..], "kwargs": [[NAME, V], ..]}
    {"op": "apply", "name": OPERATION, "args": [V, ..]}      len, ==, [], iter, next, str, ...
    {"op": "dir" | "type", "ref": N}

    {"ok": true, "value": V[, "changed": [[I, V], ..], "same": I][, "out": TEXT, "err": TEXT]}
    {"ok": false, "type": NAME, "base": BUILTIN, "class": V | null, "args": [V, ..],
     "message": TEXT, "where": "hw.py:12"[, "out": .., "err": ..]}

Values are plain data or references to this process's objects (plain.py): what a function
returns stays here unless it is plain data, and the tests use it by reference. A call says which
of its positional arguments (lists, dicts, sets) it changed, and which one it returned, so that
the tests' copies follow as they would in one process; what the call printed (through Python's
sys.stdout and sys.stderr) comes back with it, and goes on to the real output too (the
supervisor caps that). Nothing here is trusted by the tests' side: the student's code runs in
this process and may rewrite any of it. Standard library only.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import json
import operator
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

import plain  # type: ignore[import-not-found]  # a sibling: sys.path[0] is this folder

MESSAGE_CHARS = 500
KEPT_OUTPUT = 1 << 16  # of what one request printed, sent back with its reply
ARGS_SHOWN = 8  # an exception's arguments carried (its message alone beyond them)
MUTABLE_TAGS = ("s", "d")  # a set's and a dict's tags: with a list, what a call may change

OPERATIONS: dict[str, Callable[..., Any]] = {
    "len": len, "bool": bool, "str": str, "repr": repr, "format": format,
    "iter": iter, "next": next, "reversed": reversed, "contains": operator.contains,
    "getitem": operator.getitem, "setitem": operator.setitem, "delitem": operator.delitem,
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le,
    "gt": operator.gt, "ge": operator.ge, "add": operator.add, "sub": operator.sub,
    "mul": operator.mul, "truediv": operator.truediv, "floordiv": operator.floordiv,
    "mod": operator.mod, "pow": pow, "neg": operator.neg, "pos": operator.pos, "abs": abs,
    "int": int, "float": float, "index": operator.index, "isinstance": isinstance,
    "issubclass": issubclass, "copy": copy.copy, "deepcopy": copy.deepcopy,
    "enter": lambda thing: thing.__enter__(),
    "exit": lambda thing, *args: thing.__exit__(*args),
}  # fmt: skip


class Table:
    """This process's objects the tests hold references to: a number each, kept alive (so a
    number is never reused) for as long as the run lasts."""

    def __init__(self) -> None:
        self.objects: list[Any] = []
        self.numbers: dict[int, int] = {}  # id() -> number

    def reference(self, thing: Any) -> list[Any]:
        number = self.numbers.get(id(thing))
        if number is None:
            number = len(self.objects)
            self.objects.append(thing)
            self.numbers[id(thing)] = number
        return [number, kind_of(thing), name_of(thing), builtin_base(thing)]

    def find(self, number: int, *_: Any) -> Any:
        if not 0 <= number < len(self.objects):
            raise LookupError(f"no object {number} in the submission's process")
        return self.objects[number]

    def encode(self, value: Any) -> Any:
        return plain.encode(value, self.reference)

    def decode(self, data: Any) -> Any:
        return plain.decode(data, self.find)


def kind_of(thing: Any) -> str:
    if issubclass(type(thing), type):
        return "exception" if issubclass(thing, BaseException) else "class"
    if issubclass(type(thing), ModuleType):
        return "module"
    return "callable" if callable(thing) else "object"


def name_of(thing: Any) -> str:
    """A class's own name, else its type's."""
    named = thing if issubclass(type(thing), type) else type(thing)
    return str(type.__dict__["__name__"].__get__(named))


def builtin_base(thing: Any) -> str:
    """For a class of exceptions, the nearest builtin class it derives from ("" otherwise)."""
    if not issubclass(type(thing), type) or not issubclass(thing, BaseException):
        return ""
    for base in type.__dict__["__mro__"].__get__(thing):
        if base.__module__ == "builtins":
            return str(base.__name__)
    return "Exception"


class Tee:
    """A stream that writes through and keeps the start of what it was given, per request."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.kept: list[str] = []
        self.size = 0

    def write(self, text: str) -> int:
        written = self.stream.write(text)
        if self.size < KEPT_OUTPUT and isinstance(text, str):
            self.kept.append(text[: KEPT_OUTPUT - self.size])
            self.size += len(self.kept[-1])
        return int(written) if isinstance(written, int) else len(text)

    def flush(self) -> None:
        self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def taken(self) -> str:
        text = "".join(self.kept)
        self.kept, self.size = [], 0
        return text


def serve(
    requests: Iterable[bytes], send: Callable[[dict[str, Any]], None], path: list[str]
) -> None:
    """Answer the tests' requests until they stop coming."""
    sys.path.extend(str(folder) for folder in path)  # pytest's packages, last
    table = Table()
    out, err = Tee(sys.stdout), Tee(sys.stderr)
    sys.stdout, sys.stderr = out, err
    for line in requests:
        reply = answer(table, line)
        printed = {"out": out.taken(), "err": err.taken()}
        send({**reply, **{k: v for k, v in printed.items() if v}})
    while True:  # the tests are done: wait to be killed (ending by itself would say the
        time.sleep(60)  # student's code ended it in the middle of the run)


def answer(table: Table, line: bytes) -> dict[str, Any]:
    try:
        request = json.loads(line)
        return HANDLERS[request["op"]](table, request)
    except BaseException as error:  # the student's, or a request this process cannot read
        return described(table, error)
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # the student may have replaced or closed it
                stream.flush()


def returned(table: Table, value: Any) -> dict[str, Any]:
    try:
        return {"ok": True, "value": table.encode(value)}
    except (plain.Refused, RecursionError, MemoryError) as error:
        return uncarried(error)


def uncarried(error: BaseException) -> dict[str, Any]:
    message = f"the submission's answer cannot be carried to the tests: {error}"
    return {"ok": False, "type": "AnswerNotCarried", "base": "", "class": None,
            "args": [message[:MESSAGE_CHARS]], "message": message[:MESSAGE_CHARS]}  # fmt: skip


def described(table: Table, error: BaseException) -> dict[str, Any]:
    """An exception as its reply; one whose class cannot even be described (a metaclass of the
    student's that raises) as a plain Exception."""
    try:
        return raised(table, error)
    except BaseException:
        said = "an exception of the submission's that cannot be described"
        return {"ok": False, "type": "Exception", "base": "Exception", "class": None,
                "args": [said], "message": said, "where": ""}  # fmt: skip


def raised(table: Table, error: BaseException) -> dict[str, Any]:
    kind = type(error)
    builtin = kind.__module__ == "builtins"
    message = safe_str(error)[:MESSAGE_CHARS]
    try:
        args = table.encode(tuple(error.args[:ARGS_SHOWN]))["t"]
        kept = len(json.dumps(args)) <= MESSAGE_CHARS
    except Exception:
        kept = False
    return {
        "ok": False,
        "type": name_of(kind),
        "base": builtin_base(kind),
        "class": None if builtin else table.encode(kind),
        "args": args if kept else [message],
        "message": message,
        "where": where(error),
    }


def safe_str(error: BaseException) -> str:
    try:
        return str(error)
    except Exception:
        return "(message unavailable)"


def where(error: BaseException) -> str:
    """`file:line` of the deepest frame in the working copy: where the student's code raised."""
    here = os.getcwd() + os.sep
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.startswith(here)]
    return f"{frames[-1].filename[len(here) :]}:{frames[-1].lineno}" if frames else ""


def imported(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    return returned(table, importlib.import_module(str(request["module"])))


def attribute(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    thing, name = table.find(request["ref"]), str(request["name"])
    if request["op"] == "setattr":
        setattr(thing, name, table.decode(request["value"]))
        return returned(table, None)
    if request["op"] == "delattr":
        delattr(thing, name)
        return returned(table, None)
    return returned(table, getattr(thing, name))


def called(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    """A call, with each positional argument it changed and the one it returned, if any."""
    function = table.find(request["ref"])
    sent = request["args"]
    args = [table.decode(arg) for arg in sent]
    kwargs = {str(name): table.decode(value) for name, value in request["kwargs"]}
    value = function(*args, **kwargs)
    reply = returned(table, value)
    if not reply["ok"]:
        return reply
    changed = [[i, after] for i, after in _after(table, sent, args) if after != sent[i]]
    same = [i for i, arg in enumerate(args) if arg is value and _mutable(sent[i])]
    if changed:
        reply["changed"] = changed
    if same:
        reply["same"] = same[0]
    return reply


def _after(table: Table, sent: list[Any], args: list[Any]) -> list[tuple[int, Any]]:
    """The positional arguments a call could change (lists, dicts, sets), encoded again."""
    found = []
    for i, arg in enumerate(args):
        if _mutable(sent[i]):
            try:
                found.append((i, table.encode(arg)))
            except (plain.Refused, RecursionError):  # left as the tests sent it
                continue
    return found


def _mutable(data: Any) -> bool:
    return type(data) is list or (type(data) is dict and next(iter(data), "") in MUTABLE_TAGS)


def applied(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    operation = OPERATIONS[str(request["name"])]
    return returned(table, operation(*(table.decode(arg) for arg in request["args"])))


def listed(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    return returned(table, [str(name) for name in dir(table.find(request["ref"]))])


def typed(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    return returned(table, type(table.find(request["ref"])))


HANDLERS: dict[str, Callable[[Table, dict[str, Any]], dict[str, Any]]] = {
    "import": imported,
    "getattr": attribute,
    "setattr": attribute,
    "delattr": attribute,
    "call": called,
    "apply": applied,
    "dir": listed,
    "type": typed,
}
