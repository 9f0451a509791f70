"""Similarity across a class (harness/similarity/): a fixture class of one original solution of
sudoku-functions, copies of it disguised twelve ways, and four solutions written independently of
it and of each other in different styles (tests/fixtures/similarity/). Every solution fills in
the handout's starter (solvers/starters/sudoku-functions/q.py), as students do. Four of the
disguises put dead code in every function of a renamed, reordered copy (issue 35): a branch that
never runs (`unreachable`), statements after a return (`after_return`), assignments to names
never read (`unused_names`), and all three (`all_dead`: 46% and 29% before dead code was left
out, so not flagged); a fifth puts a live line of its own in the middle of every function
(`interleaved`: 73% and 58% before matches split by it were merged)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness.similarity import Cache, Fingerprinted, Settings, compare, fingerprinted, source_files
from harness.similarity.lexers import cpp, notebook, python
from harness.similarity.winnow import K
from tests.conftest import FIXTURES, REPO

CLASS = FIXTURES / "similarity"
STARTER = REPO / "solvers" / "starters" / "sudoku-functions" / "q.py"
DISGUISES = sorted(p.name for p in (CLASS / "disguised").iterdir())
INDEPENDENT = sorted((CLASS / "independent").iterdir())


def read(path: Path, name: str | None = None) -> Fingerprinted:
    return fingerprinted(name or path.name, source_files(path), Cache())


def starter() -> frozenset[int]:
    return read(STARTER).hashes


def independents() -> list[Fingerprinted]:
    return [read(path) for path in INDEPENDENT]


def test_the_fixture_class_is_what_it_says() -> None:
    assert DISGUISES == [
        "after_return", "all_dead", "dead_code", "everything", "interleaved", "recommented",
        "reformatted", "renamed", "reordered", "swapped", "unreachable", "unused_names",
    ]  # fmt: skip
    assert len(INDEPENDENT) >= 4


@pytest.mark.parametrize("disguise", DISGUISES)
def test_a_disguised_copy_pairs_with_its_original(disguise: str) -> None:
    copy = read(CLASS / "disguised" / disguise)
    found = compare([read(CLASS / "original"), copy, *independents()], starter(), Settings())
    top = found.pairs[0]
    assert {top.a, top.b} == {"original", disguise}
    assert top.flagged and min(top.share_a, top.share_b) >= 0.6, top
    assert [p for p in found.flagged] == [top]


@pytest.mark.parametrize("common_share", [0.3, 1.0])
def test_independent_solutions_are_not_flagged(common_share: float) -> None:
    class_ = [read(CLASS / "original"), *independents()]
    found = compare(class_, starter(), Settings(common_share=common_share))
    assert found.pairs, "independent solutions share some short idioms"
    assert not found.flagged
    assert max(p.share for p in found.pairs) < 0.2


def test_the_starter_is_left_out_by_config_or_as_common_code() -> None:
    """The starter is a third of a submission's prints: left out neither way, every solution
    shares that much with every other (the test above cannot pass by accident)."""
    class_ = [read(CLASS / "original"), *independents()]
    kept = compare(class_, frozenset(), Settings(common_share=1.0))
    assert len(kept.pairs) == 10
    assert min(min(p.share_a, p.share_b) for p in kept.pairs) > 0.3
    common = compare(class_, frozenset(), Settings(common_share=0.3, common_min=3))
    assert common.common_prints > 0.8 * len(starter())
    assert max(p.share for p in common.pairs) < 0.2


def test_the_starter_alone_is_not_flagged() -> None:
    alone = read(STARTER, "handed_in_the_starter")
    found = compare([alone, read(CLASS / "original"), *independents()], starter(), Settings())
    assert not found.flagged
    assert all("handed_in_the_starter" not in (p.a, p.b) for p in found.pairs)
    assert found.starter_prints == len(starter())


def test_code_most_of_the_class_shares_is_boilerplate() -> None:
    """Thirteen of seventeen hold the original's code: past common_share, it is left out, and
    with it the evidence, but for the junk two of the copies share alone (`if unused > 100:`
    tests a name, so it is not dead code); a share of 1 keeps it."""
    copies = [read(CLASS / "disguised" / name) for name in DISGUISES]
    class_ = [read(CLASS / "original"), *copies, *independents()]
    boiled = compare(class_, starter(), Settings(common_share=0.3))
    assert boiled.common_prints > 100
    assert [(p.a, p.b) for p in boiled.flagged] == [("dead_code", "everything")]
    kept = compare(class_, starter(), Settings(common_share=1.0))
    assert kept.common_prints == 0
    assert len(kept.flagged) == 13 * 12 // 2  # every pair of the thirteen


def test_matched_regions_are_the_copied_lines() -> None:
    copy = read(CLASS / "disguised" / "reordered")
    found = compare([read(CLASS / "original"), copy], starter(), Settings(common_share=1.0))
    pair = found.pairs[0]
    text = read(CLASS / "original").files[0].text.splitlines()
    covered = {n for r in pair.regions_a for n in range(r.first_line, r.last_line + 1)}
    assert any("taken = get_row" in text[n - 1] for n in covered)
    assert not any("def input_sudoku" in text[n - 1] for n in covered)  # the starter's


def test_python_tokens_forget_names_layout_comments_and_docstrings() -> None:
    one = 'def f(a, b):\n    """Doc."""\n    return a + b  # sum\n'
    two = "def total(x,\n          y):\n\n  # the sum\n\n  return x+y\n"
    kinds = [t.kind for t in python.tokens(one)]
    header = ["def", "N", "(", "N", ",", "N", ")", ":", ";"]
    assert kinds == [*header, "{", "return", "N", "+", "N", ";", "}"]
    assert [t.kind for t in python.tokens(two)] == kinds


def test_python_that_does_not_tokenize_keeps_what_came_before() -> None:
    found = python.tokens("x = 1\ny = (2,\n")
    assert [t.kind for t in found][:4] == ["N", "=", "#", ";"]


def test_cpp_tokens_forget_names_comments_and_includes() -> None:
    one = "#include <vector>\n// solve it\nint solve(int grid) { return grid * 2; /* x */ }\n"
    two = "int   go(int g)\n{\n    return g*3;\n}\n"
    assert [t.kind for t in cpp.tokens(one)] == [t.kind for t in cpp.tokens(two)]
    assert cpp.tokens(one)[0].line == 3
    assert [t.kind for t in cpp.tokens('s = "a\\"b" + \'c\';')] == ["N", "=", "S", "+", "S", ";"]


def test_a_notebook_is_read_as_its_code_cells() -> None:
    cells = [
        {"cell_type": "markdown", "source": ["# Title"]},
        {"cell_type": "code", "source": ["%matplotlib inline\n", "x = 1\n"]},
        {"cell_type": "code", "source": "print(x)"},
        {"cell_type": "code", "source": 42},
        "not a cell",
    ]
    read_in = notebook.read("n.ipynb", json.dumps({"cells": cells}))
    assert read_in.text == "\nx = 1\n\nprint(x)\n"
    assert [t.kind for t in read_in.tokens][:3] == ["N", "=", "#"]


@pytest.mark.parametrize(
    "text",
    ["not json", "[1, 2]", '{"cells": 3}', '{"cells": [null]}', "[" * 100_000 + "]" * 100_000],
    ids=["not-json", "a-list", "cells-a-number", "a-null-cell", "nested-too-deep"],
)
def test_a_notebook_that_is_not_one_gives_no_tokens(text: str) -> None:
    assert notebook.read("n.ipynb", text).tokens == ()


def test_a_file_too_short_for_one_kgram_has_no_fingerprints(tmp_path: Path) -> None:
    (tmp_path / "q.py").write_text("x = 1\n")
    assert read(tmp_path).prints == ()
    assert len(python.tokens("x = 1\n")) < K


def test_links_hidden_folders_and_other_files_are_not_read(tmp_path: Path) -> None:
    (tmp_path / "q.py").write_text("x = 1\n")
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "hook.py").write_text("y = 2\n")
    (tmp_path / "elsewhere.py").symlink_to(STARTER)
    assert [name for name, _ in source_files(tmp_path)] == ["q.py"]


def test_the_cache_reads_the_same_content_once() -> None:
    cache = Cache()
    first = fingerprinted("a", source_files(CLASS / "original"), cache)
    second = fingerprinted("b", source_files(CLASS / "original"), cache)
    assert len(cache.files) == 1
    assert first.prints == second.prints and second.name == "b"


def test_three_who_copied_in_a_small_class_are_not_boilerplate() -> None:
    """Three of seven hold the original's code: more than common_share of the class, but fewer
    than common_min, so every pair of the three is still found."""
    copies = [read(CLASS / "disguised" / name) for name in ("everything", "reordered")]
    class_ = [read(CLASS / "original"), *copies, *independents()]
    found = compare(class_, starter(), Settings(common_share=0.3))
    names = {"original", "everything", "reordered"}
    assert {frozenset((p.a, p.b)) for p in found.flagged} == {
        frozenset(names - {left_out}) for left_out in names
    }


def test_python_past_a_bad_indentation_is_still_read_line_by_line() -> None:
    """A copied file with a bad indentation in its middle: what follows it is still evidence."""
    found = python.tokens("def f():\n    x = 1\n  y = 2\nz = g(3)\nw = 'a'\n")
    assert [(t.kind, t.line) for t in found if t.line >= 3] == [
        ("N", 3), ("=", 3), ("#", 3), (";", 3),
        ("N", 4), ("=", 4), ("N", 4), ("(", 4), ("#", 4), (")", 4), (";", 4),
        ("N", 5), ("=", 5), ("S", 5), (";", 5),
    ]  # fmt: skip


def test_a_class_is_compared_with_an_archive_but_the_archive_not_with_itself() -> None:
    """Last year's original and a renamed copy of it in the archive; this year, a reordered copy
    and the independent solutions. The copy pairs with both archived ones; the two archived
    ones, alike as they are, are not a pair; the archive counts in no share of the class."""
    archive = [read(CLASS / "original", "old/original"), read(CLASS / "disguised" / "renamed")]
    class_ = [read(CLASS / "disguised" / "reordered"), *independents()]
    found = compare(class_, starter(), Settings(common_min=3), archive)
    assert {(p.a, p.b) for p in found.flagged} == {
        ("reordered", "old/original"), ("reordered", "renamed")
    }  # fmt: skip
    archived = {"old/original", "renamed"}
    assert not [p for p in found.pairs if {p.a, p.b} <= archived]
    assert all(p.b in archived for p in found.pairs if p.a in archived or p.b in archived)
    assert (found.submissions, found.archived) == (5, 2)


PANEL = REPO / "solvers" / "panel" / "cpp"


def disguised_cpp(text: str) -> str:
    """Every name changed (keywords kept), indentation in tabs, every comment rewritten."""
    names: dict[str, str] = {}

    def other(match: re.Match[str]) -> str:
        word = match.group()
        return word if word in cpp.KEYWORDS else names.setdefault(word, f"v{len(names)}")

    lines = [
        line if line.startswith("#") else re.sub(r"\b[A-Za-z_]\w*\b", other, line)
        for line in text.splitlines()
    ]
    return "\n".join(lines).replace("//", "// mine:").replace("    ", "\t")


def test_a_disguised_cpp_copy_pairs_and_another_program_does_not() -> None:
    original = PANEL / "first_empty.cpp"
    copy = disguised_cpp(original.read_text())
    assert copy != original.read_text()
    cache = Cache()
    class_ = [
        fingerprinted("copy", [("copy.cpp", copy.encode())], cache),
        fingerprinted("original", [(original.name, original.read_bytes())], cache),
        read(REPO / "solvers" / "stdin-program" / "cpp" / "sudoku.cpp", "other_program"),
    ]
    found = compare(class_, frozenset(), Settings())
    top = found.pairs[0]
    assert ({top.a, top.b}, top.share_a, top.share_b) == ({"copy", "original"}, 1.0, 1.0)
    # another program shares a few idioms (a loop's step written one way), nothing more
    others = [p for p in found.pairs if "other_program" in (p.a, p.b)]
    assert all(not p.flagged and p.share <= 0.05 for p in others), others


def test_a_cpp_copy_with_dead_code_pairs_as_a_plain_copy() -> None:
    """A renamed copy of a panel solver with an `if (0)` block or statements after a return in
    every function (tests/fixtures/similarity/cpp/dead_code/): 0.70 and 0.57 with the dead code
    read, all of both once it is left out."""
    original = PANEL / "first_empty.cpp"
    copy = CLASS / "cpp" / "dead_code"
    found = compare([read(original, "original"), read(copy, "copy")], frozenset(), Settings())
    assert (found.pairs[0].share_a, found.pairs[0].share_b) == (1.0, 1.0), found.pairs[0]


def test_an_indented_preprocessor_line_is_left_out() -> None:
    assert [t.kind for t in cpp.tokens("int x;\n  #define A 1\n")] == ["int", "N", ";"]


def test_a_notebook_copy_of_a_python_file_pairs_with_it() -> None:
    """The original's code split into notebook cells between markdown ones: the same code."""
    text = (CLASS / "original" / "q.py").read_text()
    cells = [
        cell
        for chunk in text.split("\ndef ")
        for cell in (
            {"cell_type": "markdown", "source": ["## Next\n"]},
            {"cell_type": "code", "source": ("def " + chunk).splitlines(keepends=True)},
        )
    ]
    cells[1]["source"] = text.split("\ndef ")[0].splitlines(keepends=True)
    notebook_file = json.dumps({"cells": cells, "nbformat": 4}).encode()
    copy = fingerprinted("notebook", [("Project_02_Copy.ipynb", notebook_file)], Cache())
    found = compare([read(CLASS / "original"), copy], starter(), Settings(common_share=1.0))
    assert found.pairs[0].flagged and min(found.pairs[0].share_a, found.pairs[0].share_b) > 0.9


