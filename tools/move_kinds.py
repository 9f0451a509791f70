"""One folder per kind (issue 40, part 7): move harness/assignments/, harness/shapes/ and
harness/frameworks/ into harness/kinds/, and `suites calibrate`'s panels out of harness/league/
into harness/calibration/, then rewrite every reference to the old modules.

    python tools/move_kinds.py           # move, rewrite, and say what it did
    python tools/move_kinds.py --check   # say what it would move; change nothing

Run it from a clean checkout (every file committed) at the repository's root. It is idempotent:
run again, it finds nothing left to move or rewrite. A file that appeared in an old folder after
this table was written goes where its folder's row says (the longest folder row that holds it),
so a tree with new modules moves whole. What it cannot decide it prints as a NOTE to look at.

The table, MOVES, is the design: shared kind code in harness/kinds/ itself (the Kind protocol
and its registry, the probe sets' protocol and registry, plug-ins, the course's conventions,
expectations, `new`'s guesses, `check`'s controls, the Python session, budget, streaks, stubs,
rules, programs and the sanitizer step), a folder per kind (function_library/ with its declared
roles, board_classes/ with board-solver's trace replay, stdin_program/, notebook/ with COSC
130's plug-in, driven/, unit_tests/ with its frameworks/), each kind's Kind in its `kind.py`.
The child drivers stay in harness/sandbox/child/: the trust boundary.

References are rewritten in Python by its syntax (every `import` and `from ... import`, a name
of a module kept apart from a name defined in a package's __init__), and everywhere as text:
dotted module names (`"harness.shapes.notebook.unavailable"`) and paths
(`harness/shapes/streaks.py`, `harness/assignments/declared/`). Then the import-linter contracts
in pyproject.toml are fitted to the new folders, the rewritten Python files sorted and formatted
by ruff, and lines a rewrite made longer than the line length are wrapped (comments and
docstrings) or printed as a NOTE (code).
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE_LENGTH = 100

# old path -> new path. A row ending in "/" is a folder: each file under it that no longer row
# names keeps its place relative to the folder's new place.
MOVES: dict[str, str] = {
    # shared kind code: harness/kinds/ itself
    "harness/shapes/": "harness/kinds/",
    "harness/assignments/": "harness/kinds/",
    "harness/shapes/__init__.py": "harness/kinds/registry.py",  # KINDS, by the `shape` literal
    "harness/shapes/base.py": "harness/kinds/base.py",  # Kind, RunContext, SubmissionRun
    "harness/assignments/__init__.py": "harness/kinds/probe_sets.py",  # the probe sets by name
    "harness/assignments/base.py": "harness/kinds/probe_set.py",  # ProbeSet, Builder
    "harness/assignments/controls/": "harness/kinds/controls/",
    "harness/shapes/sanitizer/": "harness/kinds/sanitizer/",  # what a sanitizer build is
    "harness/shapes/sanitizer/step.py": "harness/kinds/sanitizer_step.py",  # over the kinds'
    # function-library, with its declared roles (the YAML vocabulary)
    "harness/shapes/function_library.py": "harness/kinds/function_library/kind.py",
    "harness/assignments/declared/": "harness/kinds/function_library/declared/",
    # board-classes: classes and objects, with board-solver's trace replay
    "harness/shapes/board_classes.py": "harness/kinds/board_classes/kind.py",
    "harness/assignments/board_solver/": "harness/kinds/board_classes/board_solver/",
    # stdin-program: its one probe set is the folder's package
    "harness/shapes/stdin_program.py": "harness/kinds/stdin_program/kind.py",
    "harness/shapes/exchange.py": "harness/kinds/stdin_program/exchange.py",
    "harness/assignments/stdin_program/": "harness/kinds/stdin_program/",
    # notebook, with COSC 130's plug-in
    "harness/shapes/notebook.py": "harness/kinds/notebook/kind.py",
    "harness/shapes/notebook_run.py": "harness/kinds/notebook/run.py",
    "harness/assignments/cosc130_notebook/": "harness/kinds/notebook/cosc130_notebook/",
    # driven
    "harness/shapes/driven/": "harness/kinds/driven/",
    "harness/shapes/driven/__init__.py": "harness/kinds/driven/kind.py",
    # unit-tests, with the frameworks its tests run under; its one probe set is the package
    "harness/shapes/unit_tests.py": "harness/kinds/unit_tests/kind.py",
    "harness/shapes/unit_builds.py": "harness/kinds/unit_tests/builds.py",
    "harness/assignments/unit_tests/": "harness/kinds/unit_tests/",
    "harness/frameworks/": "harness/kinds/unit_tests/frameworks/",
    # `suites calibrate`: the tiers held to the samples, and the panels; the leagues stay
    "harness/league/": "harness/league/",
    "harness/league/adapters/": "harness/calibration/adapters/",
    **{
        f"harness/league/{name}.py": f"harness/calibration/{name}.py"
        for name in (
            "axes",
            "axes_report",
            "board_panel",
            "board_panel_report",
            "function_panel",
            "function_panel_report",
            "panel",
            "panel_record",
            "panel_report",
            "samples",
        )
    },
}
CALIBRATION = tuple(old for old, new in MOVES.items() if new.startswith("harness/calibration/"))
OLD_ROOTS = ("shapes", "assignments", "frameworks", "league")  # under harness/
GONE = ("harness/shapes", "harness/assignments", "harness/frameworks")
LEAGUE_STAYS = {"harness/league/__init__.py", "harness/league/run.py", "harness/league/report.py"}

# Packages the move makes whose __init__ no old file becomes.
NEW_INITS: dict[str, str] = {
    "harness/kinds": "The kinds of submission, a folder each (config.yaml's `shape:`): how one is "
    "found and run (its `kind.py`, a Kind of base.py, in registry.py's KINDS) and how its items "
    "are probed (a ProbeSet of probe_set.py, by name in probe_sets.py); what kinds share is "
    "here.",
    "harness/kinds/function_library": "Kind `function-library`: a Python module of functions, "
    "called one probe at a time (kind.py); its items declared in YAML by role (declared/).",
    "harness/kinds/board_classes": "Kind `board-classes`: a Python module of classes, run by "
    "scenarios (kind.py); board-solver's trace replay, what YAML does not say (board_solver/).",
    "harness/kinds/notebook": "Kind `notebook`: a Jupyter notebook handed in beside a module, run "
    "whole in a kernel (kind.py, run.py); COSC 130's rubric over the run, a plug-in "
    "(cosc130_notebook/).",
    "harness/kinds/driven": "Kind `driven`: a student's functions in a compiled language (C, "
    "Java), built with the teacher's driver and called by it (kind.py).",
    "harness/calibration": "`suites calibrate`: the suites' tiers held to the course's official "
    "samples (`samples`) on counts that need no panel (`axes`), and the panels of typical "
    "solvers that time them: programs on stdin (`panel`), functions in an assignment's own "
    "interface (`function_panel`, `adapters/` a language each, `panel_record` their recorded "
    "times), classes (`board_panel`).",
}

# Where references are rewritten: these folders and files (tracked by git), never the
# expected outputs, the fixtures, the students' code, or this table.
REWRITE_IN = (
    "harness",
    "tests",
    "benchmarks",
    "docs",
    "docsite",
    ".ci",
    "solvers",
    "tools",
    "pyproject.toml",
    "README.md",
    "config.yaml",
    "mkdocs.yml",
)
NEVER = ("tests/golden/", "tests/fixtures/", "submissions/", "tools/move_kinds.py")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".yaml", ".yml", ".txt", ".cfg", ".sh", ""}

# Names the commits before the move renamed or moved, for code written against the old ones
# (another branch's): (old module, old name) -> (new module, new name).
RENAMED: dict[tuple[str, str], tuple[str, str]] = {
    ("harness.shapes", "SHAPES"): ("harness.kinds.registry", "KINDS"),
    ("harness.shapes.base", "Shape"): ("harness.kinds.base", "Kind"),
    ("harness.shapes.stdin_program", "run_limits"): ("harness.kinds.programs", "run_limits"),
    ("harness.shapes.driven.settings", "suffixes"): ("harness.kinds.base", "language_suffixes"),
}

# Text that names the old folders in a way no path or module name says: (file, old, new).
EXACT: tuple[tuple[str, str, str], ...] = (
    (  # the package's old source, run today: its imports where those modules are now
        "benchmarks/bench_declared.py",
        """    folder = Path(tempfile.mkdtemp(prefix="bench-declared-"))
