"""Dead code is left out before fingerprinting (harness/similarity/deadcode/): each example with
dead code reads as the same code without it, and each example of code that only looks dead
keeps every token (Python: a name read somewhere, by a nested function, `locals()`, `eval`,
`global` or `nonlocal`; a test on a name's value; C and C++: a case, a label or a preprocessor
line after a return, an `if (0)` that is a loop's body)."""

from __future__ import annotations

import io
import tokenize

import pytest

from harness.similarity.deadcode.cpp import PREPROCESSOR
from harness.similarity.deadcode.cpp import live as cpp_live
from harness.similarity.deadcode.python import live
from harness.similarity.lexers import cpp, python


def kinds(text: str) -> list[str]:
    return [t.kind for t in python.tokens(text)]


DEAD = [
    pytest.param(
        "def f(a):\n    if False:\n        a = 2\n    return a\n",
        "def f(a):\n    return a\n",
        id="if-false",
    ),
    pytest.param(
        "def f(a):\n    if 0:\n        print(a)\n        a = 3\n    return a\n",
        "def f(a):\n    return a\n",
        id="if-zero",
    ),
    pytest.param(
        "def f(a):\n    while None:\n        a = 2\n    return a\n",
        "def f(a):\n    return a\n",
        id="while-none",
    ),
    pytest.param(
        "def f(a):\n    if not True or 1 > 2:\n        a = 2\n    return a\n",
        "def f(a):\n    return a\n",
        id="literal-test",
    ),
    pytest.param(
        "def f(a):\n    if False:\n        return 0\n    else:\n        a = a + 1\n"
        "        b = g(a)\n    return b\n",
        "def f(a):\n    a = a + 1\n    b = g(a)\n    return b\n",
        id="else-unwrapped",
    ),
    pytest.param(
        "def f(a):\n    if 0:\n        return 0\n    elif a:\n        return 1\n    else:\n"
        "        return 2\n",
        "def f(a):\n    if a:\n        return 1\n    else:\n        return 2\n",
        id="elif-leads",
    ),
    pytest.param(
        "def f(a):\n    if True:\n        a = g(a)\n    else:\n        a = 0\n    return a\n",
        "def f(a):\n    a = g(a)\n    return a\n",
        id="if-true-unwrapped",
    ),
    pytest.param(
        "def f(a):\n    for x in a:\n        if x:\n            return x\n            x = 0\n"
        "    return a\n    print(a)\n    a.clear()\n",
        "def f(a):\n    for x in a:\n        if x:\n            return x\n    return a\n",
        id="after-return",
    ),
    pytest.param(
        "def f(a):\n    for x in a:\n        if x:\n            break\n            g(x)\n"
        "        continue\n        g(x)\n    raise E(a)\n    g(a)\n",
        "def f(a):\n    for x in a:\n        if x:\n            break\n        continue\n"
        "    raise E(a)\n",
        id="after-break-continue-raise",
    ),
    pytest.param(
        "def f(a):\n    if a:\n        return 1\n    else:\n        return 2\n    g(a)\n",
        "def f(a):\n    if a:\n        return 1\n    else:\n        return 2\n",
        id="after-if-whose-branches-return",
    ),
    pytest.param(
        "def f(a):\n    size = len(a)\n    count = 0\n    label: str = 'x'\n    b = a[0] * 2\n"
        "    count += 1\n    return b\n",
        "def f(a):\n    b = a[0] * 2\n    return b\n",
        id="unused-names",
    ),
    pytest.param(
        "def f(a):\n    spare = a.copy()\n    return a\n",
        "def f(a):\n    a.copy()\n    return a\n",
        id="unused-name-of-a-call-keeps-the-call",
    ),
    pytest.param(
        "def f(a):\n    x = len(a)\n    return a\nlen = 3\n",
        "def f(a):\n    len(a)\n    return a\nlen = 3\n",
        id="a-builtin-the-file-rebinds-is-a-call",
    ),
    pytest.param(
        "def f(a):\n    x = a + 1\n    y = x * 2\n    return a\n",
        "def f(a):\n    return a\n",
        id="unused-once-the-unused-are-gone",
    ),
    pytest.param(
        "def f(a):\n    if False:\n        return t\n    t = 1\n    return a\n",
        "def f(a):\n    return a\n",
        id="read-only-where-it-never-runs",
    ),
    pytest.param(
        "def f(a):\n    pass\n    0\n    return a\n",
        "def f(a):\n    return a\n",
        id="statements-that-do-nothing",
    ),
    pytest.param(
        "def f(a):\n    b = a; return b; a = 3\n",
        "def f(a):\n    b = a; return b\n",
        id="after-return-on-its-line",
    ),
    pytest.param(
        "def f(a):\n    if 0:  # never\n        g(a)  # é\n    return a  # done\n",
        "def f(a):\n    return a\n",
        id="comments-and-other-letters",
    ),
]