EQUIVALENT_PYTHON = [
    ("counts[v] += 1\n", "counts[v] = counts[v] + 1\n"),
    ("k -= 2\n", "k = k - 2\n"),
    ("if a > b:\n    x = 1\n", "if a < b:\n    x = 1\n"),
    ("if a >= b:\n    x = 1\n", "if a <= b:\n    x = 1\n"),
    ("if x is None:\n    y = 1\n", "if x == None:\n    y = 1\n"),
    ("if x is not None:\n    y = 1\n", "if x != None:\n    y = 1\n"),
    ("if ok(x) == True:\n    y = 1\n", "if ok(x):\n    y = 1\n"),
    ("if ok(x) == False:\n    y = 1\n", "if not ok(x):\n    y = 1\n"),
    ("while done(k) == False:\n    k += 1\n", "while not done(k):\n    k = k + 1\n"),
]
EQUIVALENT_CPP = [
    ("for (i = 0; i < n; i++) s += a[i];", "for (i = 0; i < n; i = i + 1) s = s + a[i];"),
    ("for (i = 0; i < n; ++i) s += a[i];", "for (i = 0; i < n; i += 1) s = s + a[i];"),
    ("if (a > b) { c--; }", "if (a < b) { c = c - 1; }"),
]


@pytest.mark.parametrize(("one", "other"), EQUIVALENT_PYTHON)
def test_equivalent_python_constructs_read_alike(one: str, other: str) -> None:
    assert [t.kind for t in python.tokens(one)] == [t.kind for t in python.tokens(other)]


