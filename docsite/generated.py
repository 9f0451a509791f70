"""The generated parts of the reference pages, by the name a page asks for them with."""

from __future__ import annotations

import re
from collections.abc import Callable

from docsite import cli_reference, config_reference, report_reference, roles_reference
from harness.cli.app import app

# A page asks for a generated part with a line of its own: `<!-- generated: cli -->`.
MARKER = re.compile(r"^<!-- generated: ([\w-]+) -->$", re.MULTILINE)
PARTS: dict[str, Callable[[], str]] = {
    "cli": lambda: cli_reference.render(app),
    "config": config_reference.render,
    "report": report_reference.render,
    "roles": roles_reference.render,
}


def filled(markdown: str, page: str) -> str:
    """The page with each marker replaced by its part; an unknown name stops the build."""

    def part(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in PARTS:
            known = ", ".join(sorted(PARTS))
            raise KeyError(f"{page}: no generated part {name!r} (known: {known})")
        return PARTS[name]()

    return MARKER.sub(part, markdown)
