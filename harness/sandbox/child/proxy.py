"""The tests' side of a course's pytest run: the student's modules, as proxies.

The student's code never runs in this process (the harness's runner, pytest_runner.py, with the
teacher's tests and pytest): its modules are imported in the student's own interpreter
(proxied.py there, under every layer), and a test that imports one (`from hw import
solveSudoku`) gets a proxy module of that name, from a finder asked after every other (the
standard library, pytest and the teacher's files come first; nothing is ever imported from the
working copy here). Through it:

- a call is forwarded, its arguments sent as plain data (plain.py) or as references to the
  student's own objects; what it returns is rebuilt here as builtin values, never as the
  student's classes (a subclass of list comes back a list), or, for anything else, is a
  reference: a `Remote`, through which attribute reads, method calls and operators (len, [],
  iteration, str...) are forwarded, and whose `__class__` is a stand-in class of the
  student's class (`RemoteClass`: calling it makes an object there, isinstance asks there).
  Comparisons and arithmetic are asked there only between the student's own objects: a
  Remote equals no value of the tests' (its `__eq__` never sees the expected answer), and
  `value in remote` is looked for here, among what iterating it gives;
- an argument the call changed (a board filled in place) is changed here too, in place, and a
  call that returned one of its arguments returns the test's own object;
- what the call printed is printed here, where pytest's capture sees it;
- an exception comes back as its type's name, arguments and message, raised here as the builtin
  exception of that name (`pytest.raises(ValueError)` works), or as a class of that name made
  here and derived from the nearest builtin one (one class per class of the student's, so
  `pytest.raises(hw.SudokuError)` works too). The student's code cannot raise pytest's own
  outcomes (skip, fail, exit) here: those come back as ordinary exceptions, errors of the test.

Nothing the student's process sends is trusted: a reply is one line, at most the reply cap,
parsed as JSON and decoded by plain.py (bounded; builtin types and the stand-ins above only).
A reply that is not one, data beyond it, or no reply at all (the process exited, crashed or was
killed) ends this run at once, without its end mark, with the runner's status for it (ENDED in
pytest_runner.py), saying why on stderr: the harness then runs each test alone. Standard
library only.
"""

from __future__ import annotations

import builtins
import importlib.abc
import importlib.util
import json
import os
import sys
import weakref
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any, NoReturn

import plain  # type: ignore[import-not-found]  # a sibling, loaded by the runner

CHUNK = 1 << 16
OUTPUT_CHARS = 1 << 16
MESSAGE_CHARS = 500
MODULE_DUNDERS = frozenset({"__all__", "__file__", "__version__"})  # read from the student's
# module; never __path__ (this process would look for its submodules in the working copy)