@pytest.mark.parametrize(("one", "other"), EQUIVALENT_CPP)
def test_equivalent_cpp_constructs_read_alike(one: str, other: str) -> None:
    assert [t.kind for t in cpp.tokens(one)] == [t.kind for t in cpp.tokens(other)]


def test_a_step_inside_an_expression_is_kept() -> None:
    assert "++" in [t.kind for t in cpp.tokens("x = a[i++];")]
    assert [t.kind for t in python.tokens("x = a == b\n")][:4] == ["N", "=", "N", "=="]


def test_constructs_swapped_for_equivalents_match_more_than_as_written() -> None:
    """The swapped copy changes eight lines; two of its swaps (`> 1` as `>= 2`, `k <= 9` as
    `9 >= k`) are not rewritten, the other six are, and the copy matches almost all of it."""
    copy = read(CLASS / "disguised" / "swapped")
    found = compare([read(CLASS / "original"), copy, *independents()], starter(), Settings())
    assert min(found.pairs[0].share_a, found.pairs[0].share_b) >= 0.9, found.pairs[0]


def test_the_board_solver_starter_is_never_evidence() -> None:
    """Two a2.py files that share only the B351 starter framework (loading, printing, boxes)
    are not flagged once config.yaml's starter is left out; without it they would be."""
    board_starter = REPO / "solvers" / "starters" / "board-solver" / "a2.py"
    assert str(board_starter.relative_to(REPO)) in (REPO / "config.yaml").read_text()
    reference = read(REPO / "solvers" / "board-solver", "reference")
    inline = read(REPO / "submissions" / "board-solver" / "evaluates_inline", "inline")
    left_out = read(board_starter, "starter").hashes
    assert not compare([reference, inline], left_out, Settings(common_share=1.0)).flagged
    plain = compare([reference, inline], frozenset(), Settings(common_share=1.0))
    assert plain.flagged, "the starter alone makes them alike"
