"""C, C++ and Java sources with their graded functions stubbed: each returns one constant.

Only the bodies change (braces.py finds them): declarations, headers, globals and includes stay
as the reference has them, so the control builds wherever the reference does. A function that
`names` lists (None: every one) answers the control's constant for its return type:

- `zero`: 0 for a number or a truth value (C, C++), a null pointer, `{}` for a C++ class value;
  in Java the type's default (0, false, null);
- `one`: 1 (or true) where the type is a number or a truth value; in Java an array or object
  answer is the function's first argument of that type, else null (the grid it was given back).

Constructors, destructors and operators are kept, so objects can be made and compared.
"""

from __future__ import annotations

import re
from collections.abc import Set
from typing import Literal

from harness.kinds.controls.braces import Function, functions

Language = Literal["c", "c++", "java"]
Constant = Literal["zero", "one"]
ARITHMETIC = frozenset(
    (
        "int",
        "char",
        "short",
        "long",
        "unsigned",
        "signed",
        "float",
        "double",
        "_Bool",
        "bool",
        "const",
        "volatile",
        "size_t",
        "ssize_t",
        "ptrdiff_t",
        "intptr_t",
        "uintptr_t",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "byte",
        "std::size_t",
        "std::ptrdiff_t",
        "std::int64_t",
        "std::uint64_t",
    )
)  # fmt: skip  (the words of a number's or a truth value's type: 0 and 1 are answers)
JAVA_NUMBERS = frozenset(["byte", "short", "int", "long", "float", "double", "char"])
HEADER = {
    "c": "/* A control made by `sudoku-harness check`: {says}. */\n",
    "c++": "// A control made by `sudoku-harness check`: {says}.\n",
    "java": "// A control made by `sudoku-harness check`: {says}.\n",
}


def stubbed(
    source: str, language: Language, constant: Constant, names: Set[str] | None, says: str
) -> str:
    """`source` with the bodies of its graded functions replaced."""
    pieces, last = [], 0
    for function in functions(source):
        if function.special or not _graded(function.name, names):
            continue
        pieces += [source[last : function.start], _body(function, language, constant)]
        last = function.end
    return HEADER[language].format(says=says) + "".join(pieces) + source[last:]


def _graded(name: str, names: Set[str] | None) -> bool:
    return names is None or name.split("::")[-1] in names


def _body(function: Function, language: Language, constant: Constant) -> str:
    returns = function.returns
    if returns == "void":
        return "{ }"
    if language == "java":
        return f"{{ return {_java(function, constant)}; }}"
    value = "1" if constant == "one" else "0"
    if "*" in returns:
        return "{ return nullptr; }" if language == "c++" else "{ return 0; }"
    if set(returns.split()) <= ARITHMETIC:
        return f"{{ return {value}; }}"
    if language == "c++":
        return _cpp_object(returns)
    return f"{{ {returns} answer = {{{value}}}; return answer; }}"


def _cpp_object(returns: str) -> str:
    """A C++ class value: `{}`; a reference: one to a value of the function's own."""
    if returns.endswith("&"):
        base = re.sub(r"^const\s+|\s*&&?$", "", returns)
        return f"{{ static {base} answer{{}}; return answer; }}"
    return "{ return {}; }"


def _java(function: Function, constant: Constant) -> str:
    returns = function.returns
    if returns == "boolean":
        return "true" if constant == "one" else "false"
    if returns in JAVA_NUMBERS:
        return "1" if constant == "one" else "0"
    if constant == "one":
        same = [name for kind, name in function.parameters if kind == returns]
        return same[0] if same else "null"
    return "null"
