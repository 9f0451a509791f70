"""The harness's pytest runner (shape unit-tests, framework pytest), run in the student's sandbox:

    {python} -I -B {harness}/pytest_runner.py {packages} {test_dir} NODE_ID...
    {python} -I -B {harness}/pytest_runner.py --compile FILE...   (a build step)

It reads, a byte at a time, three lines from its stdin, which the harness writes before it
starts: where pytest's JUnit XML goes, the file that marks the end of the run, and its channel to
the student's interpreter (two inherited descriptors, the reply cap, the student's module
names). None is in argv or the environment. The submission's code never runs in this process:
its modules are imported in the student's own interpreter, beside this one, and a test that
imports one gets a proxy of it (proxy.py: calls forwarded, answers back as plain data). Then it
runs pytest in this process on the teacher's files (in `test_dir`) alone, with the node ids
given selected and every other test deselected:

- pytest from `packages` (copied there by the harness), its configuration none (`-c` the null
  device: no pytest.ini, pyproject.toml, tox.ini or setup.cfg of the submission's is read), no
  conftest.py (`--noconftest`), no plugin installed anywhere (PYTEST_DISABLE_PLUGIN_AUTOLOAD),
  no cache written (`-p no:cacheprovider`); sys.path holds `packages` and the standard library,
  never the working copy (the student's modules are the proxies' alone, found after every
  other module: a submission's `pytest.py` or `json.py` shadows nothing);
- the report's path is set on pytest's options as its JUnit plugin starts, and cleared once it
  has, so it is not in `config.option` when the tests run;
- a test file that does not import with the submission (a function it lacks) is reported as an
  error of each selected test of that file, with the import's error, and the others still run;
  one that skips itself as it is imported (pytest.skip at module level), as each test skipped.

With --compile it compiles the files given (never running them) and says where one is not Python:
as a build step, a syntax error is CE, not an error of every test.

Once pytest has returned, it creates the end mark (holding pytest's exit status) and exits with
that status at once. A run whose student's interpreter ends in the middle (or sends what is not
a reply) stops at once with status ENDED, saying why on stderr, and leaves no mark:
the harness reads nothing of its report. Standard library only, but for pytest itself, imported
from `packages`.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

Hook = Callable[..., None]
NO_SETTINGS = 3  # the settings were not on stdin (or the end mark was there already)
ENDED = 6  # the student's interpreter ended, or sent what is not a reply, in the middle
SOME_FAILED, NONE_COLLECTED = 1, 5  # pytest's exit statuses
PACKAGE_FOLDERS = ("site-packages", "dist-packages")
OPTIONS = (
    "-q",  # verbosity -1: pytest does not print the report's path at the end either
    "--tb=short",
    "--color=no",
    "-p",
    "no:cacheprovider",
    "--noconftest",
    "--continue-on-collection-errors",
)


def main(argv: list[str]) -> int:
    if argv[1:2] == ["--compile"]:
        return _compiled(argv[2:])
    if len(argv) < 3:
        sys.stderr.write("usage: pytest_runner.py PACKAGES TEST_DIR NODE_ID...\n")
        return NO_SETTINGS
    packages, test_dir, selected = argv[1], argv[2], argv[3:]
    report, finished, channel = _line(), _line(), _line()
    try:
        if not report or not finished:
            raise ValueError("no report or end mark")
        _siblings("plain", "proxy").install(channel, os.dup(2), ENDED)  # before pytest's capture
    except (ValueError, OSError) as err:
        sys.stderr.write(f"sudoku-harness: the runner's settings were not on its stdin ({err})\n")
        return NO_SETTINGS
    _forget_stdin()
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    os.environ.pop("PYTEST_ADDOPTS", None)
    os.environ.pop("PYTEST_PLUGINS", None)
    sys.path[:] = [packages, *_standard(sys.path)]
    import pytest

    files = sorted({os.path.join(test_dir, node.split("::", 1)[0]) for node in selected})
    args = [*OPTIONS, "-c", os.devnull, "--rootdir", test_dir, "--confcutdir", test_dir, *files]
    plugin = _plugin(pytest, report, frozenset(selected))
    code = int(pytest.main(args, plugins=[plugin]))
    if code == NONE_COLLECTED and plugin.stood_in:  # every file skipped itself: a run all the same
        code = SOME_FAILED
    return _finish(finished, code)


def _siblings(*names: str) -> ModuleType:
    """This folder's modules `names`, imported (the last returned), then known by private
    names alone: a teacher's `proxy.py` is the teacher's."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    try:
        modules = [importlib.import_module(name) for name in names]
    finally:
        sys.path.remove(here)
    for name, module in zip(names, modules, strict=True):
        sys.modules[f"_sudoku_harness_{name}"] = sys.modules.pop(name, module)
    return modules[-1]


