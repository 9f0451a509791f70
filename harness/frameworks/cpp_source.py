"""What a student's C or C++ file may not hold when it is built into one program with the
course's GoogleTest tests (harness/frameworks/googletest.py), read from its tokens: comments,
string literals and raw strings told apart, lines spliced first, as the compiler reads them.

- Code that runs before the tests' main, or after it, or that places code where the loader runs
  it: GCC's `constructor`, `destructor`, `init_priority`, `ifunc`, `section` and `asm`, the
  `.preinit_array`, `.init_array` and `.fini_array` sections. The harness's main reads its
  settings from a `.preinit_array` entry of its own, before any constructor; one of the
  student's there could run first.
- GoogleTest itself: its headers (`gtest`, `gmock`, included as <...> or "..."), its
  `testing` namespace, a mangled name (`_Z...`, to reach into it by symbol), and a `#define`
  or `#undef` of one of its macros (`TEST`, `ASSERT_*`, `EXPECT_*`, `GTEST_*`...), which would
  change what the teacher's tests say when they include the student's header.
- Token pasting (`##`), with which any of these names could be made from pieces.

A name is refused wherever it appears but in comments and strings: a false alarm costs a rename
(the note says which word), a miss costs the report's trust.
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
STATIC_INIT = frozenset(
    {"constructor", "destructor", "init_priority", "ifunc", "section", "asm", "preinit_array",
     "init_array", "fini_array"}
)  # fmt: skip
GOOGLETEST_NAMES = frozenset({"gtest", "gmock", "testing"})
GOOGLETEST_MACRO = re.compile(
    r"(?:TEST(?:_F|_P)?|TYPED_TEST\w*|ASSERT_\w+|EXPECT_\w+|GTEST_\w*|GMOCK_\w*|FAIL|SUCCEED"
    r"|ADD_FAILURE\w*|SCOPED_TRACE|FRIEND_TEST|INSTANTIATE_\w+|REGISTER_TYPED_TEST\w*|MOCK_\w+"
    r"|ON_CALL|RUN_ALL_TESTS)\Z"
)
SECTIONS = re.compile(r"init_array|fini_array|\.ctors|\.dtors")
GOOGLETEST_HEADER = re.compile(r"\b(?:gtest|gmock)\b")


def refused(text: str) -> str:
    """Why a student's file may not be built with the tests ("" when it may), as the end of a
    sentence."""
    after_hash = "start"  # where a directive is read: a line's start, "#", then its name
    for kind, token in _tokens(SPLICE.sub("", text)):
        why = _refused_token(kind, token, after_hash)
        if why:
            return why
        after_hash = _directive(kind, token, after_hash)
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


def _refused_token(kind: str, token: str, after_hash: str) -> str:
    if kind == "paste":
        return "pastes tokens (`##`), which can build any name from pieces"
    if kind == "string" and (named := SECTIONS.search(token)):
        return f"names {named.group()!r} in a string"
    if kind == "string" and after_hash == "include" and GOOGLETEST_HEADER.search(token):
        return f"includes GoogleTest ({token})"
    if kind != "name":
        return ""
    bare = token.strip("_")
    if bare in STATIC_INIT:
        return f"uses `{token}`, with which code can run before or after the tests' main"
    if bare in GOOGLETEST_NAMES or token.startswith("_Z"):
        return f"uses `{token}`: code under test may not reach into GoogleTest"
    if after_hash in ("define", "undef") and GOOGLETEST_MACRO.match(token):
        return f"redefines GoogleTest's `{token}` (#{after_hash})"
    return ""


def _directive(kind: str, token: str, after_hash: str) -> str:
    """What of a directive has been read after this token: "#", its name, or ""."""
    if kind == "newline":
        return "start"
    if kind == "hash" and after_hash == "start":
        return "#"
    if kind == "name" and after_hash == "#":
        return token
    return ""
