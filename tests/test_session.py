"""The supervisor's session with one child interpreter: which call an ending is charged to."""

from __future__ import annotations

import sys
from pathlib import Path

from harness.limits import Limits
from harness.sandbox.isolation import NO_ISOLATION, Isolation
from harness.sandbox.process import Launch
from harness.shapes.session import Session

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


def open_session(workdir: Path, module: str, isolation: Isolation = NO_ISOLATION) -> Session:
    """A session (not yet loaded) with `module` as the student's solution.py in `workdir`."""
    entry = workdir / "solution.py"
    entry.write_text(module, encoding="utf-8")
    launch = Launch(Path(sys.executable), workdir, 1 << 16, 1 << 16, isolation)
    return Session(launch, entry, Limits(), cpu_budget=30)


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
