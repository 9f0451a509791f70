"""The JSON report's keys, read from the records and the code that writes them.

No schema is written by hand: a report whose every field is filled (`example`) goes through the
real `to_json`, and each key it writes is traced back to the record field it came from, for its
meaning (the field's comments). A key is optional (`?`) when the report built with that field at
its default no longer has it, and may be null when the field set to None still writes it. A key
that no field explains, or a field without a comment, stops the build.

Only harness.records is read: the standard library and the report's own records.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from docsite.comments import field_comments
from docsite.markdown import cell, code, sentence, table
from harness.records.results import Report, to_json

Path = tuple[str | int, ...]  # keys and list indexes from the report's top to one object
Overrides = dict[tuple[type, str], Any]  # (record class, field): the value it is built with


@dataclass(frozen=True)
class Key:
    """One key of one JSON object, and where it comes from."""

    name: str
    json_type: str  # as the JSON has it: str, num, int, bool, [str], "AC" | "WA", ...
    optional: bool  # written only when its field is not at its default
    meaning: str
    holds: str = ""  # the title of the object (or the list's objects) it holds


@dataclass(frozen=True)
class JsonObject:
    """One kind of object in the report: where it is, the record it is written from, its keys."""

    where: str  # "submissions[].items[]"
    record: type
    keys: tuple[Key, ...]

    @property
    def title(self) -> str:
        return self.where or "The report"


def example(cls: type, overrides: Overrides | None = None) -> Any:
    """An instance of the record with every field filled (none at its default), but for the
    fields `overrides` sets."""
    given = overrides or {}
    hints = typing.get_type_hints(cls)
    values = {
        f.name: given[(cls, f.name)] if (cls, f.name) in given else _value(hints[f.name], given)
        for f in dataclasses.fields(cls)
    }
    return cls(**values)


def _value(hint: Any, given: Overrides) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return args[0]
    if origin in (typing.Union, types.UnionType):
        return _value(next(a for a in args if a is not type(None)), given)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (_value(args[0], given),)
        return tuple(_value(a, given) for a in args)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return example(hint, given)
    simple = {str: "text", bool: True, int: 1, float: 1.5}
    if hint in simple:
        return simple[hint]
    raise TypeError(f"no example value for {hint!r}: teach docsite/report_reference.py")


def objects() -> tuple[JsonObject, ...]:
    """Every kind of object in the report, the report first, each before what it holds."""
    report = example(Report)
    return tuple(_walk(Report, report, to_json(report), ()))


def _walk(cls: type, record: Any, data: dict[str, Any], path: Path) -> Iterator[JsonObject]:
    keys: list[Key] = []
    inner: list[JsonObject] = []
    for name, value in data.items():
        owner, owner_record = _owner(cls, record, name)
        field_value = getattr(owner_record, name)
        holds = ""
        nested = _nested(field_value, value)
        if nested is not None:
            child, child_data, index = nested
            child_path = (*path, name, *index)
            found = list(_walk(type(child), child, child_data, child_path))
            holds = found[0].title
            inner += found
        keys.append(_key(owner, name, value, path, holds))
    yield JsonObject(_where(path), cls, tuple(keys))
    yield from inner


def _owner(cls: type, record: Any, name: str) -> tuple[type, Any]:
    """The record whose field `name` the key is: this one's, or that of a record this one
    holds and writes flat into its own object (a case's evidence: grids, output, printed)."""
    if name in _field_names(cls):
        return cls, record
    for f in dataclasses.fields(cls):
        held = getattr(record, f.name)
        if dataclasses.is_dataclass(held) and name in _field_names(type(held)):
            return type(held), held
    raise KeyError(f"{cls.__name__}'s JSON has {name!r}, which is no field of it or its parts")


def _field_names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def _nested(field_value: Any, value: Any) -> tuple[Any, dict[str, Any], Path] | None:
    """The record and JSON object inside a key's value, when it holds one."""
    if isinstance(value, dict) and dataclasses.is_dataclass(field_value):
        return field_value, value, ()
    if isinstance(value, list) and value and isinstance(value[0], dict):
        assert isinstance(field_value, tuple) and dataclasses.is_dataclass(field_value[0])
        return field_value[0], value[0], (0,)
    return None


def _key(owner: type, name: str, value: Any, path: Path, holds: str) -> Key:
    meaning = field_comments(owner).get(name, "")
    if not meaning:
        where = f"{owner.__module__}.{owner.__qualname__}.{name}"
        raise ValueError(f"{where}: the JSON report writes it, and it has no comment to say why")
    hint = typing.get_type_hints(owner)[name]
    at = (*path,)
    default = _default(owner, name)
    optional = default is not _REQUIRED and name not in _written(owner, name, default, at)
    nullable = _may_be_none(hint) and _written(owner, name, None, at).get(name, 0) is None
    shown = _json_type(hint, value, holds) + (" | null" if nullable else "")
    return Key(name, shown, optional, sentence(meaning), holds)


_REQUIRED = object()


def _default(owner: type, name: str) -> Any:
    f = next(f for f in dataclasses.fields(owner) if f.name == name)
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _REQUIRED


def _written(owner: type, name: str, value: Any, path: Path) -> dict[str, Any]:
    """The object at `path` in the report written with one field set to `value`."""
    data: Any = to_json(example(Report, {(owner, name): value}))
    for step in path:
        data = data[step]
    assert isinstance(data, dict)
    return data


def _may_be_none(hint: Any) -> bool:
    return type(None) in typing.get_args(hint)


def _json_type(hint: Any, value: Any, holds: str) -> str:
    """The key's type as a reader of the JSON sees it (the choices of a closed vocabulary)."""
    choices = _choices(hint)
    if choices:
        return " | ".join(f'"{c}"' for c in choices)
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        fixed = _fixed_tuple(hint)
        if fixed:
            return "[" + ", ".join(_scalar(v) for v in value) + "]"
        inner = _json_type(_item_hint(hint), value[0], holds) if value else "any"
        return f"[{inner}]"
    return _scalar(value)


def _choices(hint: Any) -> tuple[str, ...]:
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    bare = [a for a in typing.get_args(hint) if a is not type(None)] if union else [hint]
    if len(bare) != 1:
        return ()
    only = bare[0]
    if typing.get_origin(only) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(only))
    if isinstance(only, type) and issubclass(only, enum.Enum):
        return tuple(str(member.value) for member in only)
    return ()


