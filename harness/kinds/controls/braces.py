"""The function definitions of C, C++ or Java source, found by their braces (never compiled).

The source is first blanked: comments, string and character literals and preprocessor lines
become spaces, so that a brace in any of them is not counted. Then each `{` at the file's level
(or inside a class, struct, interface or namespace, which are looked into) is classed by the
text before it, its header: a function when the header ends with its parameter list (`int f(int
x)`, `bool solve() const`, `void g() throws E`), a container (`class Sudoku {`), or anything else
(an initializer, an enum, a lambda), which is left alone. A function's header is split into its
return type, its name and its parameters; constructors, destructors and operators are special
(they make and compare objects, and are never stubbed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CONTAINER = re.compile(r"\b(class|struct|union|interface|namespace)\s*([A-Za-z_]\w*)?")
EXTERN_C = re.compile(r"^\s*extern\s*$")  # extern "C" {, its string blanked
TRAILING = re.compile(
    r"(\s*\b(const|noexcept|override|final|volatile)\b|\s*&&?|\s*throws\s+[\w.,\s<>]+|"
    r"\s*->\s*[\w:<>,\s*&]+)\s*$"
)  # what may follow a parameter list: C++ qualifiers, a trailing return type, Java's throws
LABEL = re.compile(r"^\s*(public|private|protected)\s*:(?!:)")  # a C++ access label
TEMPLATE = re.compile(r"^\s*template\s*<")
OPERATOR = re.compile(r"\boperator\s*[^\s(]+")
ANNOTATION = re.compile(r"@\w+(\.\w+)*(\s*\([^()]*\))?")
SPECIFIERS = frozenset(
    (
        "static",
        "inline",
        "extern",
        "virtual",
        "explicit",
        "constexpr",
        "consteval",
        "friend",
        "public",
        "private",
        "protected",
        "final",
        "synchronized",
        "abstract",
        "native",
        "strictfp",
        "default",
        "transient",
    )
)  # fmt: skip  (words before a return type that are not part of it)


@dataclass(frozen=True)
class Function:
    """A function definition: its header's parts and where its body is, `{` to `}` included."""

    returns: str  # the return type, specifiers dropped ("" for a constructor)
    name: str  # as written: "solve", "Sudoku::solve", "~Sudoku", "operator=="
    parameters: tuple[tuple[str, str], ...]  # (type, name) in order
    start: int  # the body's `{`
    end: int  # just past its `}`
    special: bool  # a constructor, destructor or operator


def functions(source: str) -> list[Function]:
    """Every function defined in `source`, in order."""
    code = blanked(source)
    found: list[Function] = []
    _walk(code, 0, len(code), "", found)
    return found


def _walk(code: str, start: int, end: int, container: str, found: list[Function]) -> None:
    """The definitions between `start` and `end`, one level of braces, inside `container`."""
    header_start = position = start
    while position < end:
        char = code[position]
        if char in ";}":
            header_start = position + 1
        elif char == "{":
            close = matching(code, position)
            header = code[header_start:position]
            inner = _container(header)
            if inner is not None:
                _walk(code, position + 1, close, inner or container, found)
            elif (function := _function(header, container, position, close + 1)) is not None:
                found.append(function)
            header_start = position = close + 1
            continue
        position += 1


