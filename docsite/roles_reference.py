"""The YAML vocabulary's roles, from the code: each role's meaning (the vocabulary's comment on
it), the arguments it gives by default, and what it asks about (its class's docstring)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from harness import vocabulary
from harness.kinds.function_library.declared.roles import ROLES

SOURCE = Path(vocabulary.__file__).read_text(encoding="utf-8")
COMMENT = re.compile(r'^\s*"([\w-]+)",\s*#\s*(.+)$', re.MULTILINE)


def render() -> str:
    said = dict(COMMENT.findall(SOURCE))
    rows = ["| role | what it is | arguments (default) | asked on |", "|---|---|---|---|"]
    for name, role in ROLES.items():
        meaning = said.get(name)
        if meaning is None:
            raise ValueError(f"role {name}: no comment in harness/vocabulary.py says what it is")
        args = ", ".join(vocabulary.role_args(name)) or (
            "as `args:` says" if name == "reference" else "none (a method of the object)"
        )
        doc = inspect.getdoc(type(role)) or inspect.getdoc(type(role).__mro__[1]) or ""
        asked = " ".join(doc.split()) or "see the role's own page"
        rows.append(f"| `{name}` | {meaning} | `{args}` | {asked} |")
    kinds = ["| argument | what a call is given |", "|---|---|"]
    for kind in vocabulary.ArgKind.__args__:  # type: ignore[attr-defined]
        meaning = said.get(kind)
        if meaning is None:
            raise ValueError(
                f"argument {kind}: no comment in harness/vocabulary.py says what it is"
            )
        kinds.append(f"| `{kind}` | {meaning} |")
    return "\n".join([*rows, "", *kinds])
