"""Reading YAML files the teacher wrote: safe loader only, one-line errors naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from harness.errors import BadInput

Location = tuple[str | int, ...]


def read_yaml(path: Path) -> Any:
    """Parse a YAML file with the safe loader (no object-constructing tags)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput.at(str(path), "file not found") from None
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput.at(str(path), f"cannot read: {err}") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise BadInput.at(where, f"malformed YAML: {problem}") from None
    except RecursionError:
        raise BadInput.at(str(path), "malformed YAML: nested too deeply") from None


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
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"