ALIVE = [
    pytest.param("def f(a):\n    b = 2\n    return locals()\n", id="locals"),
    pytest.param("def f(a):\n    b = 2\n    return eval('b')\n", id="eval"),
    pytest.param(
        "def f(a):\n    b = 2\n    def g():\n        return b\n    return g\n", id="nested"
    ),
    pytest.param("def f(a):\n    b = 2\n    return lambda: b\n", id="lambda"),
    pytest.param("def f(a):\n    b = 2\n    return [b for _ in a]\n", id="comprehension"),
    pytest.param("def f(a):\n    global b\n    b = 2\n    return a\n", id="global"),
    pytest.param(
        "def f(a):\n    b = 1\n    def g():\n        nonlocal b\n        b = 2\n"
        "    g()\n    return a\n",
        id="nonlocal",
    ),
    pytest.param("def f(a):\n    b = 2\n    del b\n    return a\n", id="deleted"),
    pytest.param("def f(a):\n    b = 2\n    return f'{b!r:>{a}}'\n", id="f-string"),
    pytest.param(
        "def f(a):\n    b = 2\n    def g():\n        return vars()\n    return g\n",
        id="a-nested-function-reads-its-frame",
    ),
    pytest.param("def f(a):\n    a.b = 2\n    a[0] = 1\n    return a\n", id="attribute-target"),
    pytest.param("def f(a):\n    b, c = a\n    return b\n", id="one-of-a-tuple-read"),
    pytest.param("b = 2\nDEBUG = False\n", id="module-level"),
    pytest.param("class C:\n    b = 2\n", id="class-body"),
    pytest.param("def f(a):\n    if DEBUG:\n        g(a)\n    return a\n", id="test-of-a-name"),
    pytest.param("def f(a):\n    while True:\n        g(a)\n    return a\n", id="while-true"),
    pytest.param(
        "def f(a):\n    if a:\n        return 1\n    g(a)\n    return 2\n", id="return-in-a-branch"
    ),
    pytest.param(
        "def f(a):\n    try:\n        return g(a)\n    finally:\n        h(a)\n    return 0\n",
        id="try-is-not-followed",
    ),
    pytest.param("def f(a):\n    if a == 'x' < 2:\n        g(a)\n", id="name-compared"),
    pytest.param("def f(a):\n    if 1 < 'x':\n        g(a)\n", id="literals-that-do-not-compare"),
]


@pytest.mark.parametrize(("dead", "without"), DEAD)
def test_dead_code_reads_as_the_code_without_it(dead: str, without: str) -> None:
    assert kinds(dead) == kinds(without)


@pytest.mark.parametrize("text", ALIVE)
def test_code_that_only_looks_dead_is_kept(text: str) -> None:
    assert live(text, read(text)) == read(text)


def read(text: str) -> list[tokenize.TokenInfo]:
    found = tokenize.generate_tokens(io.StringIO(text).readline)
    return [t for t in found if t.type not in python.SKIPPED]