def _compiled(files: list[str]) -> int:
    """0 when every file compiles; else 1, each error said on stderr as `file:line: message`."""
    failed = 0
    for name in files:
        try:
            with open(name, "rb") as source:
                compile(source.read(), name, "exec", dont_inherit=True)
        except SyntaxError as err:
            sys.stderr.write(f"{name}:{err.lineno}: {err.msg}\n")
            failed = 1
        except (OSError, ValueError) as err:
            sys.stderr.write(f"{name}: {err}\n")
            failed = 1
    return failed


def _line() -> str:
    """One line of stdin, a byte at a time: nothing after it is buffered."""
    said = b""
    while True:
        byte = os.read(0, 1)
        if byte in (b"", b"\n"):
            return said.decode("utf-8", "replace")
        said += byte


def _forget_stdin() -> None:
    """The null device in place of stdin (pytest's capture wants a descriptor 0)."""
    try:
        null = os.open(os.devnull, os.O_RDONLY)
    except OSError:
        os.close(0)
        return
    os.dup2(null, 0)
    os.close(null)


def _standard(path: list[str]) -> list[str]:
    """sys.path without the interpreter's package folders (out of reach in the sandbox anyway)
    or the current folder (the working copy: the student's)."""
    return [p for p in path if p and os.path.basename(p) not in PACKAGE_FOLDERS]


def _finish(finished: str, code: int) -> int:
    """Mark the end (refused if something made the mark already), and exit at once."""
    try:
        fd = os.open(finished, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except OSError:
        code = NO_SETTINGS
    else:
        os.write(fd, str(code).encode())
        os.close(fd)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _plugin(pytest: Any, report: str, selected: frozenset[str]) -> Any:
    """The runner's plugin: the report's path, the selection, files that did not import."""

    first: Callable[[Hook], Hook] = pytest.hookimpl(tryfirst=True)

    class Harness:
        config: Any = None
        stood_in = 0  # tests reported for a file that did not import, or skipped itself

        @first
        def pytest_configure(self, config: Any) -> None:
            self.config = config
            config.option.xmlpath = report  # pytest's JUnit plugin reads it as it starts

        @first
        def pytest_sessionstart(self, session: Any) -> None:
            self.config.option.xmlpath = None  # it has: nothing left in the options

        @first
        def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
            keep = [item for item in items if item.nodeid.split("[", 1)[0] in selected]
            dropped = [item for item in items if item.nodeid.split("[", 1)[0] not in selected]
            if dropped:
                config.hook.pytest_deselected(items=dropped)
            items[:] = keep

        def pytest_collectreport(self, report: Any) -> None:
            """A test file that did not import (or skipped itself as it did): each of its
            selected tests reported so, as pytest reports a test whose setup failed or skipped."""
            if report.passed or "::" in report.nodeid:
                return
            said = report.longrepr
            if report.failed:
                why = _import_error(str(said))
                said = f"{report.nodeid} does not import with the submission: {why}"
            for node in sorted(n for n in selected if n.split("::", 1)[0] == report.nodeid):
                where = (report.nodeid, None, node.split("::", 1)[1].replace("::", "."))
                test = pytest.TestReport(node, where, {}, report.outcome, said, "setup")
                self.config.hook.pytest_runtest_logreport(report=test)
                self.stood_in += 1

    return Harness()


def _import_error(text: str) -> str:
    """What a collection error says went wrong: its `E` lines, else its last line."""
    said = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
    lines = text.strip().splitlines()
    why = " ".join(said) or (lines[-1] if lines else "it raised")
    return why.replace(os.getcwd() + os.sep, "")  # the working copy's files by their names


if __name__ == "__main__":
    sys.exit(main(sys.argv))
