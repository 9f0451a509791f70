"""The worker that runs inside the student's interpreter (exec'd, never forked from the grader).

    python -S -B -u worker.py REQUEST_FD REPLY_FD

It reads one JSON request per line from REQUEST_FD and writes one JSON reply per line to REPLY_FD;
the student's stdout and stderr are separate pipes the supervisor reads. It says it is ready,
sets its own rlimits and seccomp filter on the load request and confirms them in a reply of its
own (the only reply that may report the harness's failure: no student code has run yet), then,
on the next request, loads the entry file by path, then answers requests in order: a
call of one of the module's functions (`name`), or a driver (`driver`: a function from the
DRIVERS of a driver module the assignment registers, such as `board_driver`, sent as source with
the load request; given the module, it runs a scenario and reports what it saw). A call may
name `substitutes`: module globals replaced by the trusted reference's for that call only.
Every reply is plain data: the supervisor judges it; nothing here knows an expected answer.

A load request may ask for the `proxy` mode instead (a course's pytest tests, shape unit-tests):
no entry is loaded; once the limits are confirmed, the two pipes are handed to the tests'
process, which imports the student's modules here and uses them through proxies
(proxied.py), each request answered in turn; `path` adds folders to sys.path, last (pytest's
packages, which a student's module may import).

A load request may say `read_as: python2`: the entry is loaded under the Python 2 reading
(python2.py: its text and tree rewritten before compiling, its builtins Python 2's), and so are
the files beside it it imports, where they do not run as Python 3 as written. The supervisor
decides it (from the file, before it runs), so no reply can dodge or claim it.

A load request may ask to `salvage`: when importing fails, the module's top-level statements run
one at a time instead, and those that raise are skipped and reported, so the classes and
functions that did get defined can still be graded.

Standard library only, and as little as possible before the student's module is imported.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import math
import os
import resource
import sys
import traceback
from types import ModuleType
from typing import Any

import codec  # type: ignore[import-not-found]  # sibling modules: sys.path[0] is this
import proxied  # type: ignore[import-not-found]  # folder until main() resets it
import seccomp  # type: ignore[import-not-found]

DRIVERS: dict[str, Any] = {}  # filled from the load request's drivers, before student code
REFERENCE = ModuleType("harness_reference")  # the trusted reference, when the load sends it

MODULE_NAME = "submission"
MESSAGE_CHARS = 500
SOURCE_CHARS = 300  # of the student's line a load failure points at
SKIPPED_SHOWN = 20  # top-level statements that failed, reported when salvaging
MEMBERS = 200  # names reported per class
_write = os.write  # kept before student code runs, which may rebind os.write


def main() -> None:
    request_fd, reply_fd = int(sys.argv[1]), int(sys.argv[2])
    restore_exit_builtins()
    requests = os.fdopen(request_fd, "rb", buffering=1 << 16)
    send(reply_fd, {"ready": True})  # no student code has run yet: a failure so far is ours
    load = codec.loads(requests.readline())
    try:
        python2 = python2_reader() if load.get("read_as") == "python2" else None
        sys.path[0] = os.getcwd()  # the private working copy, not the harness's folder
        apply_limits(load["limits"])
        if load.get("seccomp"):
            seccomp.install("interpreter")  # from here on, no exec either
        install_drivers(load.get("drivers", []))
        install_reference(load.pop("reference", ""))  # not kept where a frame walk finds it
    except Exception as err:  # the harness's own setup: no student code has run yet
        message = f"cannot set limits, seccomp or drivers: {type(err).__name__}: {err}"
        send(reply_fd, {"ok": False, "kind": "internal", "message": message})
        return
    # Confirmed before any student code runs: the only message that may claim the harness
    # failed. Whatever comes later may be the student's forgery, and is read as such.
    send(reply_fd, {"limits": "applied"})
    if load.get("proxy"):  # a course's pytest run's: its requests come from the tests' process
        proxied.serve(requests, lambda reply: send(reply_fd, reply), load.get("path", []))
        return
    requests.readline()  # go ahead: one reply per request, so no reply is ever read early
    module, reply = load_module(load["entry"], load.get("salvage", False), python2)
    send(reply_fd, reply)
    if module is None:
        return
    for line in requests:
        send(reply_fd, answer(module, codec.loads(line)))


def python2_reader() -> Any:
    """python2.py (the Python 2 reading), imported only for a file read so, and while sys.path
    is still this folder and the standard library's: no file of the student's working copy can
    stand in for it or for the modules it imports."""
    import python2  # type: ignore[import-not-found]

    return python2


def install_drivers(drivers: list[list[str]]) -> None:
    """Run each driver module's source (sent by the supervisor: an assignment's scenarios) and
    take its DRIVERS, before any student code runs."""
    for name, source in drivers:
        module = ModuleType(f"driver_{name}")
        sys.modules[module.__name__] = module  # as an import would (dataclasses look there)
        exec(compile(source, f"<driver {name}>", "exec"), module.__dict__)
        DRIVERS.update(module.DRIVERS)


def install_reference(source: str) -> None:
    """Run the reference solution's source (trusted, sent only for calls that judge an item
    with the reference's helpers in place of the student's), before any student code runs."""
    if source:
        exec(compile(source, "<reference>", "exec"), REFERENCE.__dict__)


@contextlib.contextmanager
def substituted(module: ModuleType, names: dict[str, str]) -> Any:
    """The module's globals `names` (its own name -> the reference's) taken from the reference
    for one call, then put back."""
    saved = {name: module.__dict__.get(name, REFERENCE) for name in names}
    try:
        for name, theirs in names.items():
            module.__dict__[name] = getattr(REFERENCE, theirs)
        yield
    finally:
        for name, value in saved.items():
            if value is REFERENCE:
                module.__dict__.pop(name, None)
            else:
                module.__dict__[name] = value


def restore_exit_builtins() -> None:
    """`python -S` skips `site`, which is what defines exit() and quit(); students call them."""
    import _sitebuiltins
    import builtins

    builtins.exit = _sitebuiltins.Quitter("exit", "Ctrl-D (i.e. EOF)")
    builtins.quit = _sitebuiltins.Quitter("quit", "Ctrl-D (i.e. EOF)")


def apply_limits(limits: dict[str, Any]) -> None:
    mib = 1 << 20
    pairs = {
        resource.RLIMIT_AS: limits["address_space_mb"] * mib,
        resource.RLIMIT_FSIZE: limits["file_size_mb"] * mib,
        resource.RLIMIT_NOFILE: limits["open_files"],
        resource.RLIMIT_CORE: 0,
        resource.RLIMIT_NPROC: limits["processes"],
        resource.RLIMIT_CPU: math.ceil(limits["cpu_budget"]),  # the whole run's budget
    }
    for which, value in pairs.items():
        if value is not None:  # processes: None where RLIMIT_NPROC would count others' too
            resource.setrlimit(which, (value, value))


def load_module(
    entry: str, salvage: bool = False, python2: Any = None
) -> tuple[ModuleType | None, dict[str, Any]]:
    """The entry loaded as a module (under the Python 2 reading given `python2`, the module)."""
    sys.argv = [entry]
    try:
        module = new_module(entry)
    except ImportError as err:
        return None, failure("import", err, entry)
    try:
        tree = python2_tree(python2, entry) if python2 else None
        if tree is not None:
            module.__dict__["__builtins__"] = python2.builtins_dict()
            sys.meta_path.insert(0, python2.SiblingFinder(os.getcwd()))
            exec(compile(tree, entry, "exec"), vars(module))
        else:
            spec_exec(module)
    except SyntaxError as err:
        return None, syntax_failure(err, entry)
    except BaseException as err:
        if not salvage:
            return None, failure("import", err, entry)
        return salvaged(entry, python2)
    return module, loaded(module)


def python2_tree(python2: Any, entry: str) -> ast.Module:
    """The entry's tree read as Python 2 (python2.py); a SyntaxError when it is not Python 2
    either."""
    tree: ast.Module = python2.tree(python2.translated(python2.read(entry)), entry)
    return tree


def new_module(entry: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(MODULE_NAME, entry)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {entry} as a module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE_NAME] = module
    return module


def spec_exec(module: ModuleType) -> None:
    spec = module.__spec__
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(module)


def salvaged(entry: str, python2: Any = None) -> tuple[ModuleType | None, dict[str, Any]]:
    """Run the top-level statements one by one in a fresh module, skipping those that raise."""
    module = new_module(entry)
    if python2:
        tree = python2_tree(python2, entry)
        module.__dict__["__builtins__"] = python2.builtins_dict()
    else:
        with open(entry, "rb") as source:
            tree = ast.parse(source.read(), entry)
    skipped = []
    for statement in tree.body:
        code = compile(ast.Module([statement], []), entry, "exec")
        try:
            exec(code, vars(module))
        except BaseException as err:
            skipped.append({**failure("import", err, entry), "statement": statement.lineno})
    return module, {**loaded(module), "skipped": skipped[:SKIPPED_SHOWN]}


def loaded(module: ModuleType) -> dict[str, Any]:
    values = vars(module)
    names = sorted(name for name, value in values.items() if callable(value))
    imported = {
        name: sibling_file(value) for name, value in values.items() if isinstance(value, type)
    }
    imported = {name: file for name, file in imported.items() if file}
    classes = {
        name: sorted(member for member in dir(value) if not member.startswith("__"))[:MEMBERS]
        for name, value in values.items()
        if isinstance(value, type)
        and (getattr(value, "__module__", None) == MODULE_NAME or name in imported)
    }
    return {"ok": True, "names": names, "members": classes, "imported": imported}


def sibling_file(value: Any) -> str:
    """The file beside the entry (`board.py`) a class was imported from; "" for any other."""
    module = sys.modules.get(getattr(value, "__module__", "") or "")
    if module is None or module.__name__ == MODULE_NAME:
        return ""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or os.path.dirname(os.path.abspath(path)) != os.getcwd():
        return ""
    return os.path.basename(path)


def answer(module: ModuleType, request: dict[str, Any]) -> dict[str, Any]:
    allow_cpu(request["cpu_backstop"])
    args = [codec.decode(arg) for arg in request["args"]]
    given: list[Any] = []  # the handout's defaults, where the function lacks them
    try:
        with substituted(module, request.get("substitutes", {})):
            if "driver" in request:
                value = DRIVERS[request["driver"]](module, *args)
            else:
                function = getattr(module, request["name"])
                defaults = [codec.decode(value) for value in request.get("defaults", [])]
                given = with_defaults(function, args, defaults)
                value = function(*args, *given)
    except BaseException as err:
        return failure("raised", err, module.__file__ or "")
    finally:
        flush_output()
    try:
        return {
            "ok": True,
            **({"defaults": said_defaults(request["name"], args, given)} if given else {}),
            "value": codec.encode(value),
            "args": [codec.encode(arg) for arg in args] if request.get("return_args") else [],
            "same": identities(value, args),
        }
    except (codec.CodecError, RecursionError, MemoryError) as err:
        return {"ok": False, "kind": "unencodable", "message": str(err)[:MESSAGE_CHARS]}


def with_defaults(function: Any, args: list[Any], defaults: list[Any]) -> list[Any]:
    """The handout's default values a call must add for a function that lacks them (solve(p)
    for a `def solve(puzzle, row, col)`): none when the call binds as it is, or cannot bind
    with them either."""
    if not defaults:
        return []
    import inspect  # only here: the worker imports as little as it can

    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # no signature to read (a builtin): called as it is
        return []
    try:
        signature.bind(*args)
        return []
    except TypeError:
        pass
    for count in range(1, len(defaults) + 1):
        try:
            signature.bind(*args, *defaults[:count])
            return list(defaults[:count])
        except TypeError:
            continue
    return []


def said_defaults(name: str, args: list[Any], given: list[Any]) -> str:
    shown = ", ".join(["...", *map(repr, given)] if args else map(repr, given))
    return f"{name} needs arguments the handout gives defaults: called {name}({shown})"


def allow_cpu(seconds: float) -> None:
    """Soft CPU limit for this call, a backstop behind the supervisor's own kill: SIGXCPU past
    it. The hard limit is the whole run's budget."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    used = usage.ru_utime + usage.ru_stime
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    soft = math.ceil(used + seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (min(soft, hard), hard))