@pytest.mark.parametrize(
    "text",
    [
        "def f(a)\n    if False:\n        pass\n",
        "if False:\n    x = " + "(" * 300 + ")" * 300 + "\n",
        "if False:\n    x = 1\n\0\n",
    ],
    ids=["syntax-error", "nested-too-deep", "a-nul-byte"],
)
def test_a_file_without_an_ast_keeps_every_token(text: str) -> None:
    assert live(text, read(text)) == read(text)


DEAD_CPP = [
    pytest.param(
        "int f(int a) {\n  if (0) { a = 2; g(a); }\n  return a;\n}\n",
        "int f(int a) {\n  return a;\n}\n",
        id="if-zero-block",
    ),
    pytest.param(
        "int f(int a) {\n  a++;\n  if (false) a = 2;\n  return a;\n}\n",
        "int f(int a) {\n  a++;\n  return a;\n}\n",
        id="if-false-statement",
    ),
    pytest.param(
        "int f(int a) {\n  if (0L) { return 0; } else { a = g(a); }\n  return a;\n}\n",
        "int f(int a) {\n  a = g(a);\n  return a;\n}\n",
        id="else-unwrapped",
    ),
    pytest.param(
        "int f(int a) {\n  if (0) return 0; else if (a) return 1;\n  return a;\n}\n",
        "int f(int a) {\n  if (a) return 1;\n  return a;\n}\n",
        id="else-if-stays",
    ),
    pytest.param(
        "int f(int a) {\n  for (;;) { if (a) { break; a--; } }\n  return a + 1;\n  g(a);\n"
        "  { h(a); }\n}\n",
        "int f(int a) {\n  for (;;) { if (a) { break; } }\n  return a + 1;\n}\n",
        id="after-return-and-break",
    ),
    pytest.param(
        "void f(int a) {\n  throw E(a, {1, 2});\n  g(a);\n}\n",
        "void f(int a) {\n  throw E(a, {1, 2});\n}\n",
        id="after-throw",
    ),
]

ALIVE_CPP = [
    pytest.param(
        "int f(int a) {\n  if (a) return 1;\n  g(a);\n  return 0;\n}\n", id="return-in-if"
    ),
    pytest.param(
        "int f(int a) {\n  switch (a) {\n  case 1: g(a); return 1;\n  h(a);\n  case 2: return 2;\n"
        "  }\n  return 0;\n}\n",
        id="a-case-after",
    ),
    pytest.param(
        "int f(int a) {\n  goto out;\n  g(a);\nout:\n  return a;\n}\n", id="a-label-after"
    ),
    pytest.param(
        "int f(int a) {\n  return a;\n#ifdef DEBUG\n  g(a);\n#endif\n}\n", id="a-directive-after"
    ),
    pytest.param("int f(int a) {\n  if (1) { g(a); }\n  return a;\n}\n", id="if-one"),
    pytest.param("int f(int a) {\n  if (a - a) { g(a); }\n  return a;\n}\n", id="if-of-names"),
    pytest.param(
        "int f(int a) {\n  while (a) if (0) g(a);\n  return a;\n}\n", id="if-as-a-loop-body"
    ),
    pytest.param(
        "int f(int a) {\n  if (0) for (;;) g(a);\n  return a;\n}\n", id="if-of-a-compound"
    ),
    pytest.param(
        "#define CHECK(x) do { if (x) return 1; } while (0)\nint f(int a) {\n  CHECK(a);\n"
        "  return 0;\n}\n",
        id="do-while-zero",
    ),
    pytest.param("int f(int a) {\n  if (0) { g(a);\n", id="unclosed"),
]


@pytest.mark.parametrize(("dead", "without"), DEAD_CPP)
def test_dead_cpp_reads_as_the_code_without_it(dead: str, without: str) -> None:
    assert [t.kind for t in cpp.tokens(dead)] == [t.kind for t in cpp.tokens(without)]


@pytest.mark.parametrize("text", ALIVE_CPP)
def test_cpp_that_only_looks_dead_is_kept(text: str) -> None:
    written = [item for item in cpp.lexemes(text) if item.kind != PREPROCESSOR]
    assert cpp_live(cpp.lexemes(text)) == written
