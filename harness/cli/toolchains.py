"""The toolchains config.yaml's languages need, as `doctor` lists them: each language's commands
(`tools`, else the first word of its build and run commands) looked for on the PATH with their
version, and the files it `requires` (GoogleTest's header, JUnit's console launcher). What is
missing is said in one line, with how to install it (`packages`, Debian's or Ubuntu's).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass

from harness.config import LanguageConfig

VERSION_TIMEOUT = 10.0


@dataclass(frozen=True)
class Toolchain:
    language: str
    found: tuple[str, ...]  # each command with its version, each file required
    missing: tuple[str, ...]  # commands not on the PATH, files not there
    packages: tuple[str, ...]

    @property
    def installed(self) -> bool:
        return not self.missing

    @property
    def detail(self) -> str:
        if self.installed:
            return "; ".join(self.found) or "nothing to install"
        how = (
            f"apt-get install {' '.join(self.packages)}"
            if self.packages
            else "your system's package manager (config.yaml names no `packages:` for it)"
        )
        return f"not installed: {', '.join(self.missing)}, install it with {how}"


def toolchains(languages: Mapping[str, LanguageConfig]) -> tuple[Toolchain, ...]:
    return tuple(toolchain(name, language) for name, language in languages.items())


def toolchain(name: str, language: LanguageConfig) -> Toolchain:
    found, missing = [], []
    for command in language.commands:
        path = shutil.which(command)
        if path is None:
            missing.append(command)
        else:
            found.append(f"{command}: {version(path)}")
    for required in language.requires:
        (found if required.exists() else missing).append(str(required))
    return Toolchain(name, tuple(found), tuple(missing), language.packages)


def version(path: str) -> str:
    """The first line a command says with --version (javac, java, g++ and gcc all take it)."""
    try:
        done = subprocess.run(
            [path, "--version"],
            capture_output=True,
            text=True,
            timeout=VERSION_TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return path
    lines = [line.strip() for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    return lines[0] if lines else path
