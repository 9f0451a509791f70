"""The Python 2 reading of a student's file: its source as Python 2 meant it, run by Python 3.

A file is read so only when config.yaml's `readings: [python2]` allows it and the file does not
run as Python 3 as written (`needed` says why: it does not compile, or it uses what only Python 2
has: `xrange`, `raw_input`, `d.has_key(k)`, a `range(...)` or `d.keys()` used as a list). Then:

- its text (`translated`, line numbers kept): tabs in indentation go to the next multiple of 8,
  as Python 2 counts them; `print x, y` / `print >>f, x` / `print x,` become calls;
  `except E, e:` is `except E as e:`; `raise E, "why"` is `raise E("why")`; `<>` is `!=`;
  `exec code in g` is `exec(code, g)`; `0777` is `0o777`; `10L` is `10`;
- its tree (`tree`): `/` between two integers is floor division (unless the file has
  `from __future__ import division`); `d.keys()`, `d.values()`, `d.items()` are lists;
  `sort(cmp=f)` and `sorted(x, cmp=f)` sort by the comparison;
  `d.iteritems()` (iterkeys, itervalues) are `d.items()`...; `d.has_key(k)` is `k in d`;
- its builtins (`builtins_dict`): `range`, `map`, `filter`, `zip` return lists; `xrange`,
  `raw_input`, `unicode`, `basestring`, `long`, `unichr`, `reduce`, `cmp`, `intern` exist.

Rewritten from tokens and the tree, never by lib2to3 (gone in Python 3.13). Standard library
only: the worker (worker.py) uses it in the student's process before compiling; the supervisor
reads the same text to find definitions and stubs (it never runs it).
"""

from __future__ import annotations

import ast
import io
import tokenize
from typing import Any

ONLY_PYTHON2 = ("xrange", "raw_input", "unicode", "basestring", "unichr", "long", "cmp", "execfile")
ONLY_PYTHON2_METHODS = ("has_key", "iteritems", "iterkeys", "itervalues")
LISTS = ("range", "map", "filter", "zip")  # builtins that returned lists
VIEWS = ("keys", "values", "items")  # dict methods that returned lists
LIST_METHODS = ("append", "remove", "insert", "pop", "extend", "sort", "reverse")
DIV = "__py2_div__"
AS_LIST = "__py2_list__"
CMP_KEY = "__py2_cmp_key__"
# Characters of a source read as Python 2 at most: its tokens are read in pure Python (about
# 0.2 s a 100,000 characters), in the supervisor too; a longer file is read as written.
TRANSLATED_CHARS = 100_000


def read(path: str) -> str:
    """A source file's text, decoded by its coding line as Python 2 read it too."""
    with tokenize.open(path) as file:
        return file.read()


def reading(source: str) -> str:
    """Why `source` is to be read as Python 2: it does not run as Python 3 as written (`needed`)
    and does compile so read; "" otherwise (it is loaded as it is, its own errors reported)."""
    why = needed(source)
    if not why:
        return ""
    try:
        tree(translated(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    return why


def needed(source: str) -> str:
    """Why `source` needs the Python 2 reading; "" when it runs as Python 3 as written."""
    try:
        tree = ast.parse(source)
    except SyntaxError as err:
        return f"it does not compile as Python 3 (line {err.lineno}: {err.msg})"
    except (ValueError, RecursionError, MemoryError):
        return ""
    return python2_usage(tree)


def python2_usage(tree: ast.Module) -> str:
    """What a file that compiles as Python 3 uses that only Python 2 has, first found."""
    own = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and not _loads(node)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            own |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.arg) or (isinstance(node, ast.ExceptHandler) and node.name):
            own.add(node.arg if isinstance(node, ast.arg) else str(node.name))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ONLY_PYTHON2 and node.id not in own:
            return f"it uses {node.id} (line {node.lineno}), which only Python 2 has"
        if isinstance(node, ast.Attribute) and node.attr in ONLY_PYTHON2_METHODS:
            return f"it uses .{node.attr} (line {node.lineno}), which only Python 2 has"
    return _lists(tree)


def _loads(node: ast.Name) -> bool:
    return isinstance(node.ctx, ast.Load)


def _lists(tree: ast.Module) -> str:
    """Where a range(...), map(...), d.keys()... result is used as the list Python 2 made it:
    a list method called on it, an item assigned, indexed (not a range, which can be), added
    to a list; directly or through a name it was assigned to in the same function."""
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]:
        made: dict[str, str] = {}  # name -> the call that made it
        for node in _own_nodes(scope):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, maker = node.targets[0], _maker(node.value)
                if isinstance(target, ast.Name) and maker:
                    made[target.id] = maker
        for node in _own_nodes(scope):
            used = _as_list(node, made)
            if used:
                line = getattr(node, "lineno", 0)
                return f"it uses {used} as a list (line {line}), as Python 2 made it"
    return ""


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module or function, not those of the functions inside it."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))
    return found


