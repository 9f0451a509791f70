"""Plain data and references: the values that cross between a course's pytest tests and the
student's interpreter (harness/sandbox/child/proxy.py on the tests' side, proxied.py on the
student's).

A value is carried as plain data when it is one of int, float, str, bool, None, list, tuple,
dict, set or frozenset, or a nesting of them; a subclass of one (a list whose `__eq__` says
yes to everything, an IntEnum) is carried as its plain base, item by item, read through the
base type's own methods, never the subclass's. Anything else stays where it was made and is
carried as a reference: a number of its process's table, with what kind of thing it is.

    list [..]   tuple {"t": [..]}   dict {"d": [[k, v], ..]}   set {"s": [..]}
    frozenset {"f": [..]}   an int past 63 bits {"i": "digits"}
    a reference {"r": [number, kind, type name, builtin base]}

Decoding is defensive (nesting, item count and text bounded; every tag and field checked) and
builds nothing but the builtin types and what `reference` makes of a reference: it never runs
code the sender chose. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_DEPTH = 64
MAX_ITEMS = 200_000
BIG_DIGITS = 4000  # an int longer than this is carried as a reference (int() refuses 4300)
NAME_CHARS = 100  # a reference's type name
SMALL = 2**63

Kind = str  # "object", "callable", "class", "exception" (a class of exceptions), "module"
KINDS = frozenset({"object", "callable", "class", "exception", "module"})


class Refused(ValueError):
    """A value that cannot cross: malformed, too deep or too large."""


class _Budget:
    def __init__(self) -> None:
        self.items = 0

    def spend(self, count: int = 1) -> None:
        self.items += count
        if self.items > MAX_ITEMS:
            raise Refused(f"more than {MAX_ITEMS} values")


# encoding --------------------------------------------------------------------------------------


def encode(value: Any, reference: Callable[[Any], list[Any]]) -> Any:
    """`value` as plain data; `reference(thing)` gives what to carry for anything else (or
    raises)."""
    return _encode(value, 0, _Budget(), reference)


def _encode(value: Any, depth: int, budget: _Budget, reference: Callable[[Any], list[Any]]) -> Any:
    budget.spend()
    if depth > MAX_DEPTH:
        raise Refused(f"nested more than {MAX_DEPTH} levels deep")
    if value is None or value is True or value is False:  # bool has no subclass
        return value
    kind = type(value)  # never isinstance(): an object's __class__ may say anything
    if issubclass(kind, int):
        return _int(int.__int__(value), reference)
    if issubclass(kind, float):
        return float.__float__(value)
    if issubclass(kind, str):
        return str.__str__(value)
    inner = depth + 1
    if issubclass(kind, list):
        return [_encode(item, inner, budget, reference) for item in list.__iter__(value)]
    if issubclass(kind, tuple):
        return {"t": [_encode(item, inner, budget, reference) for item in tuple.__iter__(value)]}
    if issubclass(kind, dict):
        pairs = dict.items(value)
        return {"d": [[_encode(k, inner, budget, reference), _encode(v, inner, budget, reference)]
                      for k, v in pairs]}  # fmt: skip
    if issubclass(kind, frozenset):
        items = frozenset.__iter__(value)
        return {"f": [_encode(item, inner, budget, reference) for item in items]}
    if issubclass(kind, set):
        return {"s": [_encode(item, inner, budget, reference) for item in set.__iter__(value)]}
    return {"r": reference(value)}


def _int(value: int, reference: Callable[[Any], list[Any]]) -> Any:
    if -SMALL < value < SMALL:
        return value
    if value.bit_length() > BIG_DIGITS * 3:  # well past BIG_DIGITS decimal digits
        return {"r": reference(value)}
    return {"i": str(value)}


# decoding --------------------------------------------------------------------------------------


def decode(data: Any, reference: Callable[[int, Kind, str, str], Any]) -> Any:
    """Plain data back into builtin values; `reference(number, kind, type name, builtin base)`
    makes what stands for a reference. Refused for anything malformed."""
    try:
        return _decode(data, 0, _Budget(), reference)
    except (TypeError, RecursionError) as err:  # an unhashable key or member, say
        raise Refused(f"malformed value: {type(err).__name__}") from None


def _decode(data: Any, depth: int, budget: _Budget, reference: Callable[..., Any]) -> Any:
    budget.spend()
    if depth > MAX_DEPTH:
        raise Refused(f"nested more than {MAX_DEPTH} levels deep")
    kind = type(data)
    if data is None or kind in (bool, int, float, str):
        return data
    inner = depth + 1
    if kind is list:
        return [_decode(item, inner, budget, reference) for item in data]
    if kind is not dict or len(data) != 1:
        raise Refused(f"malformed value: a {kind.__name__}")
    tag, body = next(iter(data.items()))
    if tag == "i":
        return _big(body)
    if tag == "r":
        return reference(*_reference(body))
    if type(body) is not list:
        raise Refused(f"malformed value: tag {str(tag)[:10]!r}")
    items = [_decode(item, inner, budget, reference) for item in body]
    if tag == "t":
        return tuple(items)
    if tag == "s":
        return set(items)
    if tag == "f":
        return frozenset(items)
    if tag == "d" and all(type(pair) is list and len(pair) == 2 for pair in items):
        return dict((pair[0], pair[1]) for pair in items)
    raise Refused(f"malformed value: tag {str(tag)[:10]!r}")


def _big(body: Any) -> int:
    if type(body) is not str or not 0 < len(body) <= BIG_DIGITS + 1:
        raise Refused("malformed value: a big int")
    try:
        return int(body)
    except ValueError:
        raise Refused("malformed value: a big int") from None


def _reference(body: Any) -> tuple[int, Kind, str, str]:
    """A reference's four fields, checked: a number, a kind, two names."""
    if type(body) is not list or len(body) != 4:
        raise Refused("malformed reference")
    number, kind, name, base = body
    if type(number) is not int or number < 0 or kind not in KINDS:
        raise Refused("malformed reference")
    if type(name) is not str or type(base) is not str:
        raise Refused("malformed reference")
    return number, kind, identifier(name), identifier(base)


def identifier(name: str) -> str:
    """A type name as shown on the tests' side: a Python identifier, short ("" stays "")."""
    kept = "".join(c for c in name[:NAME_CHARS] if c.isalnum() or c == "_")
    if not kept or kept.isidentifier():
        return kept
    return "_" + kept if ("_" + kept).isidentifier() else "_"
