"""Static rules read from the source: imports, prints in graded functions, dictionaries."""

from __future__ import annotations

from harness.config import RuleConfig
from harness.kinds.rules import check_source
from harness.records.results import RuleName

RULES: dict[RuleName, RuleConfig] = {
    "import": RuleConfig(allow=("typing",)),
    "print": RuleConfig(),
    "dict": RuleConfig(),
}
ITEMS = {"valid_list": "valid_list", "valid_Sudoku": "valid_sudoku", "get_row": "get_row"}
SOURCE = """\
from typing import List, Tuple
import math
from copy import deepcopy


def valid_list(lst):
    seen = {}
    return True


def valid_Sudoku(grid):
    print("checking")
    return all(valid_list(r) for r in grid)


def helper():
    print("not graded, not flagged")
    return dict(a=1)


if __name__ == "__main__":
    print(valid_list([1]))
"""


def test_each_rule_with_its_line_and_item() -> None:
    found = [(f.rule, f.item, f.line) for f in check_source(SOURCE, ITEMS, RULES)]
    assert found == [
        ("import", None, 2),
        ("import", None, 3),
        ("dict", "valid_list", 7),
        ("print", "valid_sudoku", 12),
        ("dict", None, 18),
    ]


def test_messages_quote_the_handout() -> None:
    messages = [f.message for f in check_source(SOURCE, ITEMS, RULES)]
    assert "imports math (the handout allows no imports)" in messages
    assert any("forbids dictionaries or hash-maps there" in m for m in messages)


def test_rules_not_configured_are_not_checked() -> None:
    assert check_source(SOURCE, ITEMS, {}) == []


def test_a_file_that_does_not_parse_has_no_flags() -> None:
    assert check_source("def f(:\n", ITEMS, RULES) == []