class Channel:
    """The two pipes to the student's interpreter: one request, then its reply."""

    def __init__(self, requests: int, replies: int, cap: int, said: int, ended: int) -> None:
        self.requests, self.replies, self.cap = requests, replies, cap
        self.said, self.ended = said, ended
        os.set_blocking(replies, True)
        self.pending = bytearray()
        self.remotes: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
        self.classes: dict[int, type] = {}  # the stand-ins of the student's classes, by number

    # one exchange -------------------------------------------------------------------------------

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to `request` when it says ok; the student's exception raised otherwise."""
        self._send(json.dumps(request, separators=(",", ":")).encode() + b"\n")
        reply = self._parsed(self._line())
        self._printed(reply)
        if reply["ok"] is not True:
            raise self._error(reply)
        return reply

    def value(self, request: dict[str, Any]) -> Any:
        return self.decode(self.ask(request).get("value"))

    def _send(self, data: bytes) -> None:
        try:
            while data:
                data = data[os.write(self.requests, data) :]
        except OSError:
            self.end("the submission's process is gone (it takes no more requests)")

    def _line(self) -> bytes:
        while (end := self.pending.find(b"\n")) < 0:
            if len(self.pending) > self.cap:
                self.end(f"the submission's process sent a reply larger than {self.cap >> 10} KiB")
            try:
                chunk = os.read(self.replies, CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                self.end("the submission's process ended without replying")
            self.pending += chunk
        line, rest = bytes(self.pending[:end]), self.pending[end + 1 :]
        if len(line) > self.cap or rest:
            self.end("the submission's process wrote on the harness's channel")
        self.pending = bytearray()
        return line

    def _parsed(self, line: bytes) -> dict[str, Any]:
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):
            self.end("the submission's process sent a reply that is not JSON")
        if type(reply) is not dict or type(reply.get("ok")) is not bool:
            self.end("the submission's process sent a reply of the wrong shape")
        return reply

    def _printed(self, reply: dict[str, Any]) -> None:
        for key, stream in (("out", sys.stdout), ("err", sys.stderr)):
            text = reply.get(key)
            if type(text) is str and text:
                stream.write(text[:OUTPUT_CHARS])

    def end(self, why: str) -> NoReturn:
        """Stop the run here: no end mark, nothing it reported counts."""
        try:
            os.write(self.said, f"sudoku-harness: the tests stopped: {why}\n".encode())
        finally:
            os._exit(self.ended)

    # values -------------------------------------------------------------------------------------

    def encode(self, value: Any) -> Any:
        try:
            return plain.encode(value, _reference)
        except plain.Refused as err:
            raise TypeError(f"cannot pass this to the submission's code: {err}") from None

    def decode(self, data: Any) -> Any:
        try:
            return plain.decode(data, self.stand_in)
        except plain.Refused as err:
            self.end(f"the submission's process sent a value that is not plain data ({err})")

    def stand_in(self, number: int, kind: str, name: str, base: str) -> Any:
        """What stands here for the student's object `number`."""
        if kind in ("class", "exception"):
            if number not in self.classes:
                self.classes[number] = _class(number, kind, name, base)
            return self.classes[number]
        found = self.remotes.get(number)
        if found is None:
            found = self.remotes[number] = Remote.of(number)
        return found

    # calls --------------------------------------------------------------------------------------

    def call(self, number: int, args: Sequence[Any], kwargs: dict[str, Any]) -> Any:
        """A call of the student's callable `number`, as if it ran here."""
        request = {
            "op": "call",
            "ref": number,
            "args": [self.encode(arg) for arg in args],
            "kwargs": [[str(name), self.encode(value)] for name, value in kwargs.items()],
        }
        reply = self.ask(request)
        value = self.decode(reply.get("value"))
        changed = reply.get("changed", [])
        for i, after in changed if type(changed) is list else ():
            if _index(i, args) and _mutable(args[i]):
                _follow(args[i], self.decode(after))
        same = reply.get("same", -1)
        return args[same] if _index(same, args) and _mutable(args[same]) else value

    def apply(self, operation: str, *operands: Any) -> Any:
        """An operation (len, ==, [], iter...) done in the student's process."""
        args = [self.encode(operand) for operand in operands]
        return self.value({"op": "apply", "name": operation, "args": args})

    # exceptions ---------------------------------------------------------------------------------

    def _error(self, reply: dict[str, Any]) -> BaseException:
        name = _text(reply.get("type"), 100) or "Exception"
        message = _text(reply.get("message"), MESSAGE_CHARS)
        made = self.decode(reply.get("class"))
        kind = made if _made_error(made) else _builtin(name) or self._named(name, reply)
        args = self.decode(reply.get("args"))
        error = _built(kind, args if type(args) is list else [message], message)
        where = _text(reply.get("where"), 200)
        if where and hasattr(error, "add_note"):
            error.add_note(f"(raised in the submission's process, at {where})")
        return error

    def _named(self, name: str, reply: dict[str, Any]) -> type[Exception]:
        base = _builtin(_text(reply.get("base"), 100)) or Exception
        return type(plain.identifier(name) or "Exception", (base,), {"__module__": "submission"})


CHANNEL: Channel | None = None  # set by install(): one per run


def _channel() -> Channel:
    assert CHANNEL is not None, "proxy.install() was not called"
    return CHANNEL


def _reference(thing: Any) -> list[Any]:
    """What is sent for a value that is not plain data: the student's own objects by their
    number; nothing of this process's."""
    number = _number(thing)
    if number is None:
        raise TypeError(
            f"cannot pass a {type(thing).__name__} to the submission's code (it runs in a "
            "process of its own): only plain data and the submission's own objects"
        )
    return [number, "object", "", ""]