""",
        """    for old, new in (
        ("harness.assignments.base", "harness.kinds.probe_set"),
        ("harness.assignments.expectations", "harness.kinds.expectations"),
    ):
        source = source.replace(old, new)
    folder = Path(tempfile.mkdtemp(prefix="bench-declared-"))
""",
    ),
    (
        "tests/test_docs.py",
        "engine = ('sandbox', 'grading', 'executors', 'shapes', 'league', 'cli')",
        "engine = ('sandbox', 'grading', 'executors', 'kinds', 'league', 'calibration', 'cli')",
    ),
)
# Old names that must stay as they are: a file at an old commit, read by its old path.
KEEP: tuple[tuple[str, str], ...] = (
    ("benchmarks/bench_declared.py", "harness/assignments/sudoku_functions/"),
    ("benchmarks/bench_declared.py", '"harness.assignments.base"'),
    ("benchmarks/bench_declared.py", '"harness.assignments.expectations"'),
)
KIND_FOLDERS = (
    "harness.kinds.function_library",
    "harness.kinds.board_classes",
    "harness.kinds.stdin_program",
    "harness.kinds.notebook",
    "harness.kinds.driven",
    "harness.kinds.unit_tests",
)
INDEPENDENCE = f"""
[[tool.importlinter.contracts]]
name = "One folder per kind: no kind imports another (what they share is harness/kinds/)"
type = "independence"
modules = [
{"".join(f'    "{m}",{chr(10)}' for m in KIND_FOLDERS)}]
"""

notes: list[str] = []
INDEPENDENT = True  # add the independence contract (--without-independence: not)


def say(text: str) -> None:
    print(text, flush=True)


def note(text: str) -> None:
    notes.append(text)


# --- where a path goes ---------------------------------------------------------------------


def moved(path: str) -> str:
    """The new place of an old path (a file, or a folder ending in "/"); itself when no row
    holds it."""
    if path in MOVES:
        return MOVES[path]
    folders = [row for row in MOVES if row.endswith("/") and path.startswith(row)]
    if not folders:
        return path
    row = max(folders, key=len)
    return MOVES[row] + path[len(row) :]


def moved_folder(folder: str) -> str:
    return moved(folder.rstrip("/") + "/").rstrip("/")


def is_old(path: str) -> bool:
    return any(path == f"harness/{r}" or path.startswith(f"harness/{r}/") for r in OLD_ROOTS)


def module_of(path: str) -> str:
    name = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return name


def new_module(module: str) -> tuple[str, bool] | None:
    """The new dotted name of an old module, and whether it was a package; None when the name
    is no module (in the tree as moved)."""
    path = module.replace(".", "/")
    for old, package in ((f"{path}.py", False), (f"{path}/__init__.py", True)):
        new = moved(old)
        if (ROOT / new).is_file() and CLAIMED.get(new, old) == old:
            return module_of(new), package
    return None


# A file a row names: no other old path became it (harness/assignments/probe_sets.py never
# was; harness/assignments/__init__.py is harness/kinds/probe_sets.py now).
CLAIMED = {new: old for old, new in MOVES.items() if not old.endswith("/")}


def defined_in(module: str) -> set[str]:
    """The names a module (as moved) defines or imports at its top level."""
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.is_file():
        path = path.with_suffix("") / "__init__.py"
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


# --- the move ------------------------------------------------------------------------------


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


def tracked(*paths: str) -> list[str]:
    return [line for line in git("ls-files", "--", *paths).splitlines() if line]


def tracked_at(commit: str, *paths: str) -> list[str]:
    listed = git("ls-tree", "-r", "--name-only", commit, "--", *paths)
    return [line for line in listed.splitlines() if line]


def plan_moves() -> list[tuple[str, str]]:
    pairs = [(old, moved(old)) for old in tracked(*(f"harness/{r}" for r in OLD_ROOTS))]
    pairs = [(old, new) for old, new in pairs if old != new]
    news = [new for _, new in pairs]
    clash = sorted({new for new in news if news.count(new) > 1})
    if clash:
        sys.exit(f"error: two files would move to one place: {clash}")
    for old, new in pairs:
        if (ROOT / new).exists() and not is_old(new):
            sys.exit(f"error: {old} -> {new}: {new} is there already")
    return pairs


def new_panels() -> None:
    """A file harness/league/ gained since the table was written goes to harness/calibration/
    when it is a panel's: named so, or taking from what moves there (a league's stays)."""
    panels = [Path(old.rstrip("/")).stem for old in CALIBRATION]
    names = "|".join(panels)
    uses = re.compile(
        rf"harness[./]league[./](?:{names})\b|from harness\.league import [^\n]*\b(?:{names})\b"
    )
    for old in tracked("harness/league"):
        if old in LEAGUE_STAYS or moved(old) != old or not old.endswith(".py"):
            continue
        text = (ROOT / old).read_text(encoding="utf-8", errors="replace")
        if re.search(r"panel|axes|samples|calibrat", Path(old).name) or uses.search(text):
            MOVES[old] = "harness/calibration/" + old.removeprefix("harness/league/")
            CLAIMED[MOVES[old]] = old
            note(f"{old}: new in harness/league/ and a panel's: moved to {MOVES[old]}")
        else:
            note(f"{old}: new in harness/league/ and no panel's: left there")


def move(pairs: list[tuple[str, str]]) -> None:
    table = git("log", "-1", "--format=%H", "--", "tools/move_kinds.py").strip()
    known = set(tracked_at(table, *(f"harness/{r}" for r in OLD_ROOTS))) if table else set()
    for old, new in pairs:
        (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
        git("mv", old, new)
        say(f"moved    {old} -> {new}")
        if known and old not in known:
            note(f"{old}: new since the table was written: moved to {new} by its folder's row")
    for folder, doc in NEW_INITS.items():
        init = ROOT / folder / "__init__.py"
        if (ROOT / folder).is_dir() and not init.exists():
            init.write_text(f'"""{wrapped_doc(doc)}"""\n', encoding="utf-8")
            git("add", init.relative_to(ROOT).as_posix())
            say(f"created  {init.relative_to(ROOT)}")
    for package in sorted({p.parent for p in (ROOT / "harness").rglob("*.py")}):
        if not (package / "__init__.py").exists():
            note(f"{package.relative_to(ROOT)}/: a package without __init__.py")
    for gone in GONE:
        left = tracked(gone)
        if left:
            sys.exit(f"error: {gone}/ still holds {left}")
        if (ROOT / gone).exists():
            files = (p for p in (ROOT / gone).rglob("*") if p.is_file())
            strays = [p for p in files if "__pycache__" not in p.parts]
            if strays:
                note(f"{gone}/: untracked files left there: {[str(p) for p in strays]}")
            else:
                shutil.rmtree(ROOT / gone)
                say(f"removed  {gone}/ (nothing tracked was left in it)")
    for cache in (ROOT / "harness" / "league").rglob("__pycache__"):
        shutil.rmtree(cache)
    adapters = ROOT / "harness" / "league" / "adapters"
    if adapters.is_dir() and not any(adapters.rglob("*.py")):
        shutil.rmtree(adapters)


def wrapped_doc(text: str) -> str:
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > LINE_LENGTH - 3:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, line])


# --- references as text --------------------------------------------------------------------

ROOTS = "|".join(OLD_ROOTS)
DOTTED = re.compile(rf"(?<![\w.])harness\.(?:{ROOTS})(?:\.[A-Za-z_]\w*)*")
SLASHED = re.compile(rf"(?<![\w-])harness/(?:{ROOTS})(?:/\w+)*(?:\.py)?/?")


def new_dotted(match: re.Match[str]) -> str:
    parts = match.group(0).split(".")
    for end in range(len(parts), 1, -1):
        found = new_module(".".join(parts[:end]))
        if found is None:
            continue
        name, package = found
        rest = parts[end:]
        if package and (not rest or rest[0] not in defined_in(name)):  # its folder, or in it
            return ".".join([moved_folder("/".join(parts[:end])).replace("/", "."), *rest])
        return ".".join([name, *rest])
    return match.group(0)


def new_slashed(match: re.Match[str]) -> str:
    text = match.group(0)
    if text.endswith(".py"):
        return moved(text)
    slash = "/" if text.endswith("/") else ""
    path = text.rstrip("/")
    if (ROOT / moved(f"{path}.py")).is_file() and not (ROOT / moved(f"{path}/")).is_dir():
        return moved(f"{path}.py").removesuffix(".py") + slash
    return moved_folder(path) + slash


def rewrite_text(text: str) -> str:
    return SLASHED.sub(new_slashed, DOTTED.sub(new_dotted, text))


# --- references in Python, by its syntax ---------------------------------------------------


def names_old(module: str) -> bool:
    return any(module == f"harness.{r}" or module.startswith(f"harness.{r}.") for r in OLD_ROOTS)


def from_import(node: ast.ImportFrom, where: str) -> list[tuple[str, str, str | None]] | None:
    """(module, name, as) for each name, with the modules as moved; None when nothing moves."""
    module = node.module or ""
    if node.level or not (names_old(module) or module == "harness"):
        return None
    out: list[tuple[str, str, str | None]] = []
    changed = False
    for alias in node.names:
        full = f"{module}.{alias.name}"
        found = new_module(full) if (names_old(full) or names_old(module)) else None
        if found is not None:  # a module: from its new parent
            parent, _, last = found[0].rpartition(".")
            bound = alias.asname or alias.name
            out.append((parent, last, None if last == bound else bound))
            changed = changed or found[0] != full
            continue
        if module == "harness":
            out.append((module, alias.name, alias.asname))
            continue
        renamed = RENAMED.get((module, alias.name))
        if renamed is not None:  # a name the commits before the move renamed or moved
            bound = alias.asname or alias.name
            out.append((renamed[0], renamed[1], None if renamed[1] == bound else bound))
            note(f"{where}:{node.lineno}: {module}.{alias.name} is {'.'.join(renamed)} now")
            changed = True
            continue
        owner = new_module(module)
        if owner is None:
            note(f"{where}:{node.lineno}: from {module} import {alias.name}: no such module")
            out.append((module, alias.name, alias.asname))
            continue
        out.append((owner[0], alias.name, alias.asname))
        changed = changed or owner[0] != module
    return out if changed else None


def import_lines(parts: list[tuple[str, str, str | None]], indent: str, tail: str) -> list[str]:
    grouped: dict[str, list[str]] = {}
    for module, name, bound in parts:
        grouped.setdefault(module, []).append(name if bound is None else f"{name} as {bound}")
    return [f"{indent}from {m} import {', '.join(names)}{tail}" for m, names in grouped.items()]


def rewrite_imports(text: str, where: str) -> str:
    try:
        tree = ast.parse(text)
    except SyntaxError as err:
        note(f"{where}: not parsed ({err.msg}, line {err.lineno}): its imports rewritten as text")
        return text
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if names_old(alias.name):
                    note(f"{where}:{node.lineno}: import {alias.name}: rewritten as text, check it")
            continue
        if not isinstance(node, ast.ImportFrom) or node.end_lineno is None:
            continue
        parts = from_import(node, where)
        if parts is None:
            continue
        first, last = node.lineno - 1, node.end_lineno - 1
        indent = lines[first][: node.col_offset]
        tail = lines[last][node.end_col_offset or 0 :].rstrip("\n")
        edits.append((first, last, [line + "\n" for line in import_lines(parts, indent, tail)]))
    for first, last, new in sorted(edits, reverse=True):
        lines[first : last + 1] = new
    return "".join(lines)


# --- pyproject.toml: the contracts ---------------------------------------------------------


def fit_contracts(text: str) -> str:
    header = re.search(r"^\[tool\.importlinter\]", text, flags=re.M)
    start = header.start() if header else -1
    if start < 0:
        note("pyproject.toml: no [tool.importlinter]")
        return text
    head, body = text[:start], text[start:]
    body = re.sub(r"layers = \[\n(.*?)\n\]", fit_layers, body, flags=re.S)
    body = re.sub(r"(forbidden_modules = \[)(.*?)(\])", fit_forbidden, body, flags=re.S)
    if INDEPENDENT and "harness.kinds.function_library" not in body:
        body = add_contract(body)
    return head + body


def fit_layers(match: re.Match[str]) -> str:
    kept: list[str] = []
    for line in match.group(1).split("\n"):
        found = re.fullmatch(r'(\s*)"([^"]*)",?(.*)', line)
        if not found:
            kept.append(line)
            continue
        indent, layer, rest = found.groups()
        seps = " | " if "|" in layer else " : "
        names = [n.strip() for n in re.split(r"[|:]", layer)]
        renamed = list(dict.fromkeys("kinds" if n in GONE_NAMES else n for n in names))
        if "league" in renamed and "calibration" not in match.group(1):
            renamed.insert(renamed.index("league"), "calibration")
            seps = " | "
        new = seps.join(renamed)
        if any(f'"{new}"' in k for k in kept):
            continue
        kept.append(f'{indent}"{new}",{rest}')
    return "layers = [\n" + "\n".join(kept) + "\n]"


GONE_NAMES = {"shapes", "assignments", "frameworks"}


def fit_forbidden(match: re.Match[str]) -> str:
    """A module named twice once (harness.shapes and harness.assignments are both harness.kinds
    now), and harness.calibration forbidden where harness.league is; the lines kept as written."""
    seen: set[str] = set()
    league = '"harness.league",'
    calibration = "harness.calibration" in match.group(2)
    lines = []
    for line in match.group(2).split("\n"):
        items = re.findall(r'"([^"]+)",?', line)
        kept = [item for item in dict.fromkeys(items) if item not in seen]
        seen.update(kept)
        if items and not kept:
            continue
        if kept != items:
            indent = line[: len(line) - len(line.lstrip())]
            line = indent + " ".join(f'"{item}",' for item in kept)
        if league in line and not calibration:
            line = line.replace(league, f'{league} "harness.calibration",')
        lines.extend(split_line_items(line))
    return match.group(1) + "\n".join(lines) + match.group(3)


def split_line_items(line: str) -> list[str]:
    """A line of a list too long for the line length, as two or more."""
    if len(line) <= LINE_LENGTH:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    lines, current = [], indent
    for item in line.split():
        if current.strip() and len(current) + 1 + len(item) > LINE_LENGTH:
            lines.append(current)
            current = indent
        current = f"{current} {item}" if current.strip() else f"{indent}{item}"
    return [*lines, current]


def add_contract(body: str) -> str:
    """The independence contract after the last import-linter contract, before what follows."""
    after = [m.start() for m in re.finditer(r"^\[(?!\[tool\.importlinter)", body, flags=re.M)]
    after = [a for a in after if a > 0]
    cut = after[0] if after else len(body)
    return body[:cut].rstrip("\n") + "\n" + INDEPENDENCE + ("\n" if after else "") + body[cut:]


# --- lines made too long -------------------------------------------------------------------


LIST_ITEM = re.compile(r"(?:[-*] |\d+\. )")


def wrap_long_lines(text: str, before: str, markdown: bool = False) -> str:
    """Prose the rewrite made longer than the line length (Python comments and docstrings,
    Markdown paragraphs) reflowed: the words past it go to the start of the paragraph's next
    line, or to a line of their own. Code is left for ruff (imports) or a NOTE."""
    old_lines = set(before.splitlines())
    prose = prose_lines(text, markdown)
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        prefix = prose.get(number + 1)
        if len(line) <= LINE_LENGTH or line in old_lines or prefix is None:
            number += 1
            continue
        head, rest = split_at(line, LINE_LENGTH)
        if not rest:
            number += 1
            continue
        lines[number] = head
        nxt = lines[number + 1] if number + 1 < len(lines) else ""
        carry = continuation(prefix, nxt) and prose.get(number + 2) is not None
        if carry:
            lines[number + 1] = f"{prefix}{rest} {nxt[len(prefix) :]}"
        else:
            lines.insert(number + 1, prefix + rest)
            prose = {k + (k > number + 1): v for k, v in prose.items()}
            prose[number + 2] = prefix
        number += 1
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def split_at(line: str, width: int) -> tuple[str, str]:
    """The line cut at its last space within `width` (never inside its indentation)."""
    start = len(line) - len(line.lstrip())
    cut = line.rfind(" ", start + 1, width + 1)
    if cut <= start:
        return line, ""
    return line[:cut], line[cut + 1 :]


def continuation(prefix: str, line: str) -> bool:
    """Whether `line` goes on the paragraph whose lines start with `prefix`."""
    if not line.startswith(prefix) or not line[len(prefix) :].strip():
        return False
    text = line[len(prefix) :]
    return not (text[0].isspace() or LIST_ITEM.match(text) or text.startswith(("|", "#", "`")))


def prose_lines(text: str, markdown: bool) -> dict[int, str]:
    """Line number -> the prefix its paragraph's lines start with, for each line of prose."""
    lines = text.splitlines()
    found: dict[int, str] = {}
    if markdown:
        fenced = False
        for number, line in enumerate(lines, start=1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
            elif not fenced and line.strip() and not line.lstrip().startswith(("|", "#", "<")):
                indent = line[: len(line) - len(line.lstrip())]
                item = LIST_ITEM.match(line.lstrip())
                found[number] = indent + " " * (item.end() if item else 0)
        return found
    docs = docstring_lines(text)
    for number, line in enumerate(lines, start=1):
        comment = re.match(r"\s*#\s?", line)
        if comment and not line[comment.end() :].startswith("!"):
            found[number] = comment.group(0).rstrip() + " "
        elif number in docs:
            found[number] = line[: len(line) - len(line.lstrip())]
    return found


def docstring_lines(text: str) -> set[int]:
    """The numbers of the lines of docstrings (wrapping them changes no code)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return set()
    inside: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
            and first.end_lineno is not None
        ):
            inside.update(range(first.lineno, first.end_lineno + 1))
    return inside


# --- ROLES keyed by the Role literal -------------------------------------------------------

ROLES_FILE = "harness/assignments/declared/roles.py"
ROLE_DOC = (
    '    """The role config.yaml\'s `role: name` declares; register a new role here and in\n'
    "    the literal (harness/vocabulary.py): one the literal names and this lacks is a type\n"
    '    error (a missing return), not a KeyError at grading time."""\n'
)


