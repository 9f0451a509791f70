"""What a student's C or C++ file may not hold when it is built into one program with the
course's GoogleTest tests (harness/kinds/unit_tests/frameworks/googletest.py), read from its tokens:
comments, string literals and raw strings told apart, lines spliced first, as the compiler reads
them. A refusal names its line.

In every file of the submission:

- Code that runs before the tests' main, or after it, or that places code where the loader runs
  it: GCC's `constructor`, `destructor`, `init_priority`, `ifunc` and `section` inside an
  attribute (`__attribute__((...))`, `[[...]]`) or a macro's body, `asm`, and the
  `.preinit_array`, `.init_array` and `.fini_array` sections. The harness's main reads its
  settings from a `.preinit_array` entry of its own, before any constructor; one of the
  student's there could run first. Outside an attribute and a macro those words are names like
  any other (a box called a `section`), and a macro whose body holds an attribute is refused, so
  that no attribute can come from a macro's arguments.
- GoogleTest itself: its headers (`gtest`, `gmock`, included as <...> or "..."), its
  `testing` namespace (`testing::`, `namespace testing`, `using namespace testing`, an alias of
  it, or in a macro's body), a mangled name (`_Z...`, to reach into it by symbol), and a
  `#define` or `#undef` of one of its macros (`TEST`, `ASSERT_*`, `EXPECT_*`, `GTEST_*`...).
- Token pasting (`##`), with which any of these names could be made from pieces.

In a file the course's tests include (`Strict`: a header of the student's that a test file, a
given header or another such file includes, harness/kinds/unit_tests/frameworks/cpp_includes.py),
whose text becomes part of the teacher's tests: anything that changes what the rest of them says.
Its macros would (`#define AssertionResult(e) AssertionResult(true)` passes every `EXPECT_TRUE`;
`#define NEWSPAPER SOLVED` hands a solver the answer), so it may define none but its include
guard, the handout's own (those the starter's file of its name defines, the same way) and a
constant of its own (`#define BOARD_SIZE 9`: a lone integer under a name no file of the course,
no GoogleTest header and no keyword uses, not reserved and not `NDEBUG`, so that no token of the
tests or of GoogleTest can become it: a student's own constant never costs every test), and
undefine none; nor may it push or pop one (`#pragma` is `once` alone, `_Pragma` is refused), or
include a file a macro names. Its C++ declarations are not read here: an overload of a test's
own helper that fits a call better still takes it, which the course's tests avoid by calling
their helpers as lambdas and comparing plain values (docs/explanation/isolation.md).

Comments and strings are never read for names. The words are chosen so that a solver's ordinary
names are never refused.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

SPLICE = re.compile(r"\\[ \t]*\r?\n")  # translation phase 2: a backslash-newline joins lines
TOKEN = re.compile(
    r"""
    (?P<skip>//[^\n]*|/\*.*?(?:\*/|\Z)|\s+)
    | (?P<string>(?:u8|[uUL])?R"(?P<delim>[^()\\\s"]{0,16})\(.*?(?:\)(?P=delim)"|\Z)
        | (?:u8|[uUL])?"(?:\\.|[^"\\\n])*"?
        | '(?:\\.|[^'\\\n])*'?)
    | (?P<name>[A-Za-z_$][\w$]*)
    | (?P<number>\.?[0-9](?:[eEpP][+-]|[\w.'])*)
    | (?P<paste>\#\#|%:%:)
    | (?P<hash>\#|%:)
    | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)
STATIC_INIT = frozenset({"constructor", "destructor", "init_priority", "ifunc", "section"})
SECTION_NAMES = frozenset({"preinit_array", "init_array", "fini_array", "asm"})  # never names
ATTRIBUTE = frozenset({"__attribute__", "__attribute", "__declspec", "_Pragma"})
GOOGLETEST_NAMES = frozenset({"gtest", "gmock"})
GOOGLETEST_MACRO = re.compile(
    r"(?:TEST(?:_F|_P)?|TYPED_TEST\w*|ASSERT_\w+|EXPECT_\w+|GTEST_\w*|GMOCK_\w*|FAIL|SUCCEED"
    r"|ADD_FAILURE\w*|SCOPED_TRACE|FRIEND_TEST|INSTANTIATE_\w+|REGISTER_TYPED_TEST\w*|MOCK_\w+"
    r"|ON_CALL|RUN_ALL_TESTS)\Z"
)
SECTIONS = re.compile(r"init_array|fini_array|\.ctors|\.dtors")
GOOGLETEST_HEADER = re.compile(r"\b(?:gtest|gmock)\b")
KEYWORD = re.compile(  # C++'s: no include guard may be named one
    r"(?:"
    r"alignas|alignof|and|and_eq|asm|auto|bitand|bitor|bool|break|case|catch|char|char8_t"
    r"|char16_t|char32_t|class|compl|concept|const|consteval|constexpr|constinit|const_cast"
    r"|continue|co_await|co_return|co_yield|decltype|default|defined|delete|do|double"
    r"|dynamic_cast|else|enum|explicit|export|extern|false|final|float|for|friend|goto|if"
    r"|import|inline|int|long|module|mutable|namespace|new|noexcept|not|not_eq|nullptr"
    r"|operator|or|or_eq|override|private|protected|public|register|reinterpret_cast|requires"
    r"|return|short|signed|sizeof|static|static_assert|static_cast|struct|switch|template|this"
    r"|thread_local|throw|true|try|typedef|typeid|typename|union|unsigned|using|virtual|void"
    r"|volatile|wchar_t|while|xor|xor_eq"
    r")\Z"
)
MACRO_DIRECTIVES = frozenset({"define", "undef"})
CONDITIONALS = frozenset({"if", "ifdef", "ifndef"})
INCLUDES = frozenset({"include", "include_next", "import"})
IN_TESTS = "a file the course's tests include"
TESTS_SEE_IT = (
    f"{IN_TESTS} may define none but its include guard, the handout's and a number under a name "
    "of its own"
)
GOOGLETEST_HEADERS = (Path("/usr/include/gtest"), Path("/usr/include/gmock"))  # Debian's
CONFIGURATION = frozenset({"NDEBUG"})  # the one name outside the reserved ones a standard
# header reads as a setting (<cassert>): defined, it would turn the tests' assert() off
INTEGER = re.compile(r"(?:0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9][0-9']*)[uUlL]{0,3}\Z")


@dataclass(frozen=True)
class Token:
    kind: str  # skip-less: string, name, number, paste, hash, other, or newline
    text: str
    line: int  # in the file as written (before lines are spliced)
    start: int  # offsets in the spliced text: a function-like macro's `(` touches its name
    end: int

    @property
    def pair(self) -> tuple[str, str]:
        return (self.kind, self.text)


@dataclass(frozen=True)
class Refused:
    """Why a file may not be built with the tests, at which line of it."""

    line: int
    why: str  # the end of a sentence about the file


Definition = tuple[str, bool, tuple[str, ...]]  # a macro: its name, function-like, its tokens


@dataclass(frozen=True)
class Strict:
    """A file the course's tests include: the handout's macros of a file of its name (the
    starter's), which it may define the same way, and the course's words (every name its
    files use), none of which its include guard may be named."""

    handout: frozenset[Definition] = frozenset()
    words: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Directive:
    """A preprocessor line: its name (`define`), the tokens after the name, its line."""

    name: str
    rest: tuple[Token, ...]
    line: int


def refused(text: str, strict: Strict | None = None) -> Refused | None:
    """Why a student's file may not be built with the tests (None when it may); `strict` when
    the course's tests include it."""
    tokens = tokenized(text)
    found = _refused_anywhere(tokens)
    if found is None and strict is not None:
        found = _refused_in_tests(tokens, strict)
    return found


def definitions(text: str) -> frozenset[Definition]:
    """The macros a file (the handout's header) defines."""
    return frozenset(
        _definition(d) for d in directives(tokenized(text)) if d.name == "define" and d.rest
    )


def words(texts: Iterable[str]) -> frozenset[str]:
    """Every name the texts use, outside comments and strings."""
    return frozenset(t.text for text in texts for t in tokenized(text) if t.kind == "name")


def tokenized(text: str) -> list[Token]:
    """Every token of `text`, lines spliced first; a line break is a token of kind "newline"
    (a comment across lines too: a directive may follow it)."""
    spliced, joins = _spliced(text.removeprefix("\ufeff"))  # a BOM, as some editors save
    breaks = [match.start() for match in re.finditer("\n", spliced)]

    def line(offset: int) -> int:
        return 1 + bisect.bisect_left(breaks, offset) + bisect.bisect_right(joins, offset)

    found = []
    for match in TOKEN.finditer(spliced):
        kind = match.lastgroup or "other"
        kind = "string" if kind == "delim" else kind
        start, end = match.span()
        if kind == "skip":
            if "\n" in match.group():
                found.append(Token("newline", "\n", line(start), start, end))
            continue
        found.append(Token(kind, match.group(), line(start), start, end))
    return found


def _spliced(text: str) -> tuple[str, list[int]]:
    """The text with its lines spliced, and the offsets (in it) where a line break was taken
    out: each is one line more of the file as written."""
    parts, joins, at, length = [], [], 0, 0
    for match in SPLICE.finditer(text):
        parts.append(text[at : match.start()])
        length += match.start() - at
        joins.append(length)
        at = match.end()
    parts.append(text[at:])
    return "".join(parts), joins


def directives(tokens: Sequence[Token]) -> list[Directive]:
    """The preprocessor lines: a `#` first on its line, then its name and the rest of it."""
    found: list[Directive] = []
    at_start = True
    for index, token in enumerate(tokens):
        if token.kind == "hash" and at_start:
            line = _line_from(tokens, index + 1)
            if line and line[0].kind == "name":
                found.append(Directive(line[0].text, tuple(line[1:]), token.line))
            elif not line:
                found.append(Directive("", (), token.line))  # the null directive
        at_start = token.kind == "newline"
    return found


def _line_from(tokens: Sequence[Token], start: int) -> list[Token]:
    line = []
    for token in tokens[start:]:
        if token.kind == "newline":
            break
        line.append(token)
    return line


# in every file --------------------------------------------------------------------------------


def _refused_anywhere(tokens: list[Token]) -> Refused | None:
    state = _State()
    for at, token in enumerate(tokens):
        why = _refused_token(token, state, [t.pair for t in tokens[at + 1 : at + 3]])
        if why:
            return Refused(token.line, why)
        state.step(token, [t.pair for t in tokens[at + 1 : at + 2]])
    return None


class _State:
    """Where a token stands: in which directive (and its part), in an attribute, after what."""

    def __init__(self) -> None:
        self.directive = "start"  # a line's start, "#", the directive's name, or "" (none)
        self.in_define = False  # in the body of a #define: any word there may be pasted in
        self.attribute = 0  # parentheses or brackets open of an attribute
        self.opens_attribute = False  # the last word was __attribute__: its ( opens one
        self.previous = ""  # the last word
        self.namespace = False  # in a statement that began with `namespace` (an alias too)

    def step(self, token: Token, following: list[tuple[str, str]]) -> None:
        kind, text = token.pair
        if kind == "newline":
            self.directive, self.in_define = "start", False
            return
        if kind == "hash" and self.directive == "start":
            self.directive = "#"
            return
        if kind == "name" and self.directive == "#":
            self.directive = text
            return
        self.in_define = self.in_define or self.directive in MACRO_DIRECTIVES
        self.directive = ""
        self._attribute(kind, text, following)
        if text in (";", "{", "}"):
            self.namespace = False
        if kind == "name":
            self.namespace = self.namespace or text == "namespace"
            self.previous = text

    def _attribute(self, kind: str, token: str, following: list[tuple[str, str]]) -> None:
        if kind == "name":
            self.opens_attribute = token in ATTRIBUTE
            return
        opening = token == "(" and self.opens_attribute
        brackets = token == "[" and following == [("other", "[")]
        if self.attribute and token in "([":
            self.attribute += 1
        elif opening or brackets:
            self.attribute = 1
        elif self.attribute and token in ")]":
            self.attribute -= 1
        self.opens_attribute = False


def _refused_token(token: Token, state: _State, following: list[tuple[str, str]]) -> str:
    kind, text = token.pair
    if kind == "paste":
        return "pastes tokens (`##`), which can build any name from pieces"
    if kind == "string" and (named := SECTIONS.search(text)):
        return f"names {named.group()!r} in a string"
    if kind == "string" and state.directive in INCLUDES and GOOGLETEST_HEADER.search(text):
        return f"includes GoogleTest ({text})"
    if state.in_define and (
        text in ATTRIBUTE or (text == "[" and following[:1] == [("other", "[")])
    ):
        return f"defines a macro holding an attribute (`{text}{'[' if text == '[' else ''}`)"
    if kind != "name":
        return ""
    return _refused_name(text, state, following)


def _refused_name(token: str, state: _State, following: list[tuple[str, str]]) -> str:
    bare = token.strip("_")
    early = bare in SECTION_NAMES or (bare in STATIC_INIT and (state.attribute or state.in_define))
    if early:
        return f"uses `{token}`, with which code can run before or after the tests' main"
    scoped = following == [("other", ":"), ("other", ":")] or state.previous in (
        "namespace",
        "using",
    )
    if (
        bare in GOOGLETEST_NAMES
        or token.startswith("_Z")
        or (bare == "testing" and (scoped or state.in_define or state.namespace))
    ):
        return f"uses `{token}`: code under test may not reach into GoogleTest"
    if state.directive in MACRO_DIRECTIVES and GOOGLETEST_MACRO.match(token):
        return f"redefines GoogleTest's `{token}` (#{state.directive})"
    return ""


# in a file the course's tests include ---------------------------------------------------------


def _refused_in_tests(tokens: list[Token], strict: Strict) -> Refused | None:
    said = [d for d in directives(tokens) if d.name not in ("", "error", "warning", "line")]
    guard = _guard(said, strict)
    for directive in said:
        why = "" if directive is guard else _refused_directive(directive, strict)
        if why:
            return Refused(directive.line, why)
    pragma = next((t for t in tokens if t.text == "_Pragma"), None)
    if pragma is not None:
        return Refused(pragma.line, f"uses `_Pragma` ({IN_TESTS} may hold no #pragma but `once`)")
    return None


def _guard(said: list[Directive], strict: Strict) -> Directive | None:
    """The #define of the file's include guard: right after its first conditional, `#ifndef X`
    (or `#if !defined(X)`), `#define X` with nothing after it but a number, X no word of the
    course's files nor of the language's."""
    first = next((i for i, d in enumerate(said) if d.name in CONDITIONALS), None)
    if first is None or first + 1 == len(said):
        return None
    tested, define = _tested(said[first]), said[first + 1]
    names = [t.text for t in define.rest]
    if define.name != "define" or not tested or names[:1] != [tested]:
        return None
    plain = len(names) == 1 or (len(names) == 2 and define.rest[1].kind == "number")
    named_freely = tested not in strict.words and not KEYWORD.match(tested)
    return define if plain and named_freely and not GOOGLETEST_MACRO.match(tested) else None


def _tested(directive: Directive) -> str:
    """X of `#ifndef X`, `#if !defined(X)` or `#if !defined X`; "" for any other test."""
    texts = [t.text for t in directive.rest]
    if directive.name == "ifndef" and len(texts) == 1:
        return texts[0]
    if directive.name != "if" or texts[:2] != ["!", "defined"]:
        return ""
    if len(texts) == 3:
        return texts[2]
    return texts[3] if len(texts) == 5 and texts[2] == "(" and texts[4] == ")" else ""


def _refused_directive(directive: Directive, strict: Strict) -> str:
    rest = directive.rest
    if directive.name in MACRO_DIRECTIVES and rest:
        if directive.name == "define" and _definition(directive) in strict.handout:
            return ""
        if directive.name == "define" and _own_constant(directive, strict):
            return ""
        verb = "defines" if directive.name == "define" else "undefines"
        return f"{verb} the macro `{rest[0].text}` ({TESTS_SEE_IT})"
    if directive.name == "pragma" and [t.text for t in rest] != ["once"]:
        shown = " ".join(t.text for t in rest)[:60]
        return (
            f"has `#pragma {shown}` ({IN_TESTS} may hold no #pragma but `once`: one can push "
            "or pop a macro)"
        )
    if directive.name in INCLUDES and rest and rest[0].kind != "string" and rest[0].text != "<":
        return f"includes the file a macro names (`{rest[0].text}`), which no refusal can follow"
    return ""


def _own_constant(directive: Directive, strict: Strict) -> bool:
    """`#define NAME 9`: a lone integer under a name nothing after it in the tests' text can
    hold (no word of the course's files or of GoogleTest's headers, no keyword, not reserved,
    not a setting a standard header reads) and no macro of the handout's (those are as given).
    Never when GoogleTest's headers cannot be read."""
    if len(directive.rest) != 2 or directive.rest[1].kind != "number":
        return False
    name, value = directive.rest[0].text, directive.rest[1].text
    theirs = googletest_words()
    return (
        theirs is not None
        and INTEGER.match(value) is not None
        and not name.startswith("_")
        and name not in CONFIGURATION
        and name not in strict.words
        and name not in {handout[0] for handout in strict.handout}  # as given, or not at all
        and name not in theirs
        and not KEYWORD.match(name)
        and not GOOGLETEST_MACRO.match(name)
    )


@functools.cache
def googletest_words() -> frozenset[str] | None:
    """Every name GoogleTest's (and gMock's) headers use; None when they cannot be read."""
    try:
        headers = sorted(p for folder in GOOGLETEST_HEADERS for p in folder.rglob("*.h"))
        return words(p.read_text(encoding="utf-8", errors="replace") for p in headers) or None
    except OSError:
        return None


def _definition(directive: Directive) -> Definition:
    name, *body = directive.rest
    function_like = bool(body) and body[0].text == "(" and body[0].start == name.end
    return (name.text, function_like, tuple(t.text for t in body))
