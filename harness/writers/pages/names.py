"""Safe, unique file names for submission pages, whatever the submissions are called.

A name is kept as it is when it is already plain (ASCII letters, digits, `.`, `_`, `-`, not
starting with a dot, not `index`, not clashing with another up to case); otherwise it is reduced
to those characters and given a short hash of the full name, so `../x`, `a/b`, `Zoë` and `zoe`
all get names of their own that stay inside the folder.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence

INDEX = "index"  # the class page's stem
LONGEST = 60  # characters of a stem before its hash
UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._-]{0,59}$")


def page_stems(names: Sequence[str]) -> tuple[str, ...]:
    """A file stem for each name, in order: unique (ignoring case, even for two submissions of
    the same name), never `index`, made of safe characters only."""
    taken = {INDEX}
    stems: list[str] = []
    for name in names:
        stem = _unique(_stem(name), name, taken)
        taken.add(stem.lower())
        stems.append(stem)
    return tuple(stems)


def _stem(name: str) -> str:
    if PLAIN.match(name) and name.lower() != INDEX:
        return name
    return f"{_reduced(name)}-{_digest(name)}"


def _reduced(name: str) -> str:
    """The name in safe characters: accents dropped, anything else a dash, no leading dots."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    reduced = UNSAFE.sub("-", ascii_name).strip(".-")[:LONGEST].strip(".-")
    return reduced or "submission"


def _digest(text: str, length: int = 8) -> str:
    data = text.encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()[:length]


def _unique(stem: str, name: str, taken: set[str]) -> str:
    """`stem`, or when it is taken (a plain name that clashes up to case), one with a hash."""
    candidate, number = stem, 1
    while candidate.lower() in taken:
        candidate = f"{_reduced(stem)}-{_digest(f'{name}#{number}')}"
        number += 1
    return candidate