def _fixed_tuple(hint: Any) -> bool:
    for part in (hint, *typing.get_args(hint)):
        args = typing.get_args(part)
        if typing.get_origin(part) is tuple and args and args[-1] is not Ellipsis:
            return True
    return False


def _item_hint(hint: Any) -> Any:
    for part in (hint, *typing.get_args(hint)):
        if typing.get_origin(part) is tuple:
            return typing.get_args(part)[0]
    return Any


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "num"
    if isinstance(value, str):
        return "str"
    return "object" if isinstance(value, dict) else "null"


def _where(path: Path) -> str:
    """`submissions[].items[]`: the keys down to an object, `[]` for each list on the way."""
    where = ""
    for step in path:
        where += "[]" if isinstance(step, int) else (f".{step}" if where else step)
    return where


def render() -> str:
    """The outline of the whole report, then a table per kind of object."""
    found = objects()
    parts = ["```text", *_outline(found), "```"]
    for obj in found:
        parts += ["", f"### {obj.title}", ""]
        doc = _docstring(obj.record)
        if doc:
            parts += [doc, ""]
        parts.append(f"Written from `{obj.record.__module__}.{obj.record.__qualname__}`.")
        parts += ["", _table(obj)]
    return "\n".join(parts) + "\n"


def _outline(found: tuple[JsonObject, ...]) -> list[str]:
    by_title = {obj.title: obj for obj in found}

    def lines(obj: JsonObject, depth: int) -> Iterator[str]:
        for key in obj.keys:
            mark = "?" if key.optional else ""
            yield f'{"  " * depth}"{key.name}"{mark}: {key.json_type}'
            if key.holds:
                yield from lines(by_title[key.holds], depth + 1)

    return list(lines(found[0], 0))


def _table(obj: JsonObject) -> str:
    rows = [
        [code(key.name + ("?" if key.optional else "")), cell(key.json_type), cell(key.meaning)]
        for key in obj.keys
    ]
    return table(["key", "type", "meaning"], rows)


def _docstring(cls: type) -> str:
    """The record's own docstring (not the signature dataclasses write when it has none)."""
    doc = cls.__doc__ or ""
    return "" if doc.startswith(f"{cls.__name__}(") else " ".join(doc.split())
