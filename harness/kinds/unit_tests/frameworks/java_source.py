"""A Java file read as javac reads it, for what it declares and imports: its Unicode escapes
(`\\u0053tringBuilder`) decoded first, then its comments, string and character literals and text
blocks left out, so that no name is read from them and none hides in them, and the characters
javac ignores inside a name (`String\\u200bBuilder`) left out of it.

What is read: its package (`package a.b;`, "" for the default package), the packages it
imports from, and its top-level types (`class`, `interface`, `enum`, `record`, `@interface`
outside every brace): a nested type is in scope only inside the type that declares it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Each starts only where a run of its first character does, and one left open runs to the end
# (javac refuses it anyway): a file of 100,000 `/*` or backslashes is read once, not once a
# character (a regular expression that tried again from each would take hours on a megabyte).
ESCAPE = re.compile(r"(?<!\\)(\\++)(u++)([0-9a-fA-F]{4})?")
LITERAL = re.compile(  # what holds no code, in the order javac tells them apart
    r'"""(?:\\.|[^\\])*?(?:"""|\Z)|"(?:\\.|[^"\\\n])*+"?|\'(?:\\.|[^\'\\\n])*+\'?'
    r"|//[^\n]*|/\*.*?(?:\*/|\Z)",
    re.DOTALL,
)
# Outside comments and literals, a character beyond ASCII can only be part of a name in a file
# javac compiles (a combining mark too), and javac ignores some inside one: ASCII's controls
# and, beyond, the C1 controls and the format characters (`String\u200bBuilder` is StringBuilder).
CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x7f]")
WIDE = re.compile(r"[^\x00-\x7f]+")
NAME = r"(?:[^\x00-\x7f]|[A-Za-z_$])(?:[^\x00-\x7f]|[\w$])*"  # a Java identifier
DOTTED = rf"{NAME}(?:\s*\.\s*{NAME})*"
PACKAGE = re.compile(rf"(?<![\w$])package\s+({DOTTED})\s*;")
IMPORT = re.compile(rf"(?<![\w$])import\s+(static\s+)?({DOTTED})(\s*\.\s*\*)?\s*;")
DECLARATION = re.compile(rf"[{{}}]|(?<![\w$.])(?:class|interface|enum|record)\s+({NAME})")
SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class JavaFile:
    package: str  # "" for the default package
    imports: tuple[str, ...]  # the packages it imports from (and, for `import a.b.*;`, a.b)
    types: tuple[str, ...]  # its top-level types' names, in order

    @classmethod
    def from_text(cls, text: str) -> JavaFile:
        code = code_of(text)
        package = PACKAGE.search(code)
        found = package.group(1) if package else ""
        imports = tuple(dict.fromkeys(p for i in IMPORT.finditer(code) for p in _imported(i)))
        body = IMPORT.sub(" ", PACKAGE.sub(" ", code))
        return cls(SPACE.sub("", found), imports, _top_level(body))


def code_of(text: str) -> str:
    """The text as javac tokenizes it, its comments and literals each one space and the
    characters it ignores in a name left out."""
    code = CONTROL.sub("", LITERAL.sub(" ", ESCAPE.sub(_unescaped, text)))
    return WIDE.sub(lambda run: "".join(c for c in run.group() if not _ignorable(c)), code)


def _ignorable(char: str) -> bool:
    """Java's Character.isIdentifierIgnorable beyond ASCII: C1 controls, format characters."""
    return ord(char) <= 0x9F or unicodedata.category(char) == "Cf"


def _unescaped(found: re.Match[str]) -> str:
    """A Unicode escape as its character: a backslash that is not itself escaped (an odd count
    of them) starts one."""
    slashes, digits = found.group(1), found.group(3)
    if len(slashes) % 2 == 0 or digits is None:  # an escaped backslash, or no escape (javac: CE)
        return found.group(0)
    return slashes[:-1] + chr(int(digits, 16))


def _imported(found: re.Match[str]) -> list[str]:
    """The packages an import reads from: the part of its name before the first capitalised
    word (a type, by Java's conventions), and an on-demand import's whole name too (`a.b.*`
    imports the package a.b)."""
    words = SPACE.sub("", found.group(2)).split(".")
    cut = next((i for i, word in enumerate(words) if word[:1].isupper()), len(words))
    packages = [".".join(words[:cut])] if cut else []
    if found.group(3) and not found.group(1):
        packages.append(".".join(words))
    return packages


def _top_level(code: str) -> tuple[str, ...]:
    """The names declared outside every brace (`Foo.class`, a literal, is no declaration: at
    the top level it is only ever an annotation's argument, followed by `)`, `,` or `}`)."""
    depth, names = 0, []
    for found in DECLARATION.finditer(code):
        token = found.group(0)
        if token in "{}":
            depth += 1 if token == "{" else -1
        elif depth == 0:
            names.append(found.group(1))
    return tuple(names)
