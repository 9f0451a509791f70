"""mkdocs hooks (mkdocs.yml's `hooks:`): the reference pages' generated parts, filled in as each
page's Markdown is read (docsite/generated.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parent.parent
if str(CHECKOUT) not in sys.path:  # mkdocs loads this file by path: `docsite` is not on it
    sys.path.insert(0, str(CHECKOUT))

from docsite.generated import filled  # noqa: E402


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    return filled(markdown, page.file.src_uri)
