"""Where a non-root teacher's cgroups may go: a subtree delegated to the user.

Root puts every run's groups under the hierarchy's root. A non-root teacher may not, but may be
given a subtree of their own, the cgroup the harness already runs in:
- cgroup v2: systemd delegates one on request (`systemd-run --user --scope -p Delegate=yes --
  sudoku-harness grade ...`) and marks it with the extended attribute `user.delegate` (systemd
  251+; `trusted.delegate`, which a user cannot read, before). A cgroup the user merely owns is
  not delegated: systemd manages it, and it is left alone. The no-internal-process rule means the
  controllers can only be handed down once the cgroup holds no process: the harness first moves
  the processes in it (itself) into a leaf of their own (`make_room`), once, at probe time.
- cgroup v1: a folder of the hierarchy that root made the user's (`chown`), and which the
  harness runs in.

Nothing outside the delegated subtree is ever written.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path

from harness.sandbox import cgroupfs

OWN = Path("/proc/self/cgroup")
SUPERVISOR = "sudoku-harness-supervisor"  # the leaf the harness moves itself into (v2)
HOW = "systemd-run --user --scope -p Delegate=yes -- sudoku-harness ..."


def own_paths(text: str) -> dict[str, str]:
    """The process's cgroup in each hierarchy, from /proc/self/cgroup: by controller (v1, each
    of a line's comma-separated controllers) and "" for the unified hierarchy (v2)."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        _, controllers, path = line.split(":", 2) if line.count(":") >= 2 else ("", "", "")
        if not path:
            continue
        for name in controllers.split(",") if controllers else [""]:
            found[name] = path
    return found


def delegated(version: int, mount: Path, controller: str, own: Mapping[str, str]) -> Path | str:
    """The subtree delegated to this user in the hierarchy mounted at `mount` (the cgroup it
    runs in, `own` read by own_paths), or why there is none."""
    path = own.get("" if version == 2 else controller)
    if path is None:
        return f"this process is in no cgroup of the {controller} hierarchy at {mount}"
    top = mount / path.lstrip("/")
    if version == 2 and not _marked(top):
        return f"its cgroup {top} is not delegated to this user (run it under `{HOW}`)"
    if version == 1 and not _owned(top):
        return f"its cgroup {top} is not this user's (root may `chown` one to it)"
    if version == 2 and controller not in cgroupfs.read(top / "cgroup.controllers").split():
        return f"its delegated cgroup {top} offers no {controller} controller"
    return top


def make_room(top: Path) -> None:
    """cgroup v2: move every process in `top` (the harness, which runs there) into a leaf of its
    own, so that controllers can be enabled for the groups beside it. Raises OSError if the
    kernel refuses."""
    leaf = top / SUPERVISOR
    leaf.mkdir(exist_ok=True)
    for word in cgroupfs.read(top / "cgroup.procs").split():
        with contextlib.suppress(ProcessLookupError):  # gone since it was listed
            cgroupfs.write(leaf / "cgroup.procs", word)


def _marked(top: Path) -> bool:
    try:
        return os.getxattr(top, "user.delegate").strip() == b"1"
    except OSError:
        return False


def _owned(top: Path) -> bool:
    try:
        mine = top.stat().st_uid == os.geteuid()
    except OSError:
        return False
    return mine and os.access(top / "cgroup.procs", os.W_OK)
