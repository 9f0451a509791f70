"""Static rules from the handouts, found by reading the source (never by running it).

Each finding is a Flag with the rule's name, the graded item it sits in (if any) and its line.
Whether a flag costs marks is config.yaml's business (see marks.py), not this module's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping

from harness.config import RuleConfig
from harness.records.results import Flag, RuleName

DICT_NAMES = frozenset({"dict", "defaultdict", "OrderedDict", "Counter"})


def check_source(
    source: str, items: Mapping[str, str], rules: Mapping[RuleName, RuleConfig]
) -> list[Flag]:
    """Flags for `source`. `items` maps each function name in the file to its graded item."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return []  # a module that does not parse is reported by loading it, not here
    flags = [flag for node, item in _walk(tree, items) for flag in _judge(node, item, rules)]
    return sorted(flags, key=lambda f: (f.line or 0, f.rule))


def _walk(tree: ast.Module, items: Mapping[str, str]) -> Iterator[tuple[ast.AST, str | None]]:
    """Every node with the graded item whose top-level function contains it."""
    for top in tree.body:
        item = items.get(top.name) if isinstance(top, ast.FunctionDef) else None
        for node in ast.walk(top):
            yield node, item


def _judge(node: ast.AST, item: str | None, rules: Mapping[RuleName, RuleConfig]) -> list[Flag]:
    line = getattr(node, "lineno", None)
    found: list[Flag] = []
    if "import" in rules and isinstance(node, (ast.Import, ast.ImportFrom)):
        found += [
            Flag("import", item, line, f"imports {name} (the handout allows no imports)")
            for name in _imported(node)
            if name.split(".")[0] not in rules["import"].allow
        ]
    printing = "print" in rules and item and item not in rules["print"].allow
    if printing and _is_call_to(node, {"print"}):
        found.append(Flag("print", item, line, f"prints inside {item}"))
    if "dict" in rules and (
        isinstance(node, (ast.Dict, ast.DictComp)) or _is_call_to(node, DICT_NAMES)
    ):
        found.append(Flag("dict", item, line, _dict_message(item)))
    return found


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        return ["." * node.level + (node.module or "")]
    return [alias.name for alias in node.names]


def _is_call_to(node: ast.AST, names: frozenset[str] | set[str]) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )
    return name in names


def _dict_message(item: str | None) -> str:
    where = f" in {item}" if item else ""
    if item == "valid_list":
        return (
            "uses a dictionary in valid_list (the handout forbids dictionaries or hash-maps there)"
        )
    return f"uses a dictionary{where} (the handout says to store data only in lists)"