def _number(thing: Any) -> int | None:
    kind = type(thing)
    if kind is Remote:
        return int(object.__getattribute__(thing, "_proxy_number"))
    if kind is ProxyModule or issubclass(kind, type):
        number = vars(thing).get("_proxy_number")
        return number if type(number) is int else None
    return None


def _index(i: Any, args: Sequence[Any]) -> bool:
    return type(i) is int and 0 <= i < len(args)


def _mutable(value: Any) -> bool:
    return issubclass(type(value), (list, dict, set))


def _follow(mine: Any, theirs: Any) -> None:
    """The test's own list, dict or set changed in place to hold `theirs` (a row kept as the
    same list when it is still a list)."""
    if issubclass(type(mine), list) and type(theirs) is list:
        for i, item in enumerate(theirs[: len(mine)]):
            if _alike(mine[i], item):
                _follow(mine[i], item)
            else:
                mine[i] = item
        del mine[len(theirs) :]
        mine.extend(theirs[len(mine) :])
    elif issubclass(type(mine), dict) and type(theirs) is dict:
        for key in [key for key in mine if key not in theirs]:
            del mine[key]
        for key, item in theirs.items():
            if key in mine and _alike(mine[key], item):
                _follow(mine[key], item)
            else:
                mine[key] = item
    elif issubclass(type(mine), set) and type(theirs) is set:
        mine.clear()
        mine.update(theirs)


def _alike(mine: Any, theirs: Any) -> bool:
    return any(issubclass(type(mine), kind) and type(theirs) is kind for kind in (list, dict, set))


def _text(value: Any, most: int) -> str:
    return value[:most] if type(value) is str else ""


def _builtin(name: str) -> type[Exception] | None:
    """The builtin exception class of that name (never one that is not an Exception: a
    KeyboardInterrupt or SystemExit of the student's is not this process's to take)."""
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, Exception):
        return found
    return None


def _made_error(made: Any) -> bool:
    """Whether `made` is the stand-in of a class of exceptions of the student's (asked of its
    type, never of its `__class__`, which a Remote would ask the student's process)."""
    kind = type(made)
    return kind is type and issubclass(made, Exception) and "_proxy_number" in vars(made)


def _built(kind: type[Exception], args: list[Any], message: str) -> Exception:
    """An exception of `kind` with the student's arguments, else its message alone."""
    for given in (args, [message]):
        try:
            return kind(*given)
        except Exception:
            continue
    return Exception(message)


def _class(number: int, kind: str, name: str, base: str) -> type:
    """The stand-in here of a class of the student's: for exceptions, a class of that name
    derived from the nearest builtin one; for any other, a RemoteClass."""
    if kind == "exception":
        parent = _builtin(base) or Exception
        namespace = {"__module__": "submission", "_proxy_number": number}
        return type(name or "Exception", (parent,), namespace)
    return RemoteClass(name or "Remote", (), {"__module__": "submission", "_proxy_number": number})


# the stand-ins --------------------------------------------------------------------------------


def _forwarded(operation: str, reflected: bool = False) -> Callable[..., Any]:
    """A comparison or an operator of Remote, asked of the student's process only between its
    own objects. With a value of the tests' it is NotImplemented (Python then tries the value's
    own, then identity: an object of the student's equals no value of the tests'): its `__eq__`
    never sees the teacher's expected answer, nor answers for it."""

    def method(self: Remote, *args: Any) -> Any:
        operands = (*args, self) if reflected else (self, *args)
        if any(_number(operand) is None for operand in operands):
            return NotImplemented
        encoded = [_channel().encode(operand) for operand in operands]
        return _channel().value({"op": "apply", "name": operation, "args": encoded})

    method.__name__ = operation
    return method


def _checked(operation: str, kind: type) -> Callable[..., Any]:
    """A special method whose answer Python needs to be of `kind` (len, bool, str...)."""

    def method(self: Remote, *args: Any) -> Any:
        value = _channel().apply(operation, self, *args)
        if type(value) is not kind:
            raise TypeError(f"the submission's {operation}() gave a {type(value).__name__}")
        return value

    method.__name__ = operation
    return method


