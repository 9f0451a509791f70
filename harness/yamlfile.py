"""Reading YAML files the teacher wrote: safe loader only, one-line errors naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from harness.errors import BadInput
from harness.textfile import read_text

Location = tuple[str | int, ...]


_TOO_BIG = 10**4300  # Python's own limit for an integer written in decimal: no larger one prints
MAX_DEPTH = 100  # nesting levels; the deepest real file (a suite's puzzle rows) has about 6


class _SafeLoader(yaml.SafeLoader):
    """The safe loader, with a value Python cannot hold (a date like 2001-02-30, an integer of
    thousands of digits, in decimal or in 0b/0x notation) made a YAML error at its node, and
    nesting deeper than MAX_DEPTH refused at a fixed depth. PyYAML composes nodes recursively,
    so without that limit where a deep file fails would depend on the caller's stack depth: the
    same file could be refused from the command line and read from a test."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> Any:
        if self._depth >= MAX_DEPTH:
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(None, None, "nested too deeply", mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            value = super().construct_object(node, deep)
        except (ValueError, OverflowError) as err:
            raise _unreadable(node, str(err).split(";")[0]) from None
        if isinstance(value, int) and abs(value) >= _TOO_BIG:
            raise _unreadable(node, "an integer of more than 4300 digits")
        return value


class ForeignTagsLoader(_SafeLoader):
    """The safe loader reading another program's tags (Ruby's `!ruby/object:...`, in files
    an LMS writes) as the plain mapping, list or text under them: nothing is constructed."""


def _untagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node, deep=True)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_scalar(node)  # type: ignore[arg-type]


ForeignTagsLoader.add_multi_constructor("!", _untagged)


def _unreadable(node: yaml.Node, why: str) -> yaml.YAMLError:
    return yaml.constructor.ConstructorError(
        problem=f"cannot read the value: {why}", problem_mark=node.start_mark
    )


def read_yaml(path: Path, loader: type[_SafeLoader] = _SafeLoader) -> Any:
    """Parse a YAML file with the safe loader (no object-constructing tags), or `loader`."""
    text = read_text(path)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.MarkedYAMLError as err:
        at = f":{err.problem_mark.line + 1}" if err.problem_mark is not None else ""
        raise BadInput.at(f"{path}{at}", f"malformed YAML: {err.problem or _first(err)}") from None
    except yaml.reader.ReaderError as err:  # a character YAML does not allow
        line = text.count("\n", 0, err.position) + 1
        char = chr(err.character) if isinstance(err.character, int) else err.character
        message = f"malformed YAML: the character {char!r} is not allowed"
        raise BadInput.at(f"{path}:{line}", message) from None
    except yaml.YAMLError as err:
        raise BadInput.at(str(path), f"malformed YAML: {_first(err)}") from None
    except RecursionError:
        raise BadInput.at(str(path), "malformed YAML: nested too deeply") from None


def _first(err: yaml.YAMLError) -> str:
    """The first line of a YAML error's text (the rest is context for a terminal)."""
    return next(iter(str(err).splitlines()), type(err).__name__)


def first_error(err: ValidationError) -> tuple[Location, str]:
    """The location and a plain message for the first problem pydantic found; an unknown key
    comes first, since a misspelt key also makes the intended one look missing."""
    errors = err.errors()
    detail = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    message = str(detail["msg"])
    if detail["type"] == "extra_forbidden":
        message = "unknown key (check the spelling)"
    elif detail["type"] == "missing":
        message = "required key is missing"
    elif detail["type"] == "value_error":
        message = message.removeprefix("Value error, ")
    return tuple(detail["loc"]), message


def dotted(location: Location) -> str:
    """('assignments', 'x', 'items', 0) -> 'assignments.x.items[0]'."""
    text = ""
    for part in location:
        if part == "[key]":  # pydantic's marker for "the key itself is wrong"
            continue
        if isinstance(part, str) and part.startswith("literal["):  # a union's member tried
            continue
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"