def roles_by_literal() -> bool:
    """The roles' registry, a dict from each role's name to its role, made a function matching
    every name of the `Role` literal (a role the literal names and the function lacks is a type
    error: a missing return) and ROLES the mapping it makes, in the literal's order. Done here,
    on the tree as merged, so that the roles other branches added are in it; once done, it is
    not found again."""
    path = ROOT / moved(ROLES_FILE)
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    found = [
        node
        for node in tree.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "ROLES"
        and isinstance(node.value, ast.Dict)
    ]
    if not found:
        if "def role(name:" not in text:
            note(f"{moved(ROLES_FILE)}: no `ROLES: dict[...] = {{...}}` to key by the literal")
        return False
    node = found[0]
    assert isinstance(node.value, ast.Dict) and node.end_lineno is not None
    literal, kind = "RoleName", "Role"
    annotation = node.annotation
    if isinstance(annotation, ast.Subscript) and isinstance(annotation.slice, ast.Tuple):
        key, value = annotation.slice.elts
        if isinstance(key, ast.Name) and key.id != "str":
            literal = key.id
        if isinstance(value, ast.Name):
            kind = value.id
    cases: dict[str, list[str]] = {}
    for key_node, value_node in zip(node.value.keys, node.value.values, strict=True):
        if not (isinstance(key_node, ast.Constant) and isinstance(key_node.value, str)):
            note(f"{moved(ROLES_FILE)}: ROLES has a key that is no string: left as it is")
            return False
        made = ast.get_source_segment(text, value_node) or ""
        cases.setdefault(made, []).append(key_node.value)
    body = "".join(
        f"        case {' | '.join(repr(n).replace(chr(39), chr(34)) for n in names)}:\n"
        f"            return {made}\n"
        for made, names in cases.items()
    )
    made_all = f"{{name: role(name) for name in get_args({literal})}}"
    function = (
        f"def role(name: {literal}) -> {kind}:\n{ROLE_DOC}    match name:\n{body}\n\n"
        f"ROLES: Mapping[{literal}, {kind}] = {made_all}\n"
    )
    lines = text.splitlines(keepends=True)
    lines[node.lineno - 1 : node.end_lineno] = [function]
    imports = "from collections.abc import Mapping\nfrom typing import get_args\n"
    if literal == "RoleName":
        imports += "from harness.vocabulary import Role as RoleName\n"
    future = "from __future__ import annotations\n"
    text = "".join(lines).replace(future, f"{future}\n{imports}", 1)
    path.write_text(text, encoding="utf-8")
    say(f"rewrote  {moved(ROLES_FILE)}: ROLES keyed by the {literal} literal ({len(cases)} roles)")
    return True


