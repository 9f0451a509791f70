"""Which of a submission's C or C++ files the course's tests include: those whose name a test
file or a given header `#include`s, and those such a file includes in turn. Their text becomes
part of the teacher's tests, so harness/kinds/unit_tests/frameworks/cpp_source.py reads them
strictly.

An include is matched by the file's name alone, wherever the student keeps it and whichever
folder the build searches (`"sudoku.h"`, `"src/sudoku.h"` and `<sudoku.h>` all name every
sudoku.h of the submission): a file counted that the compiler would not have read is read
strictly for nothing, never the other way round. So is an include under `#if 0`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import PurePosixPath

from harness.kinds.unit_tests.frameworks.cpp_source import INCLUDES, directives, tokenized


def included(files: Mapping[str, str], course: Iterable[str]) -> frozenset[str]:
    """The paths of `files` (the submission's, by path: their text) that the course's files
    (`course`: their texts) include, directly or through one another."""
    wanted = {name for text in course for name in _includes(text)}
    found: set[str] = set()
    while True:
        new = [p for p in files if p not in found and PurePosixPath(p).name in wanted]
        if not new:
            return frozenset(found)
        found.update(new)
        wanted.update(name for path in new for name in _includes(files[path]))


def _includes(text: str) -> set[str]:
    """The names of the files a text includes (`#include "a/b.h"`: b.h)."""
    found = set()
    for directive in directives(tokenized(text)):
        if directive.name not in INCLUDES or not directive.rest:
            continue
        first = directive.rest[0]
        if first.kind == "string":
            target = first.text.strip('"')
        elif first.text == "<":
            target = "".join(t.text for t in directive.rest[1:]).split(">", 1)[0]
        else:
            continue
        found.add(PurePosixPath(target).name)
    return found
