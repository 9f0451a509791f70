"""C and C++ read with a small regular-expression lexer: enough to tell names, literals,
keywords and operators apart, and to drop comments, layout and preprocessor lines (an #include
list is what every student writes alike). Dead code is left out first (deadcode/cpp.py), with
the preprocessor lines still marked so that no cut crosses one."""

from __future__ import annotations

import re

from harness.similarity.deadcode.cpp import PREPROCESSOR, Lexeme, live
from harness.similarity.equivalents import canonical
from harness.similarity.records import SourceFile, Token

WORDS = """auto bool break case catch char class const constexpr continue default delete do
    double else enum extern false float for friend goto if inline int long namespace new nullptr
    operator private protected public return short signed sizeof static struct switch template
    this throw true try typedef typename union unsigned using virtual void volatile while"""
KEYWORDS = frozenset(WORDS.split())

PATTERN = re.compile(
    r"""
    (?P<directive>^[ \t]*\#[^\n]*(?:\\\n[^\n]*)*)
    | (?P<skip>//[^\n]*|/\*.*?(?:\*/|\Z)|\n|[^\S\n]+)
    | (?P<string>"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?)
    | (?P<number>\.?\d(?:[\w.]|[eEpP][+-])*)
    | (?P<name>[A-Za-z_]\w*)
    | (?P<op><<=|>>=|->\*|\.\.\.|::|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|\S)
    """,
    re.VERBOSE | re.DOTALL | re.MULTILINE,
)


def read(name: str, text: str) -> SourceFile:
    return SourceFile(name, text, tuple(tokens(text)))


def tokens(text: str) -> list[Token]:
    return canonical([Token(item.kind, item.line) for item in live(lexemes(text))])


def lexemes(text: str) -> list[Lexeme]:
    """The file's tokens as written, preprocessor lines marked."""
    found = []
    line = 1
    for match in PATTERN.finditer(text):
        kind = _kind(match)
        if kind is not None:
            found.append(Lexeme(kind, match.group(), line))
        line += match.group().count("\n")
    return found


def _kind(match: re.Match[str]) -> str | None:
    group = match.lastgroup
    if group == "name":
        return match.group() if match.group() in KEYWORDS else "N"
    return KINDS.get(group or "", match.group())


KINDS: dict[str, str | None] = {
    "skip": None, "string": "S", "number": "#", "directive": PREPROCESSOR
}  # fmt: skip
