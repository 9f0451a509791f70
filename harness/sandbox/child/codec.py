"""Plain, tagged JSON for values crossing the process boundary, in both directions.

JSON alone would turn a tuple into a list; students are told `pos` is a tuple and return tuples,
so the tag keeps the difference: a list is a JSON array, a tuple {"t": [...]}, a dict
{"d": [[k, v], ...]}, a set {"s": [...]}, anything else {"o": type name, "r": repr}.

Standard library only: the child imports this before any student code. Decoding is defensive
(depth and size bounded), since the supervisor decodes what an untrusted process wrote.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64
MAX_ITEMS = 200_000
REPR_CHARS = 200


class CodecError(ValueError):
    """A value that cannot cross: too deep, too big, or malformed."""


class Opaque:
    """A returned object of a type the codec does not carry (its type name and repr)."""

    __slots__ = ("repr", "type_name")

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name = type_name
        self.repr = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opaque) and (self.type_name, self.repr) == (
            other.type_name,
            other.repr,
        )

    def __hash__(self) -> int:
        return hash((self.type_name, self.repr))

    def __repr__(self) -> str:
        return f"<{self.type_name} {self.repr}>"


class _Budget:
    def __init__(self) -> None:
        self.items = 0

    def spend(self, count: int = 1) -> None:
        self.items += count
        if self.items > MAX_ITEMS:
            raise CodecError(f"more than {MAX_ITEMS} values")


def _plain_ints(value: list[Any], budget: _Budget) -> bool:
    """A flat list of small ints (a grid's row) travels as it is: the common case, made fast."""
    if all(type(item) is int and -(2**63) < item < 2**63 for item in value):
        budget.spend(len(value))
        return True
    return False


def encode(value: Any) -> Any:
    return _encode(value, 0, _Budget())


def _encode(value: Any, depth: int, budget: _Budget) -> Any:
    budget.spend()
    if depth > MAX_DEPTH:
        raise CodecError(f"nested more than {MAX_DEPTH} levels deep")
    kind = type(value)
    if value is None or kind in (bool, str, float):
        return value
    if kind is int:
        if abs(value) < 2**63:
            return value
        return {"o": "int", "r": f"an integer of {value.bit_length()} bits"}
    if kind is list:
        if _plain_ints(value, budget):
            return list(value)
        return [_encode(item, depth + 1, budget) for item in value]
    if kind is tuple:
        return {"t": [_encode(item, depth + 1, budget) for item in value]}
    if kind is dict:
        pairs = [
            [_encode(k, depth + 1, budget), _encode(v, depth + 1, budget)] for k, v in value.items()
        ]
        return {"d": pairs}
    if kind in (set, frozenset):
        return {"s": [_encode(item, depth + 1, budget) for item in value]}
    return {"o": kind.__name__, "r": _short_repr(value)}


def _short_repr(value: Any) -> str:
    try:
        return repr(value)[:REPR_CHARS]
    except Exception:  # a student's __repr__ may raise anything
        return "(repr failed)"


def decode(data: Any) -> Any:
    return _decode(data, 0, _Budget())


def _decode(data: Any, depth: int, budget: _Budget) -> Any:
    budget.spend()
    if depth > MAX_DEPTH:
        raise CodecError(f"nested more than {MAX_DEPTH} levels deep")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        if _plain_ints(data, budget):
            return list(data)
        return [_decode(item, depth + 1, budget) for item in data]
    if isinstance(data, dict) and len(data) == 1:
        return _decode_tagged(next(iter(data.items())), depth, budget)
    if isinstance(data, dict) and set(data) == {"o", "r"}:
        return Opaque(str(data["o"])[:REPR_CHARS], str(data["r"])[:REPR_CHARS])
    raise CodecError("malformed value")


def _decode_tagged(pair: tuple[str, Any], depth: int, budget: _Budget) -> Any:
    tag, body = pair
    if not isinstance(body, list):
        raise CodecError("malformed value")
    items = [_decode(item, depth + 1, budget) for item in body]
    if tag == "t":
        return tuple(items)
    if tag == "s":
        return _hashable_or_opaque(frozenset, items, "set")
    if tag == "d":
        pairs = [tuple(p) for p in items if isinstance(p, list) and len(p) == 2]
        if len(pairs) != len(items):
            raise CodecError("malformed dict")
        return _hashable_or_opaque(dict, pairs, "dict")
    raise CodecError(f"unknown tag {tag!r}")


def _hashable_or_opaque(build: Any, items: list[Any], name: str) -> Any:
    try:
        return build(items)
    except TypeError:
        return Opaque(name, repr(items)[:REPR_CHARS])


def dumps(message: dict[str, Any]) -> bytes:
    """One message: a JSON object on one line."""
    return json.dumps(message, separators=(",", ":"), allow_nan=True).encode() + b"\n"


def loads(line: bytes) -> dict[str, Any]:
    """Parse one message; CodecError for anything that is not a JSON object."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as err:
        raise CodecError(f"not JSON: {err}") from None
    if not isinstance(message, dict):
        raise CodecError("not a JSON object")
    return message