# --- the whole run -------------------------------------------------------------------------


def files_to_rewrite() -> list[str]:
    found = []
    for path in tracked(*REWRITE_IN):
        if path.startswith(NEVER) or path in NEVER:
            continue
        if Path(path).suffix not in TEXT_SUFFIXES and not path.startswith(".ci/"):
            continue
        if (ROOT / path).is_file():
            found.append(path)
    return found


def hidden(text: str, kept: list[str]) -> str:
    for number, old in enumerate(kept):
        text = text.replace(old, f"__kept_{number}__")
    return text


def shown(text: str, kept: list[str]) -> str:
    for number, old in enumerate(kept):
        text = text.replace(f"__kept_{number}__", old)
    return text


def rewrite(path: str) -> bool:
    file = ROOT / path
    try:
        before = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False
    kept = [old for where, old in KEEP if where == path]
    text = hidden(before, kept)
    if path.endswith(".py"):
        text = rewrite_imports(text, path)
    text = shown(rewrite_text(text), kept)
    for where, old, new in EXACT:
        if where == path and old in text and new not in text:
            text = text.replace(old, new)
    if path == "pyproject.toml":
        text = fit_contracts(text)
    if path.endswith((".py", ".md")) and text != before:
        text = wrap_long_lines(text, before, markdown=path.endswith(".md"))
    if text == before:
        return False
    file.write_text(text, encoding="utf-8")
    return True


