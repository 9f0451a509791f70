"""The supervisor's session with one child interpreter: which call an ending is charged to."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from harness.kinds.session import Session
from harness.limits import Limits
from harness.records.outcomes import SOURCE_CHARS, SourceLine
from harness.sandbox.isolation import NO_ISOLATION, Isolation
from harness.sandbox.process import Exchange, Launch
from harness.sandbox.replies import load_outcome

MODULE = """
import os

def forge_then_leave():
    for fd in map(int, os.listdir("/proc/self/fd")):  # the reply channel is one of them
        try:
            os.write(fd, b'{"ok": true, "value": 1, "args": [], "same": []}\\n')
        except OSError:
            pass
    os._exit(0)

def leave():
    os._exit(3)

def two():
    return 2
"""


def open_session(
    workdir: Path, module: str, isolation: Isolation = NO_ISOLATION, cpu_budget: float = 30
) -> Session:
    """A session (not yet loaded) with `module` as the student's solution.py in `workdir`."""
    entry = workdir / "solution.py"
    entry.write_text(module, encoding="utf-8")
    launch = Launch(Path(sys.executable), workdir, 1 << 16, 1 << 16, isolation)
    return Session(launch, entry, Limits(), cpu_budget=cpu_budget)


def test_a_child_that_ends_after_its_reply_is_not_charged_to_the_next_call(
    tmp_path: Path,
) -> None:
    session = open_session(tmp_path, MODULE)
    assert session.load().loaded
    try:
        first = session.call({"name": "forge_then_leave", "args": []}, Limits())
        second = session.call({"name": "two", "args": []}, Limits())
    finally:
        session.close()
    assert (first.kind, first.value) == ("returned", 1)
    assert (second.kind, second.value) == ("returned", 2)


def test_a_child_that_ends_during_a_call_is_charged_to_that_call(tmp_path: Path) -> None:
    session = open_session(tmp_path, MODULE)
    assert session.load().loaded
    try:
        left = session.call({"name": "leave", "args": []}, Limits())
        after = session.call({"name": "two", "args": []}, Limits())
    finally:
        session.close()
    assert (left.kind, left.exit_code) == ("crashed", 3)
    assert (after.kind, after.value) == ("returned", 2)


HEAVY_IMPORT = """
import os, time

end = time.process_time() + 0.3  # work done at import: outside every call
while time.process_time() < end:
    pass

def leave():
    os._exit(3)
"""


def test_the_children_of_a_session_share_its_cpu_budget(tmp_path: Path) -> None:
    """What a child burns outside its calls (its import, again after every call that ended it)
    counts against the session's budget: once its children have used it all, no child is
    started again and the calls are refused as over time."""
    session = open_session(tmp_path, HEAVY_IMPORT, cpu_budget=2)
    assert session.load().loaded
    try:
        outcomes = [session.call({"name": "leave", "args": []}, Limits()) for _ in range(10)]
    finally:
        session.close()
    kinds = [outcome.kind for outcome in outcomes]
    ran = kinds.count("crashed")  # each child: about 0.33 s of CPU, most of it importing
    assert 4 <= ran <= 7, kinds
    assert kinds == ["crashed"] * ran + ["skipped"] * (10 - ran)
    assert all("2 s of CPU" in outcome.message for outcome in outcomes[ran:])


# the line a load failure points at ---------------------------------------------------------------


def test_a_syntax_error_in_a_sibling_module_comes_back_with_its_line_and_file(
    tmp_path: Path,
) -> None:
    (tmp_path / "helpers.py").write_text("x = 1\nif x == 1\n    pass\n", encoding="utf-8")
    session = open_session(tmp_path, "import helpers\n\ndef two():\n    return 2\n")
    try:
        load = session.load()
    finally:
        session.close()
    assert (load.kind, load.line) == ("syntax", 2)
    assert load.source == SourceLine(2, "if x == 1", 10, "helpers.py")


def test_an_import_time_exception_comes_back_with_the_line_it_was_raised_from(
    tmp_path: Path,
) -> None:
    session = open_session(tmp_path, "def two():\n    return 2\n\nvalue = int('nine')\n")
    try:
        load = session.load()
    finally:
        session.close()
    assert (load.kind, load.error_type, load.line) == ("import", "ValueError", 4)
    assert load.source == SourceLine(4, "value = int('nine')")


@pytest.mark.parametrize(
    ("source", "line", "kept"),
    [
        (
            {"text": "x = (", "column": 5, "file": "helpers.py"},
            3,
            SourceLine(3, "x = (", 5, "helpers.py"),
        ),
        (
            {"text": "a\nb\rc" + "y" * 500, "column": 10**9, "file": "../../etc/passwd"},
            3,
            SourceLine(3, "a b c" + "y" * (SOURCE_CHARS - 5)),
        ),
        ({"text": ["not", "text"]}, 3, None),
        ({"text": "   "}, 3, None),
        ("x = (", 3, None),
        ({"text": "x = ("}, None, None),
        ({"text": "x = ("}, -1, None),
    ],
)
def test_a_forged_source_line_is_kept_only_as_plain_text(
    source: object, line: object, kept: SourceLine | None
) -> None:
    """Student code may have run before the load reply (a sibling module's syntax error comes
    after the entry's first statements), so the reply's line is read as untrusted."""
    reply = {"ok": False, "kind": "syntax", "message": "invalid syntax", "line": line}
    outcome = load_outcome(Exchange({**reply, "source": source}, b"", 0.1, 0.1))
    assert outcome.kind == "syntax" and outcome.source == kept
