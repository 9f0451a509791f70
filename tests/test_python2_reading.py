"""The Python 2 reading's text and tree (harness/sandbox/child/python2.py), without a worker:
what it rewrites keeps its lines and means what Python 2 meant, and it is used only where a
file does not run as Python 3. Graded end to end in test_real_files.py."""

from __future__ import annotations

import ast
from typing import Any

import pytest

from harness.sandbox.child import python2

PYTHON2 = """\
import sys
def f(a, b):
\tif a <> b:
\t\tprint "diff", a,
        \tprint >>sys.stderr, "x", 0777, 10L
\ttry:
\t\traise ValueError, "bad"
\texcept ValueError, e:
\t\tprint e
\td = {1: 2}
\tif d.has_key(1): print d.keys()[0], 7/2, 7.0/2 # a comment
\tfor k, v in d.iteritems(): print k; print(v)
\tx = 9; x /= 2
\texec "y = [3, 1, 2]" in globals()
\ty.sort(cmp=lambda a, b: cmp(b, a))
\tassert sorted(y, cmp=lambda a, b: a - b) == [1, 2, 3] and y == [3, 2, 1]
\ts = '''a
\tb'''
\treturn x, s
"""


def test_the_python_2_translation_keeps_lines_and_python_2_meanings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = python2.translated(PYTHON2)
    assert len(text.splitlines()) == len(PYTHON2.splitlines())
    assert 'print("diff", a, end=" ")' in text
    assert 'print("x", 0o777, 10, file=sys.stderr)' in text
    assert 'exec("y = [3, 1, 2]", globals())' in text
    assert "except ValueError as e:" in text and 'raise ValueError("bad")' in text
    assert "\tb'''" in text  # a string's own tabs are its own
    namespace: dict[str, Any] = {"__builtins__": python2.builtins_dict()}
    exec(compile(python2.tree(text), "<py2>", "exec"), namespace)
    assert namespace["f"](1, 2) == (4, "a\n\tb")
    assert capsys.readouterr().out == "diff 1 bad\n1 3 3.5\n1\n2\n"


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("r = range(9)\nr.remove(3)\n", "range(...) as a list (line 2)"),
        ("def f(d):\n    return d.keys()[0]\n", ".keys() as a list (line 2)"),
        ("for i in xrange(3):\n    pass\n", "xrange (line 1)"),
        ("print 1\n", "does not compile as Python 3 (line 1"),
        ("x = list(range(3))\nx.remove(1)\ny = range(4)[2]\n", ""),
        ("def xrange(n):\n    return n\nxrange(3)\n", ""),
        ("def f(long, unicode=1):\n    return long + unicode\n", ""),
    ],
)
def test_the_reading_is_used_only_where_the_file_does_not_run_as_python_3(
    source: str, why: str
) -> None:
    said = python2.needed(source)
    assert (why in said) if why else said == "", said
    if why and "compile" not in why:
        ast.parse(source)  # it compiles: what it uses is Python 2's


def test_a_source_too_long_to_read_as_python_2_is_read_as_written() -> None:
    """Its tokens are read in pure Python, in the supervisor too: a hostile file stays cheap."""
    source = "print 1\n" * (python2.TRANSLATED_CHARS // 8 + 1)
    assert python2.translated(source) == source
    assert python2.reading(source) == ""
    assert python2.translated(source[:80]).startswith("print(1)\n")
