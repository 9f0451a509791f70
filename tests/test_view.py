"""The private view (harness/sandbox/view.py): each student process sees the host's socket and
home folders empty, and only its working copy, its interpreter and the sandbox shown again."""

from __future__ import annotations

import json
import os
import socket
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from harness.config import NotebookConfig
from harness.kinds.notebook.run import run_notebook, unavailable
from harness.limits import Limits
from harness.sandbox import privileges
from harness.sandbox.isolation import Isolation, Mode, choose, interpreter_reachable
from harness.sandbox.program import run_program
from harness.sandbox.view import View
from tests.test_isolation import LIMITS, PYTHON, _python, needs, open_workdir

__all__ = ["open_workdir"]  # a fixture used here
NOTEBOOK_REASON = unavailable(PYTHON)

CONNECTS = """
import socket, sys
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    client.connect(sys.argv[1])
    print("connected")
except OSError as error:
    print(type(error).__name__)
"""

WHO_AND_WHERE = """
import os, sys
print(os.getuid(), sys.version_info[:2] == (3, 11) or sys.version_info[:2])
"""


@pytest.fixture(params=["temp", "var"])
def host_socket(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path]:
    """A Unix socket anyone may connect to, listening in the host's temp folder, or where a
    service keeps one (/var/lib, say: a database's)."""
    if request.param == "var" and not os.access("/var/lib", os.W_OK):
        pytest.skip("/var/lib is not writable here")
    folder = Path(tempfile.mkdtemp(dir="/var/lib")) if request.param == "var" else tmp_path
    folder.chmod(0o755)
    path = folder / "host.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen()
    path.chmod(0o777)
    yield path
    server.close()
    path.unlink()
    if request.param == "var":
        folder.rmdir()


def _connects(workdir: Path, target: Path, isolation: Isolation) -> str:
    argv = [str(PYTHON), "-I", "-c", CONNECTS, str(target)]
    run = run_program(argv, workdir, b"", LIMITS, isolation)
    assert run.ok, run.stderr
    return run.stdout.decode().strip()


@needs("private view")
def test_a_host_unix_socket_is_not_there_in_the_view(open_workdir: Path, host_socket: Path) -> None:
    assert _connects(open_workdir, host_socket, Isolation()) == "connected"  # the control
    assert _connects(open_workdir, host_socket, Isolation(private_view=True)) == (
        "FileNotFoundError"
    )


@needs("private view")
def test_the_working_copy_is_shown_again_in_the_view(open_workdir: Path) -> None:
    (open_workdir / "given.txt").write_text("puzzle")
    code = "print(open('given.txt').read()); open('made.txt', 'w').write('answer')"
    run = _python(code, open_workdir, Isolation(private_view=True))
    assert run.ok, run.stderr
    assert run.stdout.decode().strip() == "puzzle"
    assert (open_workdir / "made.txt").read_text() == "answer"  # written through to the host


@needs("private view")
@needs("dedicated uid")
def test_python_out_of_other_users_reach_runs_under_the_dedicated_uid(
    open_workdir: Path,
) -> None:
    """Was: the harness's interpreter under a 0700 home (pyenv's /root/.pyenv) kept every Python
    student process as root. The view shows the installation inside an enterable cover."""
    if interpreter_reachable(PYTHON):
        pytest.skip(f"{PYTHON} is reachable by other users anyway: nothing to show")
    plain = _python(WHO_AND_WHERE, open_workdir, Isolation(dedicated_uid=True))
    assert plain.ok, plain.stderr
    assert int(plain.stdout.split()[0]) == 0  # the hole, without the view
    viewed = _python(WHO_AND_WHERE, open_workdir, Isolation(dedicated_uid=True, private_view=True))
    assert viewed.ok, viewed.stderr
    assert int(viewed.stdout.split()[0]) == privileges.claim_uid() >= privileges.FIRST_UID


def test_reachable_counts_only_what_is_shown_again(tmp_path: Path) -> None:
    shown = tmp_path / "shown"
    (shown / "inner").mkdir(parents=True)
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    tmp_path.chmod(0o700)  # out of reach on the host, enterable in the view
    shown.chmod(0o755)
    (shown / "inner").chmod(0o700)
    view = View.showing([shown])
    assert not privileges.reachable(shown)
    assert view.reachable(shown)
    assert not view.reachable(shown / "inner")  # its own modes still count
    assert not view.reachable(hidden)  # under a cover, not shown: not there at all
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o700


def test_the_staging_cover_holds_nothing_shown(tmp_path: Path) -> None:
    view = View.showing([tmp_path])
    stage = view.covers[0]
    assert not str(tmp_path).startswith(stage + "/")
    assert str(tmp_path.resolve()) in view.shown


KERNEL_CELLS = [
    "import os\nprint('uid', os.getuid())",
    "import socket, sys\n"
    "client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
    "try:\n"
    "    client.connect(SOCKET)\n"
    "    print('reached', SOCKET)\n"
    "except OSError as error:\n"
    "    print('refused', type(error).__name__)",
]


def _notebook(folder: Path, target: Path) -> Path:
    cells = [f"SOCKET = {str(target)!r}", *KERNEL_CELLS]
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": s,
                "outputs": [],
                "execution_count": None,
            }
            for s in cells
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "probe.ipynb"
    path.write_text(json.dumps(notebook))
    return path


@pytest.mark.skipif(bool(NOTEBOOK_REASON), reason=NOTEBOOK_REASON)
@needs("private view")
@needs("dedicated uid")
def test_a_notebook_kernel_runs_unprivileged_and_reaches_no_host_socket(
    open_workdir: Path, host_socket: Path
) -> None:
    """Was: the kernel ran as uid 0 under the toolchain profile (which allows AF_UNIX), and a
    cell connected to a pathname socket outside its working copy and got a reply."""
    notebook = Path(_notebook(open_workdir, host_socket).name)
    layers = choose(Mode.AUTO)
    assert _kernel(open_workdir, notebook, replace(layers, private_view=False)) == (0, "reached")
    uid, reach = _kernel(open_workdir, notebook, layers)
    assert uid == privileges.claim_uid() >= privileges.FIRST_UID
    assert reach == "refused"


def _kernel(workdir: Path, notebook: Path, isolation: Isolation) -> tuple[int, str]:
    """The kernel's uid, and whether it reached the socket."""
    limits = Limits(time=60)
    outcome = run_notebook(PYTHON, workdir, notebook, NotebookConfig(), limits, isolation)
    assert outcome.kind == "returned", outcome
    printed = [cell.stdout.split() for cell in outcome.value.cells if cell.ran]
    return int(printed[1][1]), printed[2][0]