def tidy(paths: list[str]) -> None:
    """The rewritten imports sorted and formatted as the project's ruff does."""
    python = [p for p in paths if p.endswith(".py")]
    ruff = shutil.which("ruff")
    if not python:
        return
    if ruff is None:
        note("ruff is not on PATH: run `ruff check --select I --fix` and `ruff format` yourself")
        return
    subprocess.run([ruff, "check", "--select", "I", "--fix", "-q", *python], cwd=ROOT, check=False)
    formatted = [p for p in python if not p.startswith(("solvers/", "tools/"))]
    subprocess.run([ruff, "format", "-q", *formatted], cwd=ROOT, check=False)
    long = subprocess.run(
        [ruff, "check", "--select", "E501", "--output-format", "concise", "-q", *formatted],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    for line in long.stdout.splitlines():
        note(f"{line} (after the rewrite: wrap it)")


def check_left() -> None:
    for path in files_to_rewrite():
        text = (ROOT / path).read_text(encoding="utf-8", errors="replace")
        text = hidden(text, [old for where, old in KEEP if where == path])
        for pattern in (DOTTED, SLASHED):
            for match in pattern.finditer(text):
                if match.group(0) != (new_dotted if pattern is DOTTED else new_slashed)(match):
                    note(f"{path}: {match.group(0)} is still named")
    for where, old, new in EXACT:
        text = (ROOT / where).read_text(encoding="utf-8") if (ROOT / where).is_file() else ""
        if old in text and new not in text:
            note(f"{where}: still holds {old!r}")


def contracts() -> None:
    """lint-imports on the moved tree, when it is installed: a broken contract is a NOTE."""
    linter = shutil.which("lint-imports")
    if linter is None:
        note("lint-imports is not on PATH: run it yourself")
        return
    done = subprocess.run([linter], cwd=ROOT, capture_output=True, text=True, check=False)
    for line in done.stdout.splitlines():
        if line.endswith(("KEPT", "BROKEN")) or line.startswith("Contracts:"):
            say(f"contract {line}")
    if done.returncode:
        note(
            "lint-imports: a contract is broken (run `lint-imports` for the chain); if it is the "
            "kinds' independence, a kind imports another: move what they share to harness/kinds/ "
            "(a row of MOVES), or run again with --without-independence"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="say what would move; change nothing")
    parser.add_argument(
        "--without-independence",
        action="store_true",
        help="add no contract that keeps the kinds' folders from importing each other",
    )
    args = parser.parse_args()
    global INDEPENDENT
    INDEPENDENT = not args.without_independence
    new_panels()
    pairs = plan_moves()
    if args.check:
        for old, new in pairs:
            say(f"would move {old} -> {new}")
        say(f"{len(pairs)} files would move")
        return 0
    move(pairs)
    changed = [path for path in files_to_rewrite() if rewrite(path)]
    if roles_by_literal() and moved(ROLES_FILE) not in changed:
        changed.append(moved(ROLES_FILE))
    for path in changed:
        say(f"rewrote  {path}")
    tidy(changed)
    if changed:
        git("add", "--", *changed)
    check_left()
    contracts()
    say(f"{len(pairs)} files moved, {len(changed)} files rewritten")
    for text in notes:
        say(f"NOTE     {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