class Remote:
    """An object of the student's process, used by reference: its attributes read and set there,
    its methods and operators run there."""

    __slots__ = ("__weakref__", "_proxy_number")

    @classmethod
    def of(cls, number: int) -> Remote:
        made = object.__new__(cls)
        object.__setattr__(made, "_proxy_number", number)
        return made

    def _proxy_ref(self) -> int:
        return int(object.__getattribute__(self, "_proxy_number"))

    def __getattr__(self, name: str) -> Any:
        return _channel().value({"op": "getattr", "ref": self._proxy_ref(), "name": name})

    def __setattr__(self, name: str, value: Any) -> None:
        request = {"op": "setattr", "ref": self._proxy_ref(), "name": name}
        _channel().ask({**request, "value": _channel().encode(value)})

    def __delattr__(self, name: str) -> None:
        _channel().ask({"op": "delattr", "ref": self._proxy_ref(), "name": name})

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _channel().call(self._proxy_ref(), args, kwargs)

    def __dir__(self) -> list[str]:
        names = _channel().value({"op": "dir", "ref": self._proxy_ref()})
        return [name for name in names if type(name) is str] if type(names) is list else []

    @property  # type: ignore[misc]
    def __class__(self) -> Any:  # a test asking for the object's class gets a stand-in of it
        return _channel().value({"op": "type", "ref": self._proxy_ref()})

    def __hash__(self) -> int:  # here, never asked: the same object, the same hash
        return hash((Remote, self._proxy_ref()))

    def __copy__(self) -> Any:
        return _channel().apply("copy", self)

    def __deepcopy__(self, memo: Any) -> Any:
        return _channel().apply("deepcopy", self)

    def __iter__(self) -> Any:
        return _channel().apply("iter", self)

    def __next__(self) -> Any:
        return _channel().apply("next", self)

    def __reversed__(self) -> Any:
        return _channel().apply("reversed", self)

    def __getitem__(self, key: Any) -> Any:
        return _channel().apply("getitem", self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        _channel().apply("setitem", self, key, value)

    def __delitem__(self, key: Any) -> None:
        _channel().apply("delitem", self, key)

    __len__ = _checked("len", int)
    __bool__ = _checked("bool", bool)
    __str__ = _checked("str", str)
    __repr__ = _checked("repr", str)
    __format__ = _checked("format", str)

    def __contains__(self, item: Any) -> bool:
        """Asked of the student's process for its own objects; for a value of the tests',
        found here among what iterating it gives (compared here, as plain data)."""
        if _number(item) is not None:
            return bool(_checked("contains", bool)(self, item))
        return any(found is item or found == item for found in self)

    __int__ = _checked("int", int)
    __index__ = _checked("index", int)
    __float__ = _checked("float", float)
    __eq__ = _forwarded("eq")
    __ne__ = _forwarded("ne")
    __lt__ = _forwarded("lt")
    __le__ = _forwarded("le")
    __gt__ = _forwarded("gt")
    __ge__ = _forwarded("ge")
    __add__, __radd__ = _forwarded("add"), _forwarded("add", reflected=True)
    __sub__, __rsub__ = _forwarded("sub"), _forwarded("sub", reflected=True)
    __mul__, __rmul__ = _forwarded("mul"), _forwarded("mul", reflected=True)
    __truediv__, __rtruediv__ = _forwarded("truediv"), _forwarded("truediv", reflected=True)
    __floordiv__ = _forwarded("floordiv")
    __mod__ = _forwarded("mod")
    __pow__ = _forwarded("pow")
    __neg__ = _forwarded("neg")
    __pos__ = _forwarded("pos")
    __abs__ = _forwarded("abs")


class RemoteClass(type):
    """The stand-in of a class of the student's: a class here (code asking whether something is
    a class gets yes), named as it, whose calls make an object in the student's process, whose
    attributes are read there, and which answers isinstance() as the student's class does."""

    _proxy_number: int

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return _channel().call(cls._proxy_number, args, kwargs)

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # Python's own questions of a class are answered here
        return _channel().value({"op": "getattr", "ref": cls._proxy_number, "name": name})

    def __instancecheck__(cls, instance: Any) -> bool:
        return cls._proxy_asks("isinstance", instance)

    def __subclasscheck__(cls, subclass: Any) -> bool:
        return cls._proxy_asks("issubclass", subclass)

    def _proxy_asks(cls, operation: str, thing: Any) -> bool:
        try:
            encoded = _channel().encode(thing)
        except TypeError:
            return False  # nothing of this process's is an instance of the student's class
        reference = {"r": [cls._proxy_number, "class", "", ""]}
        answer = _channel().value({"op": "apply", "name": operation, "args": [encoded, reference]})
        return answer is True

    def __repr__(cls) -> str:
        return f"<class '{cls.__name__}' of the submission's>"


class ProxyModule(ModuleType):
    """A module of the student's, imported in the student's process: its attributes are read
    and set there (read once each time: plain data comes back as a fresh copy)."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__") and name not in MODULE_DUNDERS:
            raise AttributeError(name)
        return _channel().value({"op": "getattr", "ref": self._proxy_ref(), "name": name})

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith(("__", "_proxy_")):
            super().__setattr__(name, value)  # the import system's own attributes stay here
            return
        request = {"op": "setattr", "ref": self._proxy_ref(), "name": name}
        _channel().ask({**request, "value": _channel().encode(value)})

    def __delattr__(self, name: str) -> None:
        _channel().ask({"op": "delattr", "ref": self._proxy_ref(), "name": name})

    def __dir__(self) -> list[str]:
        names = _channel().value({"op": "dir", "ref": self._proxy_ref()})
        return [name for name in names if type(name) is str] if type(names) is list else []

    def _proxy_ref(self) -> int:
        number = vars(self).get("_proxy_number")
        if type(number) is not int:
            raise ImportError(f"{self.__name__} is not imported in the submission's process")
        return number


class Loader(importlib.abc.Loader):
    """Imports a module in the student's process, and makes its proxy here."""

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        return ProxyModule(spec.name)

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__
        try:
            found = _channel().value({"op": "import", "module": name})
        except Exception as err:
            said = f"{type(err).__name__}: {err}"
            raise ImportError(f"{name} does not import in the submission's process: {said}",
                              name=name) from None  # fmt: skip
        number = _number(found) if type(found) is Remote else None
        if number is None:
            raise ImportError(f"{name}: the submission's process did not give a module", name=name)
        vars(module)["_proxy_number"] = number
        if not _package(number):  # `from hw import missing` must not look for hw.missing
            vars(module).pop("__path__", None)
            if module.__spec__ is not None:
                module.__spec__.submodule_search_locations = None


def _package(number: int) -> bool:
    """Whether the student's module `number` is a package (it has a `__path__` there)."""
    try:
        _channel().value({"op": "getattr", "ref": number, "name": "__path__"})
    except AttributeError:
        return False
    return True


class Finder:
    """Finds the student's modules (their top-level names given), after every other finder: each
    found as a package, until the student's process says it is not one."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)
        self.loader = Loader()

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in self.names:
            return None
        return importlib.util.spec_from_loader(fullname, self.loader, is_package=True)

    def invalidate_caches(self) -> None:
        pass


def install(line: str, said: int, ended: int) -> None:
    """Reach the student's process through the channel `line` names ("REQUESTS REPLIES CAP
    MODULE..."): descriptors, the reply cap in bytes, the student's top-level module names;
    `said` is where the reason a run stops is written, `ended` the status it then exits with.
    ValueError when the line is not one."""
    global CHANNEL
    fields = line.split()
    if len(fields) < 3 or not all(field.isdigit() for field in fields[:3]):
        raise ValueError(f"not a channel: {line[:100]!r}")
    requests, replies, cap = (int(field) for field in fields[:3])
    CHANNEL = Channel(requests, replies, cap, said, ended)
    sys.meta_path.append(Finder([name for name in fields[3:] if name.isidentifier()]))