def _maker(node: ast.AST) -> str:
    """ "range(...)" (or map, filter, zip, ".keys()", ...) when `node` is such a call."""
    if not isinstance(node, ast.Call):
        return ""
    if isinstance(node.func, ast.Name) and node.func.id in LISTS:
        return f"{node.func.id}(...)"
    if isinstance(node.func, ast.Attribute) and node.func.attr in VIEWS and not node.args:
        return f".{node.func.attr}()"
    return ""


def _as_list(node: ast.AST, made: dict[str, str]) -> str:
    def maker(value: ast.AST) -> str:
        if isinstance(value, ast.Name):
            return made.get(value.id, "")
        return _maker(value)

    if isinstance(node, ast.Attribute) and node.attr in LIST_METHODS:
        return maker(node.value)
    if isinstance(node, ast.Subscript):
        what = maker(node.value)
        if what and (not isinstance(node.ctx, ast.Load) or not what.startswith("range")):
            return what
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        sides = (node.left, node.right)
        if any(isinstance(side, ast.List) for side in sides):
            return next((m for m in map(maker, sides) if m), "")
    return ""


def translated(source: str) -> str:
    """The Python 2 source's text as Python 3 reads it (statements and tabs): line numbers
    kept. A text whose tokens cannot be read is returned with its tabs read only; one longer
    than TRANSLATED_CHARS as it is."""
    if len(source) > TRANSLATED_CHARS:
        return source
    text = _tabs(source)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    return _Text(text).edited(tokens)


def _tabs(source: str) -> str:
    """Indentation with tabs at Python 2's stops (the next multiple of 8), but inside strings."""
    lines = source.splitlines(keepends=True)
    expanded = [_indent_expanded(line) for line in lines]
    text = "".join(expanded)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    for token in tokens:
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            for row in range(token.start[0] + 1, token.end[0] + 1):
                expanded[row - 1] = lines[row - 1]
    return "".join(expanded)


def _indent_expanded(line: str) -> str:
    body = line.lstrip(" \t")
    indent = line[: len(line) - len(body)]
    return indent.expandtabs(8) + body if "\t" in indent else line


Token = tokenize.TokenInfo
Edit = tuple[int, int, str]  # replace text[start:end] with this
OPENING, CLOSING = "([{", ")]}"


