"""A private view of the file tree for each student process: a mount namespace of its own (made by
namespaces.py, in a user namespace of its own when the supervisor is not root) in which every
folder at the top of the tree but the system's (/usr, /lib, /bin, /sbin, /etc, /dev, /proc, /sys)
is covered by a small empty tmpfs mount, /dev/shm too, and only what the process needs is shown
again inside them.

What it stops:
- Unix sockets of the host: the folders of pathname sockets (/run, /tmp, /var, /root, /home, and
  any other at the top but the system's) are empty in the view, so a connect() there finds
  nothing (Landlock before ABI 9 cannot refuse a connect to a socket by path); what is left are
  sockets inside the system's folders themselves (/dev/log, say);
- an interpreter out of reach: an installation under a 0700 home (pyenv's /root/.pyenv) is shown
  again inside the covering tmpfs, whose folders other users may enter, so Python processes can
  run under the dedicated uid like any program;
- other students' working copies and the teacher's temporary files are simply not there.

Applied in the forked child between fork and exec, once it has entered its namespaces and before
the capabilities are dropped (mounting needs CAP_SYS_ADMIN: root's, or the user namespace's). The
namespace dies with the process and changes nothing outside it. Mounts are made private first,
so nothing propagates to the host.

Shown again (bind-mounted at the same path): the working copy, the interpreter's installation,
the harness's sandbox folder. Emptied last: the installation's package folders (site-packages),
except for the notebook runner, whose kernel needs them. Each shown folder is first bound onto a
staging folder inside the first cover (while it can still be reached), then moved into place
once every cover is mounted.
"""

from __future__ import annotations

import ctypes
import functools
import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.sandbox import privileges
from harness.sandbox.namespaces import Namespaces

MS_NOSUID, MS_NODEV, MS_MOVE, MS_BIND, MS_REC, MS_PRIVATE = 2, 4, 8192, 4096, 16384, 1 << 18
KEPT = frozenset(  # the system's folders at the top of the tree: left as they are
    {"usr", "lib", "lib32", "lib64", "libx32", "bin", "sbin", "etc", "dev", "proc", "sys"}
)
FIRST = ("/run", "/tmp")  # the usual staging folders: no shown path is ever under /run
COVER_OPTIONS = "mode=0755,size=1m,nr_inodes=256"
STAGE = ".sudoku-harness-view"
PROBE_TIMEOUT = 10.0

_libc = ctypes.CDLL(None, use_errno=True)


@dataclass(frozen=True)
class View:
    """The covers and what is shown again inside them, for one process."""

    covers: tuple[str, ...]  # existing folders, the staging one first
    shown: tuple[str, ...]  # folders under a cover, bound back at the same path
    emptied: tuple[str, ...] = ()  # folders covered last, even inside what is shown

    @classmethod
    def showing(cls, paths: Sequence[Path], emptied: Sequence[Path] = ()) -> View:
        """The view that shows `paths` again (those under a cover; the others are visible) and
        empties `emptied` (the interpreter's package folders)."""
        covers = covered()
        wanted = sorted({str(p) for p in map(_absolute, paths) if _under_any(p, covers)})
        shown = tuple(s for s in wanted if not any(_within(s, o) and s != o for o in wanted))
        stage = next((c for c in covers if not any(_within(s, c) for s in shown)), None)
        if stage is None:
            raise OSError(f"no folder among {', '.join(covers)} can hold the staging mounts")
        others = tuple(c for c in covers if c != stage)
        return cls((stage, *others), shown, tuple(str(_absolute(p)) for p in emptied))

    def apply(self) -> None:
        """In the forked child, in a mount namespace of its own: build the view."""
        _mount(None, "/", None, MS_REC | MS_PRIVATE)
        stage, *rest = self.covers
        _cover(stage)
        staged = []
        for index, path in enumerate(self.shown):
            place = f"{stage}/{STAGE}-{index}"
            os.mkdir(place, 0o755)
            _mount(path, place, None, MS_BIND | MS_REC)
            staged.append(place)
        for cover in rest:
            _cover(cover)
        for place, path in zip(staged, self.shown, strict=True):
            os.makedirs(path, 0o755, exist_ok=True)
            _mount(place, path, None, MS_MOVE)
        for folder in self.emptied:
            _cover(folder)

    def reachable(self, path: Path) -> bool:
        """Whether another user can reach `path` in this view: the covers' folders are 0755, so
        only the part of the path from the folder shown again down counts."""
        path = _absolute(path)
        top = next((Path(s) for s in self.shown if _within(str(path), s)), None)
        if top is not None:
            return privileges.reachable(path, top)
        return not _under_any(path, self.covers) and privileges.reachable(path)


@functools.lru_cache(maxsize=1)
def covered() -> tuple[str, ...]:
    """The folders a view covers: every folder at the top of the tree but the system's (KEPT),
    and /dev/shm: wherever else a host keeps sockets, homes or data (/run, /tmp, /var, /home,
    /root, /srv, /opt, a /work of its own), /run and /tmp first."""
    try:
        top = sorted(entry.path for entry in os.scandir("/") if entry.name not in KEPT)
    except OSError:
        top = []
    found = [*FIRST, *top, "/dev/shm"]
    return tuple(dict.fromkeys(p for p in found if _is_real_dir(p)))


def _cover(folder: str) -> None:
    _mount("tmpfs", folder, "tmpfs", MS_NOSUID | MS_NODEV, COVER_OPTIONS)


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str = "") -> None:
    encoded = [None if s is None else s.encode() for s in (source, target, fstype)]
    result = _libc.mount(*encoded, ctypes.c_ulong(flags), data.encode() if data else None)
    _check(result, f"mount {target}")


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


@functools.lru_cache(maxsize=1)
def probe() -> str:
    """Why private views cannot be made here ("" when they can): tried once, with /bin/true."""
    try:
        view = View.showing([Path(os.getcwd())])
        proc = subprocess.run(
            ["/bin/true"],
            preexec_fn=functools.partial(_apply_or_exit, view),
            timeout=PROBE_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as error:
        return str(error)
    if proc.returncode == 0:
        return ""
    return f"cannot make a mount namespace and mount in it: {os.strerror(proc.returncode)}"


def _apply_or_exit(view: View) -> None:
    try:
        Namespaces(mount=True).enter()
        view.apply()
    except OSError as error:
        os._exit(error.errno or 255)


def _absolute(path: Path) -> Path:
    """The path with its links resolved: what the mounts are made on."""
    return Path(os.path.realpath(path))


def _is_real_dir(path: str) -> bool:
    return os.path.isdir(path) and not os.path.islink(path)


def _under_any(path: Path, covers: Sequence[str]) -> bool:
    return any(_within(str(path), cover) and str(path) != cover for cover in covers)


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")
