"""What a student's C or C++ file may not hold when it is built into one program with the
course's GoogleTest tests (harness/frameworks/googletest.py), read from its tokens: comments,
string literals and raw strings told apart, lines spliced first, as the compiler reads them.

- Code that runs before the tests' main, or after it, or that places code where the loader runs
  it: GCC's `constructor`, `destructor`, `init_priority`, `ifunc` and `section` inside an
  attribute (`__attribute__((...))`, `[[...]]`) or a macro's body, `asm`, and the
  `.preinit_array`, `.init_array` and `.fini_array` sections. The harness's main reads its
  settings from a `.preinit_array` entry of its own, before any constructor; one of the
  student's there could run first. Outside an attribute and a macro those words are names like
  any other (a box called a `section`), and a macro whose body holds an attribute is refused, so
  that no attribute can come from a macro's arguments.
- GoogleTest itself: its headers (`gtest`, `gmock`, included as <...> or "..."), its
  `testing` namespace (`testing::`, `namespace testing`, `using namespace testing`, or in a
  macro's body), a mangled name (`_Z...`, to reach into it by symbol), and a `#define` or
  `#undef` of one of its macros (`TEST`, `ASSERT_*`, `EXPECT_*`, `GTEST_*`...), which would
  change what the teacher's tests say when they include the student's header.
- Token pasting (`##`), with which any of these names could be made from pieces.

Comments and strings are never read for names. A refusal is CE with the word named; the words
are chosen so that a solver's ordinary names are never refused.
"""

from __future__ import annotations

import re

SPLICE = re.compile(r"\\[ \t]*\r?\n")  # translation phase 2: a backslash-newline joins lines
TOKEN = re.compile(
    r"""
    (?P<skip>//[^\n]*|/\*.*?(?:\*/|\Z)|\s+)
    | (?P<string>(?:u8|[uUL])?R"(?P<delim>[^()\\\s"]{0,16})\(.*?(?:\)(?P=delim)"|\Z)
        | (?:u8|[uUL])?"(?:\\.|[^"\\\n])*"?
        | '(?:\\.|[^'\\\n])*'?)
    | (?P<name>[A-Za-z_$][\w$]*)
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
Token = tuple[str, str]  # (kind, text)


def refused(text: str) -> str:
    """Why a student's file may not be built with the tests ("" when it may), as the end of a
    sentence."""
    tokens = _tokens(SPLICE.sub("", text))
    state = _State()
    for at, (kind, token) in enumerate(tokens):
        why = _refused_token(kind, token, state, tokens[at + 1 : at + 3])
        if why:
            return why
        state.step(kind, token, tokens[at + 1 : at + 2])
    return ""


def _tokens(text: str) -> list[tuple[str, str]]:
    """(kind, text) of every token; a line break is a token of kind "newline"."""
    found = []
    for match in TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        if kind == "delim":
            kind = "string"
        if kind == "skip":
            if "\n" in match.group():  # a comment across lines too: a directive may follow
                found.append(("newline", "\n"))
            continue
        found.append((kind, match.group()))
    return found


class _State:
    """Where a token stands: in which directive (and its part), in an attribute, after what."""

    def __init__(self) -> None:
        self.directive = "start"  # a line's start, "#", the directive's name, or "" (none)
        self.in_define = False  # in the body of a #define: any word there may be pasted in
        self.attribute = 0  # parentheses or brackets open of an attribute
        self.opens_attribute = False  # the last word was __attribute__: its ( opens one
        self.previous = ""  # the last word

    def step(self, kind: str, token: str, following: list[Token]) -> None:
        if kind == "newline":
            self.directive, self.in_define = "start", False
            return
        if kind == "hash" and self.directive == "start":
            self.directive = "#"
            return
        if kind == "name" and self.directive == "#":
            self.directive = token
            return
        self.in_define = self.in_define or self.directive in ("define", "undef")
        self.directive = ""
        self._attribute(kind, token, following)
        if kind == "name":
            self.previous = token

    def _attribute(self, kind: str, token: str, following: list[Token]) -> None:
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


def _refused_token(kind: str, token: str, state: _State, following: list[Token]) -> str:
    if kind == "paste":
        return "pastes tokens (`##`), which can build any name from pieces"
    if kind == "string" and (named := SECTIONS.search(token)):
        return f"names {named.group()!r} in a string"
    if kind == "string" and state.directive == "include" and GOOGLETEST_HEADER.search(token):
        return f"includes GoogleTest ({token})"
    if state.in_define and (
        token in ATTRIBUTE or (token == "[" and following[:1] == [("other", "[")])
    ):
        return f"defines a macro holding an attribute (`{token}{'[' if token == '[' else ''}`)"
    if kind != "name":
        return ""
    return _refused_name(token, state, following)


def _refused_name(token: str, state: _State, following: list[Token]) -> str:
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
        or (bare == "testing" and (scoped or state.in_define))
    ):
        return f"uses `{token}`: code under test may not reach into GoogleTest"
    if state.directive in ("define", "undef") and GOOGLETEST_MACRO.match(token):
        return f"redefines GoogleTest's `{token}` (#{state.directive})"
    return ""