class _Text:
    """A source text and the statements of it that Python 3 reads otherwise."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, 0]  # where each line (1-based) starts
        for line in text.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))

    def at(self, position: tuple[int, int]) -> int:
        return self.starts[position[0]] + position[1]

    def source(self, parts: list[Token]) -> str:
        """The text of `parts` as written, from the first's start to the last's end."""
        return self.text[self.at(parts[0].start) : self.at(parts[-1].end)]

    def edited(self, tokens: list[Token]) -> str:
        text = self.text
        for start, end, new in sorted(self.edits(tokens), reverse=True):
            text = text[:start] + new + text[end:]
        return text

    def edits(self, tokens: list[Token]) -> list[Edit]:
        code = [t for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL)]
        edits: list[Edit] = []
        depth, statement_start = 0, True
        for i, token in enumerate(code):
            if statement_start and token.type == tokenize.NAME:
                parts = code[i + 1 : _statement_end(code, i)]
                edits += self.statement(token, parts)
            edits += self.literal(token, code[i + 1] if i + 1 < len(code) else None)
            depth += _nesting(token)
            ends = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
            statement_start = token.type in ends or (
                depth == 0 and token.type == tokenize.OP and token.string in (";", ":")
            )
        return edits

    def literal(self, token: Token, after: Token | None) -> list[Edit]:
        """`<>`, an old octal (`0777`) and a long (`10L`): tokens that touch."""
        if after is None or after.start != token.end:
            return []
        if token.string == "<" and after.string == ">":
            return [(self.at(token.start), self.at(after.end), "!=")]
        if token.type == tokenize.NUMBER and token.string == "0" and after.type == tokenize.NUMBER:
            return [(self.at(token.start), self.at(token.end), "0o")]
        if token.type == tokenize.NUMBER and after.type == tokenize.NAME and after.string in "lL":
            return [(self.at(after.start), self.at(after.end), "")]
        return []

    def statement(self, keyword: Token, parts: list[Token]) -> list[Edit]:
        if keyword.string == "print":
            return self.print_statement(keyword, parts)
        if keyword.string == "except":
            colon = _top_level(parts, ":")
            comma = _top_level(parts[:colon] if colon >= 0 else parts, ",")
            if comma < 0:
                return []
            return [(self.at(parts[comma].start), self.at(parts[comma].end), " as")]
        if (
            keyword.string == "exec"
            and parts
            and not (parts[0].string == "(" and _matching(parts) == len(parts) - 1)
        ):
            return self.exec_statement(keyword, parts)
        if keyword.string == "raise":
            comma = _top_level(parts, ",")
            if comma <= 0 or comma == len(parts) - 1:
                return []
            rest = parts[comma + 1 :]
            second = _top_level(rest, ",")  # a traceback, dropped
            message = rest[:second] if second >= 0 else rest
            span = (self.at(parts[comma].start), self.at(parts[-1].end))
            return [(*span, "(" + self.source(message) + ")")]
        return []

    def exec_statement(self, word: Token, parts: list[Token]) -> list[Edit]:
        """`exec code` -> `exec(code)`; `exec code in g, l` -> `exec(code, g, l)`."""
        where = _top_level_name(parts, "in")
        code = parts[:where] if where > 0 else parts
        spaces = [self.source(code), *([self.source(parts[where + 1 :])] if where > 0 else [])]
        return [(self.at(word.end), self.at(parts[-1].end), "(" + ", ".join(spaces) + ")")]

    def print_statement(self, word: Token, parts: list[Token]) -> list[Edit]:
        """`print x, y` -> `print(x, y)`; `print x,` -> `print(x, end=" ")`; `print >>f, x`
        -> `print(x, file=f)`; a lone `print` -> `print()`. A print that is a call is left.
        Edits that leave the statement's own tokens in place, so theirs apply too."""
        if parts and parts[0].string == "(" and _matching(parts) == len(parts) - 1:
            return []  # print(x): a call in both (print (a, b) prints a tuple in Python 2)
        if parts and parts[0].type == tokenize.OP and parts[0].string not in STARTS:
            return []  # print = ..., print.x: a name, not the statement
        if not parts:
            return [(self.at(word.end), self.at(word.end), "()")]
        first, whole = self.at(parts[0].start), (self.at(word.end), self.at(parts[-1].end))
        edits: list[Edit] = []
        extra = []
        if parts[0].string == ">>":
            comma = _top_level(parts, ",")
            target = parts[1:comma] if comma > 0 else parts[1:]
            extra.append("file=" + self.source(target))
            parts = parts[comma + 1 :] if comma > 0 else []
            if parts:
                edits.append((first, self.at(parts[0].start), ""))
        if parts and parts[-1].string == "," and _depth(parts[:-1]) == 0:
            extra.insert(0, 'end=" "')
            edits.append((self.at(parts[-1].start), self.at(parts[-1].end), ""))
            parts = parts[:-1]
        said = ", ".join(extra)
        if not parts:
            return [(*whole, "(" + said + ")")]
        end = self.at(parts[-1].end)
        closing = (", " + said if said else "") + ")"
        return [(self.at(word.end), first, "("), *edits, (end, end, closing)]


STARTS = ("(", ">>", "-", "+", "~", "[", "{", "`")  # operators a printed expression starts with


def _nesting(token: Token) -> int:
    if token.type == tokenize.OP and token.string in OPENING:
        return 1
    if token.type == tokenize.OP and token.string in CLOSING:
        return -1
    return 0


def _depth(parts: list[Token]) -> int:
    return sum(_nesting(token) for token in parts)


def _statement_end(code: list[Token], i: int) -> int:
    """The index of the token that ends the statement starting at code[i]."""
    depth = 0
    for j in range(i + 1, len(code)):
        token = code[j]
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            return j
        depth += _nesting(token)
        if depth == 0 and token.type == tokenize.OP and token.string == ";":
            return j
    return len(code)


def _top_level(parts: list[Token], op: str) -> int:
    """The index of the first `op` outside brackets in `parts`; -1: none."""
    depth = 0
    for j, token in enumerate(parts):
        depth += _nesting(token)
        if depth == 0 and token.type == tokenize.OP and token.string == op:
            return j
    return -1


def _top_level_name(parts: list[Token], name: str) -> int:
    """The index of the first NAME `name` outside brackets in `parts`; -1: none."""
    depth = 0
    for j, token in enumerate(parts):
        depth += _nesting(token)
        if depth == 0 and token.type == tokenize.NAME and token.string == name:
            return j
    return -1


def _matching(parts: list[Token]) -> int:
    """The index of the bracket that closes parts[0]; -1: none."""
    depth = 0
    for j, token in enumerate(parts):
        depth += _nesting(token)
        if depth == 0:
            return j
    return -1