def identities(value: Any, args: list[Any]) -> list[list[Any]]:
    """Which returned objects are argument objects: [[path, arg index], ...].

    Path "" is the value itself, "0", "1", ... its direct items (a (bool, grid) tuple)."""
    found = [["", i] for i, arg in enumerate(args) if value is arg]
    if isinstance(value, (tuple, list)) and len(value) <= 8:
        for k, item in enumerate(value):
            found += [[str(k), i] for i, arg in enumerate(args) if item is arg]
    return found


def failure(kind: str, err: BaseException, entry: str) -> dict[str, Any]:
    frame = student_frame(err, entry)
    return {
        "ok": False,
        "kind": kind,
        "type": type(err).__name__,
        "message": safe_str(err)[:MESSAGE_CHARS],
        "line": frame.lineno if frame else None,
        "source": {"text": str(frame.line or "")[:SOURCE_CHARS]} if frame else {},
    }


def syntax_failure(err: SyntaxError, entry: str) -> dict[str, Any]:
    """A syntax error, with the line it is in as Python read it and the column it points at
    (student code may raise one of its own, with anything in its attributes)."""
    file = str(err.filename or entry)
    source = {
        "text": str(err.text or "").rstrip("\r\n")[:SOURCE_CHARS],
        "column": err.offset if type(err.offset) is int else 0,
        "file": "" if file == entry else os.path.basename(file),
    }
    return {
        "ok": False,
        "kind": "syntax",
        "message": str(err.msg),
        "line": err.lineno,
        "source": source,
    }


def safe_str(err: BaseException) -> str:
    try:
        return str(err)
    except Exception:
        return "(message unavailable)"


def student_frame(err: BaseException, entry: str) -> traceback.FrameSummary | None:
    """The deepest frame of the traceback in the entry file: where the student's code raised."""
    frames = [frame for frame in traceback.extract_tb(err.__traceback__) if frame.filename == entry]
    return frames[-1] if frames else None


def flush_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # the student may have replaced or closed it
            stream.flush()


def send(fd: int, message: dict[str, Any]) -> None:
    data = codec.dumps(message)
    while data:
        data = data[_write(fd, data) :]


if __name__ == "__main__":
    main()