def matching(code: str, opening: int) -> int:
    """The index of the `}` that closes the `{` at `opening` (the end of the code if none)."""
    depth = 0
    for index in range(opening, len(code)):
        if code[index] == "{":
            depth += 1
        elif code[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(code) - 1


def _container(header: str) -> str | None:
    """The name of what the braces hold when they are looked into ("" when unnamed); None when
    they are not (a function's body, an initializer)."""
    if EXTERN_C.match(header):
        return ""
    match = CONTAINER.search(header)
    if match is None or "(" in header[: match.start()] or _parameters_end(header):
        return None
    return match.group(2) or ""


def _parameters_end(header: str) -> bool:
    """Whether the header ends with a parameter list (and what may follow one)."""
    text = header
    while (trailing := TRAILING.search(text)) is not None and trailing.group(0).strip():
        text = text[: trailing.start()]
    return text.rstrip().endswith(")")


def _function(header: str, container: str, start: int, end: int) -> Function | None:
    text = _cleaned(header)
    if not _parameters_end(text) or "(" not in text:
        return None
    before, _, rest = _split_name(text)
    if "=" in OPERATOR.sub("operator", before) or not before.strip():
        return None  # a lambda or an anonymous class assigned, a bare block
    name_match = re.search(r"(~?[\w:]*~?\w+|operator\s*\S+)\s*$", before)
    if name_match is None:
        return None
    name = " ".join(name_match.group(1).split())
    returns = _type(before[: name_match.start()])
    parameters = _parameters(rest[: _closing(rest)])
    special = _special(name, returns, container)
    return Function(returns, name, parameters, start, end, special)


def _split_name(text: str) -> tuple[str, str, str]:
    """The text before the parameter list, "(", and the rest (`operator()(...)`: its own)."""
    call = re.search(r"\boperator\s*\(\s*\)", text)
    if call is not None:
        at = text.index("(", call.end())
        return text[:at], "(", text[at + 1 :]
    return text.partition("(")


def _cleaned(header: str) -> str:
    """The header without access labels, a template prefix and annotations, on one line."""
    text = " ".join(ANNOTATION.sub(" ", header).split())
    while (label := LABEL.match(text)) is not None:
        text = text[label.end() :].lstrip()
    if TEMPLATE.match(text):
        text = text[_template_end(text) :]
    return text.strip()


def _template_end(text: str) -> int:
    depth = 0
    for index, char in enumerate(text):
        depth += (char == "<") - (char == ">")
        if char == ">" and depth == 0:
            return index + 1
    return len(text)


def _closing(text: str) -> int:
    """The index of the `)` closing a parameter list that `text` starts inside."""
    depth = 1
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0:
            return index
    return len(text)


def _type(text: str) -> str:
    words = [w for w in re.findall(r"[\w:]+|\*|&&?|<[^()]*>|\[\]", text) if w not in SPECIFIERS]
    return " ".join(words).replace(" <", "<").replace(" []", "[]")


def _parameters(text: str) -> tuple[tuple[str, str], ...]:
    """(type, name) of each parameter; `void` alone is none."""
    found = []
    for part in _split(text):
        words = part.replace("final ", " ").strip()
        match = re.match(r"(.*?)([A-Za-z_]\w*)\s*((\[[^\]]*\]\s*)*)$", words)
        if not words or words == "void" or match is None:
            continue
        kind, name, arrays = match.group(1).strip(), match.group(2), match.group(3) or ""
        found.append((" ".join((kind + arrays.replace(" ", "")).split()), name))
    return tuple(found)


def _split(text: str) -> list[str]:
    """The parameters, split on the commas outside <>, () and []."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        depth += (char in "<([") - (char in ">)]")
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p.split("=")[0] for p in parts]  # a C++ default argument left out


def _special(name: str, returns: str, container: str) -> bool:
    """A constructor, destructor or operator: kept as the reference has it."""
    parts = name.split("::")
    last = parts[-1]
    if last.startswith("~") or last.startswith("operator") or not returns:
        return True
    return last == container or (len(parts) > 1 and last == parts[-2])


def blanked(source: str) -> str:
    """`source` with comments, literals and preprocessor lines as spaces (newlines kept), so
    every index still points at the same place."""
    out = list(source)
    index, line_start = 0, True
    while index < len(source):
        char = source[index]
        if char == "\n":
            line_start = True
            index += 1
            continue
        if char in " \t\r\f\v":
            index += 1
            continue
        end = _skipped(source, index, line_start)
        line_start = False
        if end > index:
            for blank in range(index, end):
                if out[blank] != "\n":
                    out[blank] = " "
            index = end
        else:
            index += 1
    return "".join(out)


def _skipped(source: str, index: int, line_start: bool) -> int:
    """The end of the comment, literal or preprocessor line starting at `index`; `index` when
    none does."""
    if line_start and source[index] == "#":
        return _line_end(source, index)
    if source.startswith("//", index):
        end = source.find("\n", index)
        return len(source) if end < 0 else end
    if source.startswith("/*", index):
        end = source.find("*/", index + 2)
        return len(source) if end < 0 else end + 2
    if source[index] in "\"'":
        return _literal_end(source, index)
    return index


def _line_end(source: str, index: int) -> int:
    """The end of a preprocessor line, with its backslash continuations."""
    while True:
        end = source.find("\n", index)
        if end < 0:
            return len(source)
        if not source[:end].rstrip("\r").endswith("\\"):
            return end
        index = end + 1


def _literal_end(source: str, index: int) -> int:
    quote, position = source[index], index + 1
    while position < len(source) and source[position] not in (quote, "\n"):
        position += 2 if source[position] == "\\" else 1
    return min(position + 1, len(source))
