"""Lexers: a submission's file read into normalised tokens, one module per language, chosen by
the file's suffix. Each keeps the structure (keywords, operators, nesting) and forgets what a
copier changes freely: names become `N`, numbers `#`, strings `S`; comments, layout and
docstrings are dropped."""

from __future__ import annotations

from collections.abc import Callable

from harness.similarity.lexers import cpp, notebook, python
from harness.similarity.records import SourceFile

Lexer = Callable[[str, str], SourceFile]  # (name, raw text) -> the file read

LEXERS: dict[str, Lexer] = {
    ".py": python.read,
    ".ipynb": notebook.read,
    ".cpp": cpp.read,
    ".cc": cpp.read,
    ".cxx": cpp.read,
    ".c": cpp.read,
    ".h": cpp.read,
    ".hpp": cpp.read,
}


def lexer_for(suffix: str) -> Lexer | None:
    return LEXERS.get(suffix.lower())
