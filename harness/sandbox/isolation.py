"""Which isolation layers this machine allows, and the one that is applied to every student
process: probed once at start-up, reported by `sudoku-harness doctor` and by `grade`.

Layers always in force: the out-of-process supervisor (deadlines, group kill, capped output, a
reply channel of its own), rlimits, and a private working copy with a cleared environment.
Landlock is added wherever the kernel has it (see landlock.py). The others in the design note
(a seccomp deny-list, a dedicated uid, a pids cgroup, bubblewrap) are reported with why they are
not in force here.
"""

from __future__ import annotations

import enum
import functools
import os
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.errors import ExitCode, HarnessError
from harness.sandbox import landlock


class Mode(str, enum.Enum):
    AUTO = "auto"  # every layer this machine allows
    STRICT = "strict"  # the same, but refuse to run without Landlock or bubblewrap
    OFF = "off"  # rlimits and the working copy only


@dataclass(frozen=True)
class Layer:
    name: str
    active: bool
    stops: str  # what it stops
    detail: str = ""  # the ABI in force, or why it is not in force


@dataclass(frozen=True)
class Isolation:
    """What is applied to each student process (beyond rlimits and the working copy)."""

    landlock_abi: int = 0  # 0: not applied

    def preexec(self, workdir: Path, python: Path | None = None) -> Callable[[], None] | None:
        """The function to run between fork and exec (None: nothing to apply)."""
        if not self.landlock_abi:
            return None
        extra = _interpreter_dirs(python) if python else ()
        policy = landlock.Policy.for_workdir(workdir, extra)
        version = self.landlock_abi
        return lambda: landlock.restrict(policy, version)

    @property
    def confining(self) -> bool:
        """Whether files and the supervisor are out of the student's reach."""
        return self.landlock_abi > 0


NO_ISOLATION = Isolation()


def _interpreter_dirs(python: Path) -> tuple[Path, ...]:
    """The interpreter's installation, through its links (a venv and the Python behind it)."""
    return tuple(dict.fromkeys([python.absolute().parents[1], python.resolve().parents[1]]))


@functools.lru_cache(maxsize=1)
def probe() -> tuple[Layer, ...]:
    version = landlock.abi()
    root = os.geteuid() == 0
    return (
        Layer("supervisor", True, "loops, sleeps, exits, crashes, floods, forged replies"),
        Layer(
            "rlimits",
            True,
            "memory bombs, huge files (per file: many files can still fill the disk), core "
            "dumps, runaway CPU",
        ),
        Layer("working copy", True, "accidental exposure: a private 0700 copy, a clean env"),
        Layer(
            "landlock",
            version > 0,
            "reading the teacher's files and /proc, writing outside the working copy"
            + (", TCP" if version >= 4 else "")
            + (", signalling the supervisor" if version >= 6 else ""),
            f"ABI {version}; still open: UDP, Unix sockets outside the working copy"
            if version
            else "not in this kernel (or disabled at boot)",
        ),
        Layer("seccomp", False, "fork, sockets, kill, ptrace", "not implemented yet"),
        Layer(
            "dedicated uid",
            False,
            "file access and signals as another user",
            "not implemented yet" if root else "not running as root",
        ),
        Layer(
            "pids cgroup",
            False,
            "fork storms as root",
            "not implemented yet" if root else "not running as root",
        ),
        Layer(
            "bubblewrap",
            False,
            "network, other processes, files not even visible",
            "not implemented yet" if shutil.which("bwrap") else "bwrap is not installed",
        ),
    )


def choose(mode: Mode, layers: Sequence[Layer] | None = None) -> Isolation:
    """The isolation to apply in `mode`; raises IsolationRefused for strict without confinement."""
    layers = probe() if layers is None else layers
    version = landlock.abi() if mode is not Mode.OFF and _active(layers, "landlock") else 0
    isolation = Isolation(version)
    if mode is Mode.STRICT and not isolation.confining:
        raise IsolationRefused(
            "--isolation strict: neither Landlock nor bubblewrap is in force on this machine"
        )
    return isolation


def _active(layers: Sequence[Layer], name: str) -> bool:
    return any(layer.name == name and layer.active for layer in layers)


def summary(isolation: Isolation) -> str:
    """One line for `grade`: what is in force, loudly when the files are within reach."""
    if isolation.confining:
        return (
            f"isolation: supervisor, rlimits, working copy, Landlock ABI {isolation.landlock_abi}"
        )
    return (
        "WARNING: isolation: supervisor, rlimits and working copy only; neither Landlock nor "
        "bubblewrap is in force, so student code can read your files and signal the grader "
        "(see `sudoku-harness doctor`; --isolation strict refuses to run like this)"
    )


class IsolationRefused(HarnessError):
    """Strict isolation was asked for and this machine cannot give it."""

    exit_code = ExitCode.BAD_INPUT
