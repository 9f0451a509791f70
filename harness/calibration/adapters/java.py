"""A Java panel member: the teacher's class (its name read from the reference) with each timed
method as the reference declares it (`public static boolean solve(int[][] grid)`), reading the
course's blank and values into the core's grid and writing the solution back in place, as
`returns: flag` (or `inverted-flag`) asks; then the core algorithm as a class of its own
(solvers/panel/functions/java/NAME.java: `final class Core`, over int[][] with 0 for a blank).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harness.calibration.adapters.target import Interface, Target

SUFFIXES = (".java",)
CLASS = re.compile(r"\bclass\s+(\w+)")
IN_PLACE = {  # returned when solved, when not: by the method's return type
    ("flag", "boolean"): ("true", "false"),
    ("flag", "int"): ("1", "0"),
    ("inverted-flag", "int"): ("0", "1"),
    ("inverted-flag", "boolean"): ("false", "true"),
}

METHOD = """
    {header} {{
        int n_ = {name}.length;
        int[][] panelGrid = new int[n_][n_];
        for (int r_ = 0; r_ < n_; r_++) {{
            for (int c_ = 0; c_ < n_; c_++) {{
                panelGrid[r_][c_] = {name}[r_][c_] == {blank} ? 0 : {name}[r_][c_] + {shift};
            }}
        }}
        if (!Core.solveGrid(panelGrid)) return {unsolved};
        for (int r_ = 0; r_ < n_; r_++) {{
            for (int c_ = 0; c_ < n_; c_++) {name}[r_][c_] = panelGrid[r_][c_] - {shift};
        }}
        return {solved};
    }}
"""


@dataclass(frozen=True)
class Method:
    owner: str  # the class declaring it
    header: str  # `public static boolean solve(int[][] grid)`
    returns: str
    name: str  # the grid parameter's


class JavaAdapter:
    """The teacher's class with the timed methods, then `final class Core`."""

    suffix = ".java"

    def member(self, core: str, interface: Interface) -> tuple[tuple[str, str], ...]:
        _, text = interface.reference_text(SUFFIXES)
        found = [(t, method(t, text)) for t in interface.targets]
        owners = {m.owner for _, m in found}
        if len(owners) > 1:
            raise found[0][0].refuse(f"its methods are in different classes ({sorted(owners)})")
        owner = owners.pop()
        if owner == "Core":
            raise found[0][0].refuse("the reference's class is named Core, as the panel's own")
        methods = "".join(_method(t, m) for t, m in found)
        head = (
            "// --- the assignment's interface: written by sudoku-harness from the reference ---\n"
        )
        body = f"{head}public final class {owner} {{\n    private {owner}() {{}}\n{methods}}}\n\n"
        return ((f"{owner}.java", body + core),)


def method(target: Target, text: str) -> Method:
    """The target's method in the reference's `text`; BadInput when it is none the panel can
    fill."""
    if target.arguments != ("grid",):
        raise target.refuse(
            f"args: the Java members take the grid alone, not {list(target.arguments)}"
        )
    name = re.escape(target.function)
    pattern = re.compile(
        rf"(?P<head>(?:public\s+)?static\s+(?:final\s+)?(?P<returns>boolean|int)\s+{name})\s*"
        rf"\(\s*(?:final\s+)?int\s*\[\s*\]\s*\[\s*\]\s*(?P<param>\w+)\s*\)"
    )
    match = pattern.search(text)
    if match is None:
        raise target.refuse(f"the reference declares no `static boolean {target.function}"
                            "(int[][] grid)` (or int)")  # fmt: skip
    owners = CLASS.findall(text[: match.start()])
    if not owners:
        raise target.refuse(f"the reference's {target.function} is in no class")
    header = f"{' '.join(match['head'].split())}(int[][] {match['param']})"
    if not header.startswith("public"):
        header = f"public {header}"
    return Method(owners[-1], header, match["returns"], match["param"])


def _method(target: Target, found: Method) -> str:
    conventions = target.conventions
    if not isinstance(conventions.blank, int) or conventions.values == "letters":
        raise target.refuse("a Java int[][] holds ints: the blank and the values must be numbers")
    key = (target.returns, found.returns)
    if key not in IN_PLACE:
        raise target.refuse(f"returns: a Java method answers in place (flag or inverted-flag), "
                            f"not {target.returns}")  # fmt: skip
    solved, unsolved = IN_PLACE[key]
    return METHOD.format(
        header=found.header,
        name=found.name,
        blank=conventions.blank,
        shift=1 if conventions.values == "zero-based" else 0,
        solved=solved,
        unsolved=unsolved,
    )