def tree(text: str, filename: str = "<unknown>") -> ast.Module:
    """The translated text's tree with Python 2's meanings: integer division (unless the file
    imports division from __future__), dict views as lists, has_key and the iter methods."""
    module = ast.parse(text, filename)
    divides = not any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "division" for alias in node.names)
        for node in module.body
    )
    meant: ast.Module = ast.fix_missing_locations(_Meanings(divides).visit(module))
    return meant


class _Meanings(ast.NodeTransformer):
    def __init__(self, divides: bool) -> None:
        self.divides = divides

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if self.divides and isinstance(node.op, ast.Div):
            return ast.copy_location(_call(DIV, node.left, node.right), node)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        if not (self.divides and isinstance(node.op, ast.Div)):
            return node
        if not isinstance(node.target, (ast.Name, ast.Attribute, ast.Subscript)):
            return node
        read = _loaded(node.target)
        return ast.copy_location(ast.Assign([node.target], _call(DIV, read, node.value)), node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id == "sorted":
            _cmp_as_key(node)
        if not isinstance(func, ast.Attribute):
            return node
        if func.attr == "sort":
            _cmp_as_key(node)
        if func.attr in VIEWS and not node.args and not node.keywords:
            return ast.copy_location(_call(AS_LIST, node), node)
        if func.attr in ONLY_PYTHON2_METHODS[1:] and not node.args:
            func.attr = func.attr[4:]  # iteritems -> items
        if func.attr == "has_key" and len(node.args) == 1 and not node.keywords:
            return ast.copy_location(ast.Compare(node.args[0], [ast.In()], [func.value]), node)
        return node


def _cmp_as_key(node: ast.Call) -> None:
    """`sort(cmp=f)`, `sorted(x, cmp=f)`: `key=` made of the comparison, as Python 2 sorted."""
    for keyword in node.keywords:
        if keyword.arg == "cmp":
            keyword.arg, keyword.value = "key", _call(CMP_KEY, keyword.value)


def _call(name: str, *args: ast.expr) -> ast.Call:
    return ast.Call(ast.Name(name, ast.Load()), list(args), [])


def _loaded(target: ast.expr) -> ast.expr:
    """The target of `x /= y` read (x itself, evaluated once more)."""
    copy = ast.parse(ast.unparse(target), mode="eval").body
    return ast.copy_location(copy, target)


class SiblingFinder:
    """Imports of the files beside a file read as Python 2 (`from board import Board`), each
    read as Python 2 too where it does not run as Python 3 as written (a meta path finder,
    first on sys.meta_path; a file that runs as Python 3 is imported as usual)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        import importlib.util
        import os

        file = os.path.join(self.folder, name + ".py")
        if path is not None or "." in name or not os.path.isfile(file):
            return None
        try:
            if not reading(read(file)):
                return None
        except (OSError, SyntaxError, UnicodeDecodeError):
            return None
        loader: Any = _SiblingLoader(file)  # a loader by its two methods (importlib's protocol)
        return importlib.util.spec_from_file_location(name, file, loader=loader)


class _SiblingLoader:
    def __init__(self, file: str) -> None:
        self.file = file

    def create_module(self, spec: Any) -> None:
        return None  # the default module

    def exec_module(self, module: Any) -> None:
        module.__dict__["__builtins__"] = builtins_dict()
        code = compile(tree(translated(read(self.file)), self.file), self.file, "exec")
        exec(code, vars(module))


def builtins_dict() -> dict[str, Any]:
    """The builtins a file read as Python 2 runs with."""
    import builtins

    def as_list(name: str) -> Any:
        made = getattr(builtins, name)
        return lambda *args, **kwargs: list(made(*args, **kwargs))

    def divide(a: Any, b: Any) -> Any:
        both = isinstance(a, int) and isinstance(b, int)
        return a // b if both else a / b

    def reduce(function: Any, items: Any, *initial: Any) -> Any:
        values = iter(items)
        result = initial[0] if initial else next(values)
        for value in values:
            result = function(result, value)
        return result

    def cmp(a: Any, b: Any) -> int:
        return int(a > b) - int(a < b)

    py2 = {name: as_list(name) for name in LISTS}
    py2.update(
        xrange=builtins.range,
        raw_input=builtins.input,
        unicode=builtins.str,
        basestring=builtins.str,
        long=builtins.int,
        unichr=builtins.chr,
        intern=__import__("sys").intern,
        reduce=reduce,
        cmp=cmp,
    )
    py2[DIV] = divide
    py2[AS_LIST] = builtins.list
    py2[CMP_KEY] = __import__("functools").cmp_to_key
    return {**vars(builtins), **py2}
